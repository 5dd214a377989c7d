package liarsbar

import (
	"math/bits"

	"gamelab/sim"
)

// play moves the cards of mask from seat's hand to the pile and passes the
// turn to the next seat holding cards. It works on the hand as one word and
// is branch-free (which cards a random player picks is unpredictable): the
// chosen indices come from playIndex, the pile takes MaxPlay slots of which
// only the chosen count, and the chosen bytes are cut from the word from
// the highest index down.
func (s *State) play(seat sim.Seat, mask uint8) {
	h := &s.hands[seat]
	x := h.word()
	idx := &playIndex[mask]
	n := int8(bits.OnesCount8(mask))
	start := s.pileLen
	pile := (*[MaxPlay]Card)(s.pile[start : start+MaxPlay])
	// The claim is true when every chosen card is the table card or wild.
	truth := uint16(1)<<s.table | 1<<Joker | 1<<Master
	lie := uint16(0)
	for j, i := range idx {
		c := Card(x >> (8 * uint(i)))
		pile[j] = c
		lie |= (^truth >> (c & 15) & 1) << j
	}
	lie &= uint16(1)<<n - 1 // the padding slots are not played
	w := cutByte(cutByte(cutByte(x, idx[2]), idx[1]), idx[0])
	// h.set(w, h.n-n), with the Devil test only for a hand that held it.
	storeCards(&h.c, w)
	h.n -= n
	in := uint8(uint16(1)<<h.n - 1)
	h.dup = zeroBytes(w^w<<8) & in &^ 1
	if h.devil != 0 {
		h.devil = zeroBytes(w^devilWord) & in
	}
	if h.n == 0 {
		s.holding &^= 1 << seat
	}
	s.pileLen += n
	s.last, s.lastStart, s.lastN = seat, start, n
	s.played[seat] += n
	st := &s.stats[seat]
	st.plays++
	if lie != 0 {
		st.lies++
	}
	e := s.add(EvPlay)
	e.Seat, e.N = seat, n
	e = s.add(EvHand)
	e.To, e.N = seat, h.n
	storeCards(&e.Cards, w)
	s.turn = s.nextHolder(seat)
}

// playIndex lists, for every mask of at most MaxPlay bits, its indices in
// ascending order, padded with MaxHand (an index cutByte leaves alone).
var playIndex = func() (t [1 << MaxHand][MaxPlay]uint8) {
	for m := range t {
		k := 0
		for i := range uint8(MaxHand) {
			if m>>i&1 != 0 && k < MaxPlay {
				t[m][k] = i
				k++
			}
		}
		for ; k < MaxPlay; k++ {
			t[m][k] = MaxHand
		}
	}
	return t
}()

// cutByte removes byte i (0..7) of w, moving the higher bytes down; i =
// MaxHand leaves w as it is.
func cutByte(w uint64, i uint8) uint64 {
	low := uint64(1)<<(8*uint(i)) - 1 // bytes below i (all of them for i = 8)
	return w&low | w>>8&^low
}

// challenge reveals the last play and resolves it by variant: a pull of
// the loser (basic), every other seat pulling (a Devil), or aims (chaos).
func (s *State) challenge(seat sim.Seat) {
	p := s.last
	e := s.add(EvChallenge)
	e.Seat, e.Target = seat, p

	shown := s.pile[s.lastStart : s.lastStart+s.lastN]
	truthful, devil, chaos, master := true, false, false, false
	for _, c := range shown {
		truthful = truthful && c.Truthful(s.table)
		devil = devil || c == Devil
		chaos = chaos || c == Chaos
		master = master || c == Master
	}
	e = s.add(EvReveal)
	e.Seat, e.Truthful, e.N = p, truthful, int8(len(shown))
	for i, c := range shown {
		e.Cards[i] = c
	}
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
			t := p
			for j := int8(1); j < s.n; j++ {
				t = s.after(t)
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
		g.load(s.chamberPath, shooter) // chaos: a revolver that fired is reloaded [ours]
	}
	e := s.add(EvShot)
	e.Seat, e.Target, e.Pull, e.Pulls, e.Hit = shooter, target, pull, g.pulls, hit
	if hit {
		if group == 0 {
			s.outs++
			group = s.outs
		}
		s.alive[target] = false
		s.living &^= 1 << target
		s.nAlive--
		s.out[target] = group
		e = s.add(EvEliminated)
		e.Seat, e.N = target, group
	}
	return hit
}

// aim records seat's aim; once every owed aim is in, the shots resolve.
func (s *State) aim(seat, target sim.Seat) {
	s.owed[seat] = false
	s.aims[seat] = target
	s.nOwed--
	if s.nOwed > 0 {
		return
	}
	// Resolve in seat order from aimFrom; the dead do not fire, and a shot
	// at a seat that died meanwhile is not fired [ours].
	sh := s.aimFrom
	for j := int8(0); j < s.n; j, sh = j+1, s.after(sh) {
		t := s.aims[sh]
		s.aims[sh] = sim.NoSeat
		if t == sim.NoSeat || !s.alive[sh] || !s.alive[t] || s.nAlive <= 1 {
			continue
		}
		e := s.add(EvAim)
		e.Seat, e.Target = sh, t
		s.shoot(sh, t, 0)
	}
	s.endRound()
}

// endRound logs the round's end, then finishes the game or deals the next
// round to the loser (or the next living seat).
func (s *State) endRound() {
	e := s.add(EvRoundEnd)
	e.Seat = s.loser
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
	e := s.add(EvGameOver)
	e.Seat = s.winner
}
