package mahjong

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"gamelab/sim/mahjong"
)

// handEstimate estimates the points of a win with the concealed counts c
// (red fives reds), Me's melds and, when extra is not nil, one more meld
// Me is about to call. It returns 0 when an open hand has no yaku in
// reach. The han it counts (docs/rules/mahjong.md lists the yaku): value
// honors (a set 1 each, a pair 0.4, a double wind twice), all simples
// (tanyao), half and full flush (honitsu/chinitsu, scaled by how many
// tiles are off the main suit), all triplets (toitoi) and seven pairs
// (chiitoitsu) by the pairs held, iipeikou, a likely mixed triple run
// (sanshoku), dora and red fives, and for a closed hand riichi, tsumo, ura
// and ippatsu on average (1.6). Honba and riichi sticks on the table are
// added to the points.
func (e *Expert) handEstimate(v *mahjong.View, c *[mahjong.NumKinds]uint8, reds int, extra *mahjong.Meld) float64 {
	me := v.Me
	open := extra != nil
	han := 0.0
	yaku := false
	yao := 0
	var suit [4]int // tiles per suit (3 = honors)
	pairs, trips := 0, 0
	for k := mahjong.Tile(0); k < mahjong.NumKinds; k++ {
		n := int(c[k])
		if n == 0 {
			continue
		}
		if k.IsYaochu() {
			yao += n
		}
		suit[k/9] += n
		if n >= 2 {
			pairs++
		}
		if n >= 3 {
			trips++
		}
	}
	chi, pons := 0, 0
	var runs [3]uint16 // bit n: a run starting at number n+1 held as a chi meld
	nm := int(v.NMelds[me])
	for i := 0; i <= nm; i++ {
		var m *mahjong.Meld
		switch {
		case i < nm:
			m = &v.Melds[me][i]
		case extra != nil:
			m = extra
		default:
			continue
		}
		if m.Kind != mahjong.Ankan {
			open = true
		}
		k := m.Tiles[0].Kind()
		if m.Kind == mahjong.Chi {
			chi++
			b := m.Tiles[0].Kind()
			for _, t := range m.Tiles[1:3] {
				b = min(b, t.Kind())
			}
			runs[b/9] |= 1 << (b % 9)
		} else {
			pons++
			if isValueHonor(v, k) {
				han += valueHan(v, k)
				yaku = true
			}
		}
		suit[k/9] += 3
		for _, t := range m.Tiles[:m.Len()] {
			if t.IsYaochu() {
				yao += 10
			}
			if t.IsRed() {
				han++
			}
			for _, ind := range v.Dora[:v.NDora] {
				if t.Kind() == mahjong.DoraFromIndicator(ind) {
					han++
				}
			}
		}
	}
	honorsAndSimples(v, c, yao, open, true, &han, &yaku)
	// flushes: tiles off the main suit
	main, off := 0, 0
	for s := 0; s < 3; s++ {
		if suit[s] > suit[main] {
			main = s
		}
	}
	for s := 0; s < 3; s++ {
		if s != main {
			off += suit[s]
		}
	}
	if off <= 2 {
		f := [3]float64{1, 0.6, 0.25}[off]
		h := 3.0
		if suit[3] == 0 {
			h = 6 // chinitsu
		}
		if open {
			h--
		}
		han += f * h
		if off <= 1 {
			yaku = true
		}
	}
	// toitoi: triplets (made or concealed) and pairs with no run
	if sets, po := pons+trips, pairs-trips; chi == 0 && sets+po >= 4 && sets >= 1 {
		han += 2 * min(1, (float64(sets)+0.5*float64(min(po, 5-sets)-1))/4)
		if sets >= 3 || (sets >= 2 && po >= 2) {
			yaku = true
		}
	}
	if !open {
		// chiitoitsu: many pairs and few triplets
		if pairs >= 5 && trips <= 1 {
			han += 0.5 * float64(pairs-4)
		}
		for s := mahjong.Tile(0); s < 27; s += 9 {
			for n := mahjong.Tile(0); n < 7; n++ {
				k := s + n
				if c[k] >= 2 && c[k+1] >= 2 && c[k+2] >= 2 {
					han += 0.6 // iipeikou
				}
			}
		}
	}
	han += sanshoku(c, &runs) + ittsu(c, &runs)
	pts, ok := winPoints(v, c, reds, open, yaku, han, pointsOf)
	if !ok {
		return 0
	}
	return pts + 300*float64(v.Honba) + 1000*float64(v.Sticks)
}

