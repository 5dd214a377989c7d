package bulletpoker

import (
	"testing"

	"gamelab/sim"
	"gamelab/sim/bulletpoker"
	"gamelab/sim/simtest"
	"gamelab/strategies/search/searchtest"
)

// The search plays whole matches of every preset with legal moves only
// (Play refuses anything else), in the root-only and the full-tree modes.
func TestSearchPlaysLegalMatches(t *testing.T) {
	for _, name := range bulletpoker.Presets() {
		r := simtest.Preset(t, bulletpoker.Preset, name)
		r.HandCap = 6
		specs := []string{"ismcts?iters=40&rollout=random", "equity?rollouts=20", "ismcts?iters=30&tree=1&z=0", "loose?rollouts=20"}
		players := make([]Strategy, r.Players)
		for i := range players {
			var err error
			if players[i], err = New(specs[i%len(specs)]); err != nil {
				t.Fatal(err)
			}
		}
		for seed := range uint64(2) {
			if _, err := Play(r, seed, players, nil); err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
		}
	}
}

// The same view and RNG seed give the same move (an iteration budget is
// deterministic, with one worker or several).
func TestSearchIsDeterministic(t *testing.T) {
	r := bulletpoker.Classic()
	for _, spec := range []string{"ismcts?iters=200", "ismcts?iters=200&workers=2&rollout=random"} {
		for seed := range uint64(5) {
			s := bulletpoker.New(r, seed)
			seat := s.Next()[0]
			v := s.View(seat)
			legal := s.Legal(seat, nil)
			var first bulletpoker.Action
			for k := range 2 {
				m, err := New(spec)
				if err != nil {
					t.Fatal(err)
				}
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

// A bad search spec is a one-line strategies.ErrSpec.
func TestSearchBadSpecs(t *testing.T) {
	cases := map[string]string{
		"ismcts?rollout=nope":               `unknown bulletpoker strategy "nope"`,
		"ismcts?rollout=ismcts":             "is a search itself",
		"ismcts?iters=0":                    "outside [1,",
		"ismcts?c=-1":                       "outside [0,",
		"ismcts?rollout=equity%3Fbogus%3D1": `no parameter "bogus"`,
	}
	searchtest.BadSpecs(t, New, cases)
}

// A playout stops when the root's hand is over: the dead score their
// place, the living share the open places.
func TestHandEndValues(t *testing.T) {
	r := bulletpoker.Classic()
	s := bulletpoker.New(r, 3)
	root := s.View(s.Next()[0])
	if _, ok := handEnd(&root, s, nil); ok {
		t.Fatal("a leaf inside the root's hand")
	}
	// Everyone folds to the last seat: the hand ends.
	p := sim.NewPCG(1)
	var legal []bulletpoker.Action
	for !s.Done() && s.Hand() == int(root.Hand) {
		seat := s.Next()[0]
		legal = s.Legal(seat, legal[:0])
		if err := s.Apply(seat, legal[p.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	x, ok := handEnd(&root, s, nil)
	if s.Done() {
		if ok {
			t.Fatal("a finished match is a leaf")
		}
		return
	}
	if !ok || len(x) != r.Players {
		t.Fatalf("no leaf after the hand: %v %v", x, ok)
	}
	sum := 0.0
	for _, v := range x {
		sum += v
	}
	// Rewards of the places 1..n always sum to n/2.
	if d := sum - float64(r.Players)/2; d > 1e-9 || d < -1e-9 {
		t.Errorf("rewards %v sum to %v", x, sum)
	}
}

// BenchmarkSearch measures one decision of the search at a preflop
// decision of a classic match (cpu-ms/move, allocations per move: the
// search itself allocates nothing per iteration).
func BenchmarkSearch(b *testing.B) {
	s := bulletpoker.New(bulletpoker.Classic(), 1)
	seat := s.Next()[0]
	v := s.View(seat)
	legal := s.Legal(seat, nil)
	for _, spec := range []string{"ismcts?iters=1000&rollout=random", "ismcts?iters=1000", "ismcts?iters=1000&rollout=equity%3Frollouts%3D4", "ismcts?iters=1000&tree=1"} {
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
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves*1000), "ns/iter")
			if cpu := simtest.CPUTime() - cpu0; cpu > 0 {
				b.ReportMetric(cpu.Seconds()*1000/float64(moves), "cpu-ms/move")
			}
		})
	}
}
