package bulletpoker

import (
	"errors"
	"fmt"
	"slices"

	"gamelab/sim"
	"gamelab/sim/cards"
)

// Seed labels of the chance streams: the first button, each hand's deck,
// each offer deal and each gun shot.
var (
	labelButton = sim.Label("button")
	labelDeck   = sim.Label("deck")
	labelOffer  = sim.Label("offer")
	labelGun    = sim.Label("gun")
)

// Typed errors of Apply; all leave the state unchanged.
var (
	ErrGameOver      = errors.New("bulletpoker: the match is over")
	ErrNotYourTurn   = errors.New("bulletpoker: seat is not asked to act")
	ErrIllegalAction = errors.New("bulletpoker: illegal action")
)

// RefusedError is the error of a refused action: errors.Is matches its
// Err (ErrNotYourTurn or ErrIllegalAction). The message is formatted only
// when asked for, so refusals stay cheap.
type RefusedError struct {
	Err    error
	Seat   sim.Seat
	Action Action
}

// Error says what was refused, for whom (built only when asked for).
func (e *RefusedError) Error() string {
	return fmt.Sprintf("%v: seat %d, %s", e.Err, e.Seat, e.Action)
}

// Unwrap returns the sentinel error.
func (e *RefusedError) Unwrap() error { return e.Err }

// State is a match in progress. Copy it only with Clone.
type State struct {
	rules Rules
	seed  uint64
	n     int
	done  bool

	// Match.
	alive      [MaxPlayers]bool
	cowardUsed [MaxPlayers]bool
	switchUsed [MaxPlayers]bool
	loaded     [MaxPlayers]int16
	deathAt    [MaxPlayers]int16          // death clock at death; 0 = alive
	deathRank  [MaxPlayers]cards.HandRank // showdown hand of a seat that died there
	deathClock int16
	shots      uint64 // shots fired (gun seeds)
	offerDeals uint64 // offer deals (offer seeds)
	hand       int16
	button     sim.Seat
	capped     bool

	// Hand.
	deck    [cards.NumCards]cards.Card
	top     int
	hole    [MaxPlayers][2]cards.Card
	board   [5]cards.Card
	nboard  int
	street  Street
	inHand  [MaxPlayers]bool
	bet     [MaxPlayers]int8
	raises  [MaxPlayers]int8 // raises and all-ins this hand
	current int8
	discard [MaxPlayers]cards.Card
	hasDisc [MaxPlayers]bool
	shown   [MaxPlayers]cards.HandRank

	// Betting.
	acted    [MaxPlayers]bool
	raised   bool // someone raised this street (RiseOnly)
	toAct    sim.Seat
	switched bool // toAct switched this turn: no all-in now
	offers   [4]cards.Card
	nOffers  int
	simul    bool // answering an all-in at once
	pending  [MaxPlayers]bool
	answer   [MaxPlayers]Action
	answered [MaxPlayers]bool

	next   [MaxPlayers]sim.Seat
	events []Event
}

// New starts a match. It panics if r is invalid: callers Validate first.
func New(r Rules, seed uint64) *State {
	s := &State{}
	s.Reset(r, seed)
	return s
}

// Reset makes s the match New(r, seed) starts, reusing its event log's
// memory (so a loop of matches allocates nothing). It panics if r is
// invalid.
func (s *State) Reset(r Rules, seed uint64) {
	if err := r.Validate(); err != nil {
		panic(err)
	}
	ev := s.events[:0]
	if ev == nil {
		ev = make([]Event, 0, 256)
	}
	*s = State{rules: r, seed: seed, n: r.Players, events: ev}
	for i := range s.n {
		s.alive[i] = true
	}
	s.emit(Event{Kind: EvStart, Seat: sim.NoSeat, Count: int8(s.n)})
	// The first button is drawn from the seed; then it moves on each hand.
	p := sim.NewPCG(sim.Seed(seed, labelButton))
	s.button = sim.Seat(p.IntN(s.n))
	s.startHand(true)
}

// Rules returns the match's rules.
func (s *State) Rules() Rules { return s.rules }

// Clone returns an independent copy.
func (s *State) Clone() *State {
	c := *s
	c.events = slices.Clone(s.events)
	return &c
}

// Events is the whole match log so far; the caller must not modify it.
func (s *State) Events() []Event { return s.events }

// Done reports whether the match is over.
func (s *State) Done() bool { return s.done }

// Hand is the number of the current hand (1-based).
func (s *State) Hand() int { return int(s.hand) }

