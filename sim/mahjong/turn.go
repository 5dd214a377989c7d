package mahjong

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"

	"gamelab/sim"
)

// Legal appends seat's legal actions now to dst[:0] and returns it (empty
// if seat is not asked). The order is fixed: wins first, then the rest.
func (s *State) Legal(seat sim.Seat, dst []Action) []Action {
	dst = dst[:0]
	if seat < 0 || seat > 3 {
		return dst
	}
	if s.cacheVer == s.ver && s.cacheSeat == seat {
		return append(dst, s.cache[:s.nCache]...)
	}
	switch s.phase {
	case phaseTurn:
		if seat == s.turn {
			dst = s.turnLegal(dst)
		}
	case phaseClaim, phaseChankan:
		ss := &s.seats[seat]
		if ss.asked && !ss.answered {
			dst = s.claimLegal(seat, dst)
		}
	}
	s.cacheVer, s.cacheSeat = s.ver, seat
	if len(dst) <= smallLegal && cap(dst) >= smallLegal {
		// A short list (nearly all of them) is copied as one fixed-size
		// block, inline, instead of through memmove: by way of a local
		// copy, since the compiler cannot tell dst from the cache.
		block := [smallLegal]Action(dst[:smallLegal])
		*(*[smallLegal]Action)(s.cache[:smallLegal]) = block
		s.nCache = len(dst)
	} else {
		s.nCache = copy(s.cache[:], dst)
	}
	return dst
}

// smallLegal is the length of the legal lists Legal caches by a
// fixed-size copy.
const smallLegal = 16

// Apply plays seat's action. An action that is not legal now is refused
// with an error wrapping ErrIllegalAction (or ErrNotYourTurn, ErrGameOver)
// and changes nothing.
func (s *State) Apply(seat sim.Seat, a Action) error {
	if s.phase == phaseOver {
		return ErrGameOver
	}
	if seat < 0 || seat > 3 {
		return &ActionError{Err: ErrNotYourTurn, Seat: seat, Action: a}
	}
	var legal []Action
	if s.cacheVer == s.ver && s.cacheSeat == seat {
		legal = s.cache[:s.nCache] // Legal's list for this very state
	} else {
		legal = s.Legal(seat, s.buf[:0])
	}
	if len(legal) == 0 {
		return &ActionError{Err: ErrNotYourTurn, Seat: seat, Action: a}
	}
	if !slices.Contains(legal, a) {
		return &ActionError{Err: ErrIllegalAction, Seat: seat, Action: a}
	}
	s.play(seat, a)
	return nil
}

// ApplyAt plays seat's action a, as Apply does, given i, the index of a in
// the list Legal last returned for seat. When that list is the one for this
// very state and holds a at i, the action is known legal and played without
// the scan; otherwise (a stale list, a wrong i) ApplyAt is Apply. Self-play
// loops that already found a in the list they got from Legal use it.
func (s *State) ApplyAt(seat sim.Seat, a Action, i int) error {
	if s.cacheVer != s.ver || s.cacheSeat != seat || uint(i) >= uint(s.nCache) || s.cache[i] != a || s.phase == phaseOver {
		return s.Apply(seat, a)
	}
	s.play(seat, a)
	return nil
}

// play carries out seat's legal action a: a turn or a claim answer.
func (s *State) play(seat sim.Seat, a Action) {
	s.ver++
	if s.phase == phaseTurn {
		s.applyTurn(a)
	} else {
		s.answer(seat, a)
	}
}

// ActionError is the error of a refused action; it wraps ErrIllegalAction
// or ErrNotYourTurn.
type ActionError struct {
	Err    error
	Seat   sim.Seat
	Action Action
}

func (e *ActionError) Error() string {
	return fmt.Sprintf("%v: seat %d: %v", e.Err, e.Seat, e.Action)
}

// Unwrap returns the sentinel error.
func (e *ActionError) Unwrap() error { return e.Err }

func bit(k Tile) uint64 { return 1 << uint(k.Kind()) }

