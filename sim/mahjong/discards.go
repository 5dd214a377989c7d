package mahjong

import (
	"encoding/binary"
	"math/bits"
)

// Discards answers, for one hand of 14−3·melds concealed tiles, the
// shanten and the ukeire after each discard, sharing the work that does
// not depend on the discard. Reset computes the four group ids of the
// hand, the id of each group with one tile less (one per held kind) and
// with one more (one per kind), the product of each discard's pair and
// the counts of the special forms; the first Ukeire of a discard of one
// pair adds, for each goal of the other pair's product, the kinds whose
// draw lowers it. A discard then costs one final lookup for its shanten
// and, for its ukeire, the ids of its own group with each draw (two sums
// over its digits), one product per kind of the other group of its pair,
// and for the other pair one lookup of the goals on a best split (a draw
// there improves the hand exactly when it lowers such a goal); the
// unseen copies are three bit counts. A bot's decision asks Shanten for
// every discard and Ukeire only for the best few.
//
// A Discards is meant to follow one seat's hand: Reset recomputes only
// the groups (man, pin, sou, honors) whose counts changed since the last
// Reset, so a draw and a discard cost one or two groups, and the ids of
// a group without a discard stay while that group is unchanged. The
// answers equal Shanten and Improvements of the hand without the
// discard, whatever came before. The zero value is empty: call Reset
// first. Discards allocates nothing.
type Discards struct {
	h        [40]uint8 // the hand's counts, zero beyond 34
	melds, k int
	fin      []uint8  // pairTabs.fin(k)
	base     [4]uint8 // group ids of the hand
	mp, sz   int      // products of base
	// minus[d] is the id of kind d's group with one d less (valid when
	// h[d] > 0), plus[w] with one w more (valid when h[w] < 4); two
	// more entries let the honors be written as 9 digits.
	minus, plus [36]uint8
	// after[d] is the product of d's pair (mp for m/p kinds, sz for s/z
	// kinds) with one d less: a discard leaves the other pair as it is.
	after [34]uint8
	// decW[pair] packs, four 16-bit lanes a word, for each kind of pair
	// (0 m/p: kinds 0–17, 1 s/z: kinds 18–33) the goals of that pair's
	// product its draw lowers (none for a kind held four times); valid
	// when decOK[pair].
	decW  [2][5]uint64
	decOK [2]bool
	// the kinds held 0, 1 and 4 times (kinds beyond 34 never set)
	zero, one, four KindSet
	// special forms of the 13-tile hands: counts of the full hand
	n, pairs, kinds, yk, ypairs int
	// rest[g] holds the draws outside g's own group that improve the
	// hand after a discard from group g whose group id and shanten give
	// restKey[g] (0: none yet): they depend on nothing else, and
	// discards of one group often leave the same id.
	rest    [4]KindSet
	restKey [4]uint32
	// sh13[d] is Shanten(d) for every held kind d, when shOK.
	sh13 [34]int8
	shOK bool
	// valid: the fields above describe h. done holds the discards whose
	// Ukeire shanten and kinds are kept in doneS and doneT: a bot asks
	// again for the same hand (a push/fold comparison) at the cost of the
	// unseen count only.
	valid bool
	done  KindSet
	doneS [34]int8
	doneT [34]KindSet
	// own[d] holds the ids of d's group with one d less and one more of
	// each of the group's kinds, for the kinds in ownOK (cleared with
	// the group when its counts change).
	own   [34][9]uint8
	ownOK KindSet
	// Bit k of l0, l1 and l2 is bit 0, 1 and 2 of the copies of kind k
	// neither in h nor in lVis (none when lNil), valid when lOK.
	l0, l1, l2 KindSet
	lVis       [34]uint8
	lNil, lOK  bool
}

// yaochuSet is yaochuMask as a KindSet.
const yaochuSet KindSet = yaochuMask

// groupKinds[g] is the set of kinds of group g.
var groupKinds = [4]KindSet{1<<9 - 1, (1<<9 - 1) << 9, (1<<9 - 1) << 18, (1<<7 - 1) << 27}

