package mjai

import (
	"fmt"

	"gamelab/sim/mahjong"
)

// AnswerOf renders action a of seat v.Me as its mjai answer, in the
// context of v (the drawn tile, the last discard, the hand). ActRiichi is
// "reach": in mjai the declaration tile follows as a dahai once the host
// has sent the reach back.
func AnswerOf(v *mahjong.View, a mahjong.Action) Message {
	m := Message{Actor: int(v.Me), Target: -1, ID: -1}
	switch a.Kind {
	case mahjong.ActDiscard:
		m.Type, m.Pai, m.Tsumogiri = "dahai", TileName(a.Tile), a.Tile == v.Drawn
	case mahjong.ActRiichi:
		m.Type = "reach"
	case mahjong.ActTsumo:
		m.Type, m.Target, m.Pai = "hora", int(v.Me), TileName(v.Drawn)
	case mahjong.ActRon:
		m.Type, m.Target, m.Pai = "hora", int(v.LastFrom), TileName(v.LastDiscard)
	case mahjong.ActAnkan:
		m.Type, m.Consumed = "ankan", ofKind(v, a.Tile.Kind(), 4)
	case mahjong.ActKakan:
		m.Type, m.Pai = "kakan", TileName(a.Tile)
		for _, x := range v.Melds[v.Me][:v.NMelds[v.Me]] {
			if x.Kind == mahjong.Pon && x.Tiles[0].Kind() == a.Tile.Kind() {
				m.Consumed = tileNames(x.Tiles[:3])
			}
		}
	case mahjong.ActNineKinds:
		m.Type, m.Reason = "ryukyoku", "kyushukyuhai"
	case mahjong.ActPass:
		return None()
	case mahjong.ActPon, mahjong.ActChi:
		m.Type = "pon"
		if a.Kind == mahjong.ActChi {
			m.Type = "chi"
		}
		m.Target, m.Pai = int(v.LastFrom), TileName(v.LastDiscard)
		m.Consumed = []string{TileName(a.Tile), TileName(a.Tile2)}
	case mahjong.ActKan:
		m.Type, m.Target, m.Pai = "daiminkan", int(v.LastFrom), TileName(v.LastDiscard)
		m.Consumed = ofKind(v, v.LastDiscard.Kind(), 3)
	}
	return m
}

// ofKind lists n of the hand's tiles of kind k, the red five first.
func ofKind(v *mahjong.View, k mahjong.Tile, n int) []string {
	var out []string
	if r := k.Red(); r != k {
		for c := v.Hand[r]; c > 0 && len(out) < n; c-- {
			out = append(out, TileName(r))
		}
	}
	for c := v.Hand[k]; c > 0 && len(out) < n; c-- {
		out = append(out, TileName(k))
	}
	return out
}

// Match finds the action of legal that answer m (of seat v.Me) stands
// for. A "reach" matches when some riichi is legal and gives ActRiichi
// with Tile NoTile: the tile comes with the dahai that follows (Riichi).
func Match(v *mahjong.View, legal []mahjong.Action, m *Message) (mahjong.Action, error) {
	if m.Actor >= 0 && m.Actor != int(v.Me) && m.Type != "none" {
		return mahjong.Action{}, fmt.Errorf("%w: %s by seat %d, asked seat %d", ErrAnswer, m.Type, m.Actor, v.Me)
	}
	tile := func(s string) (mahjong.Tile, bool) {
		t, err := ParseTile(s)
		return t, err == nil && t != mahjong.HiddenTile
	}
	find := func(ok func(a mahjong.Action) bool) (mahjong.Action, error) {
		for _, a := range legal {
			if ok(a) {
				return a, nil
			}
		}
		return mahjong.Action{}, fmt.Errorf("%w: %s", ErrAnswer, m.AppendJSON(nil))
	}
	switch m.Type {
	case "none":
		return find(func(a mahjong.Action) bool { return a.Kind == mahjong.ActPass })
	case "dahai":
		t, ok := tile(m.Pai)
		return find(func(a mahjong.Action) bool { return ok && a.Kind == mahjong.ActDiscard && a.Tile == t })
	case "reach":
		if _, err := find(func(a mahjong.Action) bool { return a.Kind == mahjong.ActRiichi }); err != nil {
			return mahjong.Action{}, err
		}
		return mahjong.Action{Kind: mahjong.ActRiichi, Tile: mahjong.NoTile}, nil
	case "hora":
		return find(func(a mahjong.Action) bool { return a.Kind == mahjong.ActTsumo || a.Kind == mahjong.ActRon })
	case "ryukyoku":
		return find(func(a mahjong.Action) bool { return a.Kind == mahjong.ActNineKinds })
	case "ankan":
		ts, err := parseTiles(m.Consumed)
		if err != nil || len(ts) != 4 {
			return mahjong.Action{}, fmt.Errorf("%w: ankan consumes %v", ErrAnswer, m.Consumed)
		}
		return find(func(a mahjong.Action) bool { return a.Kind == mahjong.ActAnkan && a.Tile.Kind() == ts[0].Kind() })
	case "kakan":
		t, ok := tile(m.Pai)
		return find(func(a mahjong.Action) bool { return ok && a.Kind == mahjong.ActKakan && a.Tile == t })
	case "daiminkan":
		return find(func(a mahjong.Action) bool { return a.Kind == mahjong.ActKan })
	case "pon", "chi":
		kind := mahjong.ActPon
		if m.Type == "chi" {
			kind = mahjong.ActChi
		}
		ts, err := parseTiles(m.Consumed)
		if err != nil || len(ts) != 2 {
			return mahjong.Action{}, fmt.Errorf("%w: %s consumes %v", ErrAnswer, m.Type, m.Consumed)
		}
		return find(func(a mahjong.Action) bool {
			return a.Kind == kind && ((a.Tile == ts[0] && a.Tile2 == ts[1]) || (a.Tile == ts[1] && a.Tile2 == ts[0]))
		})
	}
	return mahjong.Action{}, fmt.Errorf("%w: %s", ErrAnswer, m.AppendJSON(nil))
}

// ErrAnswer reports an answer that is not among the legal actions.
var ErrAnswer = fmt.Errorf("mjai: answer is not a legal action")

// PossibleActions renders legal as mjai answers (each riichi once, as
// "reach").
func PossibleActions(v *mahjong.View, legal []mahjong.Action) []Message {
	out := make([]Message, 0, len(legal))
	reach := false
	for _, a := range legal {
		if a.Kind == mahjong.ActRiichi {
			if reach {
				continue
			}
			reach = true
		}
		out = append(out, AnswerOf(v, a))
	}
	return out
}