func (s *State) turnLegal(dst []Action) []Action {
	ss := &s.seats[s.turn]
	melds := int(ss.nMelds)
	drew := s.drawn != NoTile
	// The shanten after the best discard: when it is 1 or more no discard
	// leaves the hand tenpai, so discard skips the waits computation. The
	// hand before this draw or call had shanten >= shLow, and one tile
	// lowers it by at most one: a bound of 1 or more needs no lookup.
	// A drawn tile that cannot join anything (drawIdle) lowers it by none.
	// Otherwise it is looked up only if riichi may be declared; else it
	// stays unknown and discard computes the exact shanten of the hand it
	// leaves (updateWaits), a tighter bound for the next turns.
	// (Riichi needs turnSh <= 0: with a bound of 1 or more the riichi
	// conditions are not even looked at.)
	riichiAllowed := false
	lb := ss.shLow - 1
	if lb < 1 && drew && drawIdle(&ss.kinds, ss.have, s.drawn.Kind(), melds) {
		lb = ss.shLow
	}
	if lb >= 1 {
		s.turnSh = lb
	} else if riichiAllowed = drew && !ss.open && !ss.riichi && s.liveLeft >= 4 &&
		(!s.rules.RiichiNeedsPoints || s.scores[s.turn] >= 1000); riichiAllowed {
		s.turnSh = int8(Shanten(&ss.kinds, melds))
	} else {
		s.turnSh = shantenUnknown
	}
	if drew && ss.waits&bit(s.drawn) != 0 && s.winValue(s.turn, s.drawn, true, false).ok {
		dst = append(dst, Action{Kind: ActTsumo})
	}
	if s.rules.NineKinds && drew && s.noCalls && !ss.discarded {
		if bits.OnesCount64(ss.have&yaochuMask34) >= 9 {
			dst = append(dst, Action{Kind: ActNineKinds})
		}
	}
	canKan := s.liveLeft > 0 && s.totalKans < 4 && (drew || s.rules.KanAfterCall)
	anyFour := canKan && holdsFour(&ss.kinds)
	if canKan {
		for m := ss.have; m != 0 && anyFour; m &= m - 1 {
			k := Tile(bits.TrailingZeros64(m))
			if ss.kinds[k] == 4 && (!ss.riichi || s.riichiKanOK(ss, k)) {
				dst = append(dst, Action{Kind: ActAnkan, Tile: k})
			}
		}
		if !ss.riichi && ss.ponKinds&ss.have != 0 {
			for i := uint8(0); i < ss.nMelds; i++ {
				m := &ss.melds[i]
				if m.Kind != Pon {
					continue
				}
				k := m.Tiles[0].Kind()
				if ss.hand[k] > 0 {
					dst = append(dst, Action{Kind: ActKakan, Tile: k})
				}
				if r := k.Red(); r != k && ss.hand[r] > 0 {
					dst = append(dst, Action{Kind: ActKakan, Tile: r})
				}
			}
		}
	}
	if ss.riichi {
		return append(dst, Action{Kind: ActDiscard, Tile: s.drawn})
	}
	canRiichi := riichiAllowed && s.turnSh <= 0
	if !canRiichi {
		// Plain discards only: one per face held, in face-slot order (by
		// kind, a plain five before its red one), written in place at the
		// list's final length.
		m := ss.faces
		if ss.kuikae != 0 {
			m &^= kindSlots(ss.kuikae)
		}
		i := len(dst)
		n := bits.OnesCount64(m)
		dst = slices.Grow(dst, n)[:i+n]
		for ; m != 0; m &= m - 1 {
			dst[i] = Action{Kind: ActDiscard, Tile: slotFace[bits.TrailingZeros64(m)]}
			i++
		}
		return dst
	}
	for m := ss.have &^ ss.kuikae; m != 0; m &= m - 1 {
		k := Tile(bits.TrailingZeros64(m))
		faces := [2]Tile{k, k.Red()}
		for fi, t := range faces {
			if (fi == 1 && t == k) || ss.hand[t] == 0 {
				continue
			}
			dst = append(dst, Action{Kind: ActDiscard, Tile: t})
			ss.kinds[k]--
			ok := Shanten(&ss.kinds, melds) == 0
			ss.kinds[k]++
			if ok {
				dst = append(dst, Action{Kind: ActRiichi, Tile: t})
			}
		}
	}
	return dst
}