// Next lists the seats that must decide now: one seat, or during an
// all-in answer under AllInSimultaneous every seat still to answer. The
// slice is valid until the next Apply.
func (s *State) Next() []sim.Seat {
	out := s.next[:0]
	switch {
	case s.done:
	case s.simul:
		for i := range s.n {
			if s.pending[i] && !s.answered[i] {
				out = append(out, sim.Seat(i))
			}
		}
	default:
		out = append(out, s.toAct)
	}
	return out
}

// asked reports whether seat must decide now.
func (s *State) asked(seat sim.Seat) bool {
	if s.done || seat < 0 || int(seat) >= s.n {
		return false
	}
	if s.simul {
		return s.pending[seat] && !s.answered[seat]
	}
	return seat == s.toAct
}

// Legal appends seat's legal actions to dst, sorted; none if seat is not
// asked to act. It does not allocate when dst has room (13 suffice).
func (s *State) Legal(seat sim.Seat, dst []Action) []Action {
	if !s.asked(seat) {
		return dst
	}
	b := s.bet[seat]
	if s.simul {
		dst = append(dst, Action{Kind: Call}, Action{Kind: Fold})
		if !s.cowardUsed[seat] && b > 1 {
			dst = append(dst, Action{Kind: Coward})
		}
		return dst
	}
	if s.rules.RiseOnly {
		switch {
		case !s.raised && s.current < MaxBet:
			dst = append(dst, Action{Kind: Raise})
		case b < s.current:
			dst = append(dst, Action{Kind: Call})
		default:
			dst = append(dst, Action{Kind: Check})
		}
	} else {
		if b == s.current {
			dst = append(dst, Action{Kind: Check})
		} else {
			dst = append(dst, Action{Kind: Call})
		}
		if s.current < MaxBet {
			dst = append(dst, Action{Kind: Raise})
			if !s.switched && s.street >= s.rules.AllInMinStreet {
				dst = append(dst, Action{Kind: AllIn})
			}
		}
	}
	dst = append(dst, Action{Kind: Fold})
	if !s.cowardUsed[seat] && b > 1 {
		dst = append(dst, Action{Kind: Coward})
	}
	if s.nOffers > 0 && !s.switched && !s.switchUsed[seat] {
		for h := range int8(2) {
			for o := range int8(s.nOffers) {
				dst = append(dst, Action{Kind: Switch, Hole: h, Offer: o})
			}
		}
	}
	return dst
}

// Apply plays seat's action. An action that is not legal now is refused
// with ErrGameOver, ErrNotYourTurn or ErrIllegalAction and changes nothing.
func (s *State) Apply(seat sim.Seat, a Action) error {
	if s.done {
		return ErrGameOver
	}
	if !s.asked(seat) {
		return &RefusedError{Err: ErrNotYourTurn, Seat: seat, Action: a}
	}
	var buf [16]Action
	if !slices.Contains(s.Legal(seat, buf[:0]), a) {
		return &RefusedError{Err: ErrIllegalAction, Seat: seat, Action: a}
	}
	if s.simul {
		s.answer[seat], s.answered[seat] = a, true
		for i := range s.n {
			if s.pending[i] && !s.answered[i] {
				return nil
			}
		}
		s.resolveAnswers()
		return nil
	}
	switch a.Kind {
	case Switch:
		s.doSwitch(seat, a)
		return nil
	case Check:
		s.acted[seat] = true
	case Call:
		s.bet[seat] = s.current
		s.acted[seat] = true
	case Raise, AllIn:
		if a.Kind == Raise {
			s.current++
		} else {
			s.current = MaxBet
		}
		s.bet[seat] = s.current
		s.raises[seat]++
		s.acted = [MaxPlayers]bool{}
		s.acted[seat] = true
		s.raised = true
	case Fold, Coward:
		s.nOffers = 0
		if s.fold(seat, a.Kind) {
			return nil
		}
		s.advance()
		return nil
	}
	s.nOffers = 0
	s.emit(Event{Kind: EvBet, Seat: seat, Act: a.Kind, Bet: s.bet[seat], Current: s.current})
	if a.Kind == AllIn && s.rules.AllInSimultaneous {
		any := false
		for i := range s.n {
			s.pending[i] = s.inHand[i] && sim.Seat(i) != seat && s.bet[i] < MaxBet
			s.answered[i] = false
			any = any || s.pending[i]
		}
		if any {
			s.simul = true
			return nil
		}
	}
	s.advance()
	return nil
}

