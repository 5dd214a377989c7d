package werewolf

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gamelab/sim"
	"gamelab/sim/werewolf"
)

func table(t testing.TB, spec string, n int) []Strategy {
	t.Helper()
	ps := make([]Strategy, n)
	for i := range ps {
		s, err := New(spec)
		if err != nil {
			t.Fatal(err)
		}
		ps[i] = s
	}
	return ps
}

// TestEveryStrategyPlaysEveryPreset plays each strategy (alone and mixed
// with random) through Play; every choice must be legal and every game end.
func TestEveryStrategyPlaysEveryPreset(t *testing.T) {
	for _, name := range Registry.Names() {
		for _, preset := range werewolf.Presets() {
			r, _ := werewolf.Preset(preset)
			ps := table(t, name, r.Players)
			mixed := table(t, name, r.Players)
			for i := 0; i < r.Players; i += 2 {
				mixed[i] = &Random{}
			}
			for g := range 300 {
				for _, players := range [][]Strategy{ps, mixed} {
					res, err := Play(r, uint64(g), players, nil)
					if err != nil {
						t.Fatalf("%s preset %s game %d: %v", name, preset, g, err)
					}
					if err := res.Validate(r.Players); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}

// TestPlayIsDeterministic: same seed, same strategies => same decisions.
func TestPlayIsDeterministic(t *testing.T) {
	r, _ := werewolf.Preset("9")
	record := func() string {
		var b strings.Builder
		_, err := Play(r, 42, table(t, "rule", 9), func(seat sim.Seat, v *werewolf.View, legal []werewolf.Action, a werewolf.Action) {
			b.WriteString(a.String())
			b.WriteByte('\n')
		})
		if err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	a, b := record(), record()
	if a != b || len(a) == 0 {
		t.Fatalf("two runs differ:\n%s\n---\n%s", a, b)
	}
}

type cheater struct{}

func (cheater) Decide(v *werewolf.View, legal []werewolf.Action, rng *rand.Rand) werewolf.Action {
	return werewolf.Vote(v.Seat) // never legal
}
func (cheater) Reset() {}

func TestPlayRefusesIllegalChoice(t *testing.T) {
	r, _ := werewolf.Preset("5")
	ps := table(t, "random", 5)
	for i := range ps {
		ps[i] = cheater{}
	}
	if _, err := Play(r, 1, ps, nil); !errors.Is(err, ErrIllegalChoice) {
		t.Fatalf("got %v, want ErrIllegalChoice", err)
	}
	if _, err := Play(r, 1, ps[:4], nil); err == nil {
		t.Fatal("4 players for 5 seats accepted")
	}
}

// TestViewsInPlayMatchEngine: the view Play hands a strategy equals the
// engine's own View of that seat (the fold of its visible events).
func TestViewsInPlayMatchEngine(t *testing.T) {
	r, _ := werewolf.Preset("9")
	for g := range 50 {
		var decisions []werewolf.View
		var seats []sim.Seat
		_, err := Play(r, uint64(g), table(t, "rule", 9), func(seat sim.Seat, v *werewolf.View, legal []werewolf.Action, a werewolf.Action) {
			decisions = append(decisions, *v)
			seats = append(seats, seat)
		})
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range decisions {
			for j := range 9 {
				if sim.Seat(j) != seats[i] && v.Known[j] != werewolf.RoleNone && !(v.Role == werewolf.RoleWerewolf && v.Known[j] == werewolf.RoleWerewolf) {
					t.Fatalf("game %d: seat %d's view shows seat %d as %v", g, seats[i], j, v.Known[j])
				}
			}
		}
	}
}

// TestRandomPlayFivePlayerIsSevenFifteenths repeats the spec's check
// through Play with the random strategy (40,000 games, 5σ).
func TestRandomPlayFivePlayerIsSevenFifteenths(t *testing.T) {
	r, _ := werewolf.Preset("5")
	ps := table(t, "random?quiet=1", 5)
	const games = 40_000
	wins := 0
	for g := range games {
		res, err := Play(r, sim.Seed(7, uint64(g)), ps, nil)
		if err != nil {
			t.Fatal(err)
		}
		wins += int(res.Stats["village_win"])
	}
	got, want := float64(wins)/games, 7.0/15
	if se := math.Sqrt(want * (1 - want) / games); math.Abs(got-want) > 5*se {
		t.Fatalf("village %.4f, want 7/15 = %.4f ± %.4f (5σ)", got, want, 5*se)
	}
}

// villageRate plays games with the village team on one spec and the wolf
// team on another and returns the village win rate.
func villageRate(t testing.TB, r werewolf.Rules, village, wolves string, games int, root uint64) float64 {
	wins := 0
	for g := range games {
		seed := sim.Seed(root, uint64(g))
		s := werewolf.New(r, seed)
		ps := make([]Strategy, r.Players)
		for i := range ps {
			spec := village
			if s.Role(sim.Seat(i)).Team() == werewolf.TeamWerewolf {
				spec = wolves
			}
			var err error
			if ps[i], err = New(spec); err != nil {
				t.Fatal(err)
			}
		}
		res, err := Play(r, seed, ps, nil)
		if err != nil {
			t.Fatal(err)
		}
		wins += int(res.Stats["village_win"])
	}
	return float64(wins) / float64(games)
}

// TestRuleVillageBeatsRandomWolves: a rule-based village against random
// wolves must win clearly more than the uniform 7/15 (5σ over 4,000 games).
func TestRuleVillageBeatsRandomWolves(t *testing.T) {
	r, _ := werewolf.Preset("5")
	const games = 4000
	got := villageRate(t, r, "village", "random", games, 11)
	base := 7.0 / 15
	if se := math.Sqrt(base * (1 - base) / games); got < base+5*se {
		t.Fatalf("rule village vs random wolves won %.3f, not above %.3f + 5σ", got, base)
	}
	t.Logf("rule village vs random wolves: %.3f", got)
}

// TestFakeClaimsHelpTheWolves: in the 5-player game, a madman that
// fake-claims seer with invented results wins more often against the
// rule-based village than an honest one (difference above 4 standard
// errors over 4,000 games each).
func TestFakeClaimsHelpTheWolves(t *testing.T) {
	r, _ := werewolf.Preset("5")
	const games = 4000
	honest := villageRate(t, r, "rule", "village", games, 21)
	liars := villageRate(t, r, "rule", "rule?fake_wolf=0&fake_madman=1", games, 21)
	se := math.Sqrt(honest*(1-honest)/games + liars*(1-liars)/games)
	if honest-liars < 4*se {
		t.Fatalf("village won %.3f against honest wolves, %.3f against fake claims (se %.3f)", honest, liars, se)
	}
	t.Logf("village vs honest wolf side %.3f, vs fake-claiming wolf side %.3f", honest, liars)
}
