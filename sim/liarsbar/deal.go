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
	s.dealt = 0
	hs := int8(s.rules.HandSize)
	for i := range s.n {
		h := &s.hands[i]
		*h = hand{}
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
		for c, m := range k {
			for range m {
				h.c[h.n] = Card(c)
				h.n++
			}
		}
		h.index()
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

// emitHand logs seat's hand privately to it.
func (s *State) emitHand(seat sim.Seat) {
	h := &s.hands[seat] // cards past h.n are zero
	s.events = append(s.events, Event{Kind: EvHand, To: seat, Seat: sim.NoSeat, Target: sim.NoSeat, Round: s.round, N: h.n, Cards: h.c})
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

// nextAlive is the next living seat after seat.
func (s *State) nextAlive(seat sim.Seat) sim.Seat {
	for j := int8(1); j <= s.n; j++ {
		t := sim.Seat((int8(seat) + j) % s.n)
		if s.alive[t] {
			return t
		}
	}
	return sim.NoSeat
}
