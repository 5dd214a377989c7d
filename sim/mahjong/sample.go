package mahjong

import "gamelab/sim"

// Sample returns a determinization of v under rules r: a full state
// consistent with everything v's seat has seen (see Determinize).
func Sample(r Rules, v *View, rng *sim.PCG) *State {
	s := &State{rules: r}
	s.Determinize(v, rng)
	return s
}

// Determinize makes s a full game consistent with everything v's seat has
// seen, its hidden parts drawn from rng alone (sim.Sampler). The rules are
// not part of a View: s keeps the rules it was made with (New, Reset or
// Sample); a zero State gets Dihou().
//
// What it draws: the unseen tiles — all 136 less v's own hand, the rivers,
// the melds and the dora indicators shown (red fives by the rules) — are
// shuffled and dealt to the other seats' concealed hands (as many as each
// holds), the live wall still to draw, the rinshan tiles (Tenhou layout),
// the dora indicators not yet flipped and the ura indicators. Every
// placement of the unseen tiles is equally likely: the sample does not
// condition on what the others' play says about their hands (a riichi
// declarer need not be tenpai, a seat that passed on a tile may hold a
// pair of it). Later hands' walls come from a seed drawn from rng, never
// from the real game's seed.
//
// What it reproduces from the view: scores, round, honba, sticks, rivers
// (tsumogiri, riichi and called flags), melds, riichi declarations, dora,
// the live tiles left and whose decision it is: the turn seat (after its
// draw or call; a replacement draw after its kan), or a claim on the last
// discard, or a chankan on the last kakan (ankan for kokushi). The public
// order of the hand — which discard followed which, who called what — is
// rebuilt from the rivers and the melds' called tiles (turn order, a call
// moving the turn to the caller; if two seats could have called the same
// tile from the same river, the first in turn order is taken). From it come
// the furiten bookkeeping of every seat (own river, tiles passed since its
// last discard and since its riichi), ippatsu, double riichi, kuikae, the
// four-winds count, the pending riichi stick and the pending kan dora. The
// one thing the View does not order is an ankan or a kakan within its
// seat's turns: an ankan is taken to come at the seat's first turn after
// its previous meld, a kakan when its pon was called (ippatsu and double
// riichi can then differ from the real game's in hands with a kan).
//
// The event log starts empty (the history lives in the state's fields) and
// Result's per-seat counts start at this hand. s.View(v.Me) equals *v and
// s.Legal(v.Me) the legal actions of the real game. A view that shows more
// tiles than the set holds (not a view of any game) gets a shorter wall.
func (s *State) Determinize(v *View, rng *sim.PCG) {
	r := s.rules
	if r.Players == 0 {
		r = Dihou()
	}
	log := s.log[:0]
	if cap(log) == 0 {
		log = make([]Event, 0, 1024)
	}
	*s = State{rules: r, seed: rng.Uint64(), log: log, ver: 1, handCount: 1}
	s.st.hands = 1
	me := v.Me
	s.round, s.honba, s.sticks = int(v.Round), int(v.Honba), int(v.Sticks)
	s.scores = v.Scores
	s.riichiAt = v.RiichiAt
	s.uraShown, s.nUra = v.Ura, v.NUra
	s.lastTile, s.lastFrom = v.LastDiscard, v.LastFrom
	s.liveLeft = min(max(int(v.WallLeft), 0), LiveTiles)
	s.nDora = min(max(int(v.NDora), 1), 5)
	s.handOver = v.HandOver
	s.riichiPend = sim.NoSeat
	s.drawn = NoTile

	// The public facts of each seat.
	totalMelds := 0
	for i := range s.seats {
		ss := &s.seats[i]
		*ss = seatState{paoSeat: sim.NoSeat}
		ss.river = v.Rivers[i]
		ss.melds = v.Melds[i]
		ss.nMelds = v.NMelds[i]
		ss.riichi = v.Riichi[i]
		ss.discarded = ss.river.N > 0
		ss.nagashi = true
		for j := range ss.river.N {
			ss.riverKinds |= bit(ss.river.Tiles[j])
			ss.nagashi = ss.nagashi && ss.river.Tiles[j].IsYaochu() && ss.river.Flags[j]&RiverCalled == 0
		}
		totalMelds += int(ss.nMelds)
		for j := range ss.nMelds {
			m := &ss.melds[j]
			if m.IsOpen() {
				ss.open = true
			}
			if m.Kind == Pon {
				ss.ponKinds |= bit(m.Tiles[0])
			}
			if m.IsQuad() {
				ss.kans++
				s.totalKans++
				s.kanSeats |= 1 << uint(i)
			}
		}
		s.st.calledThisHand[i] = ss.open
		s.setPao(sim.Seat(i))
	}
	s.noCalls = totalMelds == 0
	s.kanAbort = s.totalKans == 4 && s.kanSeats&(s.kanSeats-1) != 0

	h := replayHand(v)

	// Whose decision: the turn seat holds 3n+2 tiles; otherwise a claim
	// on the last discard, or a chankan when the last tile is no discard
	// still answered.
	pending := -1 // the discard step still being claimed
	switch {
	case v.GameOver:
		s.phase = phaseOver
	case v.Concealed[me]%3 == 2:
		s.phase, s.turn = phaseTurn, me
	case v.LastFrom < 0 || v.LastFrom > 3:
		s.phase, s.turn = phaseTurn, v.Dealer // no discard yet: not a claim
	default:
		s.turn = v.LastFrom
		if k := h.n - 1; k >= 0 && h.seat[k] == v.LastFrom && !h.called[k] &&
			v.Rivers[v.LastFrom].Tiles[h.idx[k]] == v.LastDiscard {
			s.phase = phaseClaim
			pending = k
			if v.Rivers[v.LastFrom].Flags[h.idx[k]]&FlagRiichi != 0 {
				s.riichiPend = v.LastFrom
			}
		} else {
			s.phase = phaseChankan
			if n := v.NMelds[v.LastFrom]; n > 0 && v.Melds[v.LastFrom][n-1].Kind == Ankan &&
				v.Melds[v.LastFrom][n-1].Tiles[0].Kind() == v.LastDiscard.Kind() {
				s.robAnkan = true
			}
		}
	}

	// Kan dora still to flip (open kans under OpenKanDoraLater) and the
	// replacement draws made (the kan being robbed has none yet).
	unresolved := 0
	if s.phase == phaseChankan {
		unresolved = 1
	}
	if r.OpenKanDoraLater {
		s.pendDora = max(s.totalKans-unresolved+1-s.nDora, 0)
	}
	if r.Wall == "tenhou" {
		s.rinshanPos = max(s.totalKans-unresolved, 0)
	}
	s.livePos = LiveTiles - s.liveLeft - s.rinshanPos

	s.applyHistory(v, &h, pending)

	// The turn seat's draw: a replacement tile when it made a kan this
	// turn (the last tile is its own) or called a daiminkan; kuikae after
	// a pon or chi.
	if s.phase == phaseTurn {
		s.drawn = v.Drawn
		if v.Drawn != NoTile {
			s.drawnID = FirstID(v.Drawn, r.RedFives)
			s.rinshan = v.LastFrom == me || h.lastCaller == me && v.Melds[me][h.lastMeld].Kind == Daiminkan
		} else if r.Kuikae && h.lastCaller == me {
			m := v.Melds[me][h.lastMeld]
			if m.Kind == Pon || m.Kind == Chi {
				low := NoTile
				if m.Kind == Chi {
					skipped := false
					for _, t := range m.Tiles[:3] {
						if !skipped && t == m.Called {
							skipped = true
							continue
						}
						low = min(low, t.Kind())
					}
				}
				s.seats[me].kuikae = kuikaeMask(m.Called.Kind(), low, m.Kind)
			}
		}
	}

	s.dealHidden(v, rng)

	// Waits of every concealed hand (the turn seat's without its draw).
	for i := range s.seats {
		ss := &s.seats[i]
		switch {
		case ss.n%3 == 1:
			ss.updateWaits()
		case s.drawn != NoTile && sim.Seat(i) == s.turn:
			ss.removeFace(s.drawn)
			ss.updateWaits()
			ss.addFace(s.drawn)
			ss.n++
		default: // after a call: no tsumo; a bound for turnLegal
			ss.shLow = int8(Shanten(&ss.kinds, int(ss.nMelds)) + 1)
		}
	}
	s.turnSh = shantenUnknown
	if s.phase == phaseClaim || s.phase == phaseChankan {
		s.openClaims(s.lastTile, s.lastFrom, s.phase == phaseChankan)
	}
}

