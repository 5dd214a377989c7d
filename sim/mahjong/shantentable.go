package mahjong

import "sync"

// The exact normal-form shanten is computed from per-suit tables, an idea
// published by Cryolite ("nyanten"-style replacement numbers) and by
// tomohxx (shanten-number-calculator): for every count pattern of one suit
// and every goal "k blocks (sets) plus p pairs", the table holds the
// fewest tiles that must be added to the pattern to contain such a goal,
// never using a fifth copy of a kind. The four groups (m, p, s, honors) are
// then combined by a small min-plus product, and shanten = that number of
// missing tiles − 1. This file builds the tables at first use (about half
// a second, once per process); nothing is copied from those projects.

// maxSuitTiles bounds the tiles of one group in a query (a concealed hand
// has at most 14).
const maxSuitTiles = 14

// A goal pk(p, k) = p*5 + k indexes a group vector: p pairs (0/1), k
// blocks (0–4).

// groupVec holds, for each goal pk(p, k), the tiles still missing.
type groupVec [10]uint8

// groupTable is the table of one group shape (9 ranks with runs, or 7
// honors without): vectors indexed by the rank of the count pattern among
// patterns with at most maxSuitTiles tiles.
//
// Patterns are ranked by their number of tiles first, so the patterns of
// few tiles, which real hands' groups almost always are (a group of 8
// tiles or fewer ranks below 22,330 of the 405,350 suit patterns), share
// the low end of id and stay in the fastest caches.
type groupTable struct {
	n int // digits (ranks)
	// off[i][r*5+d] is the rank offset of digit d at position i when the
	// digits 0..i sum to r (128 wide so a masked index never leaves the
	// array): the patterns of the same total with a smaller digit i and
	// the same more significant digits.
	off [9][128]uint32
	// start[t] is the rank of the first pattern of t tiles (32 wide so a
	// masked total never leaves the array).
	start [32]uint32
	// id[rank] numbers the pattern's vector in vecs: the 405,350 suit
	// patterns have only 126 distinct vectors (the 43,130 honor patterns
	// 55), so the big table is one byte a pattern. Its length is a power
	// of two (mask = len−1) so that a rank is masked, not divided.
	id   []uint8
	mask int
	vecs []groupVec
}

var (
	tablesOnce sync.Once
	suitTable  *groupTable // 9 ranks, sequences allowed
	honorTable *groupTable // 7 kinds, no sequences
	pairTabs   *pairTables
)

// pairTables precompute the min-plus products: the 126 suit vectors
// combine pairwise into 180 distinct vectors (m with p), a suit vector
// with one of the 55 honor vectors into 165 (s with z), and final holds,
// for each number k of sets wanted and each such pair of products, the
// tiles missing for k sets and the pair. Shanten is then four pattern
// lookups, two pair lookups and one final lookup. final is laid out k
// first: a hand's k is fixed, so its queries stay in one 29,700-byte
// slice (fin) that fits the first-level cache.
type pairTables struct {
	nS, nH   int
	mp       []uint8 // [a*nS+b] → product id of suit vectors a and b
	sz       []uint8 // [c*nH+d] → product id of suit vector c and honor vector d
	nMP, nSZ int
	final    []uint8 // [(k*nMP+mp)*nSZ + sz] → missing tiles for k sets + pair
}

// fin returns the final slice of k sets (k = (4−melds)&7; k above 4 reads
// zeros), indexed mp*nSZ+sz.
func (t *pairTables) fin(k int) []uint8 {
	n := t.nMP * t.nSZ
	return t.final[k*n : k*n+n]
}

// tables returns the suit and honor tables, building them on first use.
func tables() (*groupTable, *groupTable) {
	tablesOnce.Do(func() {
		suitTable = buildGroupTable(9, true)
		honorTable = buildGroupTable(7, false)
		pairTabs = buildPairTables(suitTable, honorTable)
	})
	return suitTable, honorTable
}

