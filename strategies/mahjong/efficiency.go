package mahjong

import (
	"math/rand/v2"

	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// Efficiency discards for the most unseen accepting tiles (ukeire) at the
// lowest shanten, declares riichi at tenpai with probability Riichi, pons
// value honors, and with probability Call takes other calls that lower its
// shanten toward a yaku (a value-honor set or all-simples). It always wins
// when it can and kans when that does not cost shanten.
type Efficiency struct {
	Call, Riichi float64
	discards     mahjong.Discards // reused by bestDiscard
}

func (e *Efficiency) Reset() {}

func (e *Efficiency) Decide(v *mahjong.View, legal []mahjong.Action, rng *rand.Rand) mahjong.Action {
	if a, ok := win(legal); ok {
		return a
	}
	if _, ok := pass(legal); ok {
		return e.claim(v, legal, rng)
	}
	if a, ok := e.kan(v, legal); ok {
		return a
	}
	d := e.bestDiscard(v, legal, rng, nil)
	return e.maybeRiichi(d, legal, rng)
}

// maybeRiichi turns discard d into a riichi declaration when legal and the
// coin says so.
func (e *Efficiency) maybeRiichi(d mahjong.Action, legal []mahjong.Action, rng *rand.Rand) mahjong.Action {
	r := mahjong.Action{Kind: mahjong.ActRiichi, Tile: d.Tile}
	for _, a := range legal {
		if a == r && (e.Riichi >= 1 || rng.Float64() < e.Riichi) {
			return r
		}
	}
	return d
}

// visible counts the tiles Me sees outside its concealed hand (View.Seen,
// at most 4 a kind).
func visible(v *mahjong.View) [mahjong.NumKinds]uint8 {
	c := v.Seen
	for k, n := range c {
		c[k] = min(n, 4)
	}
	return c
}

func seatWind(v *mahjong.View) mahjong.Tile {
	return mahjong.East + mahjong.Tile((int(v.Me)-int(v.Dealer)+4)%4)
}

func roundWind(v *mahjong.View) mahjong.Tile { return mahjong.East + mahjong.Tile((v.Round/4)%4) }

// isValueHonor reports whether k is a dragon or one of Me's value winds.
func isValueHonor(v *mahjong.View, k mahjong.Tile) bool {
	return k.IsDragon() || k == seatWind(v) || k == roundWind(v)
}

// bestDiscard returns the legal discard with the lowest shanten and the
// most ukeire; ties go to honors and terminals, then at random. If danger
// is not nil it is minimised first.
func (e *Efficiency) bestDiscard(v *mahjong.View, legal []mahjong.Action, rng *rand.Rand, danger *[mahjong.NumKinds]int) mahjong.Action {
	// One discard (after riichi, say): nothing to compare.
	only, n := mahjong.Action{}, 0
	for _, a := range legal {
		if a.Kind == mahjong.ActDiscard {
			only, n = a, n+1
		}
	}
	if n == 1 {
		return only
	}
	c := v.Counts()
	melds := int(v.NMelds[v.Me])
	// Shanten after each distinct legal discard; ukeire only for the
	// discards reaching the minimum, and only when a comparison gets that
	// far (danger and shanten decide most of them).
	var sh [mahjong.NumKinds]int8
	var seen [mahjong.NumKinds]bool
	an := &e.discards
	an.Reset(&c, melds)
	minSh := discardShanten(an, legal, &sh, &seen)
	// The ukeire counts (unseen copies: Ukeire clamps v.Seen at 4, as
	// visible does) of kind k, computed once: -1 below the minimum.
	count := func(k mahjong.Tile) int {
		if int(sh[k]) != minSh {
			return -1
		}
		_, _, n := an.Ukeire(k, &v.Seen)
		return n
	}
	// An open hand without a value-honor set or pair needs all simples:
	// its terminals and honors go first.
	needTanyao := v.NMelds[v.Me] > 0 && !hasValueSet(v)
	sw, rw := seatWind(v), roundWind(v)
	// Discards compare by danger, shanten, ukeire (more is better), then
	// keep red fives and middle tiles (discard honors, then terminals
	// first); equals are drawn at random.
	best := mahjong.Action{}
	var bk mahjong.Tile
	bd, bs, bn, bt, ties := 0, 0, 0, 0, 0
	bnOK := false
	for _, a := range legal {
		if a.Kind != mahjong.ActDiscard {
			continue
		}
		k := a.Tile.Kind()
		s := int(sh[k])
		if needTanyao && k.IsYaochu() {
			s -= 10
		}
		d := 0
		if danger != nil {
			d = danger[k]
		}
		if best.Kind == 0 || d < bd || d == bd && s < bs {
			best, bk, bd, bs, bnOK, bt, ties = a, k, d, s, false, tieBreak(a.Tile, k, sw, rw), 0
			continue
		}
		if d != bd || s != bs {
			continue
		}
		if !bnOK {
			bn, bnOK = count(bk), true
		}
		n := count(k)
		tb := tieBreak(a.Tile, k, sw, rw)
		switch {
		case n > bn || n == bn && tb < bt:
			best, bk, bn, bt, ties = a, k, n, tb, 0
		case n == bn && tb == bt:
			ties++
			if rng.IntN(ties+1) == 0 {
				best = a
			}
		}
	}
	if best.Kind == 0 {
		return legal[0]
	}
	return best
}

// tieBreak ranks a discard of tile t (kind k) among equals, lower first:
// honors other than the value winds sw, rw and the dragons, then
// terminals, then the rest, red fives last.
func tieBreak(t, k, sw, rw mahjong.Tile) int {
	switch {
	case t.IsRed():
		return 3
	case k.IsHonor() && !k.IsDragon() && k != sw && k != rw:
		return -2
	case k.IsYaochu():
		return -1
	}
	return 0
}

// discardShanten marks in seen every kind of tile a legal discard offers
// and sets sh to the shanten an gives after discarding it; it returns the
// lowest of them (99 if legal has no discard). an must be Reset first.
func discardShanten(an *mahjong.Discards, legal []mahjong.Action, sh *[mahjong.NumKinds]int8, seen *[mahjong.NumKinds]bool) int {
	minSh := 99
	for _, a := range legal {
		if a.Kind != mahjong.ActDiscard {
			continue
		}
		k := a.Tile.Kind()
		if seen[k] {
			continue
		}
		seen[k] = true
		s := an.Shanten(k)
		sh[k] = int8(s)
		minSh = min(minSh, s)
	}
	return minSh
}

// hasValueSet reports whether Me holds a value-honor meld or a pair or
// more of a value honor in hand.
func hasValueSet(v *mahjong.View) bool {
	me := v.Me
	for i := uint8(0); i < v.NMelds[me]; i++ {
		m := v.Melds[me][i]
		if m.Kind != mahjong.Chi && isValueHonor(v, m.Tiles[0].Kind()) {
			return true
		}
	}
	c := v.Counts()
	for h := mahjong.East; h <= mahjong.Red; h++ {
		if c[h] >= 2 && isValueHonor(v, h) {
			return true
		}
	}
	return false
}

// kan declares an ankan or kakan that keeps the shanten.
func (e *Efficiency) kan(v *mahjong.View, legal []mahjong.Action) (mahjong.Action, bool) {
	for _, a := range legal {
		if a.Kind != mahjong.ActAnkan && a.Kind != mahjong.ActKakan {
			continue
		}
		c := v.Counts()
		melds := int(v.NMelds[v.Me])
		before := shantenAfterBestDiscard(&c, melds)
		k := a.Tile.Kind()
		if a.Kind == mahjong.ActAnkan {
			c[k] -= 4
			if mahjong.Shanten(&c, melds+1) <= before {
				return a, true
			}
		} else {
			c[k]--
			if mahjong.Shanten(&c, melds) <= before && !anyRiichi(v) {
				return a, true
			}
		}
	}
	return mahjong.Action{}, false
}

func shantenAfterBestDiscard(c *[mahjong.NumKinds]uint8, melds int) int {
	return mahjong.Shanten(c, melds)
}

func anyRiichi(v *mahjong.View) bool {
	for s, r := range v.Riichi {
		if r && sim.Seat(s) != v.Me {
			return true
		}
	}
	return false
}

// claim answers a claim prompt: value-honor pon always; other pon/chi with
// probability Call when they lower the shanten and keep a yaku in reach.
func (e *Efficiency) claim(v *mahjong.View, legal []mahjong.Action, rng *rand.Rand) mahjong.Action {
	p, _ := pass(legal)
	t := v.LastDiscard
	if t == mahjong.NoTile {
		return p
	}
	k := t.Kind()
	c := v.Counts()
	melds := int(v.NMelds[v.Me])
	now := mahjong.Shanten(&c, melds)
	for _, a := range legal {
		if a.Kind != mahjong.ActPon && a.Kind != mahjong.ActChi {
			continue
		}
		if a.Kind == mahjong.ActPon && isValueHonor(v, k) {
			return a
		}
		if e.Call <= 0 || rng.Float64() >= e.Call {
			continue
		}
		if !e.yakuInReach(v, a, k) {
			continue
		}
		c2 := c
		c2[a.Tile.Kind()]--
		c2[a.Tile2.Kind()]--
		if shantenBestDiscard(&c2, melds+1) < now {
			return a
		}
	}
	return p
}

// shantenBestDiscard is the shanten after the best discard of a 3n+2 hand.
func shantenBestDiscard(c *[mahjong.NumKinds]uint8, melds int) int {
	return mahjong.Shanten(c, melds)
}

// yakuInReach: the hand already holds a value-honor meld or pair, or the
// call keeps an all-simples hand possible.
func (e *Efficiency) yakuInReach(v *mahjong.View, a mahjong.Action, k mahjong.Tile) bool {
	me := v.Me
	for i := uint8(0); i < v.NMelds[me]; i++ {
		m := v.Melds[me][i]
		if m.Kind != mahjong.Chi && isValueHonor(v, m.Tiles[0].Kind()) {
			return true
		}
	}
	c := v.Counts()
	for h := mahjong.East; h <= mahjong.Red; h++ {
		if c[h] >= 2 && isValueHonor(v, h) {
			return true
		}
	}
	// all simples: the new meld and the earlier melds hold no terminal or honor
	if k.IsYaochu() || a.Tile.IsYaochu() || a.Tile2.IsYaochu() {
		return false
	}
	for i := uint8(0); i < v.NMelds[me]; i++ {
		m := v.Melds[me][i]
		for _, t := range m.Tiles[:m.Len()] {
			if t.IsYaochu() {
				return false
			}
		}
	}
	yao := 0
	for h := mahjong.Tile(0); h < mahjong.NumKinds; h++ {
		if h.IsYaochu() {
			yao += int(c[h])
		}
	}
	return yao <= 2
}
