package mahjong

// Discards answers, for one hand of 14−3·melds concealed tiles, the
// shanten and the ukeire after each discard, sharing the work that does
// not depend on the discard: the four group ids of the hand, the ids of
// each group with one tile more (one per drawable kind) and the counts of
// the special forms are computed once, so a discard costs one group
// lookup for its shanten and, for its ukeire, one lookup per kind of its
// own group plus one table product per other kind. A bot's decision asks
// Shanten for every discard and Ukeire only for the best few. The answers
// equal Shanten and Improvements of the hand without the discard. The
// zero value is empty: call Reset first. Discards allocates nothing.
type Discards struct {
	h        [34]uint8
	melds, k int
	fin      []uint8   // pairTabs.fin(k)
	base     [4]uint8  // group ids of the hand
	mp, sz   int       // products of base
	minus    [34]uint8 // id of kind d's group with one d less (valid when h[d] > 0)
	plus     [34]uint8 // id of kind w's group with one w more (valid when havePlus and h[w] < 4)
	// pairPlus[w] is the product (mp for m/p kinds, sz for s/z kinds) of
	// w's pair of groups with one w more and the other group as in the
	// hand: a discard from the other pair leaves it as it is.
	pairPlus [34]uint8
	havePlus bool
	// special forms of the 13-tile hands: counts of the full hand
	n, pairs, kinds, yk, ypairs int
}

// Reset analyses the hand c (14−3·melds concealed tiles, at most 4 a
// kind) with melds melds made.
func (a *Discards) Reset(c *[34]uint8, melds int) {
	st, ht := tables()
	t := pairTabs
	a.h = *c
	a.melds = melds
	a.k = (4 - melds) & 7
	a.fin = t.fin(a.k)
	a.havePlus = false
	for g := 0; g < 4; g++ {
		a.base[g] = groupIDOf(st, ht, &a.h, g)
	}
	a.mp = int(t.mp[int(a.base[0])*t.nS+int(a.base[1])])
	a.sz = int(t.sz[int(a.base[2])*t.nH+int(a.base[3])])
	a.n, a.pairs, a.kinds, a.yk, a.ypairs = 0, 0, 0, 0, 0
	for kk, x := range a.h {
		a.n += int(x)
		if x == 0 {
			continue
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
		h := &a.h
		h[kk]--
		a.minus[kk] = groupIDOf(st, ht, h, kk/9)
		h[kk]++
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

// preparePlus computes plus and pairPlus, once per hand.
func (a *Discards) preparePlus() {
	st, ht := tables()
	t := pairTabs
	h := &a.h
	a.havePlus = true
	for w := 0; w < NumKinds; w++ {
		if h[w] >= 4 {
			continue
		}
		h[w]++
		id := groupIDOf(st, ht, h, w/9)
		h[w]--
		a.plus[w] = id
		var pp uint8
		switch w / 9 {
		case 0:
			pp = t.mp[int(id)*t.nS+int(a.base[1])]
		case 1:
			pp = t.mp[int(a.base[0])*t.nS+int(id)]
		case 2:
			pp = t.sz[int(id)*t.nH+int(a.base[3])]
		default:
			pp = t.sz[int(a.base[2])*t.nH+int(id)]
		}
		a.pairPlus[w] = pp
	}
}

// Ukeire returns, after discarding one tile of kind d (which the hand
// must hold), the shanten, the kinds whose draw lowers it and the unseen
// copies of them (visible may be nil): Improvements of the tiles left.
//
// A draw w changes one group of the hand without d: d's own group (its
// id is looked up), the other group of d's pair (one product with d's
// group less one d) or a group of the other pair (that pair's product
// was computed once per hand, pairPlus). The special forms are checked
// only when they can beat the normal form.
func (a *Discards) Ukeire(d Tile, visible *[34]uint8) (shanten int, tiles KindSet, count int) {
	st, ht := tables()
	t := pairTabs
	h := &a.h
	if !a.havePlus {
		a.preparePlus()
	}
	di := int(d)
	gd := di / 9
	cur, mp, sz, p, kd, y, yp := a.afterDiscard(di)
	fin := a.fin
	nSZ := t.nSZ
	s13 := int(fin[mp*nSZ+sz]) - 1
	n13 := a.n - 1
	if a.melds == 0 && s13 > 0 && n13 >= 13 {
		s13 = min(s13, 6-p+max(0, 7-kd), 13-y-min(yp, 1))
	}
	// A draw lowers chiitoitsu or kokushi by at most one: they matter only
	// if they are within one of s13.
	special := a.melds == 0 && n13+1 >= 13 && min(6-p+max(0, 7-kd), 13-y-min(yp, 1))-1 < s13
	yp1 := min(yp, 1)
	h[di]--
	// need is the final value (missing tiles) a draw must stay below.
	need := uint8(s13 + 1)
	for g := 0; g < 4; g++ {
		lo, hi := g*9, g*9+9
		if g == 3 {
			hi = NumKinds
		}
		for w := lo; w < hi; w++ {
			if h[w] >= 4 {
				continue
			}
			var f uint8
			switch {
			case g == gd:
				h[w]++
				id := groupIDOf(st, ht, h, g)
				h[w]--
				mpw, szw := t.withGroup(g, id, &cur, mp, sz)
				f = fin[mpw*nSZ+szw]
			case g^1 == gd: // the other group of d's pair
				mpw, szw := t.withGroup(g, a.plus[w], &cur, mp, sz)
				f = fin[mpw*nSZ+szw]
			case g < 2:
				f = fin[int(a.pairPlus[w])*nSZ+sz]
			default:
				f = fin[mp*nSZ+int(a.pairPlus[w])]
			}
			better := f < need
			if !better && special {
				better = specialAfterDraw(p, kd, y, yp1, w, h[w]) < s13
			}
			if better {
				tiles |= 1 << w
				left := 4 - int(h[w])
				if visible != nil {
					left -= int(visible[w])
				}
				count += max(0, left)
			}
		}
	}
	h[di]++
	return s13, tiles, count
}
