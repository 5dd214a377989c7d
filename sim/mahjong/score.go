package mahjong

import "fmt"

// ScoreResult is the value of a won hand.
type ScoreResult struct {
	// Yaku lists the yaku in a fixed order; for a yakuman hand only the
	// yakuman (han yaku do not count then).
	Yaku []YakuHan
	// Han is the total han with dora (0 for a yakuman); Fu the fu of the
	// chosen reading (0 for a yakuman).
	Han, Fu int
	// Yakuman is the yakuman multiple (0 if none; kazoe yakuman is not
	// counted here: see Limit).
	Yakuman int
	// Limit names the limit reached: "", "mangan", "haneman", "baiman",
	// "sanbaiman", "kazoe yakuman", "yakuman".
	Limit string
	// Base is the base points (fu·2^(han+2), or the limit's base).
	Base int
	// Points is the value of the hand: the ron payment, or the sum of the
	// tsumo payments; without honba and riichi sticks.
	Points int
	// HanYaku and HanFu are, for a yakuman hand, the han yaku (dora
	// included) and fu of the same reading: the 地鳳 server shows those in
	// NOTIFY agari instead of the yakuman. Empty otherwise.
	HanYaku []YakuHan
	HanFu   int
	// Payments is each seat's change, indexed by seat wind (0 = East …
	// 3 = North): the winner's gain including honba and the sticks on the
	// table, the payers' losses including honba. It sums to 1000·Sticks.
	Payments [4]int
}

// Score values the hand h won as described by w under rules r. h.Tiles
// are the concealed tiles either without the winning tile (13−3·melds) or
// with it (14−3·melds; then w.Tile must be among them). Every reading of
// the hand (each decomposition and each place of the winning tile, seven
// pairs, kokushi) is valued and the one paying most is kept (ties: more
// han, then more fu), or under r.PreferHan the one with most han, then fu. It returns ErrNotComplete if the tiles do not form a
// winning hand, ErrNoYaku if the hand has no yaku besides dora (it cannot
// win), and ErrBadHand for inconsistent input (all errors.Is-able).
func Score(h Hand, w Win, r ScoreRules) (ScoreResult, error) {
	var res ScoreResult
	winIn, err := checkWin(&h, &w)
	if err != nil {
		return res, err
	}
	melds := len(h.Melds)
	c := CountTiles(h.Tiles)
	if !winIn {
		c[w.Tile.Kind()]++
	}
	for _, m := range h.Melds {
		for _, t := range m.Tiles[:m.Len()] {
			if c[t.Kind()]++; c[t.Kind()] > 4 {
				return res, fmt.Errorf("%w: five %v", ErrBadHand, t.Kind().String())
			}
		}
	}
	for k, n := range c {
		if n > 4 {
			return res, fmt.Errorf("%w: five %v", ErrBadHand, Tile(k).String())
		}
	}
	for _, m := range h.Melds { // back to the concealed counts
		for _, t := range m.Tiles[:m.Len()] {
			c[t.Kind()]--
		}
	}
	if Shanten(&c, melds) != -1 {
		return res, ErrNotComplete
	}
	ctx := newScoreCtx(&h, &w, &r, &c, winIn)
	best := bestReading{preferHan: r.PreferHan}
	var buf [16]Decomposition
	for _, d := range Decompositions(&c, h.Melds, buf[:0]) {
		ctx.readNormal(&d, &best)
	}
	if melds == 0 && ShantenChiitoi(&c) == -1 {
		best.consider(ctx.readChiitoi())
	}
	if melds == 0 && ShantenKokushi(&c) == -1 {
		best.consider(ctx.readKokushi())
	}
	if !best.found {
		return res, ErrNotComplete
	}
	if best.rd.yakuman == 0 && best.rd.hanNoDora == 0 {
		return res, ErrNoYaku
	}
	res = ctx.result(&best.rd)
	return res, nil
}

// checkWin validates the parts of the input Score relies on and reports
// whether h.Tiles already holds the winning tile.
func checkWin(h *Hand, w *Win) (winIn bool, err error) {
	melds := len(h.Melds)
	if melds > 4 {
		return false, fmt.Errorf("%w: %d melds", ErrBadHand, melds)
	}
	if !w.Tile.Valid() {
		return false, fmt.Errorf("%w: winning tile %d", ErrBadHand, w.Tile)
	}
	n := len(h.Tiles)
	switch n {
	case 13 - 3*melds:
	case 14 - 3*melds:
		for _, t := range h.Tiles {
			winIn = winIn || t == w.Tile
		}
		if !winIn {
			return false, fmt.Errorf("%w: winning tile %v not in the hand", ErrBadHand, w.Tile.String())
		}
	default:
		return false, fmt.Errorf("%w: %d concealed tiles with %d melds", ErrBadHand, n, melds)
	}
	for _, t := range h.Tiles {
		if !t.Valid() {
			return false, fmt.Errorf("%w: tile %d", ErrBadHand, int(t))
		}
	}
	for i := range h.Melds {
		if !CheckMeld(h.Melds[i]) {
			return false, fmt.Errorf("%w: bad meld %d", ErrBadHand, i)
		}
	}
	for _, t := range [2]Tile{w.RoundWind, w.SeatWind} {
		if !t.Valid() || !t.IsWind() || t.IsRed() {
			return false, fmt.Errorf("%w: wind %d", ErrBadHand, int(t))
		}
	}
	if !w.Tsumo && (!w.Discarder.Valid() || !w.Discarder.IsWind() || w.Discarder == w.SeatWind) {
		return false, fmt.Errorf("%w: discarder %d", ErrBadHand, int(w.Discarder))
	}
	for _, ts := range [2][]Tile{w.Dora, w.Ura} {
		for _, t := range ts {
			if !t.Valid() {
				return false, fmt.Errorf("%w: dora indicator %d", ErrBadHand, int(t))
			}
		}
	}
	return winIn, nil
}
