package mahjong

import "math/bits"

// Discards answers, for one hand of 14−3·melds concealed tiles, the
// shanten and the ukeire after each discard, sharing the work that does
// not depend on the discard. Reset computes the four group ids of the
// hand, the id of each group with one tile less (one per held kind) and
// the counts of the special forms; the first Ukeire adds the id of each
// group with one tile more (one per drawable kind) and, for each goal of
// the two products (m/p and s/z), the kinds whose draw lowers it. A
// discard then costs one group lookup for its shanten and, for its
// ukeire, the ids of its own group with each draw (two sums over its
// digits), one product per kind of the other group of its pair, and for
// the other pair one lookup of the goals on a best split (a draw there
// improves the hand exactly when it lowers such a goal). A bot's decision
// asks Shanten for every discard and Ukeire only for the best few. The
// answers equal Shanten and Improvements of the hand without the
// discard. The zero value is empty: call Reset first. Discards allocates
// nothing.
type Discards struct {
	h        [34]uint8
	melds, k int
	fin      []uint8  // pairTabs.fin(k)
	base     [4]uint8 // group ids of the hand
	mp, sz   int      // products of base
	// minus[d] is the id of kind d's group with one d less (valid when
	// h[d] > 0), plus[w] with one w more (valid when h[w] < 4); two
	// more entries let the honors be written as 9 digits.
	minus, plus [36]uint8
	// pairPlus[w] is the product (mp for m/p kinds, sz for s/z kinds) of
	// w's pair of groups with one w more and the other group as in the
	// hand: a discard from the other pair leaves it as it is.
	pairPlus [34]uint8
	// dec[w] has bit j set when drawing w lowers goal j of w's pair's
	// product (0 for a kind held four times); valid when havePlus.
	dec      [34]uint16
	havePlus bool
	// the kinds held 0, 1 and 4 times (kinds beyond 34 never set)
	zero, one, four KindSet
	// special forms of the 13-tile hands: counts of the full hand
	n, pairs, kinds, yk, ypairs int
	// valid: the fields above describe h. done holds the discards whose
	// Ukeire shanten and kinds are kept in doneS and doneT: a bot asks
	// again for the same hand (a push/fold comparison) at the cost of the
	// unseen count only.
	valid bool
	done  KindSet
	doneS [34]int8
	doneT [34]KindSet
}

// yaochuSet is yaochuMask as a KindSet.
const yaochuSet KindSet = yaochuMask

// Reset analyses the hand c (14−3·melds concealed tiles, at most 4 a
// kind) with melds melds made. Resetting to the hand already analysed
// keeps the work done for it.
func (a *Discards) Reset(c *[34]uint8, melds int) {
	if a.valid && a.melds == melds && a.h == *c {
		return
	}
	st, ht := tables()
	t := pairTabs
	a.valid = true
	a.done = 0
	a.h = *c
	a.melds = melds
	a.k = (4 - melds) & 7
	a.fin = t.fin(a.k)
	a.havePlus = false
	for g := 0; g < 3; g++ {
		a.base[g] = st.shift9((*[9]uint8)(a.h[g*9:g*9+9]), (*[9]uint8)(a.plus[g*9:g*9+9]), (*[9]uint8)(a.minus[g*9:g*9+9]))
	}
	var z [9]uint8
	copy(z[:], a.h[27:34])
	a.base[3] = ht.shift9(&z, (*[9]uint8)(a.plus[27:36]), (*[9]uint8)(a.minus[27:36]))
	a.mp = int(t.mp[int(a.base[0])*t.nS+int(a.base[1])])
	a.sz = int(t.sz[int(a.base[2])*t.nH+int(a.base[3])])
	a.n, a.pairs, a.kinds, a.yk, a.ypairs = 0, 0, 0, 0, 0
	a.zero, a.one, a.four = 0, 0, 0
	for kk, x := range a.h {
		a.n += int(x)
		switch x {
		case 0:
			a.zero |= 1 << kk
			continue
		case 1:
			a.one |= 1 << kk
		case 4:
			a.four |= 1 << kk
		}
		a.kinds++
		if x >= 2 {
			a.pairs++
		}
		if yaochuMask>>kk&1 != 0 {
			a.yk++
			if x >= 2 {
				a.ypairs++
			}
		}
	}
}

