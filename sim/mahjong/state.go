package mahjong

import (
	"errors"
	"math/bits"

	"gamelab/sim"
)

// Errors of Apply. Callers branch on them with errors.Is.
var (
	// ErrIllegalAction: the action is not among the seat's legal actions.
	ErrIllegalAction = errors.New("mahjong: illegal action")
	// ErrNotYourTurn: the seat is not asked to act now.
	ErrNotYourTurn = errors.New("mahjong: seat is not asked to act")
	// ErrGameOver: the game has ended.
	ErrGameOver = errors.New("mahjong: game is over")
)

type phase uint8

const (
	phaseTurn    phase = iota // turn seat acts on its 14 tiles
	phaseClaim                // seats answer a discard
	phaseChankan              // seats answer a kakan (ron or pass)
	phaseOver                 // game over
)

// seatState is one seat's part of a hand.
type seatState struct {
	hand   [NumTiles]uint8 // concealed faces (red fives at 34–36)
	kinds  [NumKinds]uint8 // concealed kinds
	have   uint64          // bit k set iff kinds[k] > 0
	faces  uint64          // bit faceSlot[t] set iff hand[t] > 0
	n      uint8           // concealed tiles
	river  River
	melds  [4]Meld
	nMelds uint8
	open   bool // an open meld (ankan keeps the hand closed)
	kans   uint8

	riichi, doubleRiichi, ippatsu bool
	// Furiten bookkeeping by kind: own discards (permanent), tiles passed
	// since the seat's own last discard (temporary) and since its riichi.
	riverKinds, tempSeen, riichiSeen uint64
	kuikae                           uint64 // kinds that may not be discarded this turn
	ponKinds                         uint64 // kinds of the seat's pons (a kakan needs one held)
	// waits: kinds completing the concealed hand, kept up to date whenever
	// it holds 3n+1 tiles (after the deal, each discard and each kan).
	waits uint64
	// waitsLoose: waits is only a superset (after a daiminkan, until the
	// next discard recomputes them). A tsumogiri keeps exact waits.
	waitsLoose bool
	// shLow is a lower bound on the shanten of the 3n+1-tile concealed
	// hand (exact right after updateWaits). A draw or call lowers a
	// shanten by at most one, so turnLegal skips the shanten of a turn
	// whose bound already rules out tenpai after any discard.
	shLow     int8
	nagashi   bool // river all yaochu, none called
	discarded bool // has discarded this hand

	// claim prompt
	asked    bool
	answered bool
	answer   Action
	canRon   bool

	// pao: the seat that fed the last dragon/wind set (NoSeat if none),
	// and which yakuman (1 大三元, 2 大四喜).
	paoSeat sim.Seat
	paoKind uint8
}

// State is a whole game in progress. The zero value is not usable; call
// New. A State is not safe for concurrent use; Clone it.
type State struct {
	rules Rules
	seed  uint64
	walls WallFunc // nil: SeedWall(seed, round, honba)
	log   []Event

	round, honba, sticks int // round: 4*wind + hand
	handCount            int
	scores               [4]int32
	phase                phase

	// hand
	w          handWall
	livePos    int // next live index
	liveLeft   int
	rinshanPos int
	nDora      int // indicators shown
	pendDora   int // open-kan dora still to flip
	seats      [4]seatState
	turn       sim.Seat
	drawn      Tile // turn seat's drawn tile, NoTile after a call
	drawnID    TileID
	rinshan    bool // the drawn tile is a replacement tile
	noCalls    bool // no call or kan yet this hand
	totalKans  int
	kanSeats   uint8 // bitmask of seats that made kans
	kanAbort   bool  // four kans by several seats: abort after the next discard passes
	lastTile   Tile
	lastFrom   sim.Seat
	riichiPend sim.Seat // seat whose riichi declaration discard is pending
	firstWinds int      // discards so far if all were the same wind with no calls
	firstWind  Tile
	turnSh     int8 // shanten of the turn seat's hand set by turnLegal: a lower bound when >= 1, exact when -1..0, shantenUnknown if not looked up
	robAnkan   bool // the chankan prompt is about an ankan (kokushi only)
	minted     int  // points created by 地鳳's nagashi paying a pot it keeps
	riichiAt   [4]uint8
	uraShown   [5]Tile
	nUra       uint8
	handOver   bool

	next  [4]sim.Seat
	nNext int
	buf   [96]Action
	// Legal cache: the last list computed, valid while ver == cacheVer.
	ver       uint64
	cacheVer  uint64
	cacheSeat sim.Seat
	cache     [96]Action
	nCache    int

	st gameStats
}

