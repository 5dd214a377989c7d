package mahjong

import "gamelab/sim"

// MaxRiver bounds a river's length (a seat discards at most about 30 times
// in a hand; the bound leaves room for every call sequence).
const MaxRiver = 40

// River is one seat's discards in order.
type River struct {
	Tiles [MaxRiver]Tile
	// Flags per discard: FlagTsumogiri, FlagRiichi (declaration tile) and
	// RiverCalled (taken by a call; the tile stays listed).
	Flags [MaxRiver]EventFlag
	N     uint8
}

// RiverCalled marks a river tile that another seat called.
const RiverCalled EventFlag = 1 << 7

// Slice returns the discards (a view into r, valid until r changes).
func (r *River) Slice() []Tile { return r.Tiles[:r.N] }

// View is what one seat knows: the fold (Apply) of the events that seat
// sees (Event.For), and nothing else. It is a comparable value without
// pointers, so copying it is cheap and two views compare with ==.
type View struct {
	// Me is the seat this view belongs to.
	Me sim.Seat
	// Round is 4*wind + hand (0 = 東1); Dealer the dealer's seat.
	Round  uint8
	Dealer sim.Seat
	Honba  uint8
	Sticks uint8
	Scores [4]int32
	// Hand counts Me's concealed tiles by face (red fives at 34–36),
	// the drawn tile included.
	Hand [NumTiles]uint8
	// Drawn is Me's tile drawn this turn, NoTile if none.
	Drawn Tile
	// Concealed is the number of concealed tiles of each seat.
	Concealed [4]uint8
	Rivers    [4]River
	Melds     [4][4]Meld
	NMelds    [4]uint8
	// Riichi: the seat has declared; RiichiAt is the river index of its
	// declaration tile.
	Riichi   [4]bool
	RiichiAt [4]uint8
	// Dora and Ura are the indicators shown (Ura only after a riichi win).
	Dora  [5]Tile
	NDora uint8
	Ura   [5]Tile
	NUra  uint8
	// WallLeft is the number of live tiles still to draw.
	WallLeft int16
	// LastDiscard and LastFrom: the latest discard (NoTile before the
	// first); also the tile a claim prompt is about. After a kakan or an
	// ankan it is the kan's tile (what a chankan prompt is about).
	LastDiscard Tile
	LastFrom    sim.Seat
	// HandOver is set from a win or draw until the next hand starts;
	// GameOver after EvGameEnd.
	HandOver bool
	GameOver bool
	// Seen counts, by kind (red fives as fives), the tiles Me sees
	// outside its concealed hand: every river tile not taken by a call,
	// every meld tile (a called tile with its meld) and the dora
	// indicators. Apply keeps it (the bots read it every decision
	// instead of recounting); code that edits a View by hand calls
	// Recount.
	Seen [NumKinds]uint8
}

// NewView returns the empty view of seat me.
func NewView(me sim.Seat) View {
	v := View{Me: me}
	v.reset()
	return v
}

func (v *View) reset() {
	me, scores, round, dealer, honba, sticks, over := v.Me, v.Scores, v.Round, v.Dealer, v.Honba, v.Sticks, v.GameOver
	*v = View{Me: me, Scores: scores, Round: round, Dealer: dealer, Honba: honba, Sticks: sticks, GameOver: over}
	v.Drawn = NoTile
	v.LastDiscard = NoTile
	v.LastFrom = sim.NoSeat
}

// Recount sets Seen from the rivers, melds and dora indicators.
func (v *View) Recount() {
	var c [NumKinds]uint8
	for s := range v.Rivers {
		r := &v.Rivers[s]
		for i, t := range r.Tiles[:min(int(r.N), len(r.Tiles))] {
			if r.Flags[i]&RiverCalled == 0 {
				see(&c, t, 1)
			}
		}
		for i := uint8(0); i < v.NMelds[s]; i++ {
			m := &v.Melds[s][i]
			v.seeMeld(&c, m, 1)
		}
	}
	for _, t := range v.Dora[:v.NDora] {
		see(&c, t, 1)
	}
	v.Seen = c
}

// see adds n (255 removes one) to c at t's kind; a tile that is no face
// (a malformed event's) counts nowhere.
func see(c *[NumKinds]uint8, t Tile, n uint8) {
	if k := t.Kind(); k < NumKinds {
		c[k] += n
	}
}

// seeMeld adds (n = 1) or removes (n = 255) the tiles of m to c.
func (v *View) seeMeld(c *[NumKinds]uint8, m *Meld, n uint8) {
	for _, t := range m.Tiles[:m.Len()] {
		see(c, t, n)
	}
}

// Counts returns Me's concealed tiles by kind (red fives as fives).
func (v *View) Counts() [NumKinds]uint8 {
	var c [NumKinds]uint8
	copy(c[:], v.Hand[:NumKinds])
	c[4] += v.Hand[RedM5]
	c[13] += v.Hand[RedP5]
	c[22] += v.Hand[RedS5]
	return c
}

