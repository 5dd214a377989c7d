package mjai

import (
	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// All is the Writer viewer that sees every tile: a game log.
const All sim.Seat = -2

// Writer renders the engine's events as mjai messages for one viewer: a
// seat (it must be given exactly the events Event.For(seat) lets through,
// and others' tiles are "?") or All (every event, every tile: a log).
// Several events make one message (start_kyoku gathers the hand start,
// the scores, the deals and the first dora; hora and ryukyoku gather the
// ura dora, the tenpai declarations and the payments); Write returns the
// messages an event completes. Between a hand's first dora and its end
// every event is written at once, so at each decision of a seat its
// writer is up to date.
type Writer struct {
	viewer sim.Seat
	names  []string
	scores [4]int
	sticks int

	// the hand start being gathered
	inStart bool
	start   Message
	deals   [4][]mahjong.Tile
	// the hand end being gathered
	wins    []mahjong.Event
	ura     []string
	draw    *mahjong.Event
	tenpais []bool
	points  [4]int
	ended   bool    // a win or draw of this hand is gathered
	reached [4]bool // seats in riichi this hand (their hora shows the ura dora)
}

// NewWriter returns a writer for viewer (a seat, or All); names are the
// players' names for start_game (nil: none).
func NewWriter(viewer sim.Seat, names []string) *Writer {
	return &Writer{viewer: viewer, names: names}
}

// Write renders e and returns the messages it completes (often one, none
// while a start or an end of a hand is being gathered).
func (w *Writer) Write(e mahjong.Event) []Message {
	var out []Message
	msg := func(m Message) { out = append(out, m) }
	base := Message{Actor: -1, Target: -1, ID: -1}
	switch e.Kind {
	case mahjong.EvGameStart:
		for i := range w.scores {
			w.scores[i] = int(e.Value)
		}
		w.sticks = 0
		m := base
		m.Type = "start_game"
		if w.viewer >= 0 {
			m.ID = int(w.viewer)
		}
		m.Names = w.names
		msg(m)
	case mahjong.EvHandStart:
		w.inStart, w.ended, w.reached = true, false, [4]bool{}
		w.deals = [4][]mahjong.Tile{}
		w.wins, w.ura, w.draw, w.tenpais, w.points = w.wins[:0], nil, nil, nil, [4]int{}
		w.sticks = int(e.Sticks)
		w.start = base
		w.start.Type = "start_kyoku"
		w.start.Bakaze = honorNames[(e.Round/4)%4]
		w.start.Kyoku = int(e.Round%4) + 1
		w.start.Honba = int(e.Honba)
		w.start.Kyotaku = int(e.Sticks)
		w.start.Oya = int(e.Seat)
	case mahjong.EvScore:
		w.scores[e.Seat] = int(e.Value)
	case mahjong.EvDeal:
		w.deals[e.Seat] = append([]mahjong.Tile(nil), e.Tiles[:e.N]...)
	case mahjong.EvDora:
		switch {
		case e.Flags&mahjong.FlagUra != 0:
			w.ura = append(w.ura, TileName(e.Tile))
		case w.inStart:
			w.inStart = false
			m := w.start
			m.DoraMarker = TileName(e.Tile)
			m.Scores = append([]int(nil), w.scores[:]...)
			m.Tehais = make([][]string, 4)
			for s := range m.Tehais {
				if w.deals[s] != nil {
					m.Tehais[s] = tileNames(w.deals[s])
				} else {
					m.Tehais[s] = []string{Unknown, Unknown, Unknown, Unknown, Unknown, Unknown, Unknown, Unknown, Unknown, Unknown, Unknown, Unknown, Unknown}
				}
			}
			msg(m)
		default:
			m := base
			m.Type, m.DoraMarker = "dora", TileName(e.Tile)
			msg(m)
		}
	case mahjong.EvDraw:
		m := base
		m.Type, m.Actor, m.Pai = "tsumo", int(e.Seat), TileName(e.Tile)
		msg(m)
	case mahjong.EvRiichi:
		m := base
		m.Type, m.Actor = "reach", int(e.Seat)
		w.reached[e.Seat] = true
		msg(m)
	case mahjong.EvDiscard:
		m := base
		m.Type, m.Actor, m.Pai = "dahai", int(e.Seat), TileName(e.Tile)
		m.Tsumogiri = e.Flags&mahjong.FlagTsumogiri != 0
		msg(m)
	case mahjong.EvRiichiStick:
		w.scores[e.Seat] -= 1000
		w.sticks++
		m := base
		m.Type, m.Actor = "reach_accepted", int(e.Seat)
		m.Deltas = make([]int, 4)
		m.Deltas[e.Seat] = -1000
		m.Scores = append([]int(nil), w.scores[:]...)
		msg(m)
	case mahjong.EvCall:
		msg(callMessage(e))
	case mahjong.EvWin:
		w.wins = append(w.wins, e)
		w.ended = true
	case mahjong.EvExhaustive:
		d := e
		w.draw = &d
		w.ended = true
	case mahjong.EvTenpai:
		if w.tenpais == nil {
			w.tenpais = make([]bool, 4)
		}
		w.tenpais[e.Seat] = e.Flags&mahjong.FlagTenpai != 0
	case mahjong.EvPoints:
		w.points[e.Seat] += int(e.Value)
	case mahjong.EvHandEnd:
		out = append(out, w.handEnd()...)
		m := base
		m.Type = "end_kyoku"
		msg(m)
	case mahjong.EvGameEnd:
		for i, p := range w.points {
			w.scores[i] += p
		}
		w.points = [4]int{}
		m := base
		m.Type = "end_game"
		m.Scores = append([]int(nil), w.scores[:]...)
		msg(m)
	}
	return out
}

// handEnd renders the gathered wins (one hora each) or draw (ryukyoku).
// The engine pays a double ron as one set of payments: each hora but the
// last shows its winner's gain paid by the discarder, the last the rest.
func (w *Writer) handEnd() []Message {
	var out []Message
	base := Message{Actor: -1, Target: -1, ID: -1}
	total := w.points
	w.points = [4]int{}
	for i, e := range w.wins {
		m := base
		m.Type, m.Actor, m.Target, m.Pai = "hora", int(e.Seat), int(e.From), TileName(e.Tile)
		m.Fu, m.Fan, m.HoraPoints, m.Yakuman = int(e.Fu), int(e.Han), int(e.Value), int(e.Yakuman)
		if w.ura != nil && w.reached[e.Seat] {
			m.UraMarkers = w.ura
		} else {
			m.UraMarkers = []string{}
		}
		d := make([]int, 4)
		if i < len(w.wins)-1 {
			g := total[e.Seat]
			d[e.Seat], d[e.From] = g, -g
			total[e.Seat], total[e.From] = 0, total[e.From]+g
		} else {
			copy(d, total[:])
		}
		for s := range w.scores {
			w.scores[s] += d[s]
		}
		m.Deltas, m.Scores = d, append([]int(nil), w.scores[:]...)
		out = append(out, m)
	}
	if len(w.wins) > 0 {
		w.sticks = 0
	}
	if w.draw != nil {
		m := base
		m.Type = "ryukyoku"
		m.Reason = drawReasons[mahjong.DrawReason(w.draw.Value)]
		m.Tenpais = w.tenpais
		m.Deltas = append([]int(nil), total[:]...)
		for s := range w.scores {
			w.scores[s] += total[s]
		}
		m.Scores = append([]int(nil), w.scores[:]...)
		out = append(out, m)
	}
	w.wins, w.draw, w.tenpais, w.ura = w.wins[:0], nil, nil, nil
	return out
}

// drawReasons are the mjai names of the engine's draw reasons.
var drawReasons = map[mahjong.DrawReason]string{
	mahjong.DrawExhaustive: "fanpai",
	mahjong.DrawNagashi:    "nagashimangan",
	mahjong.DrawNineKinds:  "kyushukyuhai",
	mahjong.DrawFourWinds:  "sufonrenta",
	mahjong.DrawFourKans:   "sukaikan",
	mahjong.DrawFourRiichi: "suchareach",
	mahjong.DrawThreeRon:   "sanchaho",
}

// callMessage renders a chi, pon or kan: consumed are the meld's tiles
// less the called (or, for kakan, the added) tile.
func callMessage(e mahjong.Event) Message {
	m := Message{Actor: int(e.Seat), Target: -1, ID: -1}
	tiles := e.Tiles[:e.N]
	rest := func() []string {
		var c []string
		skipped := false
		for _, t := range tiles {
			if !skipped && t == e.Tile {
				skipped = true
				continue
			}
			c = append(c, TileName(t))
		}
		return c
	}
	switch e.Meld {
	case mahjong.Chi, mahjong.Pon, mahjong.Daiminkan:
		m.Type = map[mahjong.MeldKind]string{mahjong.Chi: "chi", mahjong.Pon: "pon", mahjong.Daiminkan: "daiminkan"}[e.Meld]
		m.Target, m.Pai, m.Consumed = int(e.From), TileName(e.Tile), rest()
	case mahjong.Ankan:
		m.Type, m.Consumed = "ankan", tileNames(tiles)
	case mahjong.Kakan:
		m.Type, m.Pai, m.Consumed = "kakan", TileName(e.Tile), rest()
	}
	return m
}
