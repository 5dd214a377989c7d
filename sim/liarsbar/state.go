package liarsbar

import "gamelab/sim"

type phase uint8

const (
	phaseMove phase = iota // Next is the seat to move
	phaseAim               // Next is every seat that still owes an aim
	phaseOver              // the game has ended
)

type seatStats struct {
	plays, lies, challenges, caught, pulls int32
}

// State is a game in progress. It holds no pointers except the event log,
// so Clone is a value copy plus the log.
type State struct {
	rules Rules
	v     variant
	seed  uint64
	n     int8

	// The game's chance, all from seed (see derive): one generator for the
	// round decks and one for the table decks, each shuffle continuing its
	// stream, so round r's deal depends on (seed, r) and never on the
	// players' actions; and the path under which a revolver's chamber is
	// Seed(seed, labelChamber, seat, loads).
	deckRNG, tableRNG sim.PCG
	chamberPath       sim.SeedPath

	base    [maxDeck]Card // the deck in a fixed order
	deck    [maxDeck]Card // this round's shuffled deck; deck[dealt:] is undealt
	deckLen int8
	dealt   int8

	hands      [MaxPlayers]hand
	dealtKinds [MaxPlayers][NumCards]int8 // each seat's dealt hand this round, by kind
	alive      [MaxPlayers]bool
	living     uint8 // bit i: alive[i]
	holding    uint8 // bit i: hands[i] holds cards
	nAlive     int8
	guns       [MaxPlayers]revolver

	round      int16
	table      Card
	tableDeck  [3]Card
	tableLeft  int8
	tableCycle int16

	pile      [maxDeck + MaxPlay - 1]Card // cards played this round, in order (play writes MaxPlay slots)
	pileLen   int8
	played    [MaxPlayers]int8
	last      sim.Seat // seat of the previous play this round, NoSeat if none
	lastStart int8
	lastN     int8

	phase   phase
	turn    sim.Seat
	owed    [MaxPlayers]bool     // seats that still owe an aim
	aims    [MaxPlayers]sim.Seat // aims submitted, NoSeat if none
	nOwed   int8
	aimFrom sim.Seat // aims resolve in seat order from this seat
	loser   sim.Seat // this round's loser of the challenge

	out    [MaxPlayers]int8 // elimination moment of each dead seat, 0 if alive
	outs   int8
	lies   [MaxPlayers]int16 // reveals that showed a lie, per seat
	truths [MaxPlayers]int16 // reveals that showed a truthful play
	winner sim.Seat

	stats [MaxPlayers]seatStats
	next  [MaxPlayers]sim.Seat

	events []Event
}

var (
	labelDeck  = sim.Label("deck")
	labelTable = sim.Label("table")
	labelFirst = sim.Label("first")
)

// New starts a game. It panics if r is invalid: callers Validate first.
func New(r Rules, seed uint64) *State {
	s := &State{}
	s.Reset(r, seed)
	return s
}

// Reset starts a new game in s, reusing its event log's memory (so a loop
// of games allocates nothing). It panics if r is invalid.
func (s *State) Reset(r Rules, seed uint64) {
	// A reused State keeps its rules' deck: validating and laying out the
	// same rules again for every game of a loop is wasted work.
	same := s.deckLen > 0 && r == s.rules
	if !same {
		if err := r.Validate(); err != nil {
			panic(err)
		}
	}
	ev := s.events[:0]
	if ev == nil {
		ev = make([]Event, 0, 256) // a 4-seat basic game logs ~230 events
	}
	base, deckLen := s.base, s.deckLen
	*s = State{}
	s.rules, s.v, s.seed, s.n, s.events = r, r.code(), seed, int8(r.Players), ev
	root := s.derive()
	if same {
		s.base, s.deckLen = base, deckLen
	} else {
		d := r.Deck()
		for c, k := range d {
			for range k {
				s.base[s.deckLen] = Card(c)
				s.deckLen++
			}
		}
	}
	s.nAlive = s.n
	s.living = uint8(1)<<s.n - 1
	for i := sim.Seat(0); i < sim.Seat(s.n); i++ {
		s.alive[i] = true
		s.guns[i].load(s.chamberPath, i)
	}
	for i := range s.aims {
		s.aims[i] = sim.NoSeat
	}
	s.last, s.turn, s.aimFrom, s.loser, s.winner = sim.NoSeat, sim.NoSeat, sim.NoSeat, sim.NoSeat, sim.NoSeat
	s.startRound(sim.Seat(drawN(root.Then(labelFirst).Seed(), int(s.n))))
}

// derive seeds the game's generators and paths from s.seed and returns
// the root path.
func (s *State) derive() sim.SeedPath {
	root := sim.SeedFrom(s.seed)
	s.deckRNG = sim.NewPCG(root.Then(labelDeck).Seed())
	s.tableRNG = sim.NewPCG(root.Then(labelTable).Seed())
	s.chamberPath = root.Then(labelChamber)
	return root
}

// Rules returns the game's rules.
func (s *State) Rules() Rules { return s.rules }

// Round is the current round, from 1.
func (s *State) Round() int { return int(s.round) }

// Events returns the whole ordered event log. The slice is the engine's
// own: read it, do not modify or keep it across Apply.
func (s *State) Events() []Event { return s.events }

// Done reports whether the game has ended.
func (s *State) Done() bool { return s.phase == phaseOver }

// Next lists the seats that must decide now: the seat to move, or every
// seat that still owes an aim (several at once after a Chaos card; they
// may answer in any order and the aims stay secret until all are in). It
// is empty when the game is over. The slice is valid until the next Apply.
func (s *State) Next() []sim.Seat {
	switch s.phase {
	case phaseMove:
		s.next[0] = s.turn
		return s.next[:1]
	case phaseAim:
		k := 0
		for i := sim.Seat(0); i < sim.Seat(s.n); i++ {
			if s.owed[i] {
				s.next[k] = i
				k++
			}
		}
		return s.next[:k]
	}
	return nil
}

// Clone returns an independent copy.
func (s *State) Clone() *State {
	c := *s
	c.events = append(make([]Event, 0, cap(s.events)), s.events...)
	return &c
}

// add appends an event of kind k in the current round, public and with no
// seats, and returns it for the caller to fill in; the pointer is valid
// until the next add. Filling the log in place costs less than building an
// Event and copying it.
func (s *State) add(k EventKind) *Event {
	n := len(s.events)
	if n == cap(s.events) {
		s.events = append(s.events, Event{})
	}
	s.events = s.events[:n+1]
	e := &s.events[n]
	*e = blankEvent
	e.Kind, e.Round = k, s.round
	return e
}

// blankEvent is an event with no seats, which add copies whole.
var blankEvent = Event{To: sim.NoSeat, Seat: sim.NoSeat, Target: sim.NoSeat}