// Reset analyses the hand c (14−3·melds concealed tiles, at most 4 a
// kind) with melds melds made. Only the groups whose counts differ from
// the hand analysed before are recomputed; resetting to the same hand
// keeps all the work done for it.
func (a *Discards) Reset(c *[34]uint8, melds int) {
	if a.valid && a.melds == melds && *(*[34]uint8)(a.h[:34]) == *c {
		return
	}
	st, ht := tables()
	t := pairTabs
	changed := 15
	if a.valid {
		changed = 0
		for g := 0; g < 3; g++ {
			if *(*[9]uint8)(a.h[g*9 : g*9+9]) != *(*[9]uint8)(c[g*9 : g*9+9]) {
				changed |= 1 << g
			}
		}
		if *(*[7]uint8)(a.h[27:34]) != *(*[7]uint8)(c[27:34]) {
			changed |= 8
		}
	}
	// One tile drawn (w) and one discarded (d) since: discarding w now
	// leaves the hand that discarding d left before.
	var carry KindSet
	if a.valid && a.melds == melds && a.done != 0 && changed != 0 {
		var nh [40]uint8
		copy(nh[:34], c[:])
		if w, d, ok := drawDiscard(&nh, &a.h); ok && a.done>>d&1 != 0 {
			carry = 1 << w
			a.doneS[w], a.doneT[w] = a.doneS[d], a.doneT[d]
		}
	}
	a.valid = true
	a.done = carry
	a.lOK = false
	a.shOK = false
	a.restKey = [4]uint32{}
	copy(a.h[:34], c[:])
	a.melds = melds
	a.k = (4 - melds) & 7
	a.fin = t.fin(a.k)
	for g := 0; g < 3; g++ {
		if changed>>g&1 != 0 {
			a.base[g] = st.shift9((*[9]uint8)(a.h[g*9:g*9+9]), (*[9]uint8)(a.plus[g*9:g*9+9]), (*[9]uint8)(a.minus[g*9:g*9+9]))
			a.ownOK &^= groupKinds[g]
		}
	}
	if changed&8 != 0 {
		var z [9]uint8
		copy(z[:], a.h[27:34])
		a.base[3] = ht.shift9(&z, (*[9]uint8)(a.plus[27:36]), (*[9]uint8)(a.minus[27:36]))
		a.ownOK &^= groupKinds[3]
	}
	b0, b1, b2, b3 := int(a.base[0]), int(a.base[1]), int(a.base[2]), int(a.base[3])
	if changed&3 != 0 {
		a.mp = int(t.mp[b0*t.nS+b1])
		a.decOK[0] = false
		for d := 0; d < 9; d++ {
			a.after[d] = t.mp[int(a.minus[d])*t.nS+b1]
			a.after[d+9] = t.mp[b0*t.nS+int(a.minus[d+9])]
		}
	}
	if changed&12 != 0 {
		a.sz = int(t.sz[b2*t.nH+b3])
		a.decOK[1] = false
		for d := 18; d < 27; d++ {
			a.after[d] = t.sz[int(a.minus[d])*t.nH+b3]
		}
		for d := 27; d < NumKinds; d++ {
			a.after[d] = t.sz[b2*t.nH+int(a.minus[d])]
		}
	}
	a.stats()
}

// stats sets the special-form counts and the kinds held 0, 1 and 4
// times, eight kinds a word (every count is at most 4).
func (a *Discards) stats() {
	const ones = 0x0101010101010101
	var zero, one, four, two uint64
	n := 0
	for w := 0; w < 5; w++ {
		x := binary.LittleEndian.Uint64(a.h[w*8 : w*8+8])
		n += int((x * ones) >> 56)
		x1, x2 := x>>1, x>>2
		zero |= packLow(^(x | x1 | x2)) << (8 * w)
		one |= packLow(x&^(x1|x2)) << (8 * w)
		four |= packLow(x2) << (8 * w)
		two |= packLow(x1|x2) << (8 * w)
	}
	const all = 1<<NumKinds - 1
	a.n = n
	a.zero, a.one, a.four = KindSet(zero&all), KindSet(one), KindSet(four)
	a.kinds = NumKinds - bits.OnesCount64(zero&all)
	a.pairs = bits.OnesCount64(two)
	a.yk = bits.OnesCount64(^zero & yaochuMask)
	a.ypairs = bits.OnesCount64(two & yaochuMask)
}