// winPoints adds to han the dora among the concealed counts c, the red
// fives reds and, for a closed hand, riichi, tsumo, ura and ippatsu on
// average (1.6), and returns the points of that han by points (times 1.5
// for the dealer); ok is false for an open hand without yaku.
func winPoints(v *mahjong.View, c *[mahjong.NumKinds]uint8, reds int, open, yaku bool, han float64, points func(float64) float64) (pts float64, ok bool) {
	for _, ind := range v.Dora[:v.NDora] {
		han += float64(c[mahjong.DoraFromIndicator(ind)])
	}
	han += float64(reds)
	if !open {
		han += 1.6 // riichi, tsumo, ura and ippatsu on average
	} else if !yaku {
		return 0, false
	}
	pts = points(han)
	if v.Me == v.Dealer {
		pts *= 1.5
	}
	return pts, true
}

// honorsAndSimples adds to han the concealed value honors (a set 1 han,
// or valueHan when double, a pair 0.4) and all simples (1 han with at
// most one terminal or honor left, yao counting those of melds; 0.4 for
// a closed hand with up to 3), and sets yaku for the sets, for a value
// pair of an open hand and for all simples.
func honorsAndSimples(v *mahjong.View, c *[mahjong.NumKinds]uint8, yao int, open, double bool, han *float64, yaku *bool) {
	for h := mahjong.East; h <= mahjong.Red; h++ {
		if !isValueHonor(v, h) {
			continue
		}
		switch {
		case c[h] >= 3:
			if double {
				*han += valueHan(v, h)
			} else {
				*han++
			}
			*yaku = true
		case c[h] == 2:
			*han += 0.4
			if open {
				*yaku = true // a pair to pon or to win on
			}
		}
	}
	if yao <= 1 {
		*han++
		*yaku = true
	} else if yao <= 3 && !open {
		*han += 0.4
	}
}

// valueHan is the han of a set of value honor k (2 for a double wind).
func valueHan(v *mahjong.View, k mahjong.Tile) float64 {
	h := 0.0
	if k.IsDragon() {
		h++
	}
	if k == seatWind(v) {
		h++
	}
	if k == roundWind(v) {
		h++
	}
	return h
}

// sanshoku estimates the han of a mixed triple run (1 open, 2 closed, the
// same here): 1.5 when the three runs of one number are all held (as chi
// melds or concealed tiles), 0.4 when one run misses a single tile.
func sanshoku(c *[mahjong.NumKinds]uint8, runs *[3]uint16) float64 {
	best := 0.0
	for n := mahjong.Tile(0); n < 7; n++ {
		missing, gap := 0, 0
		for s := mahjong.Tile(0); s < 3 && missing < 2; s++ {
			if runs[s]>>n&1 != 0 {
				continue
			}
			k := 9*s + n
			m := 0
			for j := mahjong.Tile(0); j < 3; j++ {
				if c[k+j] == 0 {
					m++
				}
			}
			missing += m
			if m > 0 {
				gap++
			}
		}
		switch {
		case missing == 0:
			return 1.5
		case missing == 1 && gap == 1:
			best = 0.4
		}
	}
	return best
}

// ittsu estimates the han of a pure straight (1–9 of one suit) like
// sanshoku: 1.5 all held, 0.4 one tile missing. It repeats sanshoku's
// loop with suits and numbers swapped: one helper for both cost 2.5 % of
// BenchmarkPlayExpert (games/cpu-s, 5 interleaved pairs of -benchtime
// 200x -cpu 1 on the shared 2-core AMD EPYC, 2026-12-05).
func ittsu(c *[mahjong.NumKinds]uint8, runs *[3]uint16) float64 {
	best := 0.0
	for s := mahjong.Tile(0); s < 3; s++ {
		missing, gap := 0, 0
		for n := mahjong.Tile(0); n < 9 && missing < 2; n += 3 {
			if runs[s]>>n&1 != 0 {
				continue
			}
			m := 0
			for j := mahjong.Tile(0); j < 3; j++ {
				if c[9*s+n+j] == 0 {
					m++
				}
			}
			missing += m
			if m > 0 {
				gap++
			}
		}
		switch {
		case missing == 0:
			return 1.5
		case missing == 1 && gap == 1:
			best = 0.4
		}
	}
	return best
}

// pointsOf is a non-dealer's win by han at about 30–40 fu, linear between
// whole han so that a fraction of a han (a yaku in reach) counts.
func pointsOf(han float64) float64 {
	tab := [...]float64{0: 700, 1: 1300, 2: 2600, 3: 5200, 4: 7700, 5: 8000, 6: 12000, 7: 12000, 8: 16000, 9: 16000, 10: 16000, 11: 24000, 12: 24000, 13: 32000}
	if han <= 0 {
		return tab[0]
	}
	if han >= 13 {
		return tab[13]
	}
	i := int(han)
	f := han - float64(i)
	return tab[i] + f*(tab[i+1]-tab[i])
}

