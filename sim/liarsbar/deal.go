package liarsbar

import "gamelab/sim"

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
	s.pileLen, s.lastN, s.lastStart = 0, 0, 0
	s.played = [MaxPlayers]int8{}
	s.last = sim.NoSeat
	s.loser = sim.NoSeat
	s.phase = phaseMove
	s.turn = first

	e := s.add(EvRoundStart)
	e.Table, e.Seat = s.table, first
	s.dealt = 0
	hs := int8(s.rules.HandSize)
	for i := range sim.Seat(s.n) {
		h := &s.hands[i]
		if !s.alive[i] {
			*h = hand{}
			s.dealtKinds[i] = [NumCards]int8{}
			continue
		}
		// Counting sort in a register (8 bits a kind): a hand is sorted by kind.
		var cnt uint64
		for _, c := range s.deck[s.dealt : s.dealt+hs] {
			cnt += 1 << (8 * c)
		}
		s.dealt += hs
		for c := range s.dealtKinds[i] {
			s.dealtKinds[i][c] = int8(cnt >> (8 * c))
		}
		w := sortedWord(cnt)
		h.set(w, hs)
		e := s.add(EvHand)
		e.To, e.N = i, hs
		storeCards(&e.Cards, w)
	}
}

// emitHand logs seat's hand privately to it.
func (s *State) emitHand(seat sim.Seat) {
	h := &s.hands[seat]
	e := s.add(EvHand)
	e.To, e.N = seat, h.n
	storeCards(&e.Cards, h.word()) // cards past h.n are zero
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
	t := seat
	for j := int8(1); j < s.n; j++ {
		t = s.after(t)
		if s.alive[t] && s.hands[t].n > 0 {
			return t
		}
	}
	panic("liarsbar: no other seat holds cards after a play") // excluded by the forced challenge
}

// nextAlive is the next living seat after seat.
func (s *State) nextAlive(seat sim.Seat) sim.Seat {
	t := seat
	for j := int8(1); j <= s.n; j++ {
		t = s.after(t)
		if s.alive[t] {
			return t
		}
	}
	return sim.NoSeat
}

// after is the seat after t at the table (without the division of a
// modulo: this runs on every play).
func (s *State) after(t sim.Seat) sim.Seat {
	t++
	if t == sim.Seat(s.n) {
		t = 0
	}
	return t
}
