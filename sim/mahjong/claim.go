package mahjong

import "gamelab/sim"

// openClaims asks every other seat that may do something with tile t
// (discarded by from, or added by a kakan when chankan is set). It
// reports whether anyone was asked.
func (s *State) openClaims(t Tile, from sim.Seat, chankan bool) bool {
	any := false
	k, b := t.Kind(), bit(t)
	calls := !chankan && s.liveLeft > 0
	// The chi table row of k: no row for honors (never chi'd).
	var chiRow uint32
	if k < East {
		chiRow = chiShapes[k%9]
	}
	s.seats[from].asked = false
	for d := sim.Seat(1); d < 4; d++ {
		seat := (from + d) & 3
		ss := &s.seats[seat]
		ss.asked, ss.answered, ss.canRon = false, false, false
		if ss.waits&b != 0 && s.ronPossible(seat, t, chankan) {
			ss.canRon = true
			ss.asked = true
			any = true
			continue // calls are listed by claimLegal
		}
		if !calls || ss.riichi {
			continue
		}
		// The cheap part of hasCall first: a seat holding fewer than two
		// of k, and (unless it sits next) no two tiles making a run
		// with k, has no call.
		if ss.kinds[k] < 2 && (d != 1 || chiRow>>(nearBits(ss.have, k)&31)&1 == 0) {
			continue
		}
		if s.hasCall(seat, t, from) {
			ss.asked = true
			any = true
		}
	}
	return any
}

// nearBits returns the held bits of kinds k-2 … k+2 (bit 2 is k itself).
func nearBits(have uint64, k Tile) uint32 {
	return uint32(have << 2 >> uint(k))
}

// chiShapes[r] has bit x set iff the held-kind pattern x (nearBits) of a
// number tile of rank r (0-based) holds two tiles making a run with it
// inside the suit: k-2 k-1 (bits 0, 1), k-1 k+1 (1, 3) or k+1 k+2 (3, 4).
var chiShapes = func() (t [9]uint32) {
	for r := 0; r < 9; r++ {
		for x := uint32(0); x < 32; x++ {
			if r >= 2 && x&3 == 3 || r >= 1 && r <= 7 && x&10 == 10 || r <= 6 && x&24 == 24 {
				t[r] |= 1 << x
			}
		}
	}
	return
}()

// ronPossible: seat's hand plus t is complete, not furiten, with a yaku.
func (s *State) ronPossible(seat sim.Seat, t Tile, chankan bool) bool {
	if s.seats[seat].waits&bit(t) == 0 || s.furiten(seat) {
		return false
	}
	v := s.winValue(seat, t, false, chankan)
	if s.robAnkan {
		return v.ok && v.kokushi // only kokushi may rob an ankan
	}
	return v.ok
}

// hasCall reports whether seat may pon, kan or chi t: whether
// callOptions would list anything, without building the list.
func (s *State) hasCall(seat sim.Seat, t Tile, from sim.Seat) bool {
	ss := &s.seats[seat]
	if ss.riichi || s.liveLeft == 0 {
		return false
	}
	k := t.Kind()
	n := ss.kinds[k] // plain + red faces held: a pon has a plain tile, as one kind has one red
	if n >= 3 && s.totalKans < 4 {
		return true
	}
	if n >= 2 && s.kuikaeOK(ss, k, NoTile, Pon) {
		return true
	}
	if seat != (from+1)%4 || k >= East {
		return false
	}
	// The three chi shapes (k-2 k-1, k-1 k+1, k+1 k+2) within k's suit,
	// as bits of the kinds held.
	r, h := k%9, ss.have
	two := func(a, b Tile) bool { return h&(1<<uint(a)) != 0 && h&(1<<uint(b)) != 0 }
	return r >= 2 && two(k-2, k-1) && s.kuikaeOK(ss, k, k-2, Chi) ||
		r >= 1 && r <= 7 && two(k-1, k+1) && s.kuikaeOK(ss, k, k-1, Chi) ||
		r <= 6 && two(k+1, k+2) && s.kuikaeOK(ss, k, k+1, Chi)
}

