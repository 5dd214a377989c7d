package liarsbar

import (
	"fmt"
	"math/bits"

	"gamelab/sim"
)

type phase uint8

const (
	phaseMove phase = iota // Next is the seat to move
	phaseAim               // Next is every seat that still owes an aim
	phaseOver              // the game has ended
)

type hand struct {
	c [MaxHand]Card
	n int8
}

// sort puts the hand in Card order (insertion sort; at most 8 cards).
func (h *hand) sort() {
	for i := int8(1); i < h.n; i++ {
		for j := i; j > 0 && h.c[j] < h.c[j-1]; j-- {
			h.c[j], h.c[j-1] = h.c[j-1], h.c[j]
		}
	}
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

// startRound draws the table card, deals and lets first move.
func (s *State) startRound(first sim.Seat) {
	s.round++
	if s.tableLeft == 0 {
		tc := s.rules.TableCards()
		s.tableLeft = int8(copy(s.tableDeck[:], tc))
		p := sim.NewPCG(sim.Seed(s.seed, labelTable, uint64(s.tableCycle)))
		sim.Shuffle(&p, s.tableDeck[:s.tableLeft])
		s.tableCycle++
	}
	s.tableLeft--
	s.table = s.tableDeck[s.tableLeft]

	s.deck = s.base
	p := sim.NewPCG(sim.Seed(s.seed, labelDeck, uint64(s.round)))
	sim.Shuffle(&p, s.deck[:s.deckLen])
	s.dealt = 0
	hs := int8(s.rules.HandSize)
	for i := range s.n {
		h := &s.hands[i]
		h.n = 0
		s.dealtKinds[i] = [NumCards]int8{}
		if !s.alive[i] {
			continue
		}
		// Counting sort: a hand is sorted by kind.
		k := &s.dealtKinds[i]
		for _, c := range s.deck[s.dealt : s.dealt+hs] {
			k[c]++
		}
		s.dealt += hs
		h.n = 0
		for c, m := range k {
			for range m {
				h.c[h.n] = Card(c)
				h.n++
			}
		}
	}
	s.pileLen, s.lastN, s.lastStart = 0, 0, 0
	s.played = [MaxPlayers]int8{}
	s.last = sim.NoSeat
	s.loser = sim.NoSeat
	s.phase = phaseMove
	s.turn = first

	e := newEvent(EvRoundStart)
	e.Round, e.Table, e.Seat = s.round, s.table, first
	s.emit(e)
	for i := range s.n {
		if s.alive[i] {
			s.emitHand(sim.Seat(i))
		}
	}
}

func (s *State) emitHand(seat sim.Seat) {
	h := &s.hands[seat]
	s.events = append(s.events, Event{Kind: EvHand, To: seat, Seat: sim.NoSeat, Target: sim.NoSeat, Round: s.round, N: h.n, Cards: h.c})
	e := &s.events[len(s.events)-1]
	for i := h.n; i < MaxHand; i++ {
		e.Cards[i] = 0
	}
}

// onlyHolder reports whether seat is the only seat with cards.
func (s *State) onlyHolder(seat sim.Seat) bool {
	for i := range sim.Seat(s.n) {
		if i != seat && s.hands[i].n > 0 {
			return false
		}
	}
	return true
}

// nextHolder is the next living seat after seat that holds cards.
func (s *State) nextHolder(seat sim.Seat) sim.Seat {
	for j := int8(1); j < s.n; j++ {
		t := sim.Seat((int8(seat) + j) % s.n)
		if s.alive[t] && s.hands[t].n > 0 {
			return t
		}
	}
	panic("liarsbar: no other seat holds cards after a play") // excluded by the forced challenge
}

func (s *State) nextAlive(seat sim.Seat) sim.Seat {
	for j := int8(1); j <= s.n; j++ {
		t := sim.Seat((int8(seat) + j) % s.n)
		if s.alive[t] {
			return t
		}
	}
	return sim.NoSeat
}

// Legal appends the legal actions of seat to dst and returns it: the
// distinct plays (identical cards are listed once, by their lowest hand
// indices) in ascending order of their index lists, then challenge; or the
// aims at every other living seat in seat order. It is empty for a seat
// that is not to act.
func (s *State) Legal(seat sim.Seat, dst []Action) []Action {
	if seat < 0 || seat >= sim.Seat(s.n) {
		return dst
	}
	switch s.phase {
	case phaseMove:
		if seat != s.turn {
			return dst
		}
		if !s.onlyHolder(seat) {
			dst = s.appendPlays(&s.hands[seat], dst)
		}
		if s.last != sim.NoSeat {
			dst = append(dst, ChallengeAction)
		}
	case phaseAim:
		if !s.owed[seat] {
			return dst
		}
		for t := range sim.Seat(s.n) {
			if t != seat && s.alive[t] {
				dst = append(dst, AimAt(t))
			}
		}
	}
	return dst
}

// appendPlays lists the canonical plays of h: within a run of identical
// cards only a prefix may be chosen (so equal plays are listed once, by
// their lowest indices), and the Devil only alone. The loops are unrolled
// for MaxPlay = 3 and give the plays in ascending order of index lists.
func (s *State) appendPlays(h *hand, dst []Action) []Action {
	n := int(h.n)
	var dup, devil uint16 // bit i: card i equals card i-1; card i is the Devil
	for i := 0; i < n; i++ {
		if i > 0 && h.c[i] == h.c[i-1] {
			dup |= 1 << i
		}
		if h.c[i] == Devil {
			devil |= 1 << i
		}
	}
	most := s.rules.MaxPlay
	for i := 0; i < n; i++ {
		if dup>>i&1 != 0 {
			continue
		}
		mi := uint8(1) << i
		dst = append(dst, Action{Kind: Play, Cards: mi, Target: sim.NoSeat})
		if most < 2 || devil>>i&1 != 0 {
			continue
		}
		for j := i + 1; j < n; j++ {
			if (dup>>j&1 != 0 && j-1 != i) || devil>>j&1 != 0 {
				continue
			}
			mj := mi | 1<<j
			dst = append(dst, Action{Kind: Play, Cards: mj, Target: sim.NoSeat})
			if most < 3 {
				continue
			}
			for k := j + 1; k < n; k++ {
				if (dup>>k&1 != 0 && k-1 != j) || devil>>k&1 != 0 {
					continue
				}
				dst = append(dst, Action{Kind: Play, Cards: mj | 1<<k, Target: sim.NoSeat})
			}
		}
	}
	return dst
}

// validPlay reports whether mask is one of the plays appendPlays lists.
func (s *State) validPlay(h *hand, mask uint8) bool {
	k := bits.OnesCount8(mask)
	if k == 0 || k > s.rules.MaxPlay || mask>>uint(h.n) != 0 {
		return false
	}
	for i := int8(0); i < h.n; i++ {
		if mask&(1<<i) == 0 {
			continue
		}
		if h.c[i] == Devil && k != 1 {
			return false
		}
		if i > 0 && h.c[i-1] == h.c[i] && mask&(1<<(i-1)) == 0 {
			return false
		}
	}
	return true
}

// check returns why seat may not take a now, or nil.
func (s *State) check(seat sim.Seat, a Action) error {
	if s.phase == phaseOver {
		return ErrGameOver
	}
	if seat < 0 || seat >= sim.Seat(s.n) {
		return fmt.Errorf("%w: no seat %d", ErrNotYourTurn, seat)
	}
	switch s.phase {
	case phaseMove:
		if seat != s.turn {
			return fmt.Errorf("%w: seat %d, seat %d is to move", ErrNotYourTurn, seat, s.turn)
		}
		switch a.Kind {
		case Play:
			if a.Target != sim.NoSeat || !s.validPlay(&s.hands[seat], a.Cards) {
				return fmt.Errorf("%w: %v is not a play of seat %d's hand", ErrIllegalAction, a, seat)
			}
			if s.onlyHolder(seat) {
				return fmt.Errorf("%w: seat %d is the only one with cards and must challenge", ErrIllegalAction, seat)
			}
			return nil
		case Challenge:
			if a != ChallengeAction {
				return fmt.Errorf("%w: malformed challenge", ErrIllegalAction)
			}
			if s.last == sim.NoSeat {
				return fmt.Errorf("%w: no play to challenge yet", ErrIllegalAction)
			}
			return nil
		}
		return fmt.Errorf("%w: %v while seat %d is to move", ErrIllegalAction, a, seat)
	case phaseAim:
		if !s.owed[seat] {
			return fmt.Errorf("%w: seat %d does not aim now", ErrNotYourTurn, seat)
		}
		if a.Kind != Aim || a.Cards != 0 {
			return fmt.Errorf("%w: seat %d must aim, not %v", ErrIllegalAction, seat, a)
		}
		if a.Target < 0 || a.Target >= sim.Seat(s.n) || a.Target == seat || !s.alive[a.Target] {
			return fmt.Errorf("%w: seat %d cannot aim at %d", ErrIllegalAction, seat, a.Target)
		}
		return nil
	}
	return ErrGameOver
}

// Apply lets seat take a. An illegal action returns an error (ErrGameOver,
// ErrNotYourTurn or ErrIllegalAction) and changes nothing.
func (s *State) Apply(seat sim.Seat, a Action) error {
	if err := s.check(seat, a); err != nil {
		return err
	}
	switch a.Kind {
	case Play:
		s.play(seat, a.Cards)
	case Challenge:
		s.challenge(seat)
	case Aim:
		s.aim(seat, a.Target)
	}
	return nil
}

func (s *State) play(seat sim.Seat, mask uint8) {
	h := &s.hands[seat]
	start := s.pileLen
	k := int8(0)
	lie := false
	for i := int8(0); i < h.n; i++ {
		if mask&(1<<i) != 0 {
			s.pile[s.pileLen] = h.c[i]
			s.pileLen++
			lie = lie || !h.c[i].Truthful(s.table)
		} else {
			h.c[k] = h.c[i]
			k++
		}
	}
	h.n = k
	n := s.pileLen - start
	s.last, s.lastStart, s.lastN = seat, start, n
	s.played[seat] += n
	st := &s.stats[seat]
	st.plays++
	if lie {
		st.lies++
	}
	e := newEvent(EvPlay)
	e.Round, e.Seat, e.N = s.round, seat, n
	s.emit(e)
	s.emitHand(seat)
	s.turn = s.nextHolder(seat)
}

func (s *State) challenge(seat sim.Seat) {
	p := s.last
	e := newEvent(EvChallenge)
	e.Round, e.Seat, e.Target = s.round, seat, p
	s.emit(e)

	shown := s.pile[s.lastStart : s.lastStart+s.lastN]
	truthful, devil, chaos, master := true, false, false, false
	for _, c := range shown {
		truthful = truthful && c.Truthful(s.table)
		devil = devil || c == Devil
		chaos = chaos || c == Chaos
		master = master || c == Master
	}
	e = newEvent(EvReveal)
	e.Round, e.Seat, e.Truthful = s.round, p, truthful
	e.N = int8(copy(e.Cards[:], shown))
	s.emit(e)
	s.stats[seat].challenges++
	if truthful {
		s.truths[p]++
	} else {
		s.lies[p]++
		s.stats[seat].caught++
	}
	s.turn = sim.NoSeat

	switch s.v {
	case vBasic, vDevil:
		if devil {
			// Every other living seat pulls; deaths at this moment share a place.
			s.loser = p
			s.outs++
			group := s.outs
			dead := false
			for j := int8(1); j < s.n; j++ {
				t := sim.Seat((int8(p) + j) % s.n)
				if s.alive[t] {
					dead = s.shoot(t, t, group) || dead
				}
			}
			if !dead {
				s.outs--
			}
		} else {
			s.loser = seat
			if !truthful {
				s.loser = p
			}
			s.shoot(s.loser, s.loser, 0)
		}
		s.endRound()
	case vChaos:
		switch {
		case chaos:
			s.loser = p
			for i := range sim.Seat(s.n) {
				if s.alive[i] {
					s.owe(i)
				}
			}
			s.aimFrom = seat
		case truthful:
			s.loser = seat
			s.shoot(seat, seat, 0)
			if !master || s.nAlive <= 1 {
				s.endRound()
				return
			}
			s.owe(p)
			s.aimFrom = p
		default:
			s.loser = p
			s.owe(seat)
			s.aimFrom = seat
		}
		s.phase = phaseAim
	}
}

func (s *State) owe(seat sim.Seat) {
	s.owed[seat] = true
	s.nOwed++
}

// shoot fires shooter's revolver at target and reports a kill. A kill
// joins elimination moment group, or a new moment if group is 0.
func (s *State) shoot(shooter, target sim.Seat, group int8) bool {
	g := &s.guns[shooter]
	hit := g.pull()
	pull := g.pulls
	s.stats[shooter].pulls++
	if hit && shooter != target {
		g.load(s.seed, shooter) // chaos: a revolver that fired is reloaded [ours]
	}
	e := newEvent(EvShot)
	e.Round, e.Seat, e.Target, e.Pull, e.Pulls, e.Hit = s.round, shooter, target, pull, g.pulls, hit
	s.emit(e)
	if hit {
		if group == 0 {
			s.outs++
			group = s.outs
		}
		s.alive[target] = false
		s.nAlive--
		s.out[target] = group
		e = newEvent(EvEliminated)
		e.Round, e.Seat, e.N = s.round, target, group
		s.emit(e)
	}
	return hit
}

func (s *State) aim(seat, target sim.Seat) {
	s.owed[seat] = false
	s.aims[seat] = target
	s.nOwed--
	if s.nOwed > 0 {
		return
	}
	// Resolve in seat order from aimFrom; the dead do not fire, and a shot
	// at a seat that died meanwhile is not fired [ours].
	for j := int8(0); j < s.n; j++ {
		sh := sim.Seat((int8(s.aimFrom) + j) % s.n)
		t := s.aims[sh]
		s.aims[sh] = sim.NoSeat
		if t == sim.NoSeat || !s.alive[sh] || !s.alive[t] || s.nAlive <= 1 {
			continue
		}
		e := newEvent(EvAim)
		e.Round, e.Seat, e.Target = s.round, sh, t
		s.emit(e)
		s.shoot(sh, t, 0)
	}
	s.endRound()
}

func (s *State) endRound() {
	e := newEvent(EvRoundEnd)
	e.Round, e.Seat = s.round, s.loser
	s.emit(e)
	if s.nAlive <= 1 || int(s.round) >= s.rules.MaxRounds {
		s.finish()
		return
	}
	first := s.loser
	if !s.alive[first] {
		first = s.nextAlive(first)
	}
	s.startRound(first)
}

// finish ends the game: the last seat alive wins; at the round cap the
// survivor with fewest pulls, or nobody if several tie.
func (s *State) finish() {
	s.phase = phaseOver
	s.turn = sim.NoSeat
	s.winner = sim.NoSeat
	best, ties := int8(127), 0
	for i := range sim.Seat(s.n) {
		if !s.alive[i] {
			continue
		}
		switch p := s.guns[i].pulls; {
		case p < best:
			best, ties, s.winner = p, 1, i
		case p == best:
			ties++
		}
	}
	if ties > 1 {
		s.winner = sim.NoSeat
	}
	e := newEvent(EvGameOver)
	e.Round, e.Seat = s.round, s.winner
	s.emit(e)
}
