package mahjong

import (
	"testing"

	"gamelab/sim"
)

// TestRankIsBijection checks that rank numbers the patterns of at most
// maxSuitTiles tiles 0, 1, 2, … without gaps or collisions, fewer tiles
// first, and that the unrolled rank9 and rank7 agree with it.
func TestRankIsBijection(t *testing.T) {
	st, ht := tables()
	for _, g := range []*groupTable{st, ht} {
		total := int(g.start[maxSuitTiles] + countPatterns(g.n, maxSuitTiles))
		seen := make([]bool, total)
		var c [9]uint8
		var walk func(i, sum int)
		walk = func(i, sum int) {
			if i < 0 {
				r := g.rank(c[:g.n])
				if r >= total || seen[r] {
					t.Fatalf("n=%d: %v ranks %d (total %d, seen %v)", g.n, c[:g.n], r, total, r < total && seen[r])
				}
				seen[r] = true
				var u int
				if g.n == 9 {
					u = g.rank9(&c)
				} else {
					u = g.rank7((*[7]uint8)(c[:7]))
				}
				if u != r {
					t.Fatalf("n=%d: %v: unrolled rank %d, rank %d", g.n, c[:g.n], u, r)
				}
				if r < int(g.start[sum]) || r >= int(g.start[sum]+countPatterns(g.n, sum)) {
					t.Fatalf("n=%d: %v (%d tiles) ranks %d outside [%d, %d)", g.n, c[:g.n], sum, r, g.start[sum], g.start[sum]+countPatterns(g.n, sum))
				}
				return
			}
			for d := 0; d <= 4 && sum+d <= maxSuitTiles; d++ {
				c[i] = uint8(d)
				walk(i-1, sum+d)
			}
			c[i] = 0
		}
		walk(g.n-1, 0)
		for r, ok := range seen {
			if !ok {
				t.Fatalf("n=%d: rank %d unused", g.n, r)
			}
		}
	}
}

// TestShiftedIDs checks shift9 (with and without minus) against the rank of each
// pattern with one tile more or less, on random patterns of both shapes.
func TestShiftedIDs(t *testing.T) {
	st, ht := tables()
	rng := sim.NewPCG(5)
	for _, g := range []*groupTable{st, ht} {
		for it := 0; it < 20000; it++ {
			var c [9]uint8
			sum := 0
			for sum < int(rng.Uint64()%14) {
				i := int(rng.Uint64() % uint64(g.n))
				if c[i] < 4 {
					c[i]++
				}
				sum++
			}
			var plus, minus, plus2 [9]uint8
			base := g.shift9(&c, &plus, &minus)
			g.shift9(&c, &plus2, nil)
			if plus2 != plus || base != g.id[g.rank(c[:g.n])] {
				t.Fatalf("n=%d %v: plus only %v, shift9 %v, base %d", g.n, c[:g.n], plus2, plus, base)
			}
			total := 0
			for _, x := range c[:g.n] {
				total += int(x)
			}
			for w := 0; w < g.n; w++ {
				if c[w] < 4 && total < maxSuitTiles {
					c[w]++
					if want := g.id[g.rank(c[:g.n])]; plus[w] != want {
						t.Fatalf("n=%d %v +%d: id %d, want %d", g.n, c[:g.n], w, plus[w], want)
					}
					c[w]--
				}
				if c[w] > 0 {
					c[w]--
					if want := g.id[g.rank(c[:g.n])]; minus[w] != want {
						t.Fatalf("n=%d %v -%d: id %d, want %d", g.n, c[:g.n], w, minus[w], want)
					}
					c[w]++
				}
			}
		}
	}
}
