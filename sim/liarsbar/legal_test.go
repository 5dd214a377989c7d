package liarsbar

import (
	"math/bits"
	"slices"
	"testing"
)

// refPlays is the definition of the canonical plays, written independently
// of appendPlays: every mask of 1..most cards inside the hand that holds the
// Devil only alone and never takes a card of a run of identical cards
// without its predecessor, in ascending order of index lists.
func refPlays(n int, dup, devil uint8, most int) []uint8 {
	var out []uint8
	for m := 1; m < 1<<n; m++ {
		mask := uint8(m)
		k := bits.OnesCount8(mask)
		if k > most || (k > 1 && mask&devil != 0) {
			continue
		}
		ok := true
		for i := 1; i < n; i++ {
			if mask>>i&1 != 0 && dup>>i&1 != 0 && mask>>(i-1)&1 == 0 {
				ok = false
			}
		}
		if ok {
			out = append(out, mask)
		}
	}
	idx := func(m uint8) []int {
		var x []int
		for i := range 8 {
			if m>>i&1 != 0 {
				x = append(x, i)
			}
		}
		return x
	}
	slices.SortFunc(out, func(a, b uint8) int { return slices.Compare(idx(a), idx(b)) })
	return out
}

// TestPlayTable checks, for every hand size, pattern of equal neighbours
// and (up to 6 cards, every; above, Devil-free) Devil position set, that
// appendPlays, the precomputed table Legal copies and validPlay all agree
// with refPlays.
func TestPlayTable(t *testing.T) {
	for most := 1; most <= MaxPlay; most++ {
		for n := 0; n <= MaxHand; n++ {
			devils := 1 << n
			if n > 6 {
				devils = 1
			}
			for d := 0; d < 1<<max(n-1, 0); d++ {
				dup := uint8(d << 1)
				for dv := 0; dv < devils; dv++ {
					devil := uint8(dv)
					want := refPlays(n, dup, devil, most)
					got := appendPlays(n, dup, devil, most, nil)
					if devil == 0 {
						if tab := playsOf(most, int8(n), dup, false); !slices.Equal(tab, got) {
							t.Fatalf("most %d n %d dup %08b: table %v, appendPlays %v", most, n, dup, tab, got)
						}
						withC := append(slices.Clone(got), ChallengeAction)
						if tab := playsOf(most, int8(n), dup, true); !slices.Equal(tab, withC) {
							t.Fatalf("most %d n %d dup %08b: table with challenge %v, want %v", most, n, dup, tab, withC)
						}
					}
					var masks []uint8
					for _, a := range got {
						if a.Kind != Play || a.Target != -1 {
							t.Fatalf("not a play: %+v", a)
						}
						masks = append(masks, a.Cards)
					}
					if !slices.Equal(masks, want) {
						t.Fatalf("most %d n %d dup %08b devil %08b: %v, want %v", most, n, dup, devil, masks, want)
					}
					h := hand{n: int8(n), dup: dup, devil: devil}
					for m := range 256 {
						if v := validPlay(&h, uint8(m), most); v != slices.Contains(want, uint8(m)) {
							t.Fatalf("most %d n %d dup %08b devil %08b: validPlay(%08b) = %v", most, n, dup, devil, m, v)
						}
					}
				}
			}
		}
	}
}
