package search_test

import (
	"errors"
	"testing"

	"gamelab/sim"
	"gamelab/sim/liarsbar"
	"gamelab/sim/simtest"
	lb "gamelab/strategies/liarsbar"
	"gamelab/strategies/search"
	"gamelab/strategies/search/searchtest"
)

// A search plays whole games of every variant with legal moves only (Play
// refuses anything else).
func TestSearchPlaysLegalGames(t *testing.T) {
	for _, name := range liarsbar.Presets() {
		r := simtest.Preset(t, liarsbar.Preset, name)
		players := make([]lb.Strategy, r.Players)
		for i := range players {
			spec := "bayes"
			if i%2 == 0 {
				spec = "ismcts?iters=60&tree=" + string(rune('0'+i/2%2)) + "&win=" + string(rune('0'+i/2%2))
			}
			var err error
			if players[i], err = lb.New(spec); err != nil {
				t.Fatal(err)
			}
		}
		for seed := range uint64(3) {
			if _, err := lb.Play(r, seed, players, nil); err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
		}
	}
}

// The same view and RNG seed give the same move, with one worker or
// several (an iteration budget is deterministic).
func TestSearchIsDeterministic(t *testing.T) {
	r := simtest.Preset(t, liarsbar.Preset, liarsbar.VariantBasic)
	for _, spec := range []string{"ismcts?iters=300", "ismcts?iters=300&workers=3&tree=1&z=0"} {
		for seed := range uint64(20) {
			s := liarsbar.New(r, seed)
			seat := s.Next()[0]
			v := s.View(seat)
			legal := s.Legal(seat, nil)
			var first liarsbar.Action
			for k := range 3 {
				m, _ := lb.New(spec)
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

func TestBadSpecs(t *testing.T) {
	cases := map[string]string{
		"ismcts?rollout=nope":        `unknown liarsbar strategy "nope"`,
		"ismcts?rollout=ismcts":      "is a search itself",
		"ismcts?iters=0":             "outside [1,",
		"ismcts?iters=-5":            "outside [1,",
		"ismcts?c=x":                 "not a number",
		"ismcts?colour=red":          `colour`,
		"ismcts?rollout=bayes%3Fx=1": `no parameter "x"`,
		"ismcts?anchor=nope":         `unknown liarsbar strategy "nope"`,
		"ismcts?anchor=ismcts":       "is a search itself",
	}
	searchtest.BadSpecs(t, lb.New, cases)
	if _, err := lb.New("ismcts?rollout=bayes%3Fbluff%3D0.2&iters=10"); err != nil {
		t.Errorf("a rollout with parameters: %v", err)
	}
	if _, err := lb.New("ismcts?anchor=bayes%3Fbluff%3D0.2&iters=10"); err != nil {
		t.Errorf("an anchor with parameters: %v", err)
	}
	if err := (search.Config{Iters: 0}).Validate(); !errors.Is(err, search.ErrConfig) {
		t.Errorf("zero budget: %v", err)
	}
}

// A serial move allocates nothing once the worker's buffers have grown.
func TestSerialMoveAllocatesNothing(t *testing.T) {
	r := simtest.Preset(t, liarsbar.Preset, liarsbar.VariantBasic)
	s := liarsbar.New(r, 1)
	seat := s.Next()[0]
	v := s.View(seat)
	legal := s.Legal(seat, nil)
	m, err := lb.New("ismcts?iters=200&rollout=random")
	if err != nil {
		t.Fatal(err)
	}
	rng := sim.NewRand(1)
	m.Decide(&v, legal, rng) // warm the buffers
	if n := testing.AllocsPerRun(5, func() { m.Decide(&v, legal, rng) }); n != 0 {
		t.Fatalf("a 200-iteration move allocates %.1f times", n)
	}
}

// BenchmarkIteration measures one ISMCTS iteration (determinize, descend,
// play out with random rollouts, back up) on a liar's bar opening; in
// steady state it allocates nothing, per iteration or per move
// (TestSerialMoveAllocatesNothing). cpu-ms/move is the CPU time of a 1,000-iteration move.
func BenchmarkIteration(b *testing.B) {
	r := simtest.Preset(b, liarsbar.Preset, liarsbar.VariantBasic)
	s := liarsbar.New(r, 1)
	seat := s.Next()[0]
	v := s.View(seat)
	legal := s.Legal(seat, nil)
	for _, spec := range []string{"ismcts?iters=1000&rollout=random", "ismcts?iters=1000&rollout=bayes", "ismcts?iters=1000&rollout=random&tree=1"} {
		b.Run(spec, func(b *testing.B) {
			m, _ := lb.New(spec)
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
