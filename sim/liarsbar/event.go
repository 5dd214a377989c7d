package liarsbar

import (
	"fmt"
	"strconv"

	"gamelab/sim"
)

// EventKind names an event; the names are the tavern's public event names
// plus the private "hand".
type EventKind uint8

const (
	// EvRoundStart: round Round begins with table card Table; Seat moves first.
	EvRoundStart EventKind = iota + 1
	// EvHand (private to To): seat To's hand is now Cards[:N], sorted.
	EvHand
	// EvPlay: Seat played N cards face down.
	EvPlay
	// EvChallenge: Seat challenges the play of Target.
	EvChallenge
	// EvReveal: the play of Seat is shown: Cards[:N]; Truthful tells
	// whether every card is the table card or wild.
	EvReveal
	// EvAim: Seat aims its revolver at Target (chaos).
	EvAim
	// EvShot: Seat's revolver fires at Target: pull number Pull; Hit tells
	// whether the live round fired; Pulls is the revolver's counter after the
	// shot (0 when a chaos revolver is reloaded).
	EvShot
	// EvEliminated: Seat is dead.
	EvEliminated
	// EvRoundEnd: round Round ends; Seat lost the challenge (and moves
	// first next round if alive).
	EvRoundEnd
	// EvGameOver: the game ends; Seat is the winner (NoSeat if the round cap
	// left a tie for first).
	EvGameOver
	numEventKinds
)

var eventNames = [numEventKinds]string{"", "round_start", "hand", "play", "challenge", "reveal", "aim", "shot", "eliminated", "round_end", "game_over"}

// String gives the tavern event name.
func (k EventKind) String() string {
	if k < numEventKinds && k > 0 {
		return eventNames[k]
	}
	return "event(" + strconv.Itoa(int(k)) + ")"
}

// Event is one entry of the game's log. It is a small value; fields a kind
// does not use are zero (seats NoSeat).
type Event struct {
	Kind EventKind
	// To is the only seat that may see the event; NoSeat for public events.
	To       sim.Seat
	Seat     sim.Seat
	Target   sim.Seat
	Round    int16
	Table    Card
	N        int8
	Cards    [MaxHand]Card
	Pull     int8
	Pulls    int8
	Hit      bool
	Truthful bool
}

// VisibleTo reports whether seat may see e.
func (e *Event) VisibleTo(seat sim.Seat) bool { return e.To == sim.NoSeat || e.To == seat }

// String renders the event in the notation of the golden files, e.g.
// "play 2 n=3" or "shot 1->1 pull=2 pulls=2 miss".
func (e Event) String() string {
	switch e.Kind {
	case EvRoundStart:
		return fmt.Sprintf("round_start r=%d table=%v first=%d", e.Round, e.Table, e.Seat)
	case EvHand:
		return fmt.Sprintf("hand @%d %v", e.To, e.Cards[:e.N])
	case EvPlay:
		return fmt.Sprintf("play %d n=%d", e.Seat, e.N)
	case EvChallenge:
		return fmt.Sprintf("challenge %d->%d", e.Seat, e.Target)
	case EvReveal:
		t := "lie"
		if e.Truthful {
			t = "truthful"
		}
		return fmt.Sprintf("reveal %d %v %s", e.Seat, e.Cards[:e.N], t)
	case EvAim:
		return fmt.Sprintf("aim %d->%d", e.Seat, e.Target)
	case EvShot:
		h := "miss"
		if e.Hit {
			h = "HIT"
		}
		return fmt.Sprintf("shot %d->%d pull=%d pulls=%d %s", e.Seat, e.Target, e.Pull, e.Pulls, h)
	case EvEliminated:
		return fmt.Sprintf("eliminated %d", e.Seat)
	case EvRoundEnd:
		return fmt.Sprintf("round_end r=%d loser=%d", e.Round, e.Seat)
	case EvGameOver:
		return fmt.Sprintf("game_over winner=%d", e.Seat)
	}
	return e.Kind.String()
}

// For gives e as seat sees it, and whether seat sees it at all (the
// contract's one visibility rule, sim.Event): private hands only reach
// their owner; everything else is public.
func (e Event) For(seat sim.Seat) (Event, bool) { return e, e.To == sim.NoSeat || e.To == seat }
