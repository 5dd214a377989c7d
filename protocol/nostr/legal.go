package nostr

import (
	"gamelab/protocol/nostr/wire"
	"gamelab/sim/mahjong"
)

// WinHasYaku reports whether seat v.Me's complete hand (tsumo on
// v.Drawn) has a yaku besides dora under the 地鳳 scoring, so that the
// server accepts "sutehai? tsumo". rinshan says the drawn tile is a
// replacement tile. A closed hand always has one (門前清自摸和).
func WinHasYaku(v *mahjong.View, rinshan bool) bool {
	if closed(v) {
		return true
	}
	var h mahjong.Hand
	for f := range mahjong.Tile(mahjong.NumTiles) {
		for range v.Hand[f] {
			h.Tiles = append(h.Tiles, f)
		}
	}
	h.Melds = v.Melds[v.Me][:v.NMelds[v.Me]]
	w := mahjong.Win{
		Tile: v.Drawn, Tsumo: true,
		RoundWind: mahjong.East + mahjong.Tile(v.Round/4),
		SeatWind:  mahjong.East + mahjong.Tile((int(v.Me)-int(v.Dealer)+4)%4),
		Dora:      v.Dora[:v.NDora],
		Rinshan:   rinshan,
		Haitei:    v.WallLeft == 0 && !rinshan,
	}
	_, err := mahjong.Score(h, w, mahjong.DihouScoring())
	return err == nil
}

func closed(v *mahjong.View) bool {
	for _, m := range v.Melds[v.Me][:v.NMelds[v.Me]] {
		if m.IsOpen() {
			return false
		}
	}
	return true
}

func kansOnTable(v *mahjong.View) int {
	n := 0
	for s := range 4 {
		for _, m := range v.Melds[s][:v.NMelds[s]] {
			if m.IsQuad() {
				n++
			}
		}
	}
	return n
}

// TurnLegal appends to dst the answers to "GET sutehai?" that the 地鳳
// server accepts and that are safe to send (spec 3.2–3.3): discards (only
// the drawn tile in riichi), riichi (closed hand, tenpai after the discard,
// ≥ 4 tiles left), tsumo (complete with a yaku; rinshan: the drawn tile
// is a replacement tile), ankan (riichi: of the
// drawn tile and staying tenpai). Kakan is never offered: a declined
// chankan deadlocks the live server and a chankan can never be ruled out.
func TurnLegal(v *mahjong.View, rinshan bool, dst []mahjong.Action) []mahjong.Action {
	c := v.Counts()
	melds := int(v.NMelds[v.Me])
	riichi := v.Riichi[v.Me]
	drawn := v.Drawn
	if drawn != mahjong.NoTile {
		drawn = drawn.Kind()
	}
	if drawn != mahjong.NoTile && mahjong.Shanten(&c, melds) == -1 && WinHasYaku(v, rinshan) {
		dst = append(dst, mahjong.Action{Kind: mahjong.ActTsumo})
	}
	if riichi {
		if drawn != mahjong.NoTile {
			dst = append(dst, mahjong.Action{Kind: mahjong.ActDiscard, Tile: drawn})
		}
	} else {
		for k := range mahjong.Tile(mahjong.NumKinds) {
			if c[k] > 0 {
				dst = append(dst, mahjong.Action{Kind: mahjong.ActDiscard, Tile: k})
			}
		}
		if closed(v) && v.WallLeft >= 4 && drawn != mahjong.NoTile {
			for k := range mahjong.Tile(mahjong.NumKinds) {
				if c[k] == 0 {
					continue
				}
				c[k]--
				if mahjong.Shanten(&c, melds) == 0 {
					dst = append(dst, mahjong.Action{Kind: mahjong.ActRiichi, Tile: k})
				}
				c[k]++
			}
		}
	}
	if v.WallLeft >= 1 && kansOnTable(v) < 4 {
		for k := range mahjong.Tile(mahjong.NumKinds) {
			if c[k] != 4 {
				continue
			}
			if riichi {
				if k != drawn {
					continue
				}
				c[k] = 0
				ok := mahjong.Tenpai(&c, melds+1)
				c[k] = 4
				if !ok {
					continue
				}
			}
			dst = append(dst, mahjong.Action{Kind: mahjong.ActAnkan, Tile: k})
		}
	}
	return dst
}

// CallLegal appends the answers to a "GET naku?" prompt: pass, then each
// offered option (chi once per pair of hand tiles that completes the
// sequence, ascending). chankan is true when the prompt is about a kakan:
// then only ron is returned, because declining a chankan deadlocks the
// live server.
func CallLegal(v *mahjong.View, ask wire.AskNaku, chankan bool, dst []mahjong.Action) []mahjong.Action {
	t := ask.Tile.Kind()
	if chankan && ask.Offers("ron") {
		return append(dst, mahjong.Action{Kind: mahjong.ActRon})
	}
	dst = append(dst, mahjong.Action{Kind: mahjong.ActPass})
	c := v.Counts()
	for _, o := range ask.Options {
		switch o {
		case "ron":
			dst = append(dst, mahjong.Action{Kind: mahjong.ActRon})
		case "pon":
			if c[t] >= 2 {
				dst = append(dst, mahjong.Action{Kind: mahjong.ActPon, Tile: t, Tile2: t})
			}
		case "kan":
			if c[t] >= 3 {
				dst = append(dst, mahjong.Action{Kind: mahjong.ActKan})
			}
		case "chi":
			if t >= mahjong.East {
				continue
			}
			n := t % 9
			for _, d := range [3][2]int{{-2, -1}, {-1, 1}, {1, 2}} {
				a, b := int(n)+d[0], int(n)+d[1]
				if a < 0 || b > 8 {
					continue
				}
				ta, tb := t-n+mahjong.Tile(a), t-n+mahjong.Tile(b)
				if c[ta] > 0 && c[tb] > 0 {
					dst = append(dst, mahjong.Action{Kind: mahjong.ActChi, Tile: ta, Tile2: tb})
				}
			}
		}
	}
	return dst
}

// ToCommand writes an action as the server's answer command.
func ToCommand(a mahjong.Action) (wire.Command, bool) {
	t1 := []wire.Tile{a.Tile.Kind()}
	switch a.Kind {
	case mahjong.ActDiscard:
		return wire.Command{Verb: "sutehai?", Action: "sutehai", Tiles: t1}, true
	case mahjong.ActRiichi:
		return wire.Command{Verb: "sutehai?", Action: "richi", Tiles: t1}, true
	case mahjong.ActAnkan:
		return wire.Command{Verb: "sutehai?", Action: "ankan", Tiles: t1}, true
	case mahjong.ActKakan:
		return wire.Command{Verb: "sutehai?", Action: "kakan", Tiles: t1}, true
	case mahjong.ActTsumo:
		return wire.Command{Verb: "sutehai?", Action: "tsumo"}, true
	case mahjong.ActPass:
		return wire.Command{Verb: "naku?", Action: "no"}, true
	case mahjong.ActRon:
		return wire.Command{Verb: "naku?", Action: "ron"}, true
	case mahjong.ActPon:
		return wire.Command{Verb: "naku?", Action: "pon"}, true
	case mahjong.ActKan:
		return wire.Command{Verb: "naku?", Action: "kan"}, true
	case mahjong.ActChi:
		return wire.Command{Verb: "naku?", Action: "chi", Tiles: []wire.Tile{a.Tile.Kind(), a.Tile2.Kind()}}, true
	}
	return wire.Command{}, false
}
