package mjai

import (
	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// Situation says what a seat is asked, for Legal: its own turn (after a
// draw, or after its chi or pon) or a claim on another seat's discard or
// kakan.
type Situation struct {
	Turn bool
	// AfterCall: the turn follows the seat's own chi or pon (no draw):
	// kuikae forbids the called kind (and for a chi the tile at the
	// other end of the run); CalledChi and Called describe the call.
	AfterCall bool
	CalledChi bool
	Called    mahjong.Tile
	CalledLow mahjong.Tile // lowest kind of the chi
	// Rinshan: the drawn tile is a replacement tile.
	Rinshan bool
	// Chankan: the claim is on a kakan (only ron).
	Chankan bool
	// Passed has bit k set when a tile of kind k passed the seat since
	// its last discard (temporary furiten) or since its riichi (riichi
	// furiten), the tile now claimed not counted: Fold keeps it from the
	// order of the messages, which the View does not hold.
	Passed uint64
}

// Legal appends to dst the actions of seat v.Me that are legal under
// Tenhou rules in situation sit, as far as the View tells: for a host that
// sends no possible_actions. It never lists an illegal action; it leaves
// out what the View cannot decide (ankan in riichi and nine kinds are
// never offered); temporary and riichi furiten come from sit.Passed.
func Legal(v *mahjong.View, sit Situation, dst []mahjong.Action) []mahjong.Action {
	me := v.Me
	counts := v.Counts()
	melds := int(v.NMelds[me])
	closed := true
	for _, m := range v.Melds[me][:melds] {
		if m.IsOpen() {
			closed = false
		}
	}
	kans := 0
	for s := range 4 {
		for _, m := range v.Melds[s][:v.NMelds[s]] {
			if m.IsQuad() {
				kans++
			}
		}
	}
	if sit.Turn {
		if v.Drawn != mahjong.NoTile && !sit.AfterCall && winHasYaku(v, v.Drawn, true, sit.Rinshan, false) {
			dst = append(dst, mahjong.Action{Kind: mahjong.ActTsumo})
		}
		if v.Riichi[me] {
			if v.Drawn != mahjong.NoTile {
				dst = append(dst, mahjong.Action{Kind: mahjong.ActDiscard, Tile: v.Drawn})
			}
			return dst
		}
		for f := range mahjong.Tile(mahjong.NumTiles) {
			if v.Hand[f] == 0 || sit.AfterCall && kuikae(sit, f) {
				continue
			}
			dst = append(dst, mahjong.Action{Kind: mahjong.ActDiscard, Tile: f})
		}
		if closed && !sit.AfterCall && v.Scores[me] >= 1000 && v.WallLeft >= 4 {
			for f := range mahjong.Tile(mahjong.NumTiles) {
				if v.Hand[f] == 0 {
					continue
				}
				counts[f.Kind()]--
				if mahjong.Shanten(&counts, melds) == 0 {
					dst = append(dst, mahjong.Action{Kind: mahjong.ActRiichi, Tile: f})
				}
				counts[f.Kind()]++
			}
		}
		if !sit.AfterCall && kans < 4 && v.WallLeft > 0 {
			for k := range mahjong.Tile(mahjong.NumKinds) {
				if counts[k] == 4 {
					dst = append(dst, mahjong.Action{Kind: mahjong.ActAnkan, Tile: k})
				}
			}
			for _, m := range v.Melds[me][:melds] {
				if m.Kind != mahjong.Pon {
					continue
				}
				for _, f := range [2]mahjong.Tile{m.Tiles[0].Kind().Red(), m.Tiles[0].Kind()} {
					if v.Hand[f] > 0 {
						dst = append(dst, mahjong.Action{Kind: mahjong.ActKakan, Tile: f})
						break
					}
				}
			}
		}
		return dst
	}
	// A claim on v.LastDiscard from v.LastFrom.
	t := v.LastDiscard
	if t == mahjong.NoTile || v.LastFrom == me || v.LastFrom == sim.NoSeat {
		return dst
	}
	dst = append(dst, mahjong.Action{Kind: mahjong.ActPass})
	if winHasYaku(v, t, false, false, sit.Chankan) && !furiten(v, &counts, melds, sit.Passed) {
		dst = append(dst, mahjong.Action{Kind: mahjong.ActRon})
	}
	if sit.Chankan || v.Riichi[me] || v.WallLeft <= 0 {
		return dst
	}
	k := t.Kind()
	red := k.Red()
	plain := int(v.Hand[k])
	reds := 0
	if red != k {
		reds = int(v.Hand[red])
	}
	if plain+reds >= 2 {
		if plain >= 2 && canDiscardAfter(v, Situation{Called: t}, k, k) {
			dst = append(dst, mahjong.Action{Kind: mahjong.ActPon, Tile: k, Tile2: k})
		}
		if reds > 0 && plain >= 1 && canDiscardAfter(v, Situation{Called: t}, red, k) {
			dst = append(dst, mahjong.Action{Kind: mahjong.ActPon, Tile: red, Tile2: k})
		}
	}
	if plain+reds >= 3 && kans < 4 {
		dst = append(dst, mahjong.Action{Kind: mahjong.ActKan})
	}
	if k < mahjong.East && v.LastFrom == (me+3)%4 {
		r := int(k % 9)
		for lo := r - 2; lo <= r; lo++ {
			if lo < 0 || lo+2 > 8 {
				continue
			}
			var need []mahjong.Tile
			for x := lo; x <= lo+2; x++ {
				if x != r {
					need = append(need, k-mahjong.Tile(r)+mahjong.Tile(x))
				}
			}
			sit := Situation{CalledChi: true, Called: t, CalledLow: k - mahjong.Tile(r) + mahjong.Tile(lo)}
			for _, a := range faceChoices(v, need[0]) {
				for _, b := range faceChoices(v, need[1]) {
					if canDiscardAfter(v, sit, a, b) {
						dst = append(dst, mahjong.Action{Kind: mahjong.ActChi, Tile: a, Tile2: b})
					}
				}
			}
		}
	}
	return dst
}

// faceChoices lists the faces of kind k the hand holds (the red five and
// the plain five are different choices).
func faceChoices(v *mahjong.View, k mahjong.Tile) []mahjong.Tile {
	var out []mahjong.Tile
	if r := k.Red(); r != k && v.Hand[r] > 0 {
		out = append(out, r)
	}
	if v.Hand[k] > 0 {
		out = append(out, k)
	}
	return out
}

// canDiscardAfter reports whether, after calling with hand tiles a and b,
// some tile is left that kuikae allows to discard.
func canDiscardAfter(v *mahjong.View, sit Situation, a, b mahjong.Tile) bool {
	hand := v.Hand
	hand[a]--
	hand[b]--
	for f := range mahjong.Tile(mahjong.NumTiles) {
		if hand[f] > 0 && !kuikae(sit, f) {
			return true
		}
	}
	return false
}

// kuikae reports whether face f may not be discarded right after the call.
func kuikae(sit Situation, f mahjong.Tile) bool {
	k := f.Kind()
	if k == sit.Called.Kind() {
		return true
	}
	if !sit.CalledChi {
		return false
	}
	c := sit.Called.Kind()
	lo := sit.CalledLow
	switch {
	case c == lo && c%9 <= 5: // called the low end: the tile above the run
		return k == lo+3
	case c == lo+2 && c%9 >= 3: // called the high end: the tile below the run
		return k == lo-1
	}
	return false
}

// furiten: a wait of the hand is among the seat's own discards or the
// kinds that passed it (passed, bit k for kind k).
func furiten(v *mahjong.View, counts *[34]uint8, melds int, passed uint64) bool {
	for _, t := range v.Rivers[v.Me].Slice() {
		passed |= 1 << t.Kind()
	}
	for k := range mahjong.Tile(34) {
		if passed&(1<<k) == 0 || counts[k] >= 4 {
			continue
		}
		counts[k]++
		win := mahjong.Shanten(counts, melds) == -1
		counts[k]--
		if win {
			return true
		}
	}
	return false
}

// winHasYaku reports whether the seat's hand wins on t with a yaku under
// Tenhou's scoring (for tsumo, t is the drawn tile, already in hand).
func winHasYaku(v *mahjong.View, t mahjong.Tile, tsumo, rinshan, chankan bool) bool {
	me := v.Me
	var h mahjong.Hand
	for f := range mahjong.Tile(mahjong.NumTiles) {
		for range v.Hand[f] {
			h.Tiles = append(h.Tiles, f)
		}
	}
	h.Melds = v.Melds[me][:v.NMelds[me]]
	c := mahjong.CountTiles(h.Tiles)
	if !tsumo {
		c[t.Kind()]++
	}
	if mahjong.Shanten(&c, len(h.Melds)) != -1 {
		return false
	}
	w := mahjong.Win{
		Tile: t, Tsumo: tsumo, Riichi: v.Riichi[me],
		RoundWind: mahjong.East + mahjong.Tile((v.Round/4)%4),
		SeatWind:  mahjong.East + mahjong.Tile((int(me)-int(v.Dealer)+4)%4),
		Dora:      v.Dora[:v.NDora],
		Rinshan:   rinshan, Chankan: chankan,
		Haitei: v.WallLeft == 0 && !rinshan && !chankan,
	}
	if !tsumo {
		w.Discarder = mahjong.East + mahjong.Tile((int(v.LastFrom)-int(v.Dealer)+4)%4)
	}
	_, err := mahjong.Score(h, w, mahjong.TenhouScoring())
	return err == nil
}