// Face slots order the 37 faces as the discard lists do: by kind, a red
// five right after its plain five. seatState.faces has bit faceSlot[t] set
// iff the concealed hand holds face t.
var faceSlot, slotFace = func() (slot, face [NumTiles]Tile) {
	n := Tile(0)
	for k := Tile(0); k < NumKinds; k++ {
		slot[k], face[n] = n, k
		n++
		if r := k.Red(); r != k {
			slot[r], face[n] = n, r
			n++
		}
	}
	return
}()

// kindSlots returns the face slots of the kinds in m (both faces of a five).
func kindSlots(m uint64) uint64 {
	var out uint64
	for ; m != 0; m &= m - 1 {
		k := Tile(bits.TrailingZeros64(m))
		out |= 1 << uint(faceSlot[k])
		if r := k.Red(); r != k {
			out |= 1 << uint(faceSlot[r])
		}
	}
	return out
}

// drawIdle reports whether the drawn kind k cannot lower the shanten of
// the hand it joined: c and have are the concealed kinds with the draw.
// So it is when the hand held no other tile of k nor any tile within two
// ranks of it in its suit (nothing to make a set, run or pair with; then
// any reading that uses k gives way to one using a tile of the hand that
// reading leaves out), the hand holds no three of a kind (whose spare tile
// the no-fifth-copy rule could keep from a pair or set, as with 1111m
// 234p567p789p, which a lone 5z makes tenpai) and, closed, k is no
// terminal or honor (kokushi) and the hand held seven kinds or more
// (chiitoitsu). TestDrawIdle checks it against Shanten.
func drawIdle(c *[NumKinds]uint8, have uint64, k Tile, melds int) bool {
	if c[k] != 1 || have&nearKinds[k] != 0 || holdsThree(c) {
		return false
	}
	return melds > 0 || yaochuMask34&(1<<uint(k)) == 0 && bits.OnesCount64(have) >= 8
}

// nearKinds[k] has the kinds within two ranks of k in its suit (k
// excluded; none for honors).
var nearKinds = func() (m [NumKinds]uint64) {
	for k := 0; k < 27; k++ {
		for d := -2; d <= 2; d++ {
			if r := k%9 + d; d != 0 && r >= 0 && r < 9 {
				m[k] |= 1 << uint(k+d)
			}
		}
	}
	return
}()

// holdsThree reports whether c holds three or more of some kind: adding
// 0x7D to a count 0–4 sets its byte's top bit iff the count is 3 or 4.
func holdsThree(c *[NumKinds]uint8) bool {
	const add, top = 0x7D7D7D7D7D7D7D7D, 0x8080808080808080
	w := (binary.LittleEndian.Uint64(c[0:8])+add)&top | (binary.LittleEndian.Uint64(c[8:16])+add)&top |
		(binary.LittleEndian.Uint64(c[16:24])+add)&top | (binary.LittleEndian.Uint64(c[24:32])+add)&top
	return w != 0 || c[32] >= 3 || c[33] >= 3
}

// fiveMask34 has the bits of the three plain fives (the kinds with a red face).
const fiveMask34 = 1<<4 | 1<<13 | 1<<22

// holdsFour reports whether c holds four of some kind. Counts are at most
// 4, so bit 2 of a count is set only for four: one test per 8 kinds.
func holdsFour(c *[NumKinds]uint8) bool {
	w := binary.LittleEndian.Uint64(c[0:8]) | binary.LittleEndian.Uint64(c[8:16]) |
		binary.LittleEndian.Uint64(c[16:24]) | binary.LittleEndian.Uint64(c[24:32]) |
		uint64(c[32]) | uint64(c[33])
	return w&0x0404040404040404 != 0
}

// shantenUnknown marks State.turnSh as not looked up (below every real
// shanten, so discard recomputes the waits).
const shantenUnknown = -2

// yaochuMask34 has the bits of the terminal and honor kinds.
var yaochuMask34 = func() (m uint64) {
	for k := Tile(0); k < NumKinds; k++ {
		if k.IsYaochu() {
			m |= 1 << uint(k)
		}
	}
	return
}()

