package mahjong

import (
	"slices"
	"testing"
)

// TestResetEqualsNew: a State reused with Reset plays exactly as a fresh
// New (same events, same result), whatever game it held before, under
// both presets.
func TestResetEqualsNew(t *testing.T) {
	legal := make([]Action, 0, 64)
	reused, _ := playRandom(Dihou(), 99, legal)
	for seed := uint64(1); seed <= 40; seed++ {
		r := Tenhou()
		if seed%2 == 0 {
			r = Dihou()
		}
		fresh, _ := playRandom(r, seed, legal)
		reused.Reset(r, seed)
		rng := newPlayRNG(seed)
		for !reused.Done() {
			next := reused.Next()
			seat := next[rng.IntN(len(next))]
			legal = reused.Legal(seat, legal[:0])
			if err := reused.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		if !slices.Equal(fresh.Events(), reused.Events()) {
			t.Fatalf("seed %d: event logs differ after Reset", seed)
		}
		if fresh.Scores() != reused.Scores() {
			t.Fatalf("seed %d: scores %v, fresh %v", seed, reused.Scores(), fresh.Scores())
		}
	}
}
