package bulletpoker

import (
	"gamelab/sim"
	"gamelab/sim/cards"
)

// View is what one seat knows: the fold of the events it may see (see
// Event.For). Start from NewView(rules, s) and Apply every visible event;
// the engine's State.View(s) gives the same value. A View is a plain value
// (comparable with ==) with no pointers.
type View struct {
	Seat sim.Seat
	// Rules are the match's rules, as NewView set them (zero when the view
	// was started without them, e.g. from a foreign dealer's board).
	Rules   Rules
	Players int8
	Hand    int16 // hands started, 1-based
	Button  sim.Seat
	Street  Street
	Done    bool

	Alive  [MaxPlayers]bool
	InHand [MaxPlayers]bool // alive and not folded this hand
	Bet    [MaxPlayers]int8 // bullets committed this hand
	// Current is the bet every player in the hand must match.
	Current int8
	// Raises counts each seat's raises and all-ins this hand.
	Raises     [MaxPlayers]int8
	CowardUsed [MaxPlayers]bool
	SwitchUsed [MaxPlayers]bool
	// Loaded counts bullets each seat has loaded over the match.
	Loaded [MaxPlayers]int16

	// Acted marks the seats that have checked, called or raised on this
	// street since its last raise (a street ends when every seat still in
	// has acted and matches Current); Raised says someone raised or went
	// all-in on this street (under RiseOnly the others may then only call).
	Acted  [MaxPlayers]bool
	Raised bool
	// Switched: the seat to act has switched a card this turn and decides
	// again, with no all-in and no second switch.
	Switched bool
	// Answering: an all-in is being answered at once (AllInSimultaneous):
	// every other seat still in with a bet below MaxBet answers call or
	// fold, and no seat sees an answer before all are in.
	Answering bool

	HasHole bool
	Hole    [2]cards.Card
	NBoard  int8
	Board   [5]cards.Card
	// Offers are this seat's switch offers during its turn.
	NOffers int8
	Offers  [4]cards.Card

	// Discard is a seat's switched-out card this hand when it was shown
	// (always known for the seat's own switch).
	HasDiscard [MaxPlayers]bool
	Discard    [MaxPlayers]cards.Card
	// Shown and ShownRank are the showdown hands of this hand (rank 0 =
	// not shown).
	Shown     [MaxPlayers][2]cards.Card
	ShownRank [MaxPlayers]cards.HandRank
}

// NewView is seat's view of a match of rules r before its first event.
func NewView(r Rules, seat sim.Seat) View { return View{Seat: seat, Rules: r} }