// riichiKanOK reports whether a seat in riichi may ankan kind k: only with
// the drawn tile, the hand staying tenpai and (unless the rules allow a
// change) the same waits.
func (s *State) riichiKanOK(ss *seatState, k Tile) bool {
	if s.drawn == NoTile || s.drawn.Kind() != k {
		return false
	}
	melds := int(ss.nMelds)
	ss.kinds[k]--
	before := waitMask(&ss.kinds, melds)
	ss.kinds[k] -= 3
	after := uint64(0)
	if Shanten(&ss.kinds, melds+1) == 0 {
		after = waitMask(&ss.kinds, melds+1)
	}
	ss.kinds[k] += 4
	if after == 0 {
		return false
	}
	return s.rules.RiichiKanChangesWaits || before == after
}

// updateWaits recomputes the waits of a 3n+1-tile concealed hand.
// It also sets shLow to the hand's exact shanten.
func (ss *seatState) updateWaits() {
	ss.waits = 0
	ss.waitsLoose = false
	sh := Shanten(&ss.kinds, int(ss.nMelds))
	ss.shLow = int8(sh)
	if sh == 0 {
		ss.waits = waitMask(&ss.kinds, int(ss.nMelds))
	}
}

// Masks of the kinds by rank within the number suits.
const (
	suitMask34  = 1<<27 - 1
	rank1Mask34 = 1<<0 | 1<<9 | 1<<18
	rank2Mask34 = rank1Mask34 << 1
	rank8Mask34 = rank1Mask34 << 7
	rank9Mask34 = rank1Mask34 << 8
)

// waitCandidates returns the kinds that can complete hand c: a tile that is
// neither held nor within two ranks of a held tile of its suit joins no
// set or pair, so only kokushi (closed hands) can use it.
func waitCandidates(c *[NumKinds]uint8, melds int) uint64 {
	var have uint64
	for k := 0; k < NumKinds; k++ {
		if c[k] > 0 {
			have |= 1 << uint(k)
		}
	}
	hs := have & suitMask34
	m := have |
		(hs<<1)&^rank1Mask34&suitMask34 |
		(hs<<2)&^(rank1Mask34|rank2Mask34)&suitMask34 |
		(hs>>1)&^rank9Mask34 |
		(hs>>2)&^(rank8Mask34|rank9Mask34)
	if melds == 0 {
		m |= yaochuMask34
	}
	return m
}

// waitMask returns the kinds that complete a waiting hand (3n+1 concealed
// tiles), one bit per kind. Kinds the hand holds four of are skipped.
// The shanten after each draw comes from one drawShanten pass (the
// group ids with each tile more), not one Shanten a candidate.
func waitMask(c *[NumKinds]uint8, melds int) uint64 {
	var after [NumKinds]int8
	drawShanten(c, melds, &after)
	var m uint64
	for cand := waitCandidates(c, melds); cand != 0; cand &= cand - 1 {
		k := bits.TrailingZeros64(cand)
		if c[k] < 4 && after[k] == -1 {
			m |= 1 << uint(k)
		}
	}
	return m
}

func (s *State) applyTurn(a Action) {
	switch a.Kind {
	case ActTsumo:
		s.settleWin(s.turn, s.turn, s.drawn, true, false)
	case ActNineKinds:
		s.abort(DrawNineKinds)
	case ActAnkan:
		s.declareAnkan(a.Tile)
	case ActKakan:
		s.declareKakan(a.Tile)
	case ActDiscard, ActRiichi:
		s.discard(a.Tile, a.Kind == ActRiichi)
	}
}

// removeFace takes one tile of face t out of seat's concealed hand.
func (ss *seatState) removeFace(t Tile) {
	// Without branches on the counts (whether a face or kind is gone is
	// as good as random): (c-1)>>63 is 1 iff the count c is now 0.
	ss.hand[t]--
	ss.faces &^= (uint64(ss.hand[t]) - 1) >> 63 << uint(faceSlot[t])
	k := t.Kind()
	ss.kinds[k]--
	ss.have &^= (uint64(ss.kinds[k]) - 1) >> 63 << uint(k)
	ss.n--
}