// drawDiscard reports whether hand nh is hand h with one w more and one
// d less (w ≠ d), eight kinds a word (counts at most 4).
func drawDiscard(nh, h *[40]uint8) (w, d int, ok bool) {
	const high, low7 = 0x8080808080808080, 0x7F7F7F7F7F7F7F7F
	var more, less uint64
	for i := 0; i < 5; i++ {
		x, y := binary.LittleEndian.Uint64(nh[i*8:i*8+8]), binary.LittleEndian.Uint64(h[i*8:i*8+8])
		if x == y {
			continue
		}
		ge := (x | high) - y // byte bit 7: x ≥ y
		t := x ^ y
		ne := ((t & low7) + low7 | t) & high // byte bit 7: x ≠ y
		more |= packLow((ge&ne)>>7) << (8 * i)
		less |= packLow((^ge&ne)>>7) << (8 * i)
	}
	if bits.OnesCount64(more) != 1 || bits.OnesCount64(less) != 1 {
		return 0, 0, false
	}
	w, d = bits.TrailingZeros64(more), bits.TrailingZeros64(less)
	return w, d, nh[w] == h[w]+1 && nh[d]+1 == h[d]
}

// special returns the special-form counts (pairs, kinds, yaochu kinds,
// yaochu pairs) of the hand without one d.
func (a *Discards) special(d int) (p, kd, y, yp int) {
	p, kd, y, yp = a.pairs, a.kinds, a.yk, a.ypairs
	switch a.h[d] {
	case 1:
		kd--
		if yaochuMask>>d&1 != 0 {
			y--
		}
	case 2:
		p--
		if yaochuMask>>d&1 != 0 {
			yp--
		}
	}
	return
}

// products returns the two products of the hand without one d.
func (a *Discards) products(d int) (mp, sz int) {
	if d < 18 {
		return int(a.after[d]), a.sz
	}
	return a.mp, int(a.after[d])
}

// HandShanten returns the shanten of the hand itself, Shanten(c, melds)
// of the last Reset: one final lookup and the special-form counts kept.
func (a *Discards) HandShanten() int {
	s := int(a.fin[a.mp*pairTabs.nSZ+a.sz]) - 1
	if a.melds != 0 || s <= 0 || a.n < 13 {
		return s
	}
	return min(s, 6-a.pairs+max(0, 7-a.kinds), 13-a.yk-min(a.ypairs, 1))
}

// Shanten returns the shanten of the hand after discarding one tile of
// kind d, which the hand must hold (Shanten of the 13−3·melds tiles left).
func (a *Discards) Shanten(d Tile) int {
	if !a.shOK {
		a.prepareShanten()
	}
	return int(a.sh13[d])
}

// prepareShanten fills sh13, one final lookup a held kind. The special
// forms' bound after a discard depends only on how many of its kind the
// hand holds and whether it is a terminal or honor: ten values.
func (a *Discards) prepareShanten() {
	a.shOK = true
	fin, nSZ := a.fin, pairTabs.nSZ
	var bound [5][2]int // [held][yaochu]
	for h := range bound {
		for y := range bound[h] {
			bound[h][y] = 99
		}
	}
	if a.melds == 0 && a.n-1 >= 13 {
		p, kd, yk, yp := a.pairs, a.kinds, a.yk, a.ypairs
		chii := 6 - p + max(0, 7-kd)
		koku := 13 - yk - min(yp, 1)
		for h := 3; h <= 4; h++ {
			bound[h] = [2]int{min(chii, koku), min(chii, koku)}
		}
		chii1 := 6 - p + max(0, 8-kd) // a kind held once goes
		bound[1] = [2]int{min(chii1, koku), min(chii1, 14-yk-min(yp, 1))}
		chii2 := 7 - p + max(0, 7-kd) // a pair becomes a single
		bound[2] = [2]int{min(chii2, koku), min(chii2, 13-yk-min(yp-1, 1))}
	}
	held := ^a.zero & (1<<NumKinds - 1)
	for x := held & (1<<18 - 1); x != 0; x &= x - 1 {
		d := bits.TrailingZeros64(uint64(x))
		s := int(fin[int(a.after[d])*nSZ+a.sz]) - 1
		if s > 0 {
			s = min(s, bound[min(a.h[d], 4)][yaochuMask>>d&1])
		}
		a.sh13[d] = int8(s)
	}
	for x := held >> 18; x != 0; x &= x - 1 {
		d := 18 + bits.TrailingZeros64(uint64(x))
		s := int(fin[a.mp*nSZ+int(a.after[d])]) - 1
		if s > 0 {
			s = min(s, bound[min(a.h[d], 4)][yaochuMask>>d&1])
		}
		a.sh13[d] = int8(s)
	}
}