// callOptions appends seat's pon/kan/chi options on t from seat from.
func (s *State) callOptions(seat sim.Seat, t Tile, from sim.Seat, dst []Action) []Action {
	ss := &s.seats[seat]
	if ss.riichi || s.liveLeft == 0 {
		return dst
	}
	k := t.Kind()
	r := k.Red()
	plain, red := ss.hand[k], uint8(0)
	if r != k {
		red = ss.hand[r]
	}
	if plain+red >= 2 {
		if plain >= 2 && s.kuikaeOK(ss, k, NoTile, Pon) {
			dst = append(dst, Action{Kind: ActPon, Tile: k, Tile2: k})
		}
		if red >= 1 && plain >= 1 && s.kuikaeOK(ss, k, NoTile, Pon) {
			dst = append(dst, Action{Kind: ActPon, Tile: r, Tile2: k})
		}
	}
	if plain+red >= 3 && s.totalKans < 4 {
		dst = append(dst, Action{Kind: ActKan})
	}
	if seat == (from+1)%4 && k < East {
		n := int(k % 9)
		for _, d := range [3][2]int{{-2, -1}, {-1, 1}, {1, 2}} {
			if n+d[0] < 0 || n+d[1] > 8 {
				continue
			}
			a, b := k+Tile(d[0]), k+Tile(d[1])
			if ss.kinds[a] == 0 || ss.kinds[b] == 0 {
				continue
			}
			if !s.kuikaeOK(ss, k, a, Chi) {
				continue
			}
			for _, fa := range faces(ss, a) {
				for _, fb := range faces(ss, b) {
					if fa != NoTile && fb != NoTile {
						dst = append(dst, Action{Kind: ActChi, Tile: fa, Tile2: fb})
					}
				}
			}
		}
	}
	return dst
}

// faces lists the faces of kind k seat holds (plain, then red).
func faces(ss *seatState, k Tile) [2]Tile {
	f := [2]Tile{NoTile, NoTile}
	if ss.hand[k] > 0 {
		f[0] = k
	}
	if r := k.Red(); r != k && ss.hand[r] > 0 {
		f[1] = r
	}
	return f
}

// kuikaeMask returns the kinds barred after calling kind k (chi with the
// lower hand tile a).
func kuikaeMask(k, a Tile, kind MeldKind) uint64 {
	m := bit(k)
	if kind == Chi {
		n := int(k % 9)
		if a == k+1 && n+3 <= 8 { // k, k+1, k+2: k+3 is barred too
			m |= bit(k + 3)
		}
		if a == k-2 && n-3 >= 0 { // k-2, k-1, k: k-3 is barred too
			m |= bit(k - 3)
		}
	}
	return m
}

// kuikaeOK reports whether after the call some discard stays allowed.
func (s *State) kuikaeOK(ss *seatState, k, a Tile, kind MeldKind) bool {
	if !s.rules.Kuikae {
		return true
	}
	bar := kuikaeMask(k, a, kind)
	// The kinds still held after the call: have, less each kind whose
	// last tiles the call takes.
	left := ss.have
	if kind == Pon {
		if ss.kinds[k] <= 2 {
			left &^= bit(k)
		}
	} else {
		b := a + 1
		if a == k-1 {
			b = k + 1
		} else if a == k-2 {
			b = k - 1
		}
		if ss.kinds[a] <= 1 {
			left &^= bit(a)
		}
		if ss.kinds[b] <= 1 {
			left &^= bit(b)
		}
	}
	return left&^bar != 0
}

func (s *State) claimLegal(seat sim.Seat, dst []Action) []Action {
	ss := &s.seats[seat]
	if ss.canRon {
		dst = append(dst, Action{Kind: ActRon})
	}
	if s.phase == phaseClaim {
		dst = s.callOptions(seat, s.lastTile, s.lastFrom, dst)
	}
	return append(dst, Action{Kind: ActPass})
}

// answer records seat's claim answer and resolves the claims when every
// asked seat has answered.
func (s *State) answer(seat sim.Seat, a Action) {
	ss := &s.seats[seat]
	ss.answered = true
	ss.answer = a
	for i := range s.seats {
		if s.seats[i].asked && !s.seats[i].answered {
			return
		}
	}
	s.resolveClaims()
}

