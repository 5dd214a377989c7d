package liarsbar

import "gamelab/sim"

// Sample returns a determinization of v: a full state consistent with
// everything v's seat has seen (see Determinize).
func Sample(v *View, rng *sim.PCG) *State {
	s := &State{}
	s.Determinize(v, rng)
	return s
}

// Determinize makes s a full game consistent with everything v's seat has
// seen, its hidden parts drawn uniformly from rng (sim.Sampler):
//
//   - the cards this seat has not seen (the deck less its own dealt hand)
//     are dealt at random to the other seats dealt in this round, HandSize each, and
//     each seat's plays this round are a random part of its dealt hand;
//     the last play (the one a challenge would reveal) is a random part of
//     its player's plays;
//   - every revolver's firing chamber is uniform among the chambers not
//     yet pulled (this seat's own too: nobody sees a chamber);
//   - later rounds' decks, table cards and reloads come from a seed drawn
//     from rng, never from the real game's seed.
//
// What the view does not hold is not reconstructed: the table-card cycle
// restarts at the next round, and during the aims of a chaos round only
// this seat owes an aim (the others' pending aims are secret). The event
// log starts empty: the history lives in the state's fields. s.View(seat)
// equals *v and s.Legal(seat) the legal actions of the real game.
func (s *State) Determinize(v *View, rng *sim.PCG) {
	r := v.Rules
	s.Reset(r, rng.Uint64())
	s.events = s.events[:0]
	me := v.Seat
	hs := int8(r.HandSize)

	s.round, s.table, s.tableLeft = v.Round, v.Table, 0
	s.alive, s.out, s.lies, s.truths = v.Alive, v.Out, v.ShownLies, v.ShownTruths
	s.living, s.nAlive, s.outs, s.holding = 0, 0, 0, 0
	for i := range sim.Seat(s.n) {
		if s.alive[i] {
			s.living |= 1 << i
			s.nAlive++
		}
		if v.Cards[i] > 0 {
			s.holding |= 1 << i
		}
		s.outs = max(s.outs, s.out[i])
		g := &s.guns[i]
		g.pulls, g.loads = v.Pulls[i], 1
		g.chamber = min(g.pulls+1, Chambers)
		if g.pulls < Chambers {
			g.chamber = g.pulls + 1 + int8(rng.IntN(Chambers-int(g.pulls)))
		}
	}

	// The unseen cards, shuffled: what the others were dealt comes first.
	var unseen [maxDeck]Card
	k := 0
	for c, n := range r.Deck() {
		if s.alive[me] {
			n -= int(v.Dealt[c])
		}
		for range n {
			unseen[k] = Card(c)
			k++
		}
	}
	sim.Shuffle(rng, unseen[:k])

	// Each seat's dealt hand and plays; the last play goes on top of the pile.
	var plays [MaxPlayers][MaxHand]Card
	pos := 0
	for i := range sim.Seat(s.n) {
		h := &s.hands[i]
		s.dealtKinds[i] = [NumCards]int8{}
		*h = hand{}
		if !s.alive[i] && v.Cards[i]+v.Played[i] == 0 {
			continue // dead before this round's deal
		}
		var dealt, held [MaxHand]Card
		if i == me {
			j := 0
			left := v.Dealt
			for _, c := range v.Hand[:v.HandLen] {
				held[j] = c
				left[c]--
				j++
			}
			p := 0
			for c, n := range left {
				for range n {
					plays[i][p] = Card(c)
					p++
				}
			}
			sim.Shuffle(rng, plays[i][:p])
			copy(dealt[:], plays[i][:p])
			copy(dealt[p:], held[:j])
		} else {
			copy(dealt[:], unseen[pos:pos+int(hs)])
			pos += int(hs)
			copy(plays[i][:], dealt[:v.Played[i]])
		}
		var hcnt uint64
		for j, c := range dealt[:hs] {
			s.dealtKinds[i][c]++
			if j >= int(v.Played[i]) {
				hcnt += 1 << (8 * uint(c) & 63)
			}
		}
		n := hs - v.Played[i]
		h.set(sortedWord(hcnt, n), n)
	}
	// The pile: every seat's plays, the last play last.
	s.pileLen = 0
	for i := range sim.Seat(s.n) {
		n := v.Played[i]
		if i == v.Last {
			n -= v.LastCount
		}
		for _, c := range plays[i][:max(n, 0)] {
			s.pile[s.pileLen] = c
			s.pileLen++
		}
	}
	s.last, s.lastN, s.lastStart = v.Last, v.LastCount, s.pileLen
	if v.Last != sim.NoSeat {
		n := v.Played[v.Last]
		for _, c := range plays[v.Last][n-v.LastCount : n] {
			s.pile[s.pileLen] = c
			s.pileLen++
		}
	}
	s.played = v.Played
	s.deck, s.dealt = s.base, 0

	s.turn, s.loser, s.aimFrom, s.winner = v.Turn, v.Last, sim.NoSeat, sim.NoSeat
	s.owed, s.nOwed = [MaxPlayers]bool{}, 0
	switch {
	case v.Over:
		s.phase = phaseOver
		s.winner = v.Winner
	case v.Turn != sim.NoSeat:
		s.phase = phaseMove
	default:
		s.phase, s.aimFrom = phaseAim, me
		s.owe(me)
	}
}