// handHistory is the public order of a hand's discards, rebuilt from a
// view: step k is seat[k]'s discard at river index idx[k], called[k] if
// another seat called it. meldAt[i][j] is the number of discards made
// before seat i's j-th meld.
type handHistory struct {
	n      int
	seat   [4 * MaxRiver]sim.Seat
	idx    [4 * MaxRiver]uint8
	called [4 * MaxRiver]bool
	meldAt [4][4]int
	// lastCaller called the last step's discard with its meld lastMeld
	// (NoSeat if the last step was not called).
	lastCaller  sim.Seat
	lastMeld    uint8
	riichiStep  [4]int   // step of each seat's riichi declaration, -1 if none
	lastDiscard [4]int   // step of each seat's last discard, -1 if none
	end         sim.Seat // the seat to discard next when the replay ends
}

// replayHand rebuilds the order of the hand's discards: the dealer
// starts, the turn passes to the next seat, a called discard moves it to
// the caller (the seat whose next meld took that tile from that river).
//
// A called discard can fit two callers (a pon and a chi of the same tile
// from the same river, each still to be placed); the first fit may leave
// the rest of the rivers and melds unplaceable. The replay then tries the
// other fits, last ambiguity first, and keeps the first order that places
// every discard and meld, ends where the view stands, and never has a pon
// or chi followed by a tsumogiri (or the first complete order, or the
// first order, for a view that has none). The View keeps no order of
// events, so two orders can fit it: in 300 uniformly random games per
// preset the sample then kept every legal list but differed in a public
// furiten or turn mark at 51 of 537,621 decisions (310 and 25 wrong
// legal lists before these checks).
func replayHand(v *View) handHistory {
	var choice, alts [maxAmbiguities]uint8
	first, ok, n := replayHandWith(v, &choice, &alts)
	if ok && first.fits(v) {
		return first
	}
	complete, found := first, ok
	for tries := 0; tries < 512; tries++ {
		i := n - 1
		for i >= 0 && choice[i]+1 >= alts[i] {
			choice[i] = 0
			i--
		}
		if i < 0 {
			break
		}
		choice[i]++
		for j := i + 1; j < maxAmbiguities; j++ {
			choice[j] = 0
		}
		var h handHistory
		h, ok, n = replayHandWith(v, &choice, &alts)
		if ok && h.fits(v) {
			return h
		}
		if ok && !found {
			complete, found = h, true
		}
	}
	return complete
}