// discardEV picks the discard with the best expected value among the
// legal discards that keep the lowest shanten: the chance to win with
// what is left (pWin: shanten, live ukeire, turns) times the estimated
// points (handEstimate), minus the weighted deal-in loss of the tile
// against the threats. Ties go to the higher ukeire, then to honors and
// terminals (red fives kept), then at random. Only Value > 0 enables it;
// otherwise it is Efficiency's bestDiscard.
func (e *Expert) discardEV(v *mahjong.View, legal []mahjong.Action, rng *rand.Rand, x *expertCtx) mahjong.Action {
	if e.Value <= 0 {
		return e.bestDiscard(v, legal, rng, nil)
	}
	an := &e.discards
	melds := int(v.NMelds[v.Me])
	an.Reset(&x.c, melds)
	var sh [mahjong.NumKinds]int8
	var seen [mahjong.NumKinds]bool
	minSh := discardShanten(an, legal, &sh, &seen)
	reds := int(v.Hand[mahjong.RedM5] + v.Hand[mahjong.RedP5] + v.Hand[mahjong.RedS5])
	var cnt [mahjong.NumKinds]int
	var ron [mahjong.NumKinds]float64 // a ready hand's ron factor
	var ukeire [mahjong.NumKinds]mahjong.KindSet
	river := x.river
	for k := range seen {
		if seen[k] && int(sh[k]) == minSh {
			var waits mahjong.KindSet
			_, waits, cnt[k] = an.Ukeire(mahjong.Tile(k), &x.vis)
			ukeire[k] = waits
			ron[k] = 1.6
			switch {
			case minSh != 0:
			case e.Furiten > 0 && waits&(river|1<<k) != 0:
				// a wait on a tile of Me's river (or the discard
				// itself) can win by tsumo only
				ron[k] = 1
			case e.Wait > 0:
				ron[k] = 1.6 * e.waitRon(x, waits)
			}
		}
	}
	// pWin depends only on the ukeire and the ron factor here: computed
	// once per pair
	var memo pWinMemo
	shaped := minSh == 1 && e.Shape > 0
	// ShapePrune: the look-ahead only for the discards whose plain
	// expected value comes within ShapePrune of the best one's.
	var skip [mahjong.NumKinds]bool
	if shaped && e.ShapePrune > 0 {
		var plain [mahjong.NumKinds]float64
		top := math.Inf(-1)
		for k := range seen {
			if !seen[k] || int(sh[k]) != minSh {
				continue
			}
			c := x.c
			c[k]--
			ev := x.winW * memo.get(v, minSh, cnt[k], x.hazard, ron[k]) * e.handEstimate(v, &c, reds, nil)
			if x.nt > 0 {
				ev -= x.lossW * x.loss(mahjong.Tile(k))
			}
			plain[k] = ev
			top = max(top, ev)
		}
		for k := range seen {
			skip[k] = top > 0 && plain[k] < e.ShapePrune*top
		}
	}
	best := mahjong.Action{}
	var bev float64
	bc, bt, ties := 0, 0, 0
	for _, a := range legal {
		if a.Kind != mahjong.ActDiscard {
			continue
		}
		k := a.Tile.Kind()
		if int(sh[k]) != minSh || skip[k] {
			continue
		}
		c := x.c
		c[k]--
		r := reds
		tb := 0
		switch {
		case a.Tile.IsRed():
			tb = 3
			r--
		case k.IsHonor() && !isValueHonor(v, k):
			tb = -2
		case k.IsYaochu():
			tb = -1
		}
		var ev float64
		if cnt[k] > 0 && shaped {
			ev = x.winW * e.shapeEV(v, x, &c, r, k, ukeire[k], cnt[k])
		} else {
			ev = x.winW * memo.get(v, minSh, cnt[k], x.hazard, ron[k]) * e.handEstimate(v, &c, r, nil)
		}
		if x.nt > 0 {
			ev -= x.lossW * x.loss(k)
		}
		better := false
		switch {
		case best.Kind == 0:
			better = true
		case ev != bev:
			better = ev > bev
		case cnt[k] != bc:
			better = cnt[k] > bc
		case tb != bt:
			better = tb < bt
		default:
			ties++
			better = rng.IntN(ties+1) == 0
		}
		if better {
			if best.Kind == 0 || ev != bev || cnt[k] != bc || tb != bt {
				ties = 0
			}
			best, bev, bc, bt = a, ev, cnt[k], tb
		}
	}
	if best.Kind == 0 {
		return e.bestDiscard(v, legal, rng, nil)
	}
	return best
}

