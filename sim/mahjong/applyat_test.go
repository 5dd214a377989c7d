package mahjong

import (
	"errors"
	"slices"
	"testing"

	"gamelab/sim"
)

// TestApplyAt: with the right index ApplyAt plays exactly what Apply
// plays; with a wrong or stale index, or an action that is not legal, it
// falls back to Apply's checks (same errors, state unchanged).
func TestApplyAt(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		s := New(Tenhou(), seed)
		rng := sim.NewPCG(seed)
		var legal []Action
		for steps := 0; !s.Done() && steps < 3000; steps++ {
			next := s.Next()
			seat := next[rng.IntN(len(next))]
			legal = s.Legal(seat, legal[:0])
			i := rng.IntN(len(legal))
			a := legal[i]

			// An illegal action at a legal action's index is refused.
			bad := Action{Kind: ActDiscard, Tile: NoTile}
			before := len(s.Events())
			if err := s.ApplyAt(seat, bad, i); !errors.Is(err, ErrIllegalAction) {
				t.Fatalf("seed %d step %d: ApplyAt(%v, %d) = %v, want ErrIllegalAction", seed, steps, bad, i, err)
			}
			if len(s.Events()) != before {
				t.Fatalf("seed %d step %d: a refused ApplyAt emitted events", seed, steps)
			}

			// A wrong index plays the same as the right one.
			wrong := s.Clone()
			if err := wrong.ApplyAt(seat, a, (i+1)%(len(legal)+1)); err != nil {
				t.Fatalf("seed %d step %d: ApplyAt with a wrong index: %v", seed, steps, err)
			}
			if err := s.ApplyAt(seat, a, i); err != nil {
				t.Fatalf("seed %d step %d: ApplyAt(%v, %d): %v", seed, steps, a, i, err)
			}
			if !slices.Equal(wrong.Events(), s.Events()) {
				t.Fatalf("seed %d step %d: a wrong index played differently", seed, steps)
			}
		}
		if !s.Done() {
			t.Fatalf("seed %d: game not over", seed)
		}
	}
}