// afterDiscard returns the group ids, the two products and the special
// counts (pairs, kinds, yaochu kinds, yaochu pairs) of the hand without
// one d.
func (a *Discards) afterDiscard(d int) (cur [4]uint8, mp, sz, p, kd, y, yp int) {
	t := pairTabs
	cur = a.base
	cur[d/9] = a.minus[d]
	mp, sz = a.mp, a.sz
	if d < 18 {
		mp = int(t.mp[int(cur[0])*t.nS+int(cur[1])])
	} else {
		sz = int(t.sz[int(cur[2])*t.nH+int(cur[3])])
	}
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

// Shanten returns the shanten of the hand after discarding one tile of
// kind d, which the hand must hold (Shanten of the 13−3·melds tiles left).
func (a *Discards) Shanten(d Tile) int {
	_, mp, sz, p, kd, y, yp := a.afterDiscard(int(d))
	s := int(a.fin[mp*pairTabs.nSZ+sz]) - 1
	if a.melds == 0 && s > 0 && a.n-1 >= 13 {
		s = min(s, 6-p+max(0, 7-kd), 13-y-min(yp, 1))
	}
	return s
}

// preparePlus computes pairPlus and dec, once per hand.
func (a *Discards) preparePlus() {
	t := pairTabs
	a.havePlus = true
	// One loop a group: the product with the pair's other group as in
	// the hand, and the goals it lowers against the hand's product.
	b0, b1, b2, b3 := int(a.base[0]), int(a.base[1]), int(a.base[2]), int(a.base[3])
	mpRow, szRow := t.decMP[a.mp*t.nMP:a.mp*t.nMP+t.nMP], t.decSZ[a.sz*t.nSZ:a.sz*t.nSZ+t.nSZ]
	for w := 0; w < 9; w++ {
		pp := t.mp[int(a.plus[w])*t.nS+b1]
		a.pairPlus[w], a.dec[w] = pp, mpRow[pp]
	}
	for w := 9; w < 18; w++ {
		pp := t.mp[b0*t.nS+int(a.plus[w])]
		a.pairPlus[w], a.dec[w] = pp, mpRow[pp]
	}
	for w := 18; w < 27; w++ {
		pp := t.sz[int(a.plus[w])*t.nH+b3]
		a.pairPlus[w], a.dec[w] = pp, szRow[pp]
	}
	for w := 27; w < NumKinds; w++ {
		pp := t.sz[b2*t.nH+int(a.plus[w])]
		a.pairPlus[w], a.dec[w] = pp, szRow[pp]
	}
	for x := a.four; x != 0; x &= x - 1 { // no fifth copy to draw
		a.dec[bits.TrailingZeros64(uint64(x))] = 0
	}
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
	h := &a.h
	di := int(d)
	if a.done>>di&1 != 0 {
		tiles = a.doneT[di]
		h[di]--
		count = unseen(tiles, h, visible)
		h[di]++
		return int(a.doneS[di]), tiles, count
	}
	st, ht := tables()
	t := pairTabs
	if !a.havePlus {
		a.preparePlus()
	}
	gd := di / 9
	cur, mp, sz, p, kd, y, yp := a.afterDiscard(di)
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
	h[di]--
	// d's own group: the ids of its digits with one draw more.
	var ids [9]uint8
	lo := gd * 9
	if gd == 3 {
		var z [9]uint8
		copy(z[:], h[27:34])
		ht.shift9(&z, &ids, nil)
	} else {
		st.shift9((*[9]uint8)(h[lo:lo+9]), &ids, nil)
	}
	tiles |= t.groupDraws(gd, &ids, &cur, mp, sz, fin, need) << lo
	// The other group of d's pair: one product a draw.
	pg := gd ^ 1
	tiles |= t.groupDraws(pg, (*[9]uint8)(a.plus[pg*9:pg*9+9]), &cur, mp, sz, fin, need) << (pg * 9)
	// The other pair: the draws that lower a goal on a best split, if the
	// normal form is what s13 is (otherwise a special form is better and
	// a normal improvement cannot reach below it).
	if f13-1 == s13 {
		var tight uint16
		lo, hi := 0, 18
		if gd < 2 {
			tight, lo, hi = t.tightSZ[a.k][mp*nSZ+sz], 18, NumKinds
		} else {
			tight = t.tightMP[a.k][mp*nSZ+sz]
		}
		for w := lo; w < hi; w++ {
			// 1 if the draw lowers a goal on a best split (dec ≤ 0xFFFF)
			hit := (uint32(a.dec[w]&tight) + 0xFFFF) >> 16
			tiles |= KindSet(hit) << w
		}
	}
	// Chiitoitsu and kokushi lower by one with a new kind (or a second
	// copy); only when they are as good as s13 does that count.
	if a.melds == 0 && n13+1 >= 13 {
		bit := KindSet(1) << di
		zero, one := a.zero, a.one&^bit
		switch h[di] { // after the discard
		case 0:
			zero |= bit
		case 1:
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
	count = unseen(tiles, h, visible)
	h[di]++
	a.done |= 1 << di
	a.doneS[di], a.doneT[di] = int8(s13), tiles
	return s13, tiles, count
}

// unseen counts the copies of the kinds in tiles that are neither in the
// hand h nor visible (may be nil).
func unseen(tiles KindSet, h, visible *[34]uint8) int {
	count := 0
	for x := tiles; x != 0; x &= x - 1 {
		w := bits.TrailingZeros64(uint64(x))
		left := 4 - int(h[w])
		if visible != nil {
			left -= int(visible[w])
		}
		count += max(0, left)
	}
	return count
}

// groupDraws returns, as bits 0–8, the draws into group g (ids: the
// group's id with each draw, the other groups as in cur, products mp and
// sz) whose final value (missing tiles) falls below need. Every id is a
// vector id, so no index leaves the tables.
func (t *pairTables) groupDraws(g int, ids *[9]uint8, cur *[4]uint8, mp, sz int, fin []uint8, need int) KindSet {
	// product index = id*mulA + addA; final index = product*mulF + addF
	tab := t.mp
	mulA, addA, mulF, addF := t.nS, int(cur[1]), t.nSZ, sz
	switch g {
	case 1:
		mulA, addA = 1, int(cur[0])*t.nS
	case 2:
		tab, mulA, addA, mulF, addF = t.sz, t.nH, int(cur[3]), 1, mp*t.nSZ
	case 3:
		tab, mulA, addA, mulF, addF = t.sz, 1, int(cur[2])*t.nH, 1, mp*t.nSZ
	}
	var out KindSet
	for i, id := range ids {
		f := int(fin[int(tab[int(id)*mulA+addA])*mulF+addF])
		out |= KindSet(uint(f-need)>>63) << i // f < need
	}
	if g == 3 {
		out &= 1<<7 - 1
	}
	return out
}
