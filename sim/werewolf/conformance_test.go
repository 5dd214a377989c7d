package werewolf

import (
	"fmt"
	"math"
	"math/bits"
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// candidates lists actions to try as possibly illegal for seat: every kind
// against out-of-range seats, the seat itself, its neighbour, a dead seat
// and a wolf, plus odd contents and texts.
func candidates(s *State, seat sim.Seat) []Action {
	targets := []sim.Seat{-1, sim.Seat(s.n), seat, (seat + 1) % sim.Seat(s.n)}
	for t := range s.n {
		if !s.living(sim.Seat(t)) || s.roles[t] == RoleWerewolf {
			targets = append(targets, sim.Seat(t))
		}
	}
	var out []Action
	for _, t := range targets {
		out = append(out, Divine(t), Kill(t), Vote(t),
			Talk(Accuse(t), ""), Talk(VoteFor(t), ""), Talk(Divined(t, RoleWerewolf), ""),
			Whisper(VoteFor(t), ""), Talk(Divined(t, RoleSeer), ""))
	}
	out = append(out, Pass(), Talk(NoContent, ""), Whisper(NoContent, ""),
		Talk(NoContent, "\xff"), Talk(ComingOut(RoleNone), ""),
		Action{Kind: ActPass, Target: 0, Content: NoContent}, Action{Kind: ActNone},
		Action{Kind: numActionKinds, Target: sim.NoSeat, Content: NoContent},
		Action{Kind: ActVote, Target: (seat + 1) % sim.Seat(s.n), Content: NoContent, Text: "x"})
	return out
}

// viewChecker checks every seat's view after every step: equal to an
// incremental fold (the log is append-only) and true to the engine (alive,
// phase, own role, messages left), and no role leaks before the end.
type viewChecker struct {
	owner *State
	seen  int
	steps int
	views [MaxPlayers + 1]View
}

func (c *viewChecker) check(s *State) error {
	if c.owner != s || len(s.log) < c.seen {
		c.owner, c.seen = s, 0
		for i := range c.views {
			c.views[i] = NewView(sim.Seat(i) - 1)
		}
	}
	for _, e := range s.log[c.seen:] {
		for i := range int(s.n) + 1 {
			seat := sim.Seat(i) - 1
			if e.VisibleTo(seat, s.Role(seat)) {
				c.views[i].Apply(e)
			}
		}
	}
	c.seen = len(s.log)
	c.steps++
	full := c.steps%31 == 0 || s.Done()
	for _, seat := range s.Next() {
		if !s.Alive(seat) {
			return fmt.Errorf("dead seat %d asked to act", seat)
		}
	}
	for i := range int(s.n) + 1 {
		seat := sim.Seat(i) - 1
		v := &c.views[i]
		if full && s.View(seat) != *v {
			return fmt.Errorf("seat %d: View differs from the incremental fold of its events", seat)
		}
		if err := checkView(s, v); err != nil {
			return fmt.Errorf("seat %d: %w", seat, err)
		}
	}
	return nil
}

func checkView(s *State, v *View) error {
	if v.Alive != s.alive || v.Day != s.day || v.Phase != s.phase || int(v.Players) != int(s.n) {
		return fmt.Errorf("view alive %b day %d %v, state %b day %d %v", v.Alive, v.Day, v.Phase, s.alive, s.day, s.phase)
	}
	if v.Role != s.Role(v.Seat) {
		return fmt.Errorf("view role %v, dealt %v", v.Role, s.Role(v.Seat))
	}
	for j := range s.n {
		known, truth := v.Known[j], s.roles[j]
		switch {
		case s.Done() || sim.Seat(j) == v.Seat:
			if known != truth {
				return fmt.Errorf("knows seat %d as %v, is %v", j, known, truth)
			}
		case v.Role == RoleWerewolf && truth == RoleWerewolf:
			if known != RoleWerewolf {
				return fmt.Errorf("wolf does not know its mate %d", j)
			}
		case known != RoleNone:
			return fmt.Errorf("role of seat %d leaked: %v", j, known)
		}
		if r := v.Results[j]; r != RoleNone && r != truth.Species() {
			return fmt.Errorf("result on seat %d is %v, species is %v", j, r, truth.Species())
		}
	}
	if v.Seat != sim.NoSeat && s.Alive(v.Seat) {
		switch s.phase {
		case PhaseDiscussion:
			left := int(v.SpeaksLeft)
			if v.Passed&bit(v.Seat) != 0 {
				left = 0
			}
			if left != s.SpeaksLeft(v.Seat) {
				return fmt.Errorf("view has %d messages left, state %d", left, s.SpeaksLeft(v.Seat))
			}
		case PhaseNight:
			if v.Role == RoleWerewolf && s.chatFor(v.Seat) && int(v.WhispersLeft) != s.SpeaksLeft(v.Seat) {
				return fmt.Errorf("view has %d whispers left, state %d", v.WhispersLeft, s.SpeaksLeft(v.Seat))
			}
		}
	}
	return nil
}

func conformance(t *testing.T, r Rules, games int, root uint64) simtest.Stats {
	var vc viewChecker
	return simtest.Run(t, simtest.Config[*State, Action]{
		New:        func(seed uint64) *State { return New(r, seed) },
		Seats:      r.Players,
		Encode:     encode,
		Candidates: candidates,
		Check:      vc.check,
		ScoreSum:   math.NaN(), // scores sum to the winning team's size; checked below
		MaxSteps:   100_000,
		CheckEvery: 97,
	}, games, root)
}

// TestConformance plays 10,000 random games of each preset through the
// shared harness, checking views and refusals along the way, and checks
// the engine's own score invariant: the winners are exactly one team.
func TestConformance(t *testing.T) {
	for _, name := range Presets() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := mustPreset(t, name)
			st := conformance(t, r, 10_000, sim.Label("conformance-"+name))
			if st.Games != 10_000 {
				t.Fatalf("%d games", st.Games)
			}
			t.Logf("preset %s: %d games, %.1f steps/game, longest %d", name, st.Games, float64(st.Steps)/float64(st.Games), st.MaxLen)
		})
	}
}

