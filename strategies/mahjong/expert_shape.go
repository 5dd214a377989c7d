package mahjong

import (
	"math"
	"math/bits"

	"gamelab/sim/mahjong"
)

// shapeEV is the expected value of a discard d that leaves a hand one
// from ready (the concealed counts c, red fives reds) looked at one draw
// further: each accepting kind w (ukeire, count unseen copies in all) is
// drawn with probability its unseen copies / count, and the hand then
// discards to the ready hand with the best win chance × estimate, whose
// win chance takes the wait it really has (its unseen tiles and ron
// factor as at tenpai: waitRon, furiten) instead of a typical 6 tiles.
// So of two discards with equal ukeire the one whose draws lead to
// two-sided waits is worth more. The estimate is asked only for the
// ready discards with at least half the best win chance of that draw.
func (e *Expert) shapeEV(v *mahjong.View, x *expertCtx, c *[mahjong.NumKinds]uint8, reds int, d mahjong.Tile, ukeire mahjong.KindSet, count int) float64 {
	an := &e.look
	melds := int(v.NMelds[v.Me])
	total, sum := 0, 0.0
	var memo pWinMemo // pWinShape by the wait's count and ron factor
	var ks [mahjong.NumKinds]mahjong.Tile
	var ps [mahjong.NumKinds]float64
	for u := uint64(ukeire); u != 0; u &= u - 1 {
		w := mahjong.Tile(bits.TrailingZeros64(u))
		n := 4 - int(c[w]) - int(x.vis[w])
		if n <= 0 {
			continue
		}
		h := *c
		h[w]++
		an.Reset(&h, melds)
		nk, top := 0, 0.0
		for k := range h {
			if h[k] == 0 || an.Shanten(mahjong.Tile(k)) != 0 {
				continue
			}
			_, waits, wc := an.Ukeire(mahjong.Tile(k), &x.vis)
			ron := 1.6
			switch {
			case e.Furiten > 0 && waits&(x.river|1<<d|1<<k) != 0:
				ron = 1
			case e.Wait > 0:
				ron = 1.6 * e.waitRon(x, waits)
			}
			p, ok := memo.lookup(wc, ron)
			if !ok {
				p = pWinShape(v, count, wc, x.hazard, ron)
				memo.put(wc, ron, p)
			}
			ks[nk], ps[nk] = mahjong.Tile(k), p
			nk++
			top = max(top, p)
		}
		best := 0.0
		for i := 0; i < nk; i++ {
			if ps[i] < top/2 {
				continue
			}
			k := ks[i]
			h2 := h
			h2[k]--
			r := reds
			if h2[k] == 0 && k%9 == 4 && k < 27 && r > 0 && v.Hand[mahjong.RedM5+k/9] > 0 {
				r-- // the last five of the suit is the red one
			}
			best = max(best, ps[i]*e.handEstimate(v, &h2, r, nil))
		}
		sum += float64(n) * best
		total += n
	}
	if total == 0 {
		return 0
	}
	return sum / float64(total)
}

// pWinShape is pWinRon from one step before ready with count unseen
// accepting tiles, the ready hand waiting on wait unseen tiles with ron
// factor ron (instead of a typical 6 with 1.6).
func pWinShape(v *mahjong.View, count, wait int, hazard, ron float64) float64 {
	turns, unseen := horizon(v)
	r2 := float64(count) / unseen
	r1 := math.Min(0.5, ron*float64(wait)/unseen)
	s2, s1, won := 1.0, 0.0, 0.0
	for range turns {
		m1 := s1 * (1 - hazard) * r1
		s1 = s1*(1-hazard) - m1
		won += m1
		m2 := s2 * (1 - hazard) * r2
		s2 = s2*(1-hazard) - m2
		s1 += m2
	}
	return won
}
