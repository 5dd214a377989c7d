package liarsbar

import "gamelab/sim"

// play moves the cards of mask from seat's hand to the pile and passes the
// turn to the next seat holding cards. The loop is branch-free (which
// cards a random player picks is unpredictable): every card is written to
// the pile and the pile grows only by the chosen ones; the kept ones are
// packed into the new hand word.
func (s *State) play(seat sim.Seat, mask uint8) {
	h := &s.hands[seat]
	x := h.word()
	truth := uint64(1)<<s.table | 1<<Joker | 1<<Master // kinds that make a claim true
	start := s.pileLen
	pl := int(start)
	var w, lie uint64
	k := uint(0)
	for i := range uint(h.n) {
		c := x >> (8 * i) & 0xff
		sel := uint64(mask>>i) & 1
		s.pile[pl] = Card(c)
		pl += int(sel)
		lie |= sel &^ (truth >> c)
		w |= c << (8 * k) & (sel - 1) // kept: sel-1 is all ones
		k += uint(sel ^ 1)
	}
	n := int8(pl) - start
	s.pileLen = int8(pl)
	h.set(w, int8(k))
	s.last, s.lastStart, s.lastN = seat, start, n
	s.played[seat] += n
	st := &s.stats[seat]
	st.plays++
	st.lies += int32(lie & 1)
	e := s.add(EvPlay)
	e.Seat, e.N = seat, n
	e = s.add(EvHand)
	e.To, e.N = seat, int8(k)
	storeCards(&e.Cards, w)
	s.turn = s.nextHolder(seat)
}

// challenge reveals the last play and resolves it by variant: a pull of
// the loser (basic), every other seat pulling (a Devil), or aims (chaos).
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

// endRound logs the round's end, then finishes the game or deals the next
// round to the loser (or the next living seat).
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