// TestConformanceOptions runs the harness on tables and options beyond the
// presets: runoffs, no execution on ties, first-night kill, no seer, two
// seers, tight speak limits.
func TestConformanceOptions(t *testing.T) {
	cases := map[string]Rules{}
	r := Default(2, 1, 1, 1, 1)
	r.Tie = TieRunoff
	cases["runoff6"] = r
	r = Default(3, 1, 0, 2, 0)
	r.Tie = TieNoExecution
	cases["noexec6"] = r
	r = Default(4, 1, 1, 2, 1)
	r.FirstNightKill = true
	r.Speaks, r.WolfSpeaks = 1, 0
	cases["firstkill9"] = r
	cases["noseer3"] = Default(2, 0, 0, 1, 0)
	r = Default(8, 2, 2, 3, 1)
	r.Speaks = 0
	cases["big16"] = r
	for name, r := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			games := 1000
			if r.Players > 10 {
				games = 300
			}
			conformance(t, r, games, sim.Label(name))
		})
	}
}

// TestResultWinnersAreOneTeam checks the score invariant simtest cannot:
// score 1 exactly for the seats of the winning team, placements 1 and
// winners+1, village_win and tags matching.
func TestResultWinnersAreOneTeam(t *testing.T) {
	var buf []Action
	p := sim.NewPCG(3)
	for _, name := range Presets() {
		r := mustPreset(t, name)
		for g := range 2000 {
			s := New(r, uint64(g))
			buf = playRandom(s, &p, buf)
			res := s.Result()
			if err := res.Validate(r.Players); err != nil {
				t.Fatal(err)
			}
			winners := 0
			for i := range r.Players {
				want := 0.0
				if s.Role(sim.Seat(i)).Team() == s.Winner() {
					want = 1
					winners++
				}
				if res.Score[i] != want || res.SeatTags[i] != s.Role(sim.Seat(i)).String() {
					t.Fatalf("seat %d (%v, winner %v): score %v tag %q", i, s.Role(sim.Seat(i)), s.Winner(), res.Score[i], res.SeatTags[i])
				}
			}
			sum := 0.0
			for i, x := range res.Score {
				sum += x
				if want := int8(1); x == 0 {
					want = int8(winners + 1)
					if res.Placement[i] != want {
						t.Fatalf("loser placed %d, want %d", res.Placement[i], want)
					}
				} else if res.Placement[i] != want {
					t.Fatalf("winner placed %d", res.Placement[i])
				}
			}
			if sum != float64(winners) || winners == 0 || winners == r.Players {
				t.Fatalf("scores %v", res.Score)
			}
			if vw := res.Stats["village_win"]; (vw == 1) != (s.Winner() == TeamVillage) {
				t.Fatalf("village_win %v, winner %v", vw, s.Winner())
			}
			if bits.OnesCount16(s.alive&s.wolves) != 0 && s.Winner() == TeamVillage {
				t.Fatal("village won with a wolf alive")
			}
		}
	}
}