// gameStats counts the figures Result reports.
type gameStats struct {
	hands, draws                   int
	wins, dealins, riichi, calledH [4]int
	winPoints, dealinPoints        [4]int
	calledThisHand                 [4]bool
}

// New starts a game under rules r with walls derived from seed (SeedWall).
// It panics if r is invalid: callers Validate first.
func New(r Rules, seed uint64) *State {
	return NewFrom(r, seed, nil, startOf(r)) // nil walls: SeedWall(seed, …)
}

// NewWithWalls starts a game whose hands use the raw walls from walls
// (tests use WallSpec.Build; the replay uses TenhouWalls). It panics if r
// is invalid.
func NewWithWalls(r Rules, seed uint64, walls WallFunc) *State {
	return NewFrom(r, seed, walls, startOf(r))
}

// startOf is the position a game starts from: every seat on r.StartPoints.
func startOf(r Rules) Start {
	var st Start
	for i := range st.Scores {
		st.Scores[i] = int32(r.StartPoints)
	}
	return st
}

// Reset restarts s as the game New(r, seed) starts, reusing s's event-log
// storage: the previous game's events, and any slice Events returned for
// it, are overwritten. Self-play loops use it to keep one State per worker
// instead of allocating a log per game. It panics if r is invalid.
func (s *State) Reset(r Rules, seed uint64) {
	if err := r.Validate(); err != nil {
		panic(err)
	}
	log := s.log[:0]
	if cap(log) == 0 {
		log = make([]Event, 0, 2048)
	}
	*s = State{rules: r, seed: seed, log: log, ver: 1}
	s.begin(startOf(r))
}

// Start is a game position to begin from: round (4*wind + hand), honba,
// riichi sticks on the table and scores. The zero round starts a game.
type Start struct {
	Round, Honba, Sticks int
	Scores               [4]int32
}

// NewFrom starts a game at position st (for replaying scripted hands that
// begin mid-game). It panics if r is invalid.
func NewFrom(r Rules, seed uint64, walls WallFunc, st Start) *State {
	if err := r.Validate(); err != nil {
		panic(err)
	}
	s := &State{rules: r, seed: seed, walls: walls, log: make([]Event, 0, 2048), ver: 1}
	s.begin(st)
	return s
}

// begin starts the game at position st.
func (s *State) begin(st Start) {
	s.scores = st.Scores
	s.round, s.honba, s.sticks = st.Round, st.Honba, st.Sticks
	s.emit(Event{Kind: EvGameStart, Seat: sim.NoSeat, From: sim.NoSeat, Value: int32(s.rules.StartPoints)})
	s.startHand()
}

// Rules returns the game's rules.
func (s *State) Rules() Rules { return s.rules }

// Events returns the event log so far (shared; do not modify).
func (s *State) Events() []Event { return s.log }

// Clone returns an independent copy.
func (s *State) Clone() *State {
	c := *s
	c.log = append(make([]Event, 0, cap(s.log)), s.log...)
	c.cacheVer = 0
	return &c
}

// Done reports whether the game is over.
func (s *State) Done() bool { return s.phase == phaseOver }

// Scores returns the current scores.
func (s *State) Scores() [4]int32 { return s.scores }

// Turn returns the seat whose turn it is.
func (s *State) Turn() sim.Seat { return s.turn }

// LastDrawID returns the physical id of the turn seat's drawn tile (for
// log replays).
func (s *State) LastDrawID() TileID { return s.drawnID }