// fits reports whether a complete replay ends where the view stands: with
// the seat to discard when the viewer holds a drawn hand, else with the
// last discard (still claimable) or with the seat whose added kan is
// being robbed.
func (h *handHistory) fits(v *View) bool {
	switch {
	case v.Concealed[v.Me&3]%3 == 2:
		// The viewer's turn: it drew, or it called a pon or chi (no draw)
		// or an open kan (a replacement draw) on the last discard.
		if h.end != v.Me {
			return false
		}
		if h.lastCaller == v.Me {
			k := v.Melds[v.Me][h.lastMeld].Kind
			return (k == Pon || k == Chi) == (v.Drawn == NoTile)
		}
		return h.n == 0 || v.Drawn != NoTile
	case v.LastFrom < 0 || v.LastFrom > 3:
		return true
	case h.end == v.LastFrom:
		return true // a chankan
	}
	k := h.n - 1
	return k >= 0 && h.seat[k] == v.LastFrom && !h.called[k] && v.Rivers[v.LastFrom].Tiles[h.idx[k]] == v.LastDiscard
}

// maxAmbiguities bounds the called discards with two possible callers
// that one replay resolves by choice (later ones take the first fit).
const maxAmbiguities = 12

// replayHandWith replays the hand taking, at the i-th called discard that
// fits several callers, the choice[i]-th of them (alts[i] is how many
// fit). It reports whether every discard and every meld was placed, and
// how many ambiguities it met.
func replayHandWith(v *View, choice, alts *[maxAmbiguities]uint8) (h handHistory, ok bool, amb int) {
	h.lastCaller = sim.NoSeat
	for i := range h.riichiStep {
		h.riichiStep[i], h.lastDiscard[i] = -1, -1
	}
	var pos, next [4]uint8
	bad := false
	cur := v.Dealer & 3 // a view from outside may hold anything
	for guard := 0; guard < 4*MaxRiver+16; guard++ {
		// The seat's ankans before its next called meld come at this turn.
		for next[cur] < v.NMelds[cur] && v.Melds[cur][next[cur]].Kind == Ankan {
			h.meldAt[cur][next[cur]] = h.n
			next[cur]++
		}
		rv := &v.Rivers[cur]
		if pos[cur] >= rv.N {
			break
		}
		k := h.n
		h.seat[k], h.idx[k] = cur, pos[cur]
		h.n++
		called := h.lastCaller == cur
		h.lastCaller = sim.NoSeat
		if pos[cur] == v.RiichiAt[cur] && v.Riichi[cur] {
			h.riichiStep[cur] = k
		}
		h.lastDiscard[cur] = k
		t, f := rv.Tiles[pos[cur]], rv.Flags[pos[cur]]
		if f&FlagTsumogiri != 0 && called && (v.Melds[cur][next[cur]-1].Kind == Pon || v.Melds[cur][next[cur]-1].Kind == Chi) {
			// A pon or chi draws nothing: its discard cannot be the
			// drawn tile, so this order is not the hand's.
			bad = true
		}
		pos[cur]++
		caller := sim.NoSeat
		if f&RiverCalled != 0 {
			var fits [3]sim.Seat
			nf := 0
			for d := sim.Seat(1); d < 4; d++ {
				c := (cur + d) % 4
				if j := next[c]; j < v.NMelds[c] {
					m := &v.Melds[c][j]
					if m.Kind != Ankan && (c+sim.Seat(m.From))%4 == cur && m.Called == t {
						fits[nf] = c
						nf++
					}
				}
			}
			if nf > 0 {
				caller = fits[0]
			}
			if nf > 1 && amb < maxAmbiguities {
				alts[amb] = uint8(nf)
				caller = fits[min(int(choice[amb]), nf-1)]
				amb++
			}
		}
		if caller == sim.NoSeat {
			cur = (cur + 1) % 4
			continue
		}
		h.called[k] = true
		h.meldAt[caller][next[caller]] = h.n
		h.lastCaller, h.lastMeld = caller, next[caller]
		next[caller]++
		cur = caller
	}
	h.end = cur
	ok = !bad
	for i := range 4 {
		// Every discard placed, and every meld but a last ankan of the
		// seat still to discard.
		m := next[i]
		for m < v.NMelds[i] && v.Melds[i][m].Kind == Ankan {
			m++
		}
		ok = ok && pos[i] == v.Rivers[i].N && m == v.NMelds[i]
	}
	return h, ok, amb
}