// products numbers the distinct products x⊗y of xs and ys.
func products(xs, ys []groupVec) (ids []uint8, vecs []groupVec) {
	seen := map[groupVec]uint8{}
	ids = make([]uint8, len(xs)*len(ys))
	for i := range xs {
		for j := range ys {
			var a groupVec
			combine(&a, &xs[i], &ys[j])
			id, ok := seen[a]
			if !ok {
				if len(vecs) == 256 {
					panic("mahjong: more than 256 distinct shanten products")
				}
				id = uint8(len(vecs))
				seen[a] = id
				vecs = append(vecs, a)
			}
			ids[i*len(ys)+j] = id
		}
	}
	return ids, vecs
}

func buildPairTables(st, ht *groupTable) *pairTables {
	t := &pairTables{nS: len(st.vecs), nH: len(ht.vecs)}
	var mpVecs, szVecs []groupVec
	t.mp, mpVecs = products(st.vecs, st.vecs)
	t.sz, szVecs = products(st.vecs, ht.vecs)
	t.nMP, t.nSZ = len(mpVecs), len(szVecs)
	t.final = make([]uint8, 8*t.nMP*t.nSZ)
	for k := 0; k <= 4; k++ {
		f := t.fin(k)
		for i := range mpVecs {
			for j := range szVecs {
				f[i*t.nSZ+j] = finalGoal(&mpVecs[i], &szVecs[j], k)
			}
		}
	}
	return t
}

// patternCounts[n][s] is the number of n-digit patterns (digits 0–4) whose
// digit sum is exactly s (s ≤ maxSuitTiles).
var patternCounts = func() (t [10][maxSuitTiles + 1]uint32) {
	t[0][0] = 1
	for n := 1; n < len(t); n++ {
		for s := range t[n] {
			for d := 0; d <= 4 && d <= s; d++ {
				t[n][s] += t[n-1][s-d]
			}
		}
	}
	return t
}()

// countPatterns returns the number of n-digit patterns whose digit sum is
// exactly s.
func countPatterns(n, s int) uint32 {
	if s < 0 || s > maxSuitTiles {
		return 0
	}
	return patternCounts[n][s]
}

// rank9 is rank for a number suit, unrolled: r accumulates the digits'
// offsets from the least significant up, then the start of the total.
// Counts above 4 or more than maxSuitTiles tiles give a wrong row but
// never leave the table.
func (g *groupTable) rank9(c *[9]uint8) int {
	o := &g.off
	s := uint(c[0]) + uint(c[1])
	r := o[1][(s*5+uint(c[1]))&127]
	s += uint(c[2])
	r += o[2][(s*5+uint(c[2]))&127]
	s += uint(c[3])
	r += o[3][(s*5+uint(c[3]))&127]
	s += uint(c[4])
	r += o[4][(s*5+uint(c[4]))&127]
	s += uint(c[5])
	r += o[5][(s*5+uint(c[5]))&127]
	s += uint(c[6])
	r += o[6][(s*5+uint(c[6]))&127]
	s += uint(c[7])
	r += o[7][(s*5+uint(c[7]))&127]
	s += uint(c[8])
	r += o[8][(s*5+uint(c[8]))&127]
	r += g.start[s&31]
	return int(r) & g.mask
}

// rank7 is rank for the honors, unrolled like rank9.
func (g *groupTable) rank7(c *[7]uint8) int {
	o := &g.off
	s := uint(c[0]) + uint(c[1])
	r := o[1][(s*5+uint(c[1]))&127]
	s += uint(c[2])
	r += o[2][(s*5+uint(c[2]))&127]
	s += uint(c[3])
	r += o[3][(s*5+uint(c[3]))&127]
	s += uint(c[4])
	r += o[4][(s*5+uint(c[4]))&127]
	s += uint(c[5])
	r += o[5][(s*5+uint(c[5]))&127]
	s += uint(c[6])
	r += o[6][(s*5+uint(c[6]))&127]
	r += g.start[s&31]
	return int(r) & g.mask
}