// Apply folds one event, as seen by Me (pass events through Event.For
// first; Apply ignores a private event of another seat, and a malformed
// event it cannot fold: see Event.foldable).
func (v *View) Apply(e Event) {
	if !e.foldable(v.Me) {
		return
	}
	switch e.Kind {
	case EvGameStart:
		*v = NewView(v.Me)
		for i := range v.Scores {
			v.Scores[i] = e.Value
		}
	case EvHandStart:
		v.Round, v.Dealer, v.Honba, v.Sticks = e.Round, e.Seat, e.Honba, e.Sticks
		v.reset()
		v.WallLeft = int16(e.Value)
		for i := range v.Concealed {
			v.Concealed[i] = 13
		}
	case EvScore:
		v.Scores[e.Seat] = e.Value
	case EvDeal:
		if e.Seat == v.Me {
			for _, t := range e.Tiles[:e.N] {
				v.Hand[t]++
			}
		}
	case EvDora:
		if e.Flags&FlagUra != 0 {
			if v.NUra < 5 {
				v.Ura[v.NUra] = e.Tile
				v.NUra++
			}
		} else if v.NDora < 5 {
			v.Dora[v.NDora] = e.Tile
			v.NDora++
			see(&v.Seen, e.Tile, 1)
		}
	case EvDraw:
		v.WallLeft = int16(e.Value)
		v.Concealed[e.Seat]++
		if e.Seat == v.Me && e.Tile != HiddenTile {
			v.Hand[e.Tile]++
			v.Drawn = e.Tile
		}
	case EvRiichi:
		v.Riichi[e.Seat] = true
		v.RiichiAt[e.Seat] = v.Rivers[e.Seat].N
	case EvDiscard:
		r := &v.Rivers[e.Seat]
		if r.N < MaxRiver {
			r.Tiles[r.N] = e.Tile
			r.Flags[r.N] = e.Flags & (FlagTsumogiri | FlagRiichi)
			r.N++
			see(&v.Seen, e.Tile, 1)
		}
		v.Concealed[e.Seat]--
		if e.Seat == v.Me {
			v.Hand[e.Tile]--
			v.Drawn = NoTile
		}
		v.LastDiscard, v.LastFrom = e.Tile, e.Seat
	case EvRiichiStick:
		v.Scores[e.Seat] -= 1000
		v.Sticks++
	case EvCall:
		v.applyCall(e)
	case EvWin, EvExhaustive:
		v.HandOver = true
		v.Drawn = NoTile
	case EvPoints:
		v.Scores[e.Seat] += e.Value
	case EvHandEnd:
		v.Sticks = e.Sticks
		v.HandOver = true
	case EvGameEnd:
		v.GameOver = true
		v.Sticks = e.Sticks
	}
}

func (v *View) applyCall(e Event) {
	s := e.Seat
	switch e.Meld {
	case Kakan:
		for i := uint8(0); i < v.NMelds[s]; i++ {
			m := &v.Melds[s][i]
			if m.Kind == Pon && m.Tiles[0].Kind() == e.Tile.Kind() {
				v.seeMeld(&v.Seen, m, 255)
				m.Kind = Kakan
				m.Tiles[3] = e.Tile
				*m = NewMeld(Kakan, m.Called, m.From, m.Tiles[0], m.Tiles[1], m.Tiles[2], e.Tile)
				v.seeMeld(&v.Seen, m, 1)
			}
		}
		v.Concealed[s]--
		if s == v.Me {
			v.Hand[e.Tile]--
		}
		v.LastDiscard, v.LastFrom = e.Tile, s
	default:
		from := uint8((int(e.From) - int(s) + 4) % 4)
		called := e.Tile
		if e.Meld == Ankan {
			called = NoTile
		}
		if v.NMelds[s] < 4 {
			m := &v.Melds[s][v.NMelds[s]]
			*m = NewMeld(e.Meld, called, from, e.Tiles[:e.N]...)
			v.NMelds[s]++
			v.seeMeld(&v.Seen, m, 1)
		}
		if e.Meld == Ankan {
			v.Concealed[s] -= 4
			if s == v.Me {
				for _, t := range e.Tiles[:e.N] {
					v.Hand[t]--
				}
			}
			v.LastDiscard, v.LastFrom = e.Tile, s // a kokushi may rob it
		} else {
			v.Concealed[s] -= e.N - 1
			if s == v.Me {
				skipped := false
				for _, t := range e.Tiles[:e.N] {
					if !skipped && t == e.Tile {
						skipped = true
						continue
					}
					v.Hand[t]--
				}
			}
			r := &v.Rivers[e.From]
			if r.N > 0 && r.Flags[r.N-1]&RiverCalled == 0 {
				r.Flags[r.N-1] |= RiverCalled
				see(&v.Seen, r.Tiles[r.N-1], 255)
			}
		}
	}
	if s == v.Me {
		v.Drawn = NoTile
	}
}