// applyHistory sets what the order of the hand decides: furiten
// bookkeeping, ippatsu, double riichi and the four-winds count. pending is
// the step still being claimed (not yet passed), or -1.
func (s *State) applyHistory(v *View, h *handHistory, pending int) {
	passed := h.n
	if pending >= 0 {
		passed = pending
	}
	// madeAfter reports whether any meld was made after step k.
	madeAfter := func(k int) bool {
		for i := range 4 {
			for j := range v.NMelds[i] {
				if h.meldAt[i][j] > k {
					return true
				}
			}
		}
		return false
	}
	madeBy := func(k int) bool { // a meld made before or at step k's discard
		for i := range 4 {
			for j := range v.NMelds[i] {
				if h.meldAt[i][j] <= k {
					return true
				}
			}
		}
		return false
	}
	for i := range s.seats {
		ss := &s.seats[i]
		seat := sim.Seat(i)
		for k := h.lastDiscard[i] + 1; k < passed; k++ {
			if h.seat[k] != seat {
				ss.tempSeen |= bit(v.Rivers[h.seat[k]].Tiles[h.idx[k]])
			}
		}
		// A kakan that passed marks its kind for the other seats, an ankan
		// too where kokushi may rob it; the kan being robbed has not passed.
		for j := range v.NMelds {
			for m := range v.NMelds[j] {
				mk := &v.Melds[j][m]
				if j == i || !(mk.Kind == Kakan || mk.Kind == Ankan && s.rules.KokushiRobsAnkan) ||
					s.phase == phaseChankan && sim.Seat(j) == s.lastFrom && mk.Tiles[0].Kind() == s.lastTile.Kind() {
					continue
				}
				at := h.meldAt[j][m]
				if at > h.lastDiscard[i] {
					ss.tempSeen |= bit(mk.Tiles[0])
				}
				if ss.riichi && at > h.riichiStep[i] {
					ss.riichiSeen |= bit(mk.Tiles[0])
				}
			}
		}
		if !ss.riichi {
			continue
		}
		k0 := h.riichiStep[i]
		for k := k0 + 1; k < passed; k++ {
			if h.seat[k] != seat {
				ss.riichiSeen |= bit(v.Rivers[h.seat[k]].Tiles[h.idx[k]])
			}
		}
		if k0 < 0 {
			continue
		}
		ss.doubleRiichi = v.RiichiAt[i] == 0 && (s.rules.DoubleRiichiAfterCalls || !madeBy(k0))
		ss.ippatsu = s.riichiPend != seat && ss.river.N == v.RiichiAt[i]+1 && !madeAfter(k0) &&
			!(s.phase == phaseChankan && s.rules.KakanClearsIppatsu && !s.robAnkan)
	}
	// Four winds: the first discards, all of one wind, with no call.
	if !s.noCalls {
		s.firstWinds = -100
		return
	}
	for k := range h.n {
		t := v.Rivers[h.seat[k]].Tiles[h.idx[k]]
		if h.idx[k] == 0 && t.IsWind() && (s.firstWinds == 0 || s.firstWind == t) {
			s.firstWind = t
			s.firstWinds++
		} else {
			s.firstWinds = -100
		}
	}
}

