package liarsbar

import "gamelab/sim"

// play moves the cards of mask from seat's hand to the pile and passes the
// turn to the next seat holding cards. It works on the hand as one word and
// is branch-free (which cards a random player picks is unpredictable): the
// chosen cards are gathered into the low bytes of a word with the shifts
// of playCuts, the pile takes MaxPlay slots of which only the chosen count,
// the lie test compares the gathered bytes with the truthful kinds all at
// once, and the chosen bytes are cut from the hand word from the highest
// index down with playCuts' masks (no variable shifts with range guards).
func (s *State) play(seat sim.Seat, mask uint8) {
	h := &s.hands[seat]
	x := h.word()
	pc := &playCuts[mask]
	n := pc.n
	start := s.pileLen
	pile := (*[MaxPlay]Card)(s.pile[start : start+MaxPlay])
	g := (x>>(pc.sh[0]&63)&0xff | (x>>(pc.sh[1]&63)&0xff)<<8 | (x>>(pc.sh[2]&63)&0xff)<<16) & pc.keep
	pile[0], pile[1], pile[2] = Card(g), Card(g>>8), Card(g>>16)
	// The claim is false when a chosen card is none of the table card,
	// Joker and Master: bit 0 of each byte of nz(v) tells v's byte is
	// nonzero (every byte is below 8).
	t := uint64(s.table) * ones
	lie := nz(g^t) & nz(g^joker3) & nz(g^master3) & pc.keep & ones
	w := cut(cut(cut(x, pc.low[2]), pc.low[1]), pc.low[0])
	// h.set(w, h.n-n), with the Devil test only for a hand that held it.
	storeCards(&h.c, w)
	h.n -= n
	in := uint8(uint16(1)<<(uint(h.n)&15) - 1)
	h.dup = zeroBytes(w^w<<8) & in &^ 1
	if h.devil != 0 {
		h.devil = zeroBytes(w^devilWord) & in
	}
	// Branch-free (the outcomes are random): the seat leaves the holders
	// when its hand is empty, and a lie counts.
	empty := uint8((uint(h.n)-1)>>63) & 1
	s.holding &^= empty << (uint(seat) & 7)
	s.pileLen += n
	s.last, s.lastStart, s.lastN = seat, start, n
	s.played[seat] += n
	st := &s.stats[seat]
	st.plays++
	st.lies += int32((lie | -lie) >> 63)
	e := s.add(EvPlay)
	e.Seat, e.N = seat, n
	e = s.add(EvHand)
	e.To, e.N = seat, h.n
	storeCards(&e.Cards, w)
	s.turn = s.nextHolder(seat)
}

const (
	joker3  = uint64(Joker) * 0x010101  // Joker in the 3 pile bytes
	master3 = uint64(Master) * 0x010101 // Master in the 3 pile bytes
)

// nz has bit 0 of byte i set when byte i of v is nonzero (bytes below 8).
func nz(v uint64) uint64 { return (v | v>>1 | v>>2) & ones }

// playCut is how play takes a mask's cards from a hand word: sh[j] is
// 8 times the j-th chosen index (j < n; 0 past n, where keep zeroes the
// byte), and low[j] has the bytes below the j-th index set (all of them
// past n, which cut leaves alone).
type playCut struct {
	sh   [MaxPlay]uint8
	n    int8
	keep uint64 // 0xff in each of the n low bytes
	low  [MaxPlay]uint64
}

// playCuts has the playCut of every mask of at most MaxPlay bits.
var playCuts = func() (t [1 << MaxHand]playCut) {
	for m := range t {
		c := &t[m]
		k := 0
		for i := range uint8(MaxHand) {
			if m>>i&1 != 0 && k < MaxPlay {
				c.sh[k] = 8 * i
				c.low[k] = 1<<(8*uint(i)) - 1
				c.keep |= 0xff << (8 * k)
				k++
			}
		}
		c.n = int8(k)
		for ; k < MaxPlay; k++ {
			c.low[k] = ^uint64(0)
		}
	}
	return t
}()

// hasKind reports whether a byte of w marked in kb (bit 0 of the byte) is
// card c.
func hasKind(w, kb uint64, c Card) bool { return ^nz(w^uint64(c)*ones)&kb != 0 }

// cut removes the byte just above the bytes of low from w, moving the
// higher bytes down; low = all ones leaves w as it is.
func cut(w, low uint64) uint64 { return w&low | w>>8&^low }

// challenge reveals the last play and resolves it by variant: a pull of
// the loser (basic), every other seat pulling (a Devil), or aims (chaos).
func (s *State) challenge(seat sim.Seat) {
	p := s.last
	e := s.add(EvChallenge)
	e.Seat, e.Target = seat, p

	// The shown cards as one word (play wrote MaxPlay slots; keep cuts
	// the padding), tested all at once: no loop over a random count.
	ls := s.lastStart
	shown := (*[MaxPlay]Card)(s.pile[ls : ls+MaxPlay])
	keep := lowBytes[uint(s.lastN)&15]
	w := (uint64(shown[0]) | uint64(shown[1])<<8 | uint64(shown[2])<<16) & keep
	kb := keep & ones // bit 0 of each shown byte
	t := uint64(s.table) * ones
	truthful := nz(w^t)&nz(w^joker3)&nz(w^master3)&kb == 0
	devil, chaos, master := hasKind(w, kb, Devil), hasKind(w, kb, Chaos), hasKind(w, kb, Master)
	e = s.add(EvReveal)
	e.Seat, e.Truthful, e.N = p, truthful, s.lastN
	e.Cards[0], e.Cards[1], e.Cards[2] = Card(w), Card(w>>8), Card(w>>16)
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