// pWinMemo keeps pWinRon of one decision's shanten by ukeire and ron
// factor: the discards of a hand share few such pairs.
type pWinMemo struct {
	cnt    [8]int
	ron, p [8]float64
	n      int
}

// get returns pWinRon(v, sh, cnt, hazard, ron), sh and hazard being the
// same for every call on one memo.
func (m *pWinMemo) get(v *mahjong.View, sh, cnt int, hazard, ron float64) float64 {
	if p, ok := m.lookup(cnt, ron); ok {
		return p
	}
	p := pWinRon(v, sh, cnt, hazard, ron)
	m.put(cnt, ron, p)
	return p
}

// lookup returns the kept chance for cnt and ron, if any.
func (m *pWinMemo) lookup(cnt int, ron float64) (float64, bool) {
	for i := 0; i < m.n; i++ {
		if m.cnt[i] == cnt && m.ron[i] == ron {
			return m.p[i], true
		}
	}
	return 0, false
}

// put keeps p for cnt and ron while there is room.
func (m *pWinMemo) put(cnt int, ron, p float64) {
	if m.n < len(m.cnt) {
		m.cnt[m.n], m.ron[m.n], m.p[m.n] = cnt, ron, p
		m.n++
	}
}

// callEV compares a chi or pon a with passing by expected value: the best
// discard after the call (pWin of its shanten and ukeire times the open
// hand's estimate, 0 without a yaku in reach) against the hand as it is
// (pWin of its shanten and ukeire times the closed estimate). It reports
// whether the call is worth CallEV times the pass.
func (e *Expert) callEV(v *mahjong.View, a mahjong.Action, x *expertCtx) bool {
	melds := int(v.NMelds[v.Me])
	reds := int(v.Hand[mahjong.RedM5] + v.Hand[mahjong.RedP5] + v.Hand[mahjong.RedS5])
	sh, _, cnt := mahjong.Improvements(&x.c, melds, &x.vis)
	pass := pWin(v, sh, cnt, x.hazard) * e.handEstimate(v, &x.c, reds, nil)
	m := mahjong.Meld{Kind: mahjong.Pon, Tiles: [4]mahjong.Tile{a.Tile, a.Tile2, v.LastDiscard, mahjong.NoTile}, Called: v.LastDiscard}
	if a.Kind == mahjong.ActChi {
		m.Kind = mahjong.Chi
	}
	c2 := x.c
	c2[a.Tile.Kind()]--
	c2[a.Tile2.Kind()]--
	r2 := reds
	if a.Tile.IsRed() {
		r2--
	}
	if a.Tile2.IsRed() {
		r2--
	}
	an := &e.discards
	an.Reset(&c2, melds+1)
	minSh := 99
	for k := range c2 {
		if c2[k] > 0 {
			minSh = min(minSh, an.Shanten(mahjong.Tile(k)))
		}
	}
	best := 0.0
	for k := range c2 {
		if c2[k] == 0 || an.Shanten(mahjong.Tile(k)) != minSh {
			continue
		}
		_, _, n := an.Ukeire(mahjong.Tile(k), &x.vis)
		c3 := c2
		c3[k]--
		r3 := r2
		if c3[k] == 0 && k%9 == 4 && k < 27 && v.Hand[mahjong.RedM5+mahjong.Tile(k/9)] > 0 {
			r3-- // the last five of the suit is the red one
		}
		best = max(best, pWin(v, minSh, n, x.hazard)*e.handEstimate(v, &c3, r3, &m))
	}
	return best > e.CallEV*pass
}

// waitRon weighs a wait's ron chance by its tiles, each by its live
// copies: others let go of honors (1.4) and terminals (1.3) sooner than
// of 2s and 8s (1.1) and middle tiles (1); a tile on the suji of one of
// Me's discards (a suji trap) counts 1.3 times more. Scaled by Wait.
func (e *Expert) waitRon(x *expertCtx, waits mahjong.KindSet) float64 {
	sum, n := 0.0, 0.0
	for w := uint64(waits); w != 0; w &= w - 1 {
		k := mahjong.Tile(bits.TrailingZeros64(w))
		live := float64(4 - int(x.seen[k]))
		if live <= 0 {
			continue
		}
		f := 1.0
		switch {
		case k.IsHonor():
			f = 1.4
		case k.IsTerminal():
			f = 1.3
		case k%9 == 1 || k%9 == 7:
			f = 1.1
		}
		if !k.IsHonor() {
			m := k % 9
			if (m >= 3 && x.river.Has(k-3)) || (m <= 5 && x.river.Has(k+3)) {
				f *= 1.3
			}
		}
		sum += live * f
		n += live
	}
	if n == 0 {
		return 1
	}
	return 1 + e.Wait*(sum/n-1)
}