// Apply folds one event (as returned by Event.For(v.Seat)) into the view.
// Malformed events (a seat, hole index or card count out of range, as may
// come off a wire) are ignored rather than trusted: Apply never panics.
func (v *View) Apply(e Event) {
	if !e.wellFormed() {
		return
	}
	switch e.Kind {
	case EvStart:
		v.Players = e.Count
		for i := range v.Alive {
			v.Alive[i] = i < int(e.Count)
		}
	case EvHand:
		v.Hand, v.Button, v.Street = e.Hand, e.Button, Preflop
		for i := range MaxPlayers {
			in := e.Alive&(1<<i) != 0
			v.InHand[i] = in
			v.Bet[i], v.Raises[i] = 0, 0
			if in {
				v.Bet[i] = 1
			}
			v.HasDiscard[i], v.Discard[i] = false, 0
			v.Shown[i], v.ShownRank[i] = [2]cards.Card{}, 0
		}
		v.Current = 1
		v.Acted, v.Raised, v.Switched, v.Answering = [MaxPlayers]bool{}, false, false, false
		v.HasHole, v.Hole = false, [2]cards.Card{}
		v.NBoard, v.Board = 0, [5]cards.Card{}
		v.NOffers, v.Offers = 0, [4]cards.Card{}
	case EvDeal:
		if e.Seat == v.Seat {
			v.HasHole = true
			v.Hole = [2]cards.Card{e.Cards[0], e.Cards[1]}
		}
	case EvOffer:
		if e.Seat == v.Seat {
			v.NOffers, v.Offers = e.Count, e.Cards
		}
	case EvSwitch:
		v.SwitchUsed[e.Seat] = true
		v.Switched = true
		if e.Shown || e.Seat == v.Seat {
			v.HasDiscard[e.Seat], v.Discard[e.Seat] = true, e.Cards[0]
		}
		if e.Seat == v.Seat {
			v.Hole[e.Hole] = e.Cards[1]
			v.NOffers, v.Offers = 0, [4]cards.Card{}
		}
	case EvBet:
		v.Bet[e.Seat], v.Current = e.Bet, e.Current
		if e.Act == Raise || e.Act == AllIn {
			v.Raises[e.Seat]++
			v.Acted, v.Raised = [MaxPlayers]bool{}, true
		}
		v.Acted[e.Seat], v.Switched = true, false
		// The seats in the hand below the all-in's bet answer at once.
		v.Answering = false
		if e.Act == AllIn && v.Rules.AllInSimultaneous {
			for i := range MaxPlayers {
				if v.InHand[i] && sim.Seat(i) != e.Seat && v.Bet[i] < MaxBet {
					v.Answering = true
				}
			}
		}
		if e.Seat == v.Seat {
			v.NOffers, v.Offers = 0, [4]cards.Card{}
		}
	case EvBoard:
		if int(v.NBoard)+int(e.Count) > len(v.Board) {
			return
		}
		v.Street = e.Street
		v.Acted, v.Raised, v.Switched, v.Answering = [MaxPlayers]bool{}, false, false, false
		copy(v.Board[v.NBoard:], e.Cards[:e.Count])
		v.NBoard += e.Count
	case EvFold:
		v.InHand[e.Seat] = false
		v.Switched, v.Answering = false, false
		if e.Act == Coward {
			v.CowardUsed[e.Seat] = true
		}
		if e.Seat == v.Seat {
			v.NOffers, v.Offers = 0, [4]cards.Card{}
		}
	case EvLoad:
		v.Loaded[e.Seat] += int16(e.Count)
	case EvShowdown:
		v.Shown[e.Seat] = [2]cards.Card{e.Cards[0], e.Cards[1]}
		v.ShownRank[e.Seat] = e.Rank
	case EvEliminated:
		v.Alive[e.Seat] = false
		v.InHand[e.Seat] = false
	case EvGameOver:
		v.Done = true
		v.Switched, v.Answering = false, false
	}
}

// Known is the set of cards this seat has seen this hand: its hole cards,
// the board, its offers and shown discards and showdown hands.
func (v *View) Known() cards.Set {
	var s cards.Set
	if v.HasHole {
		s = s.With(v.Hole[0]).With(v.Hole[1])
	}
	for _, c := range v.Board[:v.NBoard] {
		s = s.With(c)
	}
	for _, c := range v.Offers[:v.NOffers] {
		s = s.With(c)
	}
	for i := range MaxPlayers {
		if v.HasDiscard[i] {
			s = s.With(v.Discard[i])
		}
		if v.ShownRank[i] != 0 {
			s = s.With(v.Shown[i][0]).With(v.Shown[i][1])
		}
	}
	return s
}

// wellFormed reports whether the event's indices are in range for its kind.
func (e Event) wellFormed() bool {
	switch e.Kind {
	case EvStart:
		return e.Count >= MinPlayers && e.Count <= MaxPlayers
	case EvHand, EvGameOver:
		return true
	case EvBoard:
		return e.Count >= 0 && e.Count <= 3
	}
	if e.Seat < 0 || e.Seat >= MaxPlayers {
		return false
	}
	switch e.Kind {
	case EvOffer:
		return e.Count >= 0 && e.Count <= 4
	case EvSwitch:
		return e.Hole == 0 || e.Hole == 1
	}
	return true
}
