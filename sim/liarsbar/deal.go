package liarsbar

import (
	"math/bits"

	"gamelab/sim"
)

// startRound draws the table card, deals and lets first move.
func (s *State) startRound(first sim.Seat) {
	s.round++
	if s.tableLeft == 0 {
		// The cards of Rules.TableCards, written out (no slice to copy).
		s.tableDeck[0], s.tableDeck[1], s.tableLeft = Queen, King, 2
		if s.v != vChaos {
			s.tableDeck[2], s.tableLeft = Ace, 3
		}
		sim.ShuffleBatched(&s.tableRNG, s.tableDeck[:s.tableLeft])
		s.tableCycle++
	}
	s.tableLeft--
	s.table = s.tableDeck[s.tableLeft]

	s.deck = s.base
	sim.ShuffleBatched(&s.deckRNG, s.deck[:s.deckLen])
	s.pileLen, s.lastN, s.lastStart = 0, 0, 0
	s.played = [MaxPlayers]int8{}
	s.last = sim.NoSeat
	s.loser = sim.NoSeat
	s.phase = phaseMove
	s.turn = first

	e := s.add(EvRoundStart)
	e.Table, e.Seat = s.table, first
	s.dealt = 0
	s.holding = 0
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
			cnt += 1 << (8 * uint(c) & 63)
		}
		s.dealt += hs
		k := &s.dealtKinds[i]
		k[0], k[1], k[2], k[3] = int8(cnt), int8(cnt>>8), int8(cnt>>16), int8(cnt>>24)
		k[4], k[5], k[6] = int8(cnt>>32), int8(cnt>>40), int8(cnt>>48)
		w := sortedWord(cnt, hs)
		h.set(w, hs)
		s.holding |= 1 << i
		e := s.add(EvHand)
		e.To, e.N = i, hs
		storeCards(&e.Cards, w)
	}
}

// onlyHolder reports whether seat is the only seat with cards.
func (s *State) onlyHolder(seat sim.Seat) bool { return s.holding&^(1<<(uint(seat)&7)) == 0 }

// nextHolder is the next living seat after seat that holds cards: the
// lowest bit of the living holders' mask, doubled (one more lap) and
// shifted to start after seat.
func (s *State) nextHolder(seat sim.Seat) sim.Seat {
	// Shift counts are masked so the compiler adds no range checks (a
	// seat is below MaxPlayers).
	m := uint16(s.holding & s.living &^ (1 << (uint(seat) & 7)))
	if m == 0 {
		panic("liarsbar: no other seat holds cards after a play") // excluded by the forced challenge
	}
	m = (m | m<<(uint(s.n)&7)) >> ((uint(seat) + 1) & 7)
	// t = seat+1+k is below 2n; take n off when t >= n, without a branch
	// (which seat holds cards next is random).
	d := int(seat) + 1 + bits.TrailingZeros16(m) - int(s.n)
	return sim.Seat(d + int(s.n)&(d>>63))
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

// The deal writes dealtKinds unrolled for exactly 7 card kinds.
var _ [NumCards - 7]struct{}
var _ [7 - NumCards]struct{}