// prepareDec computes goalKinds for one pair (0: m/p, 1: s/z), once per
// state of that pair: for each kind, the goals its draw lowers (the
// product with the pair's other group as in the hand against the hand's
// product), gathered by goal.
func (a *Discards) prepareDec(pair int) {
	t := pairTabs
	a.decOK[pair] = true
	dw := &a.decW[pair]
	*dw = [5]uint64{}
	b0, b1, b2, b3 := int(a.base[0]), int(a.base[1]), int(a.base[2]), int(a.base[3])
	if pair == 0 {
		row := t.decMP[a.mp*t.nMP : a.mp*t.nMP+t.nMP]
		r0, r1 := &t.rows[0][b1], &t.rows[1][b0]
		for w := 0; w < 9; w++ {
			dw[w/4] |= uint64(row[r0[a.plus[w]]]) << (16 * (w % 4))
			dw[(w+9)/4] |= uint64(row[r1[a.plus[w+9]]]) << (16 * ((w + 9) % 4))
		}
	} else {
		row := t.decSZ[a.sz*t.nSZ : a.sz*t.nSZ+t.nSZ]
		r2, r3 := &t.rows[2][b3], &t.rows[3][b2]
		for w := 0; w < 9; w++ {
			dw[w/4] |= uint64(row[r2[a.plus[w+18]]]) << (16 * (w % 4))
		}
		for w := 9; w < 16; w++ {
			dw[w/4] |= uint64(row[r3[a.plus[w+18]]]) << (16 * (w % 4))
		}
	}
	for x := a.four >> (18 * pair) & (1<<18 - 1); x != 0; x &= x - 1 { // no fifth copy to draw
		w := bits.TrailingZeros64(uint64(x))
		dw[w/4] &^= 0xFFFF << (16 * (w % 4))
	}
}

// lanesHit returns bit i set when lane i of x (four 16-bit lanes of at
// most 15 bits each) is not zero.
func lanesHit(x uint64) KindSet {
	r := (x + 0x7FFF7FFF7FFF7FFF) & 0x8000800080008000
	return KindSet((r >> 15) * (1<<48 | 1<<33 | 1<<18 | 1<<3) >> 48 & 15)
}