func (s *State) resolveClaims() {
	chankan := s.phase == phaseChankan
	var rons [3]sim.Seat
	n := 0
	var caller sim.Seat = sim.NoSeat
	var call Action
	for i := 1; i < 4; i++ {
		seat := (s.lastFrom + sim.Seat(i)) % 4
		ss := &s.seats[seat]
		if !ss.asked {
			continue
		}
		switch ss.answer.Kind {
		case ActRon:
			rons[n] = seat
			n++
		case ActPon, ActKan:
			caller, call = seat, ss.answer
		case ActChi:
			if caller == sim.NoSeat {
				caller, call = seat, ss.answer
			}
		}
	}
	for i := range s.seats {
		s.seats[i].asked = false
	}
	if n > 0 {
		if n == 3 && s.rules.ThreeRonAbort {
			s.abort(DrawThreeRon)
			return
		}
		if !s.rules.MultiRon {
			if n > 1 && s.rules.RonOrder == RonJoinOrder {
				// rons holds the claimants in turn order: take the
				// lowest seat index instead (docs/rules/mahjong.md).
				for _, r := range rons[1:n] {
					rons[0] = min(rons[0], r)
				}
			}
			n = 1
		}
		if chankan && !s.robAnkan && s.rules.ChankanKanDora {
			s.flipDora() // the robbed kakan's kan dora counts (地鳳)
		}
		s.settleRon(rons[:n], chankan)
		return
	}
	if chankan {
		s.phase = phaseTurn
		if s.robAnkan {
			s.ankanPassed()
		} else {
			s.kakanPassed()
		}
		return
	}
	if caller == sim.NoSeat {
		s.discardPassed()
		return
	}
	if s.payRiichi() {
		return
	}
	s.markSeen(s.lastTile, s.lastFrom)
	s.makeCall(caller, call)
}

// makeCall performs a pon, chi or daiminkan on the last discard.
func (s *State) makeCall(seat sim.Seat, a Action) {
	ss := &s.seats[seat]
	t, from := s.lastTile, s.lastFrom
	k := t.Kind()
	e := Event{Kind: EvCall, Seat: seat, From: from, Tile: t}
	var kind MeldKind
	switch a.Kind {
	case ActPon:
		kind = Pon
		e.Tiles[0], e.Tiles[1], e.Tiles[2] = a.Tile, a.Tile2, t
		ss.removeFace(a.Tile)
		ss.removeFace(a.Tile2)
		e.N = 3
	case ActChi:
		kind = Chi
		e.Tiles[0], e.Tiles[1], e.Tiles[2] = a.Tile, a.Tile2, t
		ss.removeFace(a.Tile)
		ss.removeFace(a.Tile2)
		e.N = 3
	case ActKan:
		kind = Daiminkan
		n := 0
		for _, f := range [2]Tile{k.Red(), k} {
			for ss.hand[f] > 0 && n < 3 {
				e.Tiles[n] = f
				n++
				ss.removeFace(f)
			}
		}
		e.Tiles[3] = t
		e.N = 4
	}
	e.Meld = kind
	sortTiles(e.Tiles[:e.N])
	rel := uint8((int(from) - int(seat) + 4) % 4)
	ss.melds[ss.nMelds] = NewMeld(kind, t, rel, e.Tiles[:e.N]...)
	ss.nMelds++
	ss.open = true
	if kind == Pon {
		ss.ponKinds |= bit(k)
	}
	s.st.calledThisHand[seat] = true
	fr := &s.seats[from]
	if fr.river.N > 0 {
		fr.river.Flags[fr.river.N-1] |= RiverCalled
	}
	fr.nagashi = false
	s.noCalls = false
	s.firstWinds = -100
	s.clearIppatsu()
	s.checkPao(seat, from, k, kind)
	s.turn = seat
	s.emit(e)
	if kind == Daiminkan {
		// The kan took the discard into a 3n+1 hand: its shanten may be
		// one lower than before (waits stay a superset; the discard after
		// the rinshan draw recomputes them).
		ss.shLow--
		ss.waitsLoose = true
		ss.kans++
		s.afterKan(seat, true)
		s.openKanDora()
		s.draw(true)
		return
	}
	if s.rules.Kuikae {
		var low Tile = NoTile
		if kind == Chi {
			low = min(a.Tile.Kind(), a.Tile2.Kind())
		}
		ss.kuikae = kuikaeMask(k, low, kind)
	}
	s.drawn = NoTile
	s.rinshan = false
	s.phase = phaseTurn
}

// checkPao marks liability when a pon or kan completes the third dragon
// set (大三元) or the fourth wind set (大四喜).
func (s *State) checkPao(seat, from sim.Seat, k Tile, kind MeldKind) {
	if !s.rules.Pao || kind == Chi || !(k.IsDragon() || k.IsWind()) {
		return
	}
	ss := &s.seats[seat]
	dragons, winds := 0, 0
	for i := uint8(0); i < ss.nMelds; i++ {
		m := ss.melds[i]
		if m.Kind == Chi {
			continue
		}
		switch b := m.Tiles[0].Kind(); {
		case b.IsDragon():
			dragons++
		case b.IsWind():
			winds++
		}
	}
	if k.IsDragon() && dragons == 3 {
		ss.paoSeat, ss.paoKind = from, 1
	}
	if k.IsWind() && winds == 4 {
		ss.paoSeat, ss.paoKind = from, 2
	}
}