// DealtIDs returns the physical ids dealt to seat in the current hand.
func (s *State) DealtIDs(seat sim.Seat) [13]TileID { return s.w.deal[seat] }

// Round returns the current round (4*wind + hand), honba and sticks.
func (s *State) Round() (round, honba, sticks int) { return s.round, s.honba, s.sticks }

// Dealer returns the current dealer.
func (s *State) Dealer() sim.Seat { return s.dealer() }

// HandCount returns the number of hands started so far.
func (s *State) HandCount() int { return s.handCount }

// Next returns the seats asked to act now: the turn seat, or every seat
// that may still answer a claim. The slice is reused by the next call.
func (s *State) Next() []sim.Seat {
	s.nNext = 0
	switch s.phase {
	case phaseTurn:
		s.next[0] = s.turn
		s.nNext = 1
	case phaseClaim, phaseChankan:
		for i := 0; i < 4; i++ {
			seat := sim.Seat((int(s.lastFrom) + 1 + i) % 4)
			if ss := &s.seats[seat]; ss.asked && !ss.answered {
				s.next[s.nNext] = seat
				s.nNext++
			}
		}
	}
	return s.next[:s.nNext]
}

func (s *State) emit(e Event) { s.log = append(s.log, e) }

// emitZero appends a zero event and returns it to be filled in place: the
// hot draw and discard events skip building a copy on the stack.
func (s *State) emitZero() *Event {
	s.log = append(s.log, Event{})
	return &s.log[len(s.log)-1]
}

func (s *State) dealer() sim.Seat { return sim.Seat(s.round % 4) }

func (s *State) seatWind(seat sim.Seat) Tile {
	return East + Tile((int(seat)-int(s.dealer())+4)%4)
}

func (s *State) roundWind() Tile { return East + Tile((s.round/4)%4) }

func (s *State) face(id TileID) Tile { return id.Tile(s.rules.RedFives) }

// startHand deals a new hand.
func (s *State) startHand() {
	var raw [136]TileID
	if s.walls == nil {
		raw = SeedWall(s.seed, s.round, s.honba)
	} else {
		raw = s.walls(s.handCount, s.round, s.honba)
	}
	s.handCount++
	s.st.hands++
	dealer := s.dealer()
	s.w = splitWall(s.rules.Wall, &raw, int(dealer))
	s.livePos, s.liveLeft, s.rinshanPos = 0, LiveTiles, 0
	s.nDora, s.pendDora = 1, 0
	s.noCalls = true
	s.totalKans, s.kanSeats, s.kanAbort = 0, 0, false
	s.lastTile, s.lastFrom = NoTile, sim.NoSeat
	s.riichiPend = sim.NoSeat
	s.robAnkan = false
	s.firstWinds = 0
	s.riichiAt = [4]uint8{}
	s.nUra = 0
	s.uraShown = [5]Tile{}
	s.st.calledThisHand = [4]bool{}
	for i := range s.seats {
		s.seats[i] = seatState{nagashi: true, paoSeat: sim.NoSeat}
	}
	s.emit(Event{Kind: EvHandStart, Seat: dealer, From: sim.NoSeat, Round: uint8(s.round), Honba: uint8(s.honba), Sticks: uint8(min(s.sticks, 255)), Value: LiveTiles})
	for i := sim.Seat(0); i < 4; i++ {
		s.emit(Event{Kind: EvScore, Seat: i, From: sim.NoSeat, Value: s.scores[i]})
	}
	for i := sim.Seat(0); i < 4; i++ {
		e := Event{Kind: EvDeal, Seat: i, From: sim.NoSeat, N: 13}
		ss := &s.seats[i]
		for _, id := range s.w.deal[i] {
			ss.addFace(s.face(id))
		}
		ss.n = 13
		ss.updateWaits()
		ss.sortedHand(&e.Tiles)
		s.emit(e)
	}
	s.emit(Event{Kind: EvDora, Seat: sim.NoSeat, From: sim.NoSeat, Tile: s.face(s.w.dora[0])})
	s.turn = dealer
	s.phase = phaseTurn
	s.draw(false)
}