// Ukeire returns, after discarding one tile of kind d (which the hand
// must hold), the shanten, the kinds whose draw lowers it and the unseen
// copies of them (visible may be nil): Improvements of the tiles left.
//
// A draw w changes one group of the hand without d: d's own group (its
// ids come from plusIDs of that group), the other group of d's pair (one
// product with d's group less one d) or a group of the other pair: the
// draw lowers the hand exactly when it lowers a goal of that pair's
// product that lies on a best split (tightMP/tightSZ, one lookup for all
// the pair's draws). The special forms add the kinds that lower
// chiitoitsu or kokushi when those are as good as the normal form.
func (a *Discards) Ukeire(d Tile, visible *[34]uint8) (shanten int, tiles KindSet, count int) {
	di := int(d)
	if a.done>>di&1 != 0 {
		tiles = a.doneT[di]
		return int(a.doneS[di]), tiles, a.unseen(tiles, di, visible)
	}
	t := pairTabs
	h := &a.h
	gd := di / 9
	cur := a.base
	cur[gd] = a.minus[di]
	mp, sz := a.products(di)
	p, kd, y, yp := a.special(di)
	fin := a.fin
	nSZ := t.nSZ
	f13 := int(fin[mp*nSZ+sz])
	s13 := f13 - 1
	n13 := a.n - 1
	chii, koku := 6-p+max(0, 7-kd), 13-y-min(yp, 1)
	if a.melds == 0 && s13 > 0 && n13 >= 13 {
		s13 = min(s13, chii, koku)
	}
	need := s13 + 1 // a draw's missing tiles must fall below this
	// d's own group: the ids of its digits with one draw more.
	lo := gd * 9
	ids := &a.own[di]
	if a.ownOK>>di&1 == 0 {
		st, ht := tables()
		h[di]--
		if gd == 3 {
			var z [9]uint8
			copy(z[:], h[27:34])
			ht.shift9(&z, ids, nil)
		} else {
			st.shift9((*[9]uint8)(h[lo:lo+9]), ids, nil)
		}
		h[di]++
		a.ownOK |= 1 << di
	}
	tiles |= t.groupDraws(gd, ids, &cur, mp, sz, fin, need) << lo
	key := 1<<16 | uint32(cur[gd])<<8 | uint32(s13+8)
	if a.restKey[gd] != key {
		a.rest[gd], a.restKey[gd] = a.restDraws(gd, &cur, mp, sz, f13, s13), key
	}
	tiles |= a.rest[gd]
	// Chiitoitsu and kokushi lower by one with a new kind (or a second
	// copy); only when they are as good as s13 does that count.
	if a.melds == 0 && n13+1 >= 13 {
		bit := KindSet(1) << di
		zero, one := a.zero, a.one&^bit
		switch h[di] { // before the discard
		case 1:
			zero |= bit
		case 2:
			one |= bit
		}
		if chii <= s13 {
			if kd < 7 {
				tiles |= zero
			}
			tiles |= one
		}
		if koku <= s13 {
			k := zero
			if yp == 0 {
				k |= one
			}
			tiles |= k & yaochuSet
		}
	}
	// No draw of a kind the hand holds four of (their ids above were
	// meaningless).
	tiles &= (1<<NumKinds - 1) &^ (a.four &^ (1 << di))
	a.done |= 1 << di
	a.doneS[di], a.doneT[di] = int8(s13), tiles
	return s13, tiles, a.unseen(tiles, di, visible)
}

// restDraws returns the draws outside group gd (the other group of its
// pair, then the other pair) that lower the shanten s13 of the hand with
// group ids cur, products mp and sz and final value f13.
func (a *Discards) restDraws(gd int, cur *[4]uint8, mp, sz, f13, s13 int) (tiles KindSet) {
	t := pairTabs
	nSZ := t.nSZ
	// The other group of d's pair: one product a draw.
	pg := gd ^ 1
	tiles = t.groupDraws(pg, (*[9]uint8)(a.plus[pg*9:pg*9+9]), cur, mp, sz, a.fin, s13+1) << (pg * 9)
	// The other pair: the draws that lower a goal on a best split, if the
	// normal form is what s13 is (otherwise a special form is better and
	// a normal improvement cannot reach below it).
	if f13-1 == s13 {
		other := 1 - gd/2
		if !a.decOK[other] {
			a.prepareDec(other)
		}
		var tight uint16
		if other == 1 {
			tight = t.tightSZ[a.k][mp*nSZ+sz]
		} else {
			tight = t.tightMP[a.k][mp*nSZ+sz]
		}
		t4 := uint64(tight) * 0x0001000100010001
		dw := &a.decW[other]
		lo := KindSet(18 * other)
		tiles |= (lanesHit(dw[0]&t4) | lanesHit(dw[1]&t4)<<4 | lanesHit(dw[2]&t4)<<8 |
			lanesHit(dw[3]&t4)<<12 | lanesHit(dw[4]&t4)<<16) << lo
	}
	return tiles
}

