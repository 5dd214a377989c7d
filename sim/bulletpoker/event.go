package bulletpoker

import (
	"fmt"

	"gamelab/sim"
	"gamelab/sim/cards"
)

// EventKind names what happened.
type EventKind int8

// The event kinds.
const (
	// EvStart opens the match: Count = players.
	EvStart EventKind = iota
	// EvHand starts a hand: Hand, Button, Alive (bit mask of living
	// seats, who all ante one bullet).
	EvHand
	// EvDeal gives Seat its two hole cards (Cards[0:2]); private to Seat.
	EvDeal
	// EvOffer shows Seat its switch offers (Cards[0:Count]); private.
	EvOffer
	// EvSwitch: Seat swapped hole card Hole for offer Offer. Cards[0] is
	// the discarded card, Cards[1] the new one. Others see only the seat
	// and, if Shown, the discard.
	EvSwitch
	// EvBet: Seat checked, called, raised or went all-in (Act); Bet is the
	// seat's bet after it, Current the table's.
	EvBet
	// EvBoard: the Street's new board cards Cards[0:Count].
	EvBoard
	// EvFold: Seat folded (Act = Fold or Coward) and loads Count bullets.
	EvFold
	// EvLoad: Seat loads Count bullets and spins.
	EvLoad
	// EvShot: Seat pulls the trigger: Shot is click, bang or godsave.
	EvShot
	// EvShowdown: Seat shows Cards[0:2], best hand Rank.
	EvShowdown
	// EvEliminated: Seat is dead.
	EvEliminated
	// EvGameOver: the match is over after Hand hands (Count = 1 if the
	// hand cap ended it).
	EvGameOver
)

var eventNames = [...]string{"start", "hand", "deal", "offer", "switch", "bet", "board", "fold", "load", "shot", "showdown", "eliminated", "game_over"}

// String is the kind's name.
func (k EventKind) String() string {
	if k < 0 || int(k) >= len(eventNames) {
		return "?"
	}
	return eventNames[k]
}

// Tavern is the tavern protocol's public event name for the kind, or ""
// for events the tavern sends privately (hole cards go with the round
// start, offers with the decision request) or not at all (match start).
// "switch" is our addition to the public list.
func (k EventKind) Tavern() string {
	switch k {
	case EvHand:
		return "deal"
	case EvStart, EvDeal, EvOffer:
		return ""
	}
	return k.String()
}

// Shot is the outcome of one pull of the trigger.
type Shot int8

// The shot outcomes.
const (
	Click   Shot = iota // an empty chamber
	Bang                // dead
	GodSave             // six bullets, yet alive (5%)
)

var shotNames = [...]string{"click", "bang", "godsave"}

// String is "click", "bang" or "godsave".
func (s Shot) String() string {
	if s < 0 || int(s) >= len(shotNames) {
		return "?"
	}
	return shotNames[s]
}

// Event is one entry of the match log. Which fields are used depends on
// Kind (see the EventKind constants); unused fields are zero.
type Event struct {
	Kind    EventKind
	Seat    sim.Seat
	Hand    int16
	Button  sim.Seat
	Alive   uint8
	Street  Street
	Act     Kind
	Bet     int8
	Current int8
	Count   int8
	Shot    Shot
	Hole    int8
	Offer   int8
	Shown   bool
	Cards   [4]cards.Card
	Rank    cards.HandRank
}

// For returns the event as seat sees it, and whether seat sees it at all.
// sim.NoSeat stands for an onlooker who sees only public information.
func (e Event) For(seat sim.Seat) (Event, bool) {
	switch e.Kind {
	case EvDeal, EvOffer:
		return e, e.Seat == seat
	case EvSwitch:
		if e.Seat != seat {
			e.Hole, e.Offer = 0, 0
			e.Cards[1] = 0
			if !e.Shown {
				e.Cards[0] = 0
			}
		}
	}
	return e, true
}

// String is a one-line description, e.g. "bet seat 2 raise 3/3".
func (e Event) String() string {
	switch e.Kind {
	case EvStart:
		return fmt.Sprintf("start %d players", e.Count)
	case EvHand:
		return fmt.Sprintf("hand %d button %d alive %06b", e.Hand, e.Button, e.Alive)
	case EvDeal:
		return fmt.Sprintf("deal seat %d %s", e.Seat, cards.Format(e.Cards[:2]))
	case EvOffer:
		return fmt.Sprintf("offer seat %d %s", e.Seat, cards.Format(e.Cards[:e.Count]))
	case EvSwitch:
		if e.Shown || e.Cards[1] != 0 || e.Hole != 0 || e.Offer != 0 {
			return fmt.Sprintf("switch seat %d hole %d offer %d out %s in %s shown %v", e.Seat, e.Hole, e.Offer, e.Cards[0], e.Cards[1], e.Shown)
		}
		return fmt.Sprintf("switch seat %d", e.Seat)
	case EvBet:
		return fmt.Sprintf("bet seat %d %s %d/%d", e.Seat, e.Act, e.Bet, e.Current)
	case EvBoard:
		return fmt.Sprintf("board %s %s", e.Street, cards.Format(e.Cards[:e.Count]))
	case EvFold:
		return fmt.Sprintf("fold seat %d %s loads %d", e.Seat, e.Act, e.Count)
	case EvLoad:
		return fmt.Sprintf("load seat %d %d", e.Seat, e.Count)
	case EvShot:
		return fmt.Sprintf("shot seat %d %s", e.Seat, e.Shot)
	case EvShowdown:
		return fmt.Sprintf("showdown seat %d %s %s", e.Seat, cards.Format(e.Cards[:2]), e.Rank)
	case EvEliminated:
		return fmt.Sprintf("eliminated seat %d", e.Seat)
	case EvGameOver:
		return fmt.Sprintf("game_over after %d hands capped %v", e.Hand, e.Count == 1)
	}
	return "?"
}