// rank returns the rank of the pattern digits (len g.n), the loop rank9
// and rank7 unroll.
func (g *groupTable) rank(digits []uint8) int {
	var s, r uint32
	for i, d := range digits {
		s += uint32(d)
		r += g.off[i][(s*5+uint32(d))&127]
	}
	return int(r+g.start[s&31]) & g.mask
}

// buildGroupTable computes the table for n ranks, with runs when seq.
func buildGroupTable(n int, seq bool) *groupTable {
	g := &groupTable{n: n}
	// Within one total, patterns are ordered by their digits from the
	// most significant (i = n−1) down: digit i = d comes after every
	// pattern of the same higher digits and a smaller digit i, which
	// leave r−d' tiles (r = digits 0..i) to the i lower digits.
	for i := 0; i < n; i++ {
		for r := 0; r <= maxSuitTiles; r++ {
			var acc uint32
			for d := 0; d < 5 && d <= r; d++ {
				g.off[i][r*5+d] = acc
				acc += countPatterns(i, r-d)
			}
		}
	}
	total := uint32(0)
	for t := 0; t <= maxSuitTiles; t++ {
		g.start[t] = total
		total += countPatterns(n, t)
	}
	g.mask = 1
	for g.mask < int(total) {
		g.mask <<= 1
	}
	g.id = make([]uint8, g.mask)
	g.mask--
	pow := make([]int, n+1)
	pow[0] = 1
	for i := 1; i <= n; i++ {
		pow[i] = pow[i-1] * 5
	}
	size := pow[n]
	digits := make([]uint8, size*n) // digits of every pattern, flat
	for h := 0; h < size; h++ {
		x := h
		for i := 0; i < n; i++ {
			digits[h*n+i] = uint8(x % 5)
			x /= 5
		}
	}
	// has[h] bit pk(p,k): the pattern contains k blocks and p pairs.
	has := make([]uint16, size)
	const kShiftable = 0b01111_01111 // goals whose k can still grow
	for h := 0; h < size; h++ {
		d := digits[h*n : h*n+n]
		m := uint16(1) // pk(0,0): the empty goal
		for i := 0; i < n; i++ {
			if d[i] >= 1 {
				m |= has[h-pow[i]] // monotone: a sub-pattern's goals
			}
			if d[i] >= 2 {
				m |= (has[h-2*pow[i]] & 0b11111) << 5 // add the pair
			}
			if d[i] >= 3 {
				m |= (has[h-3*pow[i]] & kShiftable) << 1 // add a triplet
			}
			if seq && i+2 < n && d[i] >= 1 && d[i+1] >= 1 && d[i+2] >= 1 {
				m |= (has[h-pow[i]-pow[i+1]-pow[i+2]] & kShiftable) << 1
			}
		}
		has[h] = m
	}
	// dist[h][goal]: tiles to add. A pattern that misses a goal gets one
	// step closer by some single added tile, so dist(h) = 1 + min dist(h+e_i).
	dist := make([]groupVec, size)
	for h := size - 1; h >= 0; h-- {
		d := digits[h*n : h*n+n]
		var v groupVec
		for goal := 0; goal < 10; goal++ {
			if has[h]>>goal&1 != 0 {
				continue
			}
			best := uint8(255)
			for i := 0; i < n; i++ {
				if d[i] < 4 && dist[h+pow[i]][goal] < best {
					best = dist[h+pow[i]][goal]
				}
			}
			v[goal] = best + 1
		}
		dist[h] = v
	}
	ids := map[groupVec]uint8{}
	for h := 0; h < size; h++ {
		s := 0
		for _, x := range digits[h*n : h*n+n] {
			s += int(x)
		}
		if s > maxSuitTiles {
			continue
		}
		id, ok := ids[dist[h]]
		if !ok {
			if len(g.vecs) == 256 {
				panic("mahjong: more than 256 distinct shanten vectors")
			}
			id = uint8(len(g.vecs))
			ids[dist[h]] = id
			g.vecs = append(g.vecs, dist[h])
		}
		g.id[g.rank(digits[h*n:h*n+n])] = id
	}
	return g
}