// addFace puts face t into the concealed counts (the caller counts n).
func (ss *seatState) addFace(t Tile) {
	ss.hand[t]++
	ss.faces |= 1 << uint(faceSlot[t])
	k := t.Kind()
	ss.kinds[k]++
	ss.have |= 1 << uint(k)
}

func (s *State) discard(t Tile, riichi bool) {
	seat := s.turn
	ss := &s.seats[seat]
	var flags EventFlag
	if riichi {
		s.emit(Event{Kind: EvRiichi, Seat: seat, From: sim.NoSeat})
		ss.riichi = true
		ss.doubleRiichi = !ss.discarded && (s.noCalls || s.rules.DoubleRiichiAfterCalls)
		ss.riichiSeen = 0
		s.riichiPend = seat
		s.riichiAt[seat] = ss.river.N
		s.st.riichi[seat]++
		flags |= FlagRiichi
	}
	for s.pendDora > 0 {
		s.pendDora--
		s.flipDora()
	}
	if t == s.drawn {
		flags |= FlagTsumogiri
	}
	ss.removeFace(t)
	if ss.river.N < MaxRiver {
		ss.river.Tiles[ss.river.N] = t
		ss.river.Flags[ss.river.N] = flags
		ss.river.N++
	}
	switch {
	case t == s.drawn && !ss.waitsLoose:
		// Tsumogiri: the concealed hand is again the one before the draw,
		// whose waits are exact and whose shLow is still a bound.
	case s.turnSh >= 1:
		// Apply ran Legal on this very state: turnSh is current, and a
		// bound on every discard's shanten.
		ss.waits = 0
		ss.shLow = s.turnSh
		ss.waitsLoose = false
	default:
		ss.updateWaits()
	}
	ss.riverKinds |= bit(t)
	ss.tempSeen = 0
	ss.kuikae = 0
	ss.ippatsu = false
	ss.nagashi = ss.nagashi && yaochuMask34&bit(t) != 0 // no branch on the tile
	if s.noCalls && !ss.discarded && t.IsWind() && (s.firstWinds == 0 || s.firstWind == t) {
		s.firstWind = t
		s.firstWinds++
	} else {
		s.firstWinds = -100
	}
	ss.discarded = true
	e := s.emitZero()
	e.Kind, e.Seat, e.From, e.Tile, e.Flags = EvDiscard, seat, sim.NoSeat, t, flags
	s.drawn = NoTile
	s.rinshan = false
	s.lastTile, s.lastFrom = t, seat
	if s.openClaims(t, seat, false) {
		s.phase = phaseClaim
		return
	}
	s.discardPassed()
}

// discardPassed continues after a discard nobody claimed (or only chi/pon
// that were declined).
func (s *State) discardPassed() {
	if s.payRiichi() {
		return
	}
	s.markSeen(s.lastTile, s.lastFrom)
	switch {
	case s.firstWinds == 4:
		s.abort(DrawFourWinds)
	case s.kanAbort:
		s.abort(DrawFourKans)
	case s.liveLeft == 0:
		s.exhaustive()
	default:
		s.turn = (s.lastFrom + 1) % 4
		s.draw(false)
	}
}

// payRiichi collects a pending riichi stick; it reports true if that
// ended the hand (four riichi).
func (s *State) payRiichi() bool {
	p := s.riichiPend
	if p == sim.NoSeat {
		return false
	}
	s.riichiPend = sim.NoSeat
	s.scores[p] -= 1000
	s.sticks++
	s.seats[p].ippatsu = true
	s.emit(Event{Kind: EvRiichiStick, Seat: p, From: sim.NoSeat})
	for i := range s.seats {
		if !s.seats[i].riichi {
			return false
		}
	}
	s.abort(DrawFourRiichi)
	return true
}

// markSeen records that tile t from seat from passed every other seat
// (temporary and riichi furiten).
func (s *State) markSeen(t Tile, from sim.Seat) {
	b := bit(t)
	for i := range s.seats {
		ss := &s.seats[i]
		m := b
		if sim.Seat(i) == from {
			m = 0 // a conditional move, not a branch
		}
		ss.tempSeen |= m
		if ss.riichi {
			ss.riichiSeen |= m
		}
	}
}