// sortedHand writes the concealed tiles into dst in sortTiles' order (by
// kind, a red five before the plain fives), read off the counts; it
// returns how many it wrote (at most len(dst)).
func (ss *seatState) sortedHand(dst *[13]Tile) int {
	n := 0
	for m := ss.have; m != 0; m &= m - 1 {
		k := Tile(bits.TrailingZeros64(m))
		if fiveMask34&(1<<uint(k)) != 0 {
			if r := RedM5 + k/9; ss.hand[r] != 0 && n < len(dst) {
				dst[n] = r
				n++
			}
		}
		for c := ss.hand[k]; c > 0 && n < len(dst); c-- {
			dst[n] = k
			n++
		}
	}
	return n
}

// SortTiles sorts faces as the engine lists a hand or a meld in its
// events: by kind, a red five before the plain fives.
func SortTiles(ts []Tile) { sortTiles(ts) }

// sortTiles sorts faces by kind, a red five before the plain fives.
func sortTiles(ts []Tile) {
	key := func(t Tile) int {
		if t.IsRed() {
			return 2 * int(t.Kind())
		}
		return 2*int(t) + 1
	}
	for i := 1; i < len(ts); i++ {
		for j := i; j > 0 && key(ts[j]) < key(ts[j-1]); j-- {
			ts[j], ts[j-1] = ts[j-1], ts[j]
		}
	}
}

// draw gives the turn seat its next tile (a replacement tile after a kan).
func (s *State) draw(rinshan bool) {
	var id TileID
	if rinshan && s.rules.Wall == "tenhou" {
		id = s.w.rinshan[s.rinshanPos]
		s.rinshanPos++
	} else {
		id = s.w.live[s.livePos]
		s.livePos++
	}
	s.liveLeft--
	t := s.face(id)
	ss := &s.seats[s.turn]
	ss.addFace(t)
	ss.n++
	s.drawn, s.drawnID, s.rinshan = t, id, rinshan
	var f EventFlag
	if rinshan {
		f = FlagRinshan
	}
	e := s.emitZero()
	e.Kind, e.Seat, e.From, e.Tile, e.Flags, e.Value = EvDraw, s.turn, sim.NoSeat, t, f, int32(s.liveLeft)
	s.phase = phaseTurn
}

// flipDora shows the next kan-dora indicator.
func (s *State) flipDora() {
	if s.nDora >= 5 {
		return
	}
	s.emit(Event{Kind: EvDora, Seat: sim.NoSeat, From: sim.NoSeat, Tile: s.face(s.w.dora[s.nDora])})
	s.nDora++
}

// View returns what seat knows now, built from the engine's state (the
// tests check it equals the fold of the seat's events).
func (s *State) View(seat sim.Seat) View {
	v := View{Me: seat, Round: uint8(s.round), Dealer: s.dealer(), Honba: uint8(s.honba), Scores: s.scores}
	v.Sticks = uint8(min(s.sticks, 255))
	v.Drawn = NoTile
	v.Hand = s.seats[seat].hand
	if seat == s.turn && s.phase == phaseTurn {
		v.Drawn = s.drawn
	}
	for i := range s.seats {
		ss := &s.seats[i]
		v.Concealed[i] = ss.n
		v.Rivers[i] = ss.river
		v.Melds[i] = ss.melds
		v.NMelds[i] = ss.nMelds
		v.Riichi[i] = ss.riichi
	}
	v.RiichiAt = s.riichiAt
	for i := 0; i < s.nDora; i++ {
		v.Dora[i] = s.face(s.w.dora[i])
	}
	v.NDora = uint8(s.nDora)
	v.Ura, v.NUra = s.uraShown, s.nUra
	v.WallLeft = int16(s.liveLeft)
	v.LastDiscard, v.LastFrom = s.lastTile, s.lastFrom
	v.HandOver = s.handOver
	v.GameOver = s.phase == phaseOver
	v.Recount()
	return v
}