// unseen counts the copies of the kinds in tiles that are neither in the
// hand without one d nor visible (may be nil): three bit counts against
// the bit slices of the copies left beside the hand, and a correction
// for d.
func (a *Discards) unseen(tiles KindSet, d int, visible *[34]uint8) int {
	if !a.lOK || a.lNil != (visible == nil) || (visible != nil && !same34(visible, &a.lVis)) {
		a.prepareLeft(visible)
	}
	n := bits.OnesCount64(uint64(tiles&a.l0)) + 2*bits.OnesCount64(uint64(tiles&a.l1)) + 4*bits.OnesCount64(uint64(tiles&a.l2))
	if tiles>>d&1 != 0 {
		v := 0
		if visible != nil {
			v = int(visible[d])
		}
		left := 4 - int(a.h[d]) - v
		n += max(0, left+1) - max(0, left)
	}
	return n
}

// prepareLeft computes the bit slices l0, l1, l2 of max(0, 4 − h − visible)
// a kind, eight kinds a word.
func (a *Discards) prepareLeft(visible *[34]uint8) {
	const ones = 0x0101010101010101
	hv := a.h
	a.lNil = visible == nil
	if visible != nil {
		a.lVis = *visible
		var v40 [40]uint8
		copy(v40[:34], visible[:])
		for w := 0; w < 5; w++ {
			v := binary.LittleEndian.Uint64(v40[w*8 : w*8+8])
			// min(v, 4) a byte: bit 7 of over is set where v ≥ 5
			over := ((v & 0x7F7F7F7F7F7F7F7F) + 0x7B7B7B7B7B7B7B7B | v) & 0x8080808080808080
			m := (over >> 7) * 0xFF
			v = v&^m | 0x0404040404040404&m
			binary.LittleEndian.PutUint64(hv[w*8:w*8+8], binary.LittleEndian.Uint64(hv[w*8:w*8+8])+v) // at most 8 a byte: no carry
		}
	}
	var l0, l1, l2 uint64
	for w := 0; w < 5; w++ {
		x := binary.LittleEndian.Uint64(hv[w*8 : w*8+8])
		r := 0x84*ones - x // byte: 0x80+4−x when x ≤ 4, below 0x80 otherwise
		left := r & (7 * ones) & ((r >> 7 & ones) * 0xFF)
		l0 |= packLow(left) << (8 * w)
		l1 |= packLow(left>>1) << (8 * w)
		l2 |= packLow(left>>2) << (8 * w)
	}
	const all = 1<<NumKinds - 1
	a.l0, a.l1, a.l2 = KindSet(l0&all), KindSet(l1&all), KindSet(l2&all)
	a.lOK = true
}

// same34 reports whether x and y are equal, five loads a side.
func same34(x, y *[34]uint8) bool {
	le := binary.LittleEndian
	return le.Uint64(x[0:8]) == le.Uint64(y[0:8]) && le.Uint64(x[8:16]) == le.Uint64(y[8:16]) &&
		le.Uint64(x[16:24]) == le.Uint64(y[16:24]) && le.Uint64(x[24:32]) == le.Uint64(y[24:32]) &&
		le.Uint16(x[32:34]) == le.Uint16(y[32:34])
}

// packLow gathers bit 0 of each byte of x into bits 0–7.
func packLow(x uint64) uint64 {
	return (x & 0x0101010101010101) * 0x0102040810204080 >> 56
}

// groupDraws returns, as bits 0–8, the draws into group g (ids: the
// group's id with each draw, the other groups as in cur, products mp and
// sz) whose final value (missing tiles) falls below need. Every id is a
// vector id, so no index leaves the tables.
func (t *pairTables) groupDraws(g int, ids *[9]uint8, cur *[4]uint8, mp, sz int, fin []uint8, need int) KindSet {
	// product = row[id]; final index = product*mulF + addF
	row := &t.rows[g][cur[g^1]]
	mulF, addF := t.nSZ, sz
	if g >= 2 {
		mulF, addF = 1, mp*t.nSZ
	}
	var out KindSet
	for i, id := range ids {
		f := int(fin[int(row[id])*mulF+addF])
		out |= KindSet(uint(f-need)>>63) << i // f < need
	}
	if g == 3 {
		out &= 1<<7 - 1
	}
	return out
}
