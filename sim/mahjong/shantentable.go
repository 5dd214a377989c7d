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
	// tightMP[k][mp*nSZ+sz] has bit j set when goal j of the m/p product
	// (j = pair*5 + blocks) lies on a best split of final (for k sets):
	// improving that goal by one tile improves the hand. tightSZ is the
	// same over the s/z product's goals. (Zero for k above 4.)
	tightMP, tightSZ [8][]uint16
	// decMP[a*nMP+b] has bit j set when product b needs fewer tiles than
	// product a for goal j (b is a with one tile more); decSZ likewise.
	decMP, decSZ []uint16
	// rows[g][o] lists, by the id of group g (0 m, 1 p, 2 s, 3 z), the
	// product of g's pair with the pair's other group of id o: a row per
	// id of the other group, 256 wide so that a byte id never leaves it.
	rows [4][][256]uint8
}

// fin returns the final slice of k sets (k = (4−melds)&7; k above 4 reads
// zeros), indexed mp*nSZ+sz.
func (t *pairTables) fin(k int) []uint8 {
	n := t.nMP * t.nSZ
	return t.final[k*n : k*n+n]
}

// buildTight fills tightMP and tightSZ from the product vectors.
func (t *pairTables) buildTight(mpVecs, szVecs []groupVec) {
	n := t.nMP * t.nSZ
	zero := make([]uint16, n)
	for k := range t.tightMP {
		t.tightMP[k], t.tightSZ[k] = zero, zero
	}
	for k := 0; k <= 4; k++ {
		tm, ts := make([]uint16, n), make([]uint16, n)
		f := t.fin(k)
		for i := range mpVecs {
			x := &mpVecs[i]
			for j := range szVecs {
				y := &szVecs[j]
				best := f[i*t.nSZ+j]
				var bm, bs uint16
				for b := 0; b <= k; b++ {
					if x[b]+y[5+k-b] == best { // the pair in s/z
						bm |= 1 << b
						bs |= 1 << (5 + k - b)
					}
					if x[5+b]+y[k-b] == best { // the pair in m/p
						bm |= 1 << (5 + b)
						bs |= 1 << (k - b)
					}
				}
				tm[i*t.nSZ+j], ts[i*t.nSZ+j] = bm, bs
			}
		}
		t.tightMP[k], t.tightSZ[k] = tm, ts
	}
	t.decMP = decTable(mpVecs)
	t.decSZ = decTable(szVecs)
}

