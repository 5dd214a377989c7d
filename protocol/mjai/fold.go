package mjai

import (
	"errors"
	"fmt"

	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// ErrFold reports a message that does not fit the game state (a seat
// outside the table, a call without a discard, a tile the seat does not
// hold).
var ErrFold = errors.New("mjai: message does not fit the game state")

// liveTiles is the live wall before the dealer's first draw.
const liveTiles = 70

// Fold reads mjai messages back into the engine's events and folds them
// into one seat's View, as the engine would (sim/mahjong events.go). What
// mjai does not say is rebuilt the way the engine has it: the live-tile
// count of each draw, the replacement-draw flag after a kan, the riichi
// flag of the declaration tile, the payments of a hand (emitted at
// end_kyoku, from the deltas of its hora or ryukyoku).
type Fold struct {
	// Me is the seat whose View is folded: start_game's id sets it when
	// it is NoSeat. All folds every event into a View of seat 0 and
	// keeps every seat's tiles.
	Me sim.Seat
	// StartPoints each seat starts with (mjai's start_game has none).
	StartPoints int32
	View        mahjong.View
	// Events are the events folded so far (kept only if Keep is set).
	Events []mahjong.Event
	Keep   bool

	// Asked is set when the last message asks Me to act (its draw, its
	// chi or pon, another seat's discard or kakan), with the situation
	// Legal needs; hosts that send possible_actions make it moot.
	Asked bool
	Sit   Situation

	left    int
	kanDraw [4]bool // the seat's next draw is a replacement draw
	reach   sim.Seat
	uraSeen bool
	won     bool
	points  [4]int32
	pending bool // points to pay at end_kyoku

	// Furiten bookkeeping of Me by kind (Situation.Passed): kinds passed
	// since its last discard, since its riichi, and the tile whose claim
	// is still open (it passes with the next message that is not a hora).
	tempSeen, riichiSeen uint64
	inRiichi, claimOpen  bool
	claimKind            mahjong.Tile
}

// passClaim marks the tile of an open claim as passed by Me when a
// message other than a win (or a session message) follows it, as the
// engine does when a discard or kan passes (sim/mahjong/turn.go markSeen).
func (f *Fold) passClaim(typ string) {
	switch typ {
	case "hora", "none", "hello", "join", "error", "":
		return
	}
	if !f.claimOpen {
		return
	}
	f.claimOpen = false
	b := uint64(1) << f.claimKind
	f.tempSeen |= b
	if f.inRiichi {
		f.riichiSeen |= b
	}
}

// NewFold returns a fold for seat me (NoSeat: learn it from start_game;
// All: a whole log).
func NewFold(me sim.Seat) *Fold {
	f := &Fold{Me: me, StartPoints: 25000, reach: sim.NoSeat}
	f.View = mahjong.NewView(f.viewSeat())
	return f
}

func (f *Fold) viewSeat() sim.Seat {
	if f.Me < 0 {
		return 0
	}
	return f.Me
}

func (f *Fold) emit(e mahjong.Event, out *[]mahjong.Event) {
	if f.Keep {
		f.Events = append(f.Events, e)
	}
	*out = append(*out, e)
	seat := f.viewSeat()
	if f.Me == All {
		f.View.Apply(e)
		return
	}
	if x, ok := e.For(seat); ok {
		f.View.Apply(x)
	}
}

func seatOf(n int, what string, m *Message) (sim.Seat, error) {
	if n < 0 || n > 3 {
		return sim.NoSeat, fmt.Errorf("%w: %s %s missing", ErrFold, m.Type, what)
	}
	return sim.Seat(n), nil
}

func (f *Fold) tile(name string, m *Message) (mahjong.Tile, error) {
	t, err := ParseTile(name)
	if err != nil {
		return t, fmt.Errorf("%w: %s: %v", ErrFold, m.Type, err)
	}
	return t, nil
}

// Apply folds one message and returns the events it stands for (none for
// answers such as "none" or messages of the session: hello, join, error).
func (f *Fold) Apply(m *Message) ([]mahjong.Event, error) {
	var out []mahjong.Event
	ev := func(e mahjong.Event) { f.emit(e, &out) }
	base := mahjong.Event{Seat: sim.NoSeat, From: sim.NoSeat}
	f.Asked, f.Sit = false, Situation{}
	f.passClaim(m.Type)
	switch m.Type {
	case "start_game":
		if f.Me == sim.NoSeat && m.ID >= 0 {
			f.Me = sim.Seat(m.ID)
		}
		f.View = mahjong.NewView(f.viewSeat())
		e := base
		e.Kind, e.Value = mahjong.EvGameStart, f.StartPoints
		ev(e)
	case "start_kyoku":
		f.flush(&out)
		wind := -1
		for i, h := range honorNames[:4] {
			if m.Bakaze == h {
				wind = i
			}
		}
		if wind < 0 || m.Kyoku < 1 || m.Kyoku > 4 || m.Oya < 0 || m.Oya > 3 || m.Honba < 0 || m.Honba > 255 || m.Kyotaku < 0 || m.Kyotaku > 255 {
			return nil, fmt.Errorf("%w: start_kyoku bakaze %q kyoku %d oya %d honba %d kyotaku %d", ErrFold, m.Bakaze, m.Kyoku, m.Oya, m.Honba, m.Kyotaku)
		}
		dora, err := f.tile(m.DoraMarker, m)
		if err != nil || dora == mahjong.HiddenTile {
			return nil, fmt.Errorf("%w: start_kyoku dora_marker %q", ErrFold, m.DoraMarker)
		}
		if len(m.Tehais) != 4 || (m.Scores != nil && len(m.Scores) != 4) {
			return nil, fmt.Errorf("%w: start_kyoku wants 4 tehais and 4 scores", ErrFold)
		}
		f.left, f.kanDraw, f.reach, f.uraSeen, f.won = liveTiles, [4]bool{}, sim.NoSeat, false, false
		f.tempSeen, f.riichiSeen, f.inRiichi, f.claimOpen = 0, 0, false, false
		e := base
		e.Kind, e.Seat = mahjong.EvHandStart, sim.Seat(m.Oya)
		e.Round = uint8(4*wind + m.Kyoku - 1)
		e.Honba, e.Sticks, e.Value = uint8(m.Honba), uint8(m.Kyotaku), liveTiles
		ev(e)
		for s := range sim.Seat(4) {
			e := base
			e.Kind, e.Seat, e.Value = mahjong.EvScore, s, f.View.Scores[s]
			if m.Scores != nil {
				e.Value = int32(m.Scores[s])
			}
			ev(e)
		}
		for s, names := range m.Tehais {
			if len(names) != 13 {
				return nil, fmt.Errorf("%w: start_kyoku tehai of seat %d has %d tiles", ErrFold, s, len(names))
			}
			ts, err := parseTiles(names)
			if err != nil {
				return nil, fmt.Errorf("%w: start_kyoku: %v", ErrFold, err)
			}
			if ts[0] == mahjong.HiddenTile {
				continue
			}
			e := base
			e.Kind, e.Seat, e.N = mahjong.EvDeal, sim.Seat(s), 13
			copy(e.Tiles[:], ts)
			sortTiles(e.Tiles[:13])
			for _, t := range e.Tiles[:13] {
				if t == mahjong.HiddenTile {
					return nil, fmt.Errorf("%w: start_kyoku tehai of seat %d mixes known and unknown tiles", ErrFold, s)
				}
			}
			ev(e)
		}
		e = base
		e.Kind, e.Tile = mahjong.EvDora, dora
		ev(e)
	case "tsumo":
		s, err := seatOf(m.Actor, "actor", m)
		if err != nil {
			return nil, err
		}
		t, err := f.tile(m.Pai, m)
		if err != nil {
			return nil, err
		}
		if f.left <= 0 {
			return nil, fmt.Errorf("%w: tsumo from an empty wall", ErrFold)
		}
		f.left--
		e := base
		e.Kind, e.Seat, e.Tile, e.Value = mahjong.EvDraw, s, t, int32(f.left)
		if f.kanDraw[s] {
			e.Flags = mahjong.FlagRinshan
			f.kanDraw[s] = false
		}
		ev(e)
		if s == f.Me {
			f.Asked, f.Sit = true, Situation{Turn: true, Rinshan: e.Flags&mahjong.FlagRinshan != 0}
		}
	case "reach":
		s, err := seatOf(m.Actor, "actor", m)
		if err != nil {
			return nil, err
		}
		f.reach = s
		if s == f.Me {
			f.inRiichi, f.riichiSeen = true, 0
		}
		e := base
		e.Kind, e.Seat = mahjong.EvRiichi, s
		ev(e)
	case "dahai":
		s, err := seatOf(m.Actor, "actor", m)
		if err != nil {
			return nil, err
		}
		t, err := f.tile(m.Pai, m)
		if err != nil || t == mahjong.HiddenTile {
			return nil, fmt.Errorf("%w: dahai of %q", ErrFold, m.Pai)
		}
		if s == f.View.Me && f.Me != All && f.View.Hand[t] == 0 {
			return nil, fmt.Errorf("%w: dahai %s not in hand", ErrFold, m.Pai)
		}
		e := base
		e.Kind, e.Seat, e.Tile = mahjong.EvDiscard, s, t
		if m.Tsumogiri {
			e.Flags |= mahjong.FlagTsumogiri
		}
		if f.reach == s {
			e.Flags |= mahjong.FlagRiichi
			f.reach = sim.NoSeat
		}
		ev(e)
		if s == f.Me {
			f.tempSeen = 0
		}
		if f.Me >= 0 && s != f.Me {
			f.claimOpen, f.claimKind = true, t.Kind()
			f.Asked, f.Sit = true, Situation{Passed: f.tempSeen | f.riichiSeen}
		}
	case "reach_accepted":
		s, err := seatOf(m.Actor, "actor", m)
		if err != nil {
			return nil, err
		}
		e := base
		e.Kind, e.Seat = mahjong.EvRiichiStick, s
		ev(e)
	case "chi", "pon", "daiminkan", "ankan", "kakan":
		e, err := f.call(m)
		if err != nil {
			return nil, err
		}
		ev(e)
		switch {
		case e.Seat == f.Me && (e.Meld == mahjong.Chi || e.Meld == mahjong.Pon):
			f.Asked = true
			f.Sit = Situation{Turn: true, AfterCall: true, CalledChi: e.Meld == mahjong.Chi, Called: e.Tile, CalledLow: e.Tiles[0].Kind()}
		case f.Me >= 0 && e.Seat != f.Me && e.Meld == mahjong.Kakan:
			f.claimOpen, f.claimKind = true, e.Tile.Kind()
			f.Asked, f.Sit = true, Situation{Chankan: true, Passed: f.tempSeen | f.riichiSeen}
		case f.Me >= 0 && e.Seat != f.Me && e.Meld == mahjong.Ankan:
			// Tenhou lets a kokushi rob an ankan, so passing it is furiten.
			f.claimOpen, f.claimKind = true, e.Tile.Kind()
		}
	case "dora":
		t, err := f.tile(m.DoraMarker, m)
		if err != nil || t == mahjong.HiddenTile {
			return nil, fmt.Errorf("%w: dora_marker %q", ErrFold, m.DoraMarker)
		}
		e := base
		e.Kind, e.Tile = mahjong.EvDora, t
		ev(e)
	case "hora":
		s, err := seatOf(m.Actor, "actor", m)
		if err != nil {
			return nil, err
		}
		from := s
		if m.Target >= 0 {
			from = sim.Seat(m.Target)
		}
		t := f.View.LastDiscard
		if m.Pai != "" {
			if t, err = f.tile(m.Pai, m); err != nil {
				return nil, err
			}
		} else if from == s {
			t = f.View.Drawn
		}
		if !f.uraSeen && len(m.UraMarkers) > 0 {
			f.uraSeen = true
			for _, name := range m.UraMarkers {
				u, err := f.tile(name, m)
				if err != nil {
					return nil, err
				}
				e := base
				e.Kind, e.Tile, e.Flags = mahjong.EvDora, u, mahjong.FlagUra
				ev(e)
			}
		}
		e := base
		e.Kind, e.Seat, e.From, e.Tile = mahjong.EvWin, s, from, t
		e.Han, e.Fu, e.Yakuman, e.Value = uint8(min(max(m.Fan, 0), 255)), uint8(min(max(m.Fu, 0), 255)), uint8(min(max(m.Yakuman, 0), 255)), int32(m.HoraPoints)
		ev(e)
		f.won = true
		if err := f.addDeltas(m); err != nil {
			return nil, err
		}
	case "ryukyoku":
		r := mahjong.DrawExhaustive
		found := m.Reason == ""
		for k, v := range drawReasons {
			if v == m.Reason {
				r, found = k, true
			}
		}
		if !found {
			return nil, fmt.Errorf("%w: ryukyoku reason %q", ErrFold, clip(m.Reason))
		}
		e := base
		e.Kind, e.Value = mahjong.EvExhaustive, int32(r)
		ev(e)
		if (r == mahjong.DrawExhaustive || r == mahjong.DrawNagashi) && len(m.Tenpais) == 4 {
			for s, ten := range m.Tenpais {
				e := base
				e.Kind, e.Seat = mahjong.EvTenpai, sim.Seat(s)
				if ten {
					e.Flags = mahjong.FlagTenpai
				}
				ev(e)
			}
		}
		if err := f.addDeltas(m); err != nil {
			return nil, err
		}
	case "end_kyoku":
		f.flush(&out)
		e := base
		e.Kind, e.Sticks = mahjong.EvHandEnd, f.View.Sticks
		if f.won {
			e.Sticks = 0
		}
		ev(e)
	case "end_game":
		f.flush(&out)
		if len(m.Scores) == 4 {
			for s, x := range m.Scores {
				if d := int32(x) - f.View.Scores[s]; d != 0 {
					e := base
					e.Kind, e.Seat, e.Value = mahjong.EvPoints, sim.Seat(s), d
					ev(e)
				}
			}
		}
		e := base
		e.Kind = mahjong.EvGameEnd
		ev(e)
	case "none", "hello", "join", "error", "":
	default:
		return nil, fmt.Errorf("%w: unknown message type %q", ErrFold, clip(m.Type))
	}
	return out, nil
}

// addDeltas gathers a hora's or ryukyoku's payments for end_kyoku.
func (f *Fold) addDeltas(m *Message) error {
	if m.Deltas == nil {
		return nil
	}
	if len(m.Deltas) != 4 {
		return fmt.Errorf("%w: %s with %d deltas", ErrFold, m.Type, len(m.Deltas))
	}
	for s, d := range m.Deltas {
		f.points[s] += int32(d)
	}
	f.pending = true
	return nil
}

// flush emits the gathered payments, seat by seat, as the engine does.
func (f *Fold) flush(out *[]mahjong.Event) {
	if !f.pending {
		return
	}
	for s, d := range f.points {
		if d != 0 {
			f.emit(mahjong.Event{Kind: mahjong.EvPoints, Seat: sim.Seat(s), From: sim.NoSeat, Value: d}, out)
		}
	}
	f.points, f.pending = [4]int32{}, false
}

// call turns chi, pon, daiminkan, ankan and kakan into an EvCall.
func (f *Fold) call(m *Message) (mahjong.Event, error) {
	e := mahjong.Event{Kind: mahjong.EvCall, Seat: sim.NoSeat, From: sim.NoSeat}
	s, err := seatOf(m.Actor, "actor", m)
	if err != nil {
		return e, err
	}
	e.Seat, e.From = s, s
	consumed, err := parseTiles(m.Consumed)
	if err != nil {
		return e, fmt.Errorf("%w: %s: %v", ErrFold, m.Type, err)
	}
	want := map[string]int{"chi": 2, "pon": 2, "daiminkan": 3, "ankan": 4, "kakan": 3}[m.Type]
	if len(consumed) != want {
		return e, fmt.Errorf("%w: %s with %d consumed tiles", ErrFold, m.Type, len(consumed))
	}
	for _, t := range consumed {
		if t == mahjong.HiddenTile {
			return e, fmt.Errorf("%w: %s consumes an unknown tile", ErrFold, m.Type)
		}
	}
	var tiles []mahjong.Tile
	switch m.Type {
	case "ankan":
		e.Meld = mahjong.Ankan
		e.Tile = consumed[0].Kind() // the engine names an ankan by its kind
		tiles = consumed
		f.kanDraw[s] = true
	default:
		if e.Tile, err = f.tile(m.Pai, m); err != nil || e.Tile == mahjong.HiddenTile {
			return e, fmt.Errorf("%w: %s of %q", ErrFold, m.Type, m.Pai)
		}
		tiles = append(consumed, e.Tile)
		switch m.Type {
		case "kakan":
			e.Meld = mahjong.Kakan
			f.kanDraw[s] = true
		default:
			from, err := seatOf(m.Target, "target", m)
			if err != nil || from == s {
				return e, fmt.Errorf("%w: %s from seat %d", ErrFold, m.Type, m.Target)
			}
			e.From = from
			e.Meld = map[string]mahjong.MeldKind{"chi": mahjong.Chi, "pon": mahjong.Pon, "daiminkan": mahjong.Daiminkan}[m.Type]
			if m.Type == "daiminkan" {
				f.kanDraw[s] = true
			}
		}
	}
	meld := mahjong.NewMeld(e.Meld, e.Tile, 1, tiles...)
	if !mahjong.CheckMeld(meld) {
		return e, fmt.Errorf("%w: %s is not a %s", ErrFold, mahjong.FormatTiles(tiles), m.Type)
	}
	e.N = uint8(len(tiles))
	copy(e.Tiles[:], tiles)
	if e.Meld == mahjong.Kakan {
		// The engine lists a kakan as its meld: the pon's tiles, then the
		// added one, in kind order.
		copy(e.Tiles[:], meld.Tiles[:4])
	} else {
		sortTiles(e.Tiles[:e.N])
	}
	if s == f.View.Me && f.Me != All {
		var need [mahjong.NumTiles]uint8
		if e.Meld == mahjong.Kakan {
			need[e.Tile]++
		} else {
			for _, t := range consumed {
				need[t]++
			}
		}
		for t, n := range need {
			if f.View.Hand[t] < n {
				return e, fmt.Errorf("%w: %s consumes %s not in hand", ErrFold, m.Type, mahjong.Tile(t))
			}
		}
	}
	return e, nil
}