// resolveAnswers reveals the answers to an all-in, in seat order.
func (s *State) resolveAnswers() {
	s.simul = false
	for i := range s.n {
		if !s.pending[i] {
			continue
		}
		s.pending[i], s.answered[i] = false, false
		a := s.answer[i]
		s.answer[i] = Action{}
		if a.Kind == Call {
			s.bet[i] = s.current
			s.acted[i] = true
			s.emit(Event{Kind: EvBet, Seat: sim.Seat(i), Act: Call, Bet: s.bet[i], Current: s.current})
			continue
		}
		if s.fold(sim.Seat(i), a.Kind) {
			// One seat is left, so no later seat was pending; clear
			// anyway to keep the state tidy.
			for j := i + 1; j < s.n; j++ {
				s.pending[j], s.answered[j], s.answer[j] = false, false, Action{}
			}
			return
		}
	}
	s.advance()
}

// doSwitch swaps a hole card for an offer. The chosen card leaves the
// undealt cards; the order of the others is kept.
func (s *State) doSwitch(seat sim.Seat, a Action) {
	in := s.offers[a.Offer]
	out := s.hole[seat][a.Hole]
	p := slices.Index(s.deck[s.top:], in) + s.top
	copy(s.deck[s.top+1:p+1], s.deck[s.top:p])
	s.deck[s.top] = in
	s.top++
	s.hole[seat][a.Hole] = in
	s.discard[seat], s.hasDisc[seat] = out, true
	s.switchUsed[seat] = true
	s.switched = true
	s.nOffers = 0
	s.offers = [4]cards.Card{}
	s.emit(Event{Kind: EvSwitch, Seat: seat, Hole: a.Hole, Offer: a.Offer,
		Shown: s.rules.SwitchRevealsDiscard, Cards: [4]cards.Card{out, in}})
}

// fold takes seat out of the hand and shoots it with its bet (one bullet
// for a coward). It reports whether the hand ended.
func (s *State) fold(seat sim.Seat, k Kind) bool {
	load := s.bet[seat]
	if k == Coward {
		load = 1
		s.cowardUsed[seat] = true
	}
	s.inHand[seat] = false
	s.emit(Event{Kind: EvFold, Seat: seat, Act: k, Count: load})
	s.deathClock++
	s.shoot(seat, load)
	left := 0
	for i := range s.n {
		if s.inHand[i] {
			left++
		}
	}
	if left == 1 { // the lone remaining player is safe
		s.endHand()
		return true
	}
	return false
}

// shoot loads k bullets for seat and pulls the trigger.
func (s *State) shoot(seat sim.Seat, k int8) {
	s.emit(Event{Kind: EvLoad, Seat: seat, Count: k})
	s.loaded[seat] += int16(k)
	p := sim.NewPCG(sim.Seed(s.seed, labelGun, s.shots))
	s.shots++
	shot := Fire(int(k), p.IntN(120))
	s.emit(Event{Kind: EvShot, Seat: seat, Shot: shot})
	if shot == Bang {
		s.alive[seat] = false
		s.inHand[seat] = false
		s.deathAt[seat] = s.deathClock
		s.emit(Event{Kind: EvEliminated, Seat: seat})
	}
}

// Fire is the revolver: k bullets in six chambers, spun; draw is uniform
// in [0, 120). P(bang) = k/6, except with six bullets where a 5% "God
// save" leaves P(bang) = 0.95.
func Fire(k, draw int) Shot {
	if k >= MaxBet {
		if draw < 114 {
			return Bang
		}
		return GodSave
	}
	if draw < 20*k {
		return Bang
	}
	return Click
}

// advance passes the turn to the next seat that must act on this street,
// or ends the street.
func (s *State) advance() {
	for d := 1; d <= s.n; d++ {
		i := (int(s.toAct) + d) % s.n
		if s.inHand[i] && (!s.acted[i] || s.bet[i] < s.current) {
			s.toAct = sim.Seat(i)
			s.beginTurn()
			return
		}
	}
	s.endStreet()
}

// beginTurn deals switch offers to the seat to act, if it may switch.
func (s *State) beginTurn() {
	s.switched = false
	s.nOffers = 0
	s.offers = [4]cards.Card{}
	seat := s.toAct
	if s.switchUsed[seat] || s.street >= River {
		return
	}
	k := 4 - int(s.street)
	// Keep enough cards for the rest of the board and its burns.
	need := [...]int{8, 4, 2}[s.street]
	undealt := cards.NumCards - s.top
	k = min(k, undealt-need)
	if k <= 0 {
		return
	}
	// [ours] A random sample of the undealt cards, without removing them:
	// a partial Fisher–Yates over their positions.
	p := sim.NewPCG(sim.Seed(s.seed, labelOffer, s.offerDeals))
	s.offerDeals++
	var pos [cards.NumCards]int8
	for i := range undealt {
		pos[i] = int8(s.top + i)
	}
	for i := range k {
		j := i + p.IntN(undealt-i)
		pos[i], pos[j] = pos[j], pos[i]
		s.offers[i] = s.deck[pos[i]]
	}
	s.nOffers = k
	s.emit(Event{Kind: EvOffer, Seat: seat, Count: int8(k), Cards: s.offers})
}

