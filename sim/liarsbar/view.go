package liarsbar

import "gamelab/sim"

// View is what one seat may know: its own hand, the table card, every
// seat's hand size, cards played this round and pull counter, the previous
// play, who is alive, and what every reveal has shown. It never holds
// another seat's cards or any chamber. It is a comparable value (arrays
// only), so two Views can be compared with ==.
//
// A View is the fold of the events its seat may see: start from NewView
// and Apply each visible event; State.View builds the same value from the
// state directly.
type View struct {
	Rules Rules
	Seat  sim.Seat
	Round int16
	Table Card
	// Hand is the seat's own hand, sorted; HandLen cards are valid. Play
	// actions index into it.
	Hand    [MaxHand]Card
	HandLen int8
	// Dealt counts, per card kind, the hand the seat was dealt this round.
	Dealt  [NumCards]int8
	Alive  [MaxPlayers]bool
	Cards  [MaxPlayers]int8 // cards in each seat's hand
	Pulls  [MaxPlayers]int8 // pulls of each seat's revolver since its load
	Played [MaxPlayers]int8 // cards each seat played this round
	Pile   int8             // cards played this round
	// Last is the seat whose play may be challenged (NoSeat at a round's
	// start) and LastCount the number of cards it played.
	Last      sim.Seat
	LastCount int8
	// Turn is the seat to move, NoSeat while aims are pending or the game
	// is over.
	Turn sim.Seat
	// ShownLies and ShownTruths count, per seat, the reveals of its plays
	// that showed a lie or a truthful play.
	ShownLies   [MaxPlayers]int16
	ShownTruths [MaxPlayers]int16
	// Out is the elimination moment of each dead seat (1 for the first),
	// 0 while alive.
	Out    [MaxPlayers]int8
	Over   bool
	Winner sim.Seat
}

// NewView is the View of seat before the first event.
func NewView(r Rules, seat sim.Seat) View {
	v := View{Rules: r, Seat: seat, Last: sim.NoSeat, Turn: sim.NoSeat, Winner: sim.NoSeat}
	for i := 0; i < r.Players && i < MaxPlayers; i++ {
		v.Alive[i] = true
	}
	return v
}

// MyHand returns the seat's hand as a slice of v.Hand.
func (v *View) MyHand() []Card { return v.Hand[:v.HandLen] }

// Living counts the living seats.
func (v *View) Living() int {
	n := 0
	for i := 0; i < v.Rules.Players; i++ {
		if v.Alive[i] {
			n++
		}
	}
	return n
}

// Apply folds one event into the view. Events the seat may not see
// (another seat's hand) are ignored, so a caller may pass the whole log;
// so are malformed ones it cannot fold (a hand of more than MaxHand
// cards, a seat outside the game). FuzzViewApply checks that no event
// sequence makes it panic.
func (v *View) Apply(e Event) {
	if !e.VisibleTo(v.Seat) {
		return
	}
	n := v.Rules.Players
	switch e.Kind {
	case EvRoundStart:
		v.Round, v.Table, v.Turn = e.Round, e.Table, e.Seat
		v.Pile, v.Last, v.LastCount = 0, sim.NoSeat, 0
		v.Played = [MaxPlayers]int8{}
		v.HandLen = 0
		v.Hand = [MaxHand]Card{}
		v.Dealt = [NumCards]int8{}
		for i := 0; i < n; i++ {
			v.Cards[i] = 0
			if v.Alive[i] {
				v.Cards[i] = int8(v.Rules.HandSize)
			}
		}
	case EvHand:
		if e.N < 0 || e.N > MaxHand {
			return // malformed: no hand holds that many cards
		}
		v.Hand, v.HandLen = e.Cards, e.N
		if v.Seat >= 0 && int(v.Seat) < n && v.Played[v.Seat] == 0 {
			v.Dealt = [NumCards]int8{}
			for _, c := range e.Cards[:min(int(e.N), MaxHand)] {
				if c < NumCards {
					v.Dealt[c]++
				}
			}
		}
	case EvPlay:
		if e.Seat < 0 || int(e.Seat) >= n {
			return
		}
		v.Cards[e.Seat] -= e.N
		v.Played[e.Seat] += e.N
		v.Pile += e.N
		v.Last, v.LastCount = e.Seat, e.N
		v.Turn = sim.NoSeat
		for j := 1; j < n; j++ {
			t := (int(e.Seat) + j) % n
			if v.Alive[t] && v.Cards[t] > 0 {
				v.Turn = sim.Seat(t)
				break
			}
		}
	case EvChallenge:
		v.Turn = sim.NoSeat
	case EvReveal:
		if e.Seat < 0 || int(e.Seat) >= n {
			return
		}
		if e.Truthful {
			v.ShownTruths[e.Seat]++
		} else {
			v.ShownLies[e.Seat]++
		}
	case EvShot:
		if e.Seat < 0 || int(e.Seat) >= n {
			return
		}
		v.Pulls[e.Seat] = e.Pulls
	case EvEliminated:
		if e.Seat < 0 || int(e.Seat) >= n {
			return
		}
		v.Alive[e.Seat] = false
		v.Out[e.Seat] = e.N
	case EvGameOver:
		v.Over, v.Winner, v.Turn = true, e.Seat, sim.NoSeat
	}
}

// View returns what seat may know now. It panics if seat is not a seat of
// the game (a programmer error).
func (s *State) View(seat sim.Seat) View {
	if seat < 0 || seat >= sim.Seat(s.n) {
		panic("liarsbar: View of a seat outside the game")
	}
	v := View{
		Rules: s.rules, Seat: seat, Round: s.round, Table: s.table,
		Alive: s.alive, Played: s.played, Pile: s.pileLen,
		Last: s.last, LastCount: s.lastN, Turn: sim.NoSeat,
		ShownLies: s.lies, ShownTruths: s.truths, Out: s.out,
		Over: s.phase == phaseOver, Winner: s.winner,
	}
	h := &s.hands[seat]
	copy(v.Hand[:], h.c[:h.n])
	v.HandLen = h.n
	v.Dealt = s.dealtKinds[seat]
	for i := range s.n {
		v.Cards[i] = s.hands[i].n
		v.Pulls[i] = s.guns[i].pulls
	}
	if s.phase == phaseMove {
		v.Turn = s.turn
	}
	return v
}
