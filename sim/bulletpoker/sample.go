package bulletpoker

import (
	"gamelab/sim"
	"gamelab/sim/cards"
)

// Sample returns a determinization of v: a full match consistent with
// everything v's seat has seen (see Determinize).
func Sample(v *View, rng *sim.PCG) *State {
	s := &State{}
	s.Determinize(v, rng)
	return s
}

// Determinize makes s a full match consistent with everything v's seat has
// seen, its hidden parts drawn uniformly from rng (sim.Sampler):
//
//   - the cards this seat has not seen this hand (the deck less its hole
//     cards and discard, the board, its offers, shown discards and
//     showdown hands) are shuffled and dealt to the other seats dealt into
//     the hand (two each, folded and dead seats too), to the burns, and
//     the rest, with this seat's offers, make the undealt deck in random
//     order (offers are a random sample of the undealt cards:
//     docs/rules/bulletpoker.md, "Switch offers");
//   - betting resumes where the view stands (Acted, Raised, Switched);
//     during simultaneous answers to an all-in no other seat has answered
//     yet (answers are secret, so the view cannot tell);
//   - later chance (decks of later hands, offers, gun shots) comes from a
//     seed drawn from rng, never from the real match's seed.
//
// What the view does not hold is not rebuilt: the order in which earlier
// players died (they all share one death time, so they tie among
// themselves, below every seat alive now), and another seat's hidden
// discard this hand (that card stays among the undealt ones; by symmetry
// the board and offers still come uniformly from the unseen cards). A view
// without Rules (a foreign dealer's) plays Classic rules for v.Players.
// The event log starts empty: the history lives in the state's fields.
// For the seat asked to act, s.View(seat) equals *v and s.Legal(seat)
// the legal actions of the real match. It allocates only to grow s's
// event log.
func (s *State) Determinize(v *View, rng *sim.PCG) {
	r := v.Rules
	if r.Validate() != nil {
		r = Classic()
		r.Players = min(max(int(v.Players), MinPlayers), MaxPlayers)
	}
	*s = State{rules: r, seed: rng.Uint64(), n: r.Players, events: s.events[:0], done: v.Done}
	me := v.Seat
	n := s.n

	// The match.
	s.hand, s.button = max(v.Hand, 1), v.Button
	if s.button < 0 || int(s.button) >= n {
		s.button = 0
	}
	s.deathClock = 1
	for i := range n {
		s.alive[i] = v.Alive[i]
		s.cowardUsed[i] = v.CowardUsed[i]
		s.switchUsed[i] = v.SwitchUsed[i]
		s.loaded[i] = v.Loaded[i]
		if !s.alive[i] {
			s.deathAt[i] = 1
		}
	}

	// The hand's public part.
	s.street = min(max(v.Street, Preflop), River)
	s.current = min(max(v.Current, 1), MaxBet)
	s.nboard = min(max(int(v.NBoard), 0), len(v.Board))
	s.board = v.Board
	for i := range n {
		s.inHand[i] = v.InHand[i] && v.Alive[i]
		s.bet[i], s.raises[i] = v.Bet[i], v.Raises[i]
		s.acted[i] = v.Acted[i]
		if v.HasDiscard[i] {
			s.discard[i], s.hasDisc[i] = v.Discard[i], true
		}
		if v.ShownRank[i] != 0 {
			s.shown[i] = v.ShownRank[i]
			s.hole[i] = v.Shown[i]
		}
	}
	s.raised, s.switched, s.simul = v.Raised, v.Switched, v.Answering

	// The unseen cards, shuffled; then each hidden hand, the burns, and
	// the undealt deck with the offers.
	known := v.Known()
	var unseen [cards.NumCards]cards.Card
	k := 0
	for c := range cards.Card(cards.NumCards) {
		if !known.Has(c) {
			unseen[k] = c
			k++
		}
	}
	sim.Shuffle(rng, unseen[:k])
	mine := int(me) >= 0 && int(me) < n
	if mine && v.HasHole {
		s.hole[me] = v.Hole
	}
	pos := 0
	for i := range n {
		if v.Bet[i] <= 0 { // not dealt into this hand (dead before it)
			s.hole[i] = [2]cards.Card{}
			continue
		}
		if (mine && sim.Seat(i) == me) || v.ShownRank[i] != 0 || pos+2 > k {
			continue
		}
		s.hole[i] = [2]cards.Card{unseen[pos], unseen[pos+1]}
		pos += 2
	}
	burns := 0
	if s.nboard > 0 {
		burns = int(s.street)
	}
	pos = min(pos+burns, k)

	// Whose turn: the asked seat, or during simultaneous answers the seat
	// that went all-in (the one that has acted since the last raise).
	s.toAct = me
	if s.simul {
		for i := range n {
			if s.acted[i] {
				s.toAct = sim.Seat(i)
			}
			s.pending[i] = s.inHand[i] && !s.acted[i] && s.bet[i] < MaxBet
		}
	}
	if !mine || (!s.simul && !s.inHand[me]) {
		s.toAct = s.firstToAct()
	}
	offers := 0
	if mine && !s.simul && s.toAct == me && !s.switched && !s.switchUsed[me] && !s.done {
		offers = min(max(int(v.NOffers), 0), len(v.Offers))
		s.offers, s.nOffers = v.Offers, offers
		for j := offers; j < len(s.offers); j++ {
			s.offers[j] = 0
		}
	}

	// The deck: every other card below top (any order), then the undealt
	// cards and the offers, shuffled.
	var rest cards.Set
	for _, c := range unseen[pos:k] {
		rest = rest.With(c)
	}
	for _, c := range s.offers[:offers] {
		rest = rest.With(c)
	}
	t := 0
	for c := range cards.Card(cards.NumCards) {
		if !rest.Has(c) {
			s.deck[t] = c
			t++
		}
	}
	s.top = t
	for c := range cards.Card(cards.NumCards) {
		if rest.Has(c) {
			s.deck[t] = c
			t++
		}
	}
	sim.Shuffle(rng, s.deck[s.top:])
}

// firstToAct is the first seat in the hand after the button that still
// owes a decision (a fallback for a view whose own seat is not asked).
func (s *State) firstToAct() sim.Seat {
	for d := 1; d <= s.n; d++ {
		i := (int(s.button) + d) % s.n
		if s.inHand[i] && (!s.acted[i] || s.bet[i] < s.current) {
			return sim.Seat(i)
		}
	}
	for i := range s.n {
		if s.inHand[i] {
			return sim.Seat(i)
		}
	}
	return 0
}
