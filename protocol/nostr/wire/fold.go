package wire

import (
	"errors"
	"fmt"
	"slices"

	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// ErrFold reports a message that does not fit the seat's state (a player
// not at the table, a call without a discard, a hand that differs from the
// folded one).
var ErrFold = errors.New("wire: message does not fit the game state")

// StartPoints is the 地鳳 server's starting score (gamestart carries none).
const StartPoints = 25000

// liveTiles is the live wall before the dealer's first draw (70 draws).
const liveTiles = 70

// Fold turns the messages one player may read — those p-tagged to it plus
// the public NOTIFYs — into the engine's Events for that seat and folds
// them into a mahjong.View, as the engine would (sim/mahjong events.go
// documents the mapping). What the wire does not say is synthesised the
// way the engine orders it: another seat's hidden draw just before its
// first action of the turn, the riichi stick when the declaration tile
// passes, ura dora by position.
//
// Two things are later on the wire than in the engine: another seat's
// draw is known only when that seat acts, and a riichi stick only when the
// next draw or call is seen. At every prompt to this seat and at every
// hand end the fold is complete. Discards of other seats carry no
// tsumogiri flag on the wire.
type Fold struct {
	Me      string // our npub
	Seat    sim.Seat
	Players [4]string // join order = engine seats
	View    mahjong.View
	// Events are the seat's events so far (synthesised ones included).
	Events []mahjong.Event

	started    bool
	turn       sim.Seat // seat whose turn it is (drew or must draw)
	drawn      bool     // turn has drawn (or called) this turn
	rinshan    bool     // turn's pending draw is a replacement draw
	claimable  bool     // the last discard (or kakan) is still open to claims
	stick      sim.Seat // seat whose riichi declaration is pending payment
	richiSaid  sim.Seat // seat whose "say richi" awaits its discard
	say        [4]string
	won        bool // a win was announced this hand
	agari      bool
	kanDora    int  // open-kan dora notices not yet seen
	inHandHead bool // between kyokustart and the deal: "point =" lines are EvScore
}

// NewFold returns the fold for the player with npub me.
func NewFold(me string) *Fold {
	return &Fold{Me: me, Seat: sim.NoSeat, stick: sim.NoSeat, richiSaid: sim.NoSeat}
}

// SeatOf returns the engine seat of npub, or NoSeat.
func (f *Fold) SeatOf(npub string) sim.Seat {
	for i, p := range f.Players {
		if p == npub {
			return sim.Seat(i)
		}
	}
	return sim.NoSeat
}

func (f *Fold) seat(npub string) (sim.Seat, error) {
	s := f.SeatOf(npub)
	if s == sim.NoSeat {
		return s, fmt.Errorf("%w: %s is not at the table", ErrFold, clip(npub))
	}
	return s, nil
}

func (f *Fold) emit(e mahjong.Event) {
	f.Events = append(f.Events, e)
	f.View.Apply(e)
}

func ev(k mahjong.EventKind, s sim.Seat) mahjong.Event {
	return mahjong.Event{Kind: k, Seat: s, From: sim.NoSeat, Tile: mahjong.NoTile}
}

// payStick emits the pending riichi stick, if any.
func (f *Fold) payStick() {
	if f.stick != sim.NoSeat {
		f.emit(ev(mahjong.EvRiichiStick, f.stick))
		f.stick = sim.NoSeat
	}
}

// draw emits seat s's draw (tile hidden unless it is ours).
func (f *Fold) draw(s sim.Seat, t Tile, left int) {
	f.payStick()
	e := ev(mahjong.EvDraw, s)
	e.Tile = t
	e.Value = int32(left)
	if f.rinshan {
		e.Flags |= mahjong.FlagRinshan
	}
	f.emit(e)
	f.turn, f.drawn, f.rinshan, f.claimable = s, true, false, false
}

// acting is called when seat s acts on its own turn (riichi, discard,
// tsumo, ankan/kakan): another seat's draw is synthesised if not seen.
func (f *Fold) acting(s sim.Seat) error {
	if f.turn == s && f.drawn {
		return nil
	}
	if f.claimable && f.turn != s {
		// The previous discard passed and s drew next: turn order decides.
		if want := (f.View.LastFrom + 1) % 4; want != s {
			return fmt.Errorf("%w: seat %d acts, seat %d should draw", ErrFold, s, want)
		}
		f.turn = s
	}
	if f.turn != s {
		return fmt.Errorf("%w: seat %d acts out of turn (turn %d)", ErrFold, s, f.turn)
	}
	if s == f.Seat {
		return fmt.Errorf("%w: our turn without our NOTIFY tsumo", ErrFold)
	}
	f.draw(s, mahjong.HiddenTile, int(f.View.WallLeft)-1)
	return nil
}

// Apply folds one message. Messages that carry no state (status, summary,
// replies, prompts) only get checked. An error leaves the fold unchanged
// except for events already emitted for that message.
func (f *Fold) Apply(m Message) error {
	switch m := m.(type) {
	case GameStart:
		if m.To != f.Me {
			return nil // someone else's notice (not addressed to us)
		}
		f.Players = m.Players
		f.Seat = f.SeatOf(f.Me)
		if f.Seat == sim.NoSeat {
			return fmt.Errorf("%w: gamestart does not list us", ErrFold)
		}
		f.View = mahjong.NewView(f.Seat)
		f.Events = f.Events[:0]
		f.started = true
		e := ev(mahjong.EvGameStart, sim.NoSeat)
		e.Value = StartPoints
		f.emit(e)
		return nil
	case Status, Summary, Reply, Recruit, Ranking:
		return nil
	}
	if !f.started {
		return fmt.Errorf("%w: %s before our gamestart", ErrFold, m.Name())
	}
	switch m := m.(type) {
	case KyokuStart:
		d, err := f.seat(m.Dealer)
		if err != nil {
			return err
		}
		e := ev(mahjong.EvHandStart, d)
		e.Round = uint8(4*m.Round) + uint8(d)
		e.Honba = uint8(m.Honba)
		e.Sticks = uint8(m.Pot / 1000)
		e.Value = liveTiles
		f.emit(e)
		f.turn, f.drawn, f.rinshan, f.claimable = d, false, false, false
		f.stick, f.richiSaid, f.won, f.agari, f.kanDora = sim.NoSeat, sim.NoSeat, false, false, 0
		f.say = [4]string{}
		f.inHandHead = true
	case Point:
		s, err := f.seat(m.Player)
		if err != nil {
			return err
		}
		if m.Op == '=' {
			if !f.inHandHead {
				return fmt.Errorf("%w: absolute point line outside a hand start", ErrFold)
			}
			e := ev(mahjong.EvScore, s)
			e.Value = int32(m.Points)
			f.emit(e)
			return nil
		}
		e := ev(mahjong.EvPoints, s)
		e.Value = int32(m.Delta())
		f.emit(e)
	case Haipai:
		if m.Player != f.Me {
			return nil
		}
		f.inHandHead = false
		e := ev(mahjong.EvDeal, f.Seat)
		e.N = uint8(copy(e.Tiles[:], m.Tiles))
		f.emit(e)
	case Dora:
		f.inHandHead = false
		e := ev(mahjong.EvDora, sim.NoSeat)
		e.Tile = m.Indicator
		switch {
		case f.won && f.kanDora == 0:
			e.Flags |= mahjong.FlagUra
		case f.kanDora > 0:
			f.kanDora--
		}
		f.emit(e)
	case Tsumo:
		if m.Player != f.Me {
			return nil
		}
		if f.turn != f.Seat && !(f.claimable && (f.View.LastFrom+1)%4 == f.Seat) {
			return fmt.Errorf("%w: we draw out of turn", ErrFold)
		}
		f.turn = f.Seat
		if f.drawn {
			return fmt.Errorf("%w: second draw in one turn", ErrFold)
		}
		if want := int(f.View.WallLeft) - 1; m.Left != want {
			return fmt.Errorf("%w: %d tiles left, folded %d", ErrFold, m.Left, want)
		}
		f.draw(f.Seat, m.Tile, m.Left)
	case Say:
		s, err := f.seat(m.Player)
		if err != nil {
			return err
		}
		f.say[s] = m.Word
		switch m.Word {
		case "richi":
			if err := f.acting(s); err != nil {
				return err
			}
			f.richiSaid = s
			f.emit(ev(mahjong.EvRiichi, s))
		case "tsumo":
			if err := f.acting(s); err != nil {
				return err
			}
			f.won = true
			e := ev(mahjong.EvWin, s)
			e.From = s
			if s == f.Seat {
				e.Tile = f.View.Drawn
			}
			f.emit(e)
		case "ron":
			if !f.claimable {
				return fmt.Errorf("%w: ron without a discard", ErrFold)
			}
			f.stick = sim.NoSeat // a ron on the declaration tile cancels the stick
			if !f.won {          // a second and third "ron" only happen in 三家和
				f.won = true
				e := ev(mahjong.EvWin, s)
				e.From = f.View.LastFrom
				e.Tile = f.View.LastDiscard
				f.emit(e)
			}
		case "pon", "chi", "kan", "tenpai", "noten":
			if m.Word == "tenpai" || m.Word == "noten" {
				e := ev(mahjong.EvTenpai, s)
				if m.Word == "tenpai" {
					e.Flags |= mahjong.FlagTenpai
				}
				f.emit(e)
			}
		}
	case Sutehai:
		s, err := f.seat(m.Player)
		if err != nil {
			return err
		}
		if err := f.acting(s); err != nil {
			return err
		}
		e := ev(mahjong.EvDiscard, s)
		e.Tile = m.Tile
		if s == f.Seat && f.View.Drawn == m.Tile {
			e.Flags |= mahjong.FlagTsumogiri
		}
		if f.richiSaid == s {
			e.Flags |= mahjong.FlagRiichi
			f.stick, f.richiSaid = s, sim.NoSeat
		}
		if s == f.Seat && f.View.Hand[m.Tile] == 0 {
			return fmt.Errorf("%w: we discard %s, not in our hand", ErrFold, TileString(m.Tile))
		}
		f.emit(e)
		f.turn, f.drawn, f.claimable = (s+1)%4, false, true
	case Open:
		return f.open(m)
	case Ryukyoku:
		if !f.won {
			f.payStick() // e.g. the 4th riichi's stick before 四家立直
		}
		e := ev(mahjong.EvExhaustive, sim.NoSeat)
		f.emit(e)
		f.claimable = false
	case Agari:
		f.agari = true
	case KyokuEnd:
		e := ev(mahjong.EvHandEnd, sim.NoSeat)
		if !f.agari {
			e.Sticks = f.View.Sticks
		}
		f.emit(e)
	case GameEnd:
		f.emit(ev(mahjong.EvGameEnd, sim.NoSeat))
	case AskSutehai:
		if m.Player == f.Me {
			return f.checkHand(m.Hand, m.Drawn, m.HasDrawn)
		}
	case AskNaku:
		if m.Player == f.Me {
			return f.checkHand(m.Hand, 0, false)
		}
	}
	return nil
}

// open folds "NOTIFY open" after the "say pon|chi|kan" before it.
func (f *Fold) open(m Open) error {
	s, err := f.seat(m.Player)
	if err != nil {
		return err
	}
	e := ev(mahjong.EvCall, s)
	last := f.View.LastDiscard
	switch word := f.say[s]; {
	case word == "kan" && len(m.Tiles) == 1: // kakan: the added tile
		if err := f.acting(s); err != nil {
			return err
		}
		e.Meld, e.Tile, e.From = mahjong.Kakan, m.Tiles[0], s
		e.N = 4
		for i := range 4 {
			e.Tiles[i] = m.Tiles[0]
		}
		f.kanDora++
		f.emit(e)
		// The rinshan draw waits for the chankan window.
		f.turn, f.drawn, f.rinshan, f.claimable = s, false, true, true
		return nil
	case word == "kan" && len(m.Tiles) == 4 && f.claimable && s != f.View.LastFrom && m.Tiles[0] == last:
		e.Meld, e.Tile, e.From = mahjong.Daiminkan, last, f.View.LastFrom
		f.kanDora++
	case word == "kan" && len(m.Tiles) == 4:
		if err := f.acting(s); err != nil {
			return err
		}
		e.Meld, e.Tile, e.From = mahjong.Ankan, m.Tiles[0], s
	case (word == "pon" || word == "chi") && len(m.Tiles) == 3 && f.claimable && s != f.View.LastFrom && slices.Contains(m.Tiles, last):
		e.Meld, e.Tile, e.From = mahjong.Pon, last, f.View.LastFrom
		if word == "chi" {
			e.Meld = mahjong.Chi
		}
	default:
		return fmt.Errorf("%w: open %s after say %q", ErrFold, TilesString(m.Tiles), word)
	}
	if e.Meld != mahjong.Ankan {
		f.payStick() // the declaration tile passed (it was called)
	}
	e.N = uint8(copy(e.Tiles[:], m.Tiles))
	f.emit(e)
	f.say[s] = ""
	f.turn, f.claimable = s, false
	if e.Meld == mahjong.Pon || e.Meld == mahjong.Chi {
		f.drawn = true // discard without drawing
	} else {
		f.drawn, f.rinshan = false, true
	}
	return nil
}

// checkHand compares a prompt's hand with the folded one.
func (f *Fold) checkHand(h Hand, drawn Tile, hasDrawn bool) error {
	var want [mahjong.NumKinds]uint8
	for _, t := range h.Concealed {
		want[t]++
	}
	if hasDrawn {
		want[drawn]++
		if f.View.Drawn != drawn {
			return fmt.Errorf("%w: prompt shows drawn %s, folded %v", ErrFold, TileString(drawn), f.View.Drawn)
		}
	}
	if got := f.View.Counts(); got != want {
		return fmt.Errorf("%w: prompt hand %s differs from the folded hand", ErrFold, h)
	}
	if int(f.View.NMelds[f.Seat]) != len(h.Melds) {
		return fmt.Errorf("%w: prompt shows %d melds, folded %d", ErrFold, len(h.Melds), f.View.NMelds[f.Seat])
	}
	return nil
}

// Chankan reports whether the open claim is on a kakan (the last event is
// a kakan): a "GET naku? ron" now is a chankan chance.
func (f *Fold) Chankan() bool {
	n := len(f.Events)
	return n > 0 && f.Events[n-1].Kind == mahjong.EvCall && f.Events[n-1].Meld == mahjong.Kakan
}

// Rinshan reports whether our drawn tile is a replacement tile after a kan.
func (f *Fold) Rinshan() bool {
	for i := len(f.Events) - 1; i >= 0; i-- {
		if e := f.Events[i]; e.Kind == mahjong.EvDraw && e.Seat == f.Seat {
			return e.Flags&mahjong.FlagRinshan != 0
		}
	}
	return false
}