// decTable returns, for every ordered pair (a, b) of vectors, the goals
// where b is below a.
func decTable(vecs []groupVec) []uint16 {
	n := len(vecs)
	out := make([]uint16, n*n)
	for a := range vecs {
		for b := range vecs {
			var m uint16
			for j := range vecs[a] {
				if vecs[b][j] < vecs[a][j] {
					m |= 1 << j
				}
			}
			out[a*n+b] = m
		}
	}
	return out
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
	t.buildTight(mpVecs, szVecs)
	for g := range t.rows {
		n := t.nS
		if g == 2 {
			n = t.nH
		}
		t.rows[g] = make([][256]uint8, n)
	}
	for a := 0; a < t.nS; a++ {
		for b := 0; b < t.nS; b++ {
			t.rows[0][b][a] = t.mp[a*t.nS+b]
			t.rows[1][a][b] = t.mp[a*t.nS+b]
		}
		for z := 0; z < t.nH; z++ {
			t.rows[2][z][a] = t.sz[a*t.nH+z]
			t.rows[3][a][z] = t.sz[a*t.nH+z]
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
// never leave the table. Kept unrolled (rank7 too) for speed: with both
// as calls of the loop rank, BenchmarkShanten went from 53.8/53.5/53.6 to
// 72.2/69.0/73.6 cpu-ns/op (three interleaved pairs of test binaries,
// -benchtime 200000x -cpu 1, shared 2-core AMD EPYC, 2026-12-04).
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

// shift9 returns the vector id of the 9-digit pattern c and sets plus[w]
// and minus[w] (minus may be nil) to the ids of c with one tile more and
// one tile less at w (meaningless where c[w] is 4, respectively 0). The
// ranks share their work: a tile more at w leaves the offsets of the
// digits below w as they are and moves the prefix sums from w up by one,
// so two sums over the digits serve all the answers. Honors pass their 7
// counts padded with two zeros (off is zero beyond a table's digits).
// Unrolled by hand; every index is masked, so nothing leaves the tables.
func (g *groupTable) shift9(c *[9]uint8, plus, minus *[9]uint8) uint8 {
	o := &g.off
	id := g.id
	m := g.mask
	c0 := uint32(c[0])
	c1 := uint32(c[1])
	c2 := uint32(c[2])
	c3 := uint32(c[3])
	c4 := uint32(c[4])
	c5 := uint32(c[5])
	c6 := uint32(c[6])
	c7 := uint32(c[7])
	c8 := uint32(c[8])
	s0 := c0
	s1 := s0 + c1
	s2 := s1 + c2
	s3 := s2 + c3
	s4 := s3 + c4
	s5 := s4 + c5
	s6 := s5 + c6
	s7 := s6 + c7
	s8 := s7 + c8
	b0 := uint32(0)
	b1 := b0 + o[0][(s0*5+c0)&127]
	b2 := b1 + o[1][(s1*5+c1)&127]
	b3 := b2 + o[2][(s2*5+c2)&127]
	b4 := b3 + o[3][(s3*5+c3)&127]
	b5 := b4 + o[4][(s4*5+c4)&127]
	b6 := b5 + o[5][(s5*5+c5)&127]
	b7 := b6 + o[6][(s6*5+c6)&127]
	b8 := b7 + o[7][(s7*5+c7)&127]
	var p8 uint32
	p7 := p8 + o[8][((s8+1)*5+c8)&127]
	p6 := p7 + o[7][((s7+1)*5+c7)&127]
	p5 := p6 + o[6][((s6+1)*5+c6)&127]
	p4 := p5 + o[5][((s5+1)*5+c5)&127]
	p3 := p4 + o[4][((s4+1)*5+c4)&127]
	p2 := p3 + o[3][((s3+1)*5+c3)&127]
	p1 := p2 + o[2][((s2+1)*5+c2)&127]
	p0 := p1 + o[1][((s1+1)*5+c1)&127]
	sp := g.start[(s8+1)&31]
	plus[0] = id[int(b0+o[0][((s0+1)*5+c0+1)&127]+p0+sp)&m]
	plus[1] = id[int(b1+o[1][((s1+1)*5+c1+1)&127]+p1+sp)&m]
	plus[2] = id[int(b2+o[2][((s2+1)*5+c2+1)&127]+p2+sp)&m]
	plus[3] = id[int(b3+o[3][((s3+1)*5+c3+1)&127]+p3+sp)&m]
	plus[4] = id[int(b4+o[4][((s4+1)*5+c4+1)&127]+p4+sp)&m]
	plus[5] = id[int(b5+o[5][((s5+1)*5+c5+1)&127]+p5+sp)&m]
	plus[6] = id[int(b6+o[6][((s6+1)*5+c6+1)&127]+p6+sp)&m]
	plus[7] = id[int(b7+o[7][((s7+1)*5+c7+1)&127]+p7+sp)&m]
	plus[8] = id[int(b8+o[8][((s8+1)*5+c8+1)&127]+p8+sp)&m]
	if minus != nil {
		var q8 uint32
		q7 := q8 + o[8][((s8-1)*5+c8)&127]
		q6 := q7 + o[7][((s7-1)*5+c7)&127]
		q5 := q6 + o[6][((s6-1)*5+c6)&127]
		q4 := q5 + o[5][((s5-1)*5+c5)&127]
		q3 := q4 + o[4][((s4-1)*5+c4)&127]
		q2 := q3 + o[3][((s3-1)*5+c3)&127]
		q1 := q2 + o[2][((s2-1)*5+c2)&127]
		q0 := q1 + o[1][((s1-1)*5+c1)&127]
		sm := g.start[(s8-1)&31]
		minus[0] = id[int(b0+o[0][((s0-1)*5+c0-1)&127]+q0+sm)&m]
		minus[1] = id[int(b1+o[1][((s1-1)*5+c1-1)&127]+q1+sm)&m]
		minus[2] = id[int(b2+o[2][((s2-1)*5+c2-1)&127]+q2+sm)&m]
		minus[3] = id[int(b3+o[3][((s3-1)*5+c3-1)&127]+q3+sm)&m]
		minus[4] = id[int(b4+o[4][((s4-1)*5+c4-1)&127]+q4+sm)&m]
		minus[5] = id[int(b5+o[5][((s5-1)*5+c5-1)&127]+q5+sm)&m]
		minus[6] = id[int(b6+o[6][((s6-1)*5+c6-1)&127]+q6+sm)&m]
		minus[7] = id[int(b7+o[7][((s7-1)*5+c7-1)&127]+q7+sm)&m]
		minus[8] = id[int(b8+o[8][((s8-1)*5+c8-1)&127]+q8+sm)&m]
	}
	return id[int(b8+o[8][(s8*5+c8)&127]+g.start[s8&31])&m]
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