// startHand deals a new hand (first: the button stays where New put it).
func (s *State) startHand(first bool) {
	s.hand++
	if !first {
		s.button = s.nextAlive(s.button)
	}
	var mask uint8
	for i := range s.n {
		s.inHand[i] = s.alive[i]
		s.bet[i], s.raises[i] = 0, 0
		s.hasDisc[i], s.discard[i] = false, 0
		s.shown[i] = 0
		s.hole[i] = [2]cards.Card{}
		if s.alive[i] {
			s.bet[i] = 1
			mask |= 1 << i
		}
	}
	s.current = 1
	for i := range s.deck {
		s.deck[i] = cards.Card(i)
	}
	p := sim.NewPCG(sim.Seed(s.seed, labelDeck, uint64(s.hand)))
	sim.Shuffle(&p, s.deck[:])
	s.top = 0
	s.board, s.nboard = [5]cards.Card{}, 0
	s.street = Preflop
	s.emit(Event{Kind: EvHand, Seat: sim.NoSeat, Hand: s.hand, Button: s.button, Alive: mask})
	// Two rounds of one card each, starting left of the button.
	for round := range 2 {
		for seat := s.nextAlive(s.button); ; seat = s.nextAlive(seat) {
			s.hole[seat][round] = s.deck[s.top]
			s.top++
			if seat == s.button {
				break
			}
		}
	}
	for i := range s.n {
		if s.alive[i] {
			s.emit(Event{Kind: EvDeal, Seat: sim.Seat(i), Cards: [4]cards.Card{s.hole[i][0], s.hole[i][1]}})
		}
	}
	s.beginStreet()
}

// nextAlive is the next living seat after seat.
func (s *State) nextAlive(seat sim.Seat) sim.Seat {
	for d := 1; d <= s.n; d++ {
		i := (int(seat) + d) % s.n
		if s.alive[i] {
			return sim.Seat(i)
		}
	}
	return seat
}

// beginStreet starts the betting of a street with the first seat in the
// hand after the button.
func (s *State) beginStreet() {
	s.acted = [MaxPlayers]bool{}
	s.raised = false
	for d := 1; d <= s.n; d++ {
		i := (int(s.button) + d) % s.n
		if s.inHand[i] {
			s.toAct = sim.Seat(i)
			break
		}
	}
	s.beginTurn()
}

// endStreet deals the next street (after a burn) or goes to showdown.
func (s *State) endStreet() {
	if s.street == River {
		s.showdown()
		return
	}
	s.top++ // burn
	k := 1
	if s.street == Preflop {
		k = 3
	}
	var ev [4]cards.Card
	for i := range k {
		s.board[s.nboard] = s.deck[s.top]
		ev[i] = s.deck[s.top]
		s.nboard++
		s.top++
	}
	s.street++
	s.emit(Event{Kind: EvBoard, Seat: sim.NoSeat, Street: s.street, Count: int8(k), Cards: ev})
	s.beginStreet()
}

// showdown shows every hand still in; all best hands are safe, the others
// shoot in seat order with their bets.
func (s *State) showdown() {
	var best cards.HandRank
	var h [7]cards.Card
	copy(h[2:], s.board[:])
	for i := range s.n {
		if !s.inHand[i] {
			continue
		}
		h[0], h[1] = s.hole[i][0], s.hole[i][1]
		r := cards.Eval7(&h)
		s.shown[i] = r
		best = max(best, r)
		s.emit(Event{Kind: EvShowdown, Seat: sim.Seat(i), Cards: [4]cards.Card{h[0], h[1]}, Rank: r})
	}
	s.deathClock++ // deaths of one showdown share a time
	for i := range s.n {
		if s.inHand[i] && s.shown[i] < best {
			s.deathRank[i] = s.shown[i]
			s.shoot(sim.Seat(i), s.bet[i])
		}
	}
	s.endHand()
}

// endHand starts the next hand or ends the match.
func (s *State) endHand() {
	living := 0
	for i := range s.n {
		if s.alive[i] {
			living++
		}
	}
	if living <= 1 || int(s.hand) >= s.rules.HandCap {
		s.capped = living > 1
		s.done = true
		s.simul, s.switched = false, false
		s.nOffers = 0
		var c int8
		if s.capped {
			c = 1
		}
		s.emit(Event{Kind: EvGameOver, Seat: sim.NoSeat, Hand: s.hand, Count: c})
		return
	}
	s.startHand(false)
}

func (s *State) emit(e Event) { s.events = append(s.events, e) }