// furiten reports whether seat may not ron (its waits meet its own river,
// tiles passed since its last discard, or tiles passed since its riichi).
func (s *State) furiten(seat sim.Seat) bool {
	ss := &s.seats[seat]
	return ss.waits&(ss.riverKinds|ss.tempSeen|ss.riichiSeen) != 0
}

func (s *State) clearIppatsu() {
	for i := range s.seats {
		s.seats[i].ippatsu = false
	}
}

func (s *State) declareAnkan(k Tile) {
	seat := s.turn
	ss := &s.seats[seat]
	e := Event{Kind: EvCall, Meld: Ankan, Seat: seat, From: seat, Tile: k, N: 4}
	n := 0
	for _, t := range [2]Tile{k.Red(), k} {
		for ss.hand[t] > 0 && n < 4 {
			e.Tiles[n] = t
			n++
			ss.removeFace(t)
		}
	}
	sortTiles(e.Tiles[:4])
	ss.melds[ss.nMelds] = NewMeld(Ankan, NoTile, 0, e.Tiles[:4]...)
	ss.nMelds++
	ss.kans++
	ss.updateWaits()
	s.afterKan(seat, true)
	s.emit(e)
	s.drawn = NoTile
	s.lastTile, s.lastFrom = k, seat
	if s.rules.KokushiRobsAnkan {
		s.robAnkan = true
		if s.openClaims(k, seat, true) {
			s.phase = phaseChankan
			return
		}
		s.robAnkan = false
	}
	s.ankanPassed()
}

// ankanPassed finishes an ankan nobody robbed: dora and rinshan draw.
func (s *State) ankanPassed() {
	if s.rules.KokushiRobsAnkan {
		s.markSeen(s.lastTile, s.lastFrom)
	}
	s.robAnkan = false
	for s.pendDora > 0 {
		s.pendDora--
		s.flipDora()
	}
	s.flipDora()
	s.draw(true)
}

// afterKan does the bookkeeping every kan shares. A kakan clears ippatsu
// only once nobody robbed it (kakanPassed): a chankan keeps ippatsu.
func (s *State) afterKan(seat sim.Seat, clearIppatsu bool) {
	s.noCalls = false
	if clearIppatsu {
		s.clearIppatsu()
	}
	s.totalKans++
	s.kanSeats |= 1 << uint(seat)
	if s.totalKans == 4 && s.kanSeats&(s.kanSeats-1) != 0 {
		s.kanAbort = true
	}
	s.st.calledThisHand[seat] = s.st.calledThisHand[seat] || s.seats[seat].open
}

func (s *State) declareKakan(t Tile) {
	seat := s.turn
	ss := &s.seats[seat]
	k := t.Kind()
	ss.removeFace(t)
	ss.updateWaits()
	for i := uint8(0); i < ss.nMelds; i++ {
		m := &ss.melds[i]
		if m.Kind == Pon && m.Tiles[0].Kind() == k {
			*m = NewMeld(Kakan, m.Called, m.From, m.Tiles[0], m.Tiles[1], m.Tiles[2], t)
			ss.ponKinds &^= bit(k)
			e := Event{Kind: EvCall, Meld: Kakan, Seat: seat, From: seat, Tile: t, N: 4}
			copy(e.Tiles[:4], m.Tiles[:4])
			ss.kans++
			s.afterKan(seat, false)
			s.emit(e)
			break
		}
	}
	for s.pendDora > 0 {
		s.pendDora--
		s.flipDora()
	}
	s.drawn = NoTile
	s.lastTile, s.lastFrom = t, seat
	if s.rules.KakanClearsIppatsu {
		s.clearIppatsu()
	}
	if s.openClaims(t, seat, true) {
		s.phase = phaseChankan
		return
	}
	s.kakanPassed()
}

// kakanPassed finishes a kakan nobody robbed: kan dora and rinshan draw.
func (s *State) kakanPassed() {
	s.clearIppatsu()
	s.markSeen(s.lastTile, s.lastFrom)
	s.openKanDora()
	s.draw(true)
}

func (s *State) openKanDora() {
	if s.rules.OpenKanDoraLater {
		s.pendDora++
	} else {
		s.flipDora()
	}
}
