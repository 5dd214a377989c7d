package liarsbar

import "gamelab/sim"

type phase uint8

const (
	phaseMove phase = iota // Next is the seat to move
	phaseAim               // Next is every seat that still owes an aim
	phaseOver              // the game has ended
)

// hand is a seat's sorted hand. Cards past n are zero (so a hand event
// copies c whole), and dup and devil describe c[:n] for Legal and the
// play check: bit i of dup is set when card i equals card i-1, bit i of
// devil when card i is the Devil.
type hand struct {
	c     [MaxHand]Card
	n     int8
	dup   uint8
	devil uint8
}

// sort puts the hand in Card order (insertion sort; at most 8 cards),
// zeroes the cards past n and recomputes the masks. The engine keeps its
// hands sorted itself; this is for hands set up from outside.
func (h *hand) sort() {
	for i := int8(1); i < h.n; i++ {
		for j := i; j > 0 && h.c[j] < h.c[j-1]; j-- {
			h.c[j], h.c[j-1] = h.c[j-1], h.c[j]
		}
	}
	for i := h.n; i < MaxHand; i++ {
		h.c[i] = 0
	}
	h.index()
}

// index recomputes dup and devil from c[:n].
func (h *hand) index() {
	var dup, devil uint8
	for i := int8(0); i < h.n; i++ {
		if i > 0 && h.c[i] == h.c[i-1] {
			dup |= 1 << i
		}
		if h.c[i] == Devil {
			devil |= 1 << i
		}
	}
	h.dup, h.devil = dup, devil
}

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

	base    [maxDeck]Card // the deck in a fixed order
	deck    [maxDeck]Card // this round's shuffled deck; deck[dealt:] is undealt
	deckLen int8
	dealt   int8

	hands      [MaxPlayers]hand
	dealtKinds [MaxPlayers][NumCards]int8 // each seat's dealt hand this round, by kind
	alive      [MaxPlayers]bool
	nAlive     int8
	guns       [MaxPlayers]revolver

	round      int16
	table      Card
	tableDeck  [3]Card
	tableLeft  int8
	tableCycle int16

	pile      [maxDeck]Card // cards played this round, in order
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
	if err := r.Validate(); err != nil {
		panic(err)
	}
	ev := s.events[:0]
	if ev == nil {
		ev = make([]Event, 0, 256) // a 4-seat game logs ~150 events
	}
	*s = State{rules: r, v: r.code(), seed: seed, n: int8(r.Players), events: ev}
	d := r.Deck()
	for c, k := range d {
		for range k {
			s.base[s.deckLen] = Card(c)
			s.deckLen++
		}
	}
	s.nAlive = s.n
	for i := sim.Seat(0); i < sim.Seat(s.n); i++ {
		s.alive[i] = true
		s.guns[i].load(seed, i)
	}
	for i := range s.aims {
		s.aims[i] = sim.NoSeat
	}
	s.last, s.turn, s.aimFrom, s.loser, s.winner = sim.NoSeat, sim.NoSeat, sim.NoSeat, sim.NoSeat, sim.NoSeat
	p := sim.NewPCG(sim.Seed(seed, labelFirst))
	s.startRound(sim.Seat(p.IntN(int(s.n))))
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

func (s *State) emit(e Event) { s.events = append(s.events, e) }