// setPao finds the liability of seat: the pon or daiminkan that made its
// third dragon set or fourth wind set (checkPao, in meld order).
func (s *State) setPao(seat sim.Seat) {
	if !s.rules.Pao {
		return
	}
	ss := &s.seats[seat]
	dragons, winds := 0, 0
	for j := range ss.nMelds {
		m := ss.melds[j]
		if m.Kind == Chi {
			continue
		}
		k := m.Tiles[0].Kind()
		switch {
		case k.IsDragon():
			dragons++
		case k.IsWind():
			winds++
		}
		if m.Kind == Ankan {
			continue
		}
		from := (seat + sim.Seat(m.From)) % 4
		if k.IsDragon() && dragons == 3 {
			ss.paoSeat, ss.paoKind = from, 1
		}
		if k.IsWind() && winds == 4 {
			ss.paoSeat, ss.paoKind = from, 2
		}
	}
}

// dealHidden puts v's own hand back and deals the unseen tiles, shuffled
// by rng, to the other seats' hands and the unseen parts of the wall.
func (s *State) dealHidden(v *View, rng *sim.PCG) {
	reds := s.rules.RedFives
	var used [NumTileIDs]bool
	see := func(t Tile) {
		if id, ok := freeID(t, reds, &used); ok {
			used[id] = true
		}
	}
	me := &s.seats[v.Me]
	for t, c := range v.Hand {
		for range c {
			see(Tile(t))
			me.addFace(Tile(t))
			me.n++
		}
	}
	for i := range v.Rivers {
		rv := &v.Rivers[i]
		for j := range rv.N {
			if rv.Flags[j]&RiverCalled == 0 {
				see(rv.Tiles[j])
			}
		}
		for j := range v.NMelds[i] {
			m := &v.Melds[i][j]
			for _, t := range m.Tiles[:m.Len()] {
				see(t)
			}
		}
	}
	for j := range s.nDora {
		t := v.Dora[j]
		id, ok := freeID(t, reds, &used)
		if ok {
			used[id] = true
		} else {
			id = FirstID(t, reds) // an impossible view: a copy
		}
		s.w.dora[j] = id
	}
	for j := range v.NUra {
		see(v.Ura[j])
	}
	var unseen [NumTileIDs]TileID
	n := 0
	for id := range used {
		if !used[id] {
			unseen[n] = TileID(id)
			n++
		}
	}
	pool := unseen[:n]
	sim.Shuffle(rng, pool)
	take := func() (TileID, bool) {
		if len(pool) == 0 {
			return 0, false
		}
		id := pool[0]
		pool = pool[1:]
		return id, true
	}
	for i := range s.seats {
		if sim.Seat(i) == v.Me {
			continue
		}
		ss := &s.seats[i]
		for range v.Concealed[i] {
			if id, ok := take(); ok {
				ss.addFace(s.face(id))
				ss.n++
			}
		}
	}
	// The live tiles still to draw, in order; past the pool's end (an
	// impossible view) the wall ends early.
	for p := s.livePos; p < LiveTiles; p++ {
		id, ok := take()
		if !ok {
			s.liveLeft = min(s.liveLeft, p-s.livePos)
			break
		}
		s.w.live[p] = id
	}
	fill := func(dst []TileID) {
		for j := range dst {
			if id, ok := take(); ok {
				dst[j] = id
			}
		}
	}
	if s.rules.Wall == "tenhou" {
		fill(s.w.rinshan[s.rinshanPos:])
	}
	fill(s.w.dora[s.nDora:])
	fill(s.w.ura[:])
}
