package mahjong

import (
	"math/rand/v2"
	"testing"

	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// TestDecideAllocatesNothing replays the decisions of a few games of each
// rule bot and checks that deciding again from the same view allocates
// nothing (the bots' speed rests on it: see docs/performance.md).
func TestDecideAllocatesNothing(t *testing.T) {
	for _, spec := range []string{"efficiency", "defense", "expert"} {
		ps := four(t, spec)
		type decision struct {
			seat  sim.Seat
			v     mahjong.View
			legal []mahjong.Action
		}
		var ds []decision
		for g := uint64(0); g < 3; g++ {
			_, err := Play(mahjong.Tenhou(), g, ps, func(seat sim.Seat, v *mahjong.View, l []mahjong.Action, _ mahjong.Action) {
				if len(ds) < 400 {
					ds = append(ds, decision{seat, *v, append([]mahjong.Action(nil), l...)})
				}
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		src := sim.NewPCG(1)
		rng := rand.New(&src)
		for _, d := range ds {
			p := ps[d.seat]
			if n := testing.AllocsPerRun(3, func() { p.Decide(&d.v, d.legal, rng) }); n != 0 {
				t.Fatalf("%s: a decision allocates %.0f times (legal %v)", spec, n, d.legal)
			}
		}
	}
}
