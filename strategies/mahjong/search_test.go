package mahjong

import (
	"testing"

	"gamelab/sim"
	"gamelab/sim/mahjong"
	"gamelab/sim/simtest"
	"gamelab/strategies/search/searchtest"
)

// The search plays whole games of both presets with legal moves only (Play
// refuses anything else): one ismcts seat against three efficiency seats,
// and the same seed gives the same game.
func TestSearchPlaysLegalGames(t *testing.T) {
	for _, name := range mahjong.Presets() {
		r := simtest.Preset(t, mahjong.Preset, name)
		r.Winds = 1
		for seed := range uint64(2) {
			var first sim.Result
			for k := range 2 {
				players := make([]Strategy, 4)
				for i := range players {
					spec := "efficiency"
					if i == int(seed) {
						spec = "ismcts?iters=8"
					}
					var err error
					if players[i], err = New(spec); err != nil {
						t.Fatal(err)
					}
				}
				res, err := Play(r, seed, players, nil)
				if err != nil {
					t.Fatalf("%s seed %d: %v", name, seed, err)
				}
				if k == 0 {
					first = res
				} else if !equalScores(first.Score, res.Score) {
					t.Fatalf("%s seed %d: scores %v then %v", name, seed, first.Score, res.Score)
				}
			}
		}
	}
}

func equalScores(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A discard decision in the middle of a hand: the same view and rng seed
// give the same move, with one worker or two.
func TestSearchIsDeterministic(t *testing.T) {
	for _, spec := range []string{"ismcts?iters=40", "ismcts?iters=40&workers=2&rollout=tsumogiri"} {
		for seed := range uint64(3) {
			v, legal := midHand(mahjong.Tenhou(), seed)
			var first mahjong.Action
			for k := range 2 {
				m, err := New(spec)
				if err != nil {
					t.Fatal(err)
				}
				m.(RulesSetter).SetRules(mahjong.Tenhou())
				a := m.Decide(&v, legal, sim.NewRand(seed))
				if k == 0 {
					first = a
				} else if a != first {
					t.Fatalf("%s seed %d: %v then %v", spec, seed, first, a)
				}
			}
		}
	}
}

// midHand plays efficiency seats 30 decisions into a game and returns the
// next turn decision's view and legal actions.
func midHand(r mahjong.Rules, seed uint64) (mahjong.View, []mahjong.Action) {
	s := mahjong.New(r, seed)
	bot := &Efficiency{Call: 0.5, Riichi: 1}
	rng := sim.NewRand(seed)
	var legal []mahjong.Action
	for n := 0; ; n++ {
		seat := s.Next()[0]
		v := s.View(seat)
		legal = s.Legal(seat, legal[:0])
		if n >= 30 && v.Drawn != mahjong.NoTile && len(legal) > 2 {
			return v, legal
		}
		if err := s.Apply(seat, bot.Decide(&v, legal, rng)); err != nil {
			panic(err)
		}
	}
}

// A bad search spec is a one-line strategies.ErrSpec.
func TestSearchBadSpecs(t *testing.T) {
	cases := map[string]string{
		"ismcts?rollout=nope":                   `unknown mahjong strategy "nope"`,
		"ismcts?rollout=ismcts":                 "is a search itself",
		"ismcts?iters=0":                        "outside [1,",
		"ismcts?c=-1":                           "outside [0,",
		"ismcts?rollout=efficiency%3Fbogus%3D1": `no parameter "bogus"`,
	}
	searchtest.BadSpecs(t, New, cases)
}

// A playout stops when the root's hand is over, each seat rewarded by the
// points it won: the winner above 1/2, the payers below, and the rewards
// of a zero-sum hand sum to 2.
func TestHandEndValues(t *testing.T) {
	r := mahjong.Dihou()
	s := mahjong.New(r, 4)
	root := s.View(0)
	if _, ok := handEnd(&root, s, nil); ok {
		t.Fatal("a leaf inside the root's hand")
	}
	bot := &Efficiency{Call: 0.5, Riichi: 0}
	rng := sim.NewRand(1)
	var legal []mahjong.Action
	for s.HandCount() == 1 {
		seat := s.Next()[0]
		v := s.View(seat)
		legal = s.Legal(seat, legal[:0])
		if err := s.Apply(seat, bot.Decide(&v, legal, rng)); err != nil {
			t.Fatal(err)
		}
	}
	x, ok := handEnd(&root, s, nil)
	if !ok || len(x) != 4 {
		t.Fatalf("no leaf after the hand: %v %v", x, ok)
	}
	sum := 0.0
	for i, v := range x {
		sum += v
		d := s.Scores()[i] - root.Scores[i]
		if d > 0 && v <= 0.5 || d < 0 && v >= 0.5 || d == 0 && v != 0.5 {
			t.Errorf("seat %d: %+d points, reward %v", i, d, v)
		}
	}
	if d := sum - 2; d > 1e-9 || d < -1e-9 {
		t.Errorf("rewards %v sum to %v", x, sum)
	}
}

// BenchmarkSearch measures one turn decision of the search in the middle
// of a hand (cpu-ms/move; allocations per move).
func BenchmarkSearch(b *testing.B) {
	v, legal := midHand(mahjong.Dihou(), 1)
	for _, spec := range []string{"ismcts?iters=100&rollout=tsumogiri", "ismcts?iters=100", "ismcts?iters=200"} {
		b.Run(spec, func(b *testing.B) {
			m, err := New(spec)
			if err != nil {
				b.Fatal(err)
			}
			rng := sim.NewRand(1)
			m.Decide(&v, legal, rng) // warm the pools
			b.ReportAllocs()
			cpu0 := simtest.CPUTime()
			moves := 0
			for b.Loop() {
				m.Decide(&v, legal, rng)
				moves++
			}
			if cpu := simtest.CPUTime() - cpu0; cpu > 0 {
				b.ReportMetric(cpu.Seconds()*1000/float64(moves), "cpu-ms/move")
			}
		})
	}
}

// The root candidates are every action but the discards that leave a
// higher shanten than the best discard (checked with mahjong.Shanten).
func TestCandidates(t *testing.T) {
	for seed := range uint64(6) {
		v, legal := midHand(mahjong.Dihou(), seed)
		got := candidates(&v, legal, nil)
		c := v.Counts()
		sh := func(a mahjong.Action) int {
			c[a.Tile.Kind()]--
			defer func() { c[a.Tile.Kind()]++ }()
			return mahjong.Shanten(&c, int(v.NMelds[v.Me]))
		}
		best := 99
		for _, a := range legal {
			if a.Kind == mahjong.ActDiscard {
				best = min(best, sh(a))
			}
		}
		var want []mahjong.Action
		for _, a := range legal {
			if a.Kind != mahjong.ActDiscard || sh(a) == best {
				want = append(want, a)
			}
		}
		if len(got) != len(want) || len(got) < 1 {
			t.Fatalf("seed %d: candidates %v, want %v (legal %v)", seed, got, want, legal)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("seed %d: candidates %v, want %v", seed, got, want)
			}
		}
	}
}
