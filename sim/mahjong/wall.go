package mahjong

import (
	"errors"
	"fmt"

	"gamelab/sim"
)

// LiveTiles is the number of live draws of a hand (kans shorten it).
const LiveTiles = 70

// WallFunc supplies the raw 136-tile wall of the n-th hand of a game (n
// counts every hand played from 0, renchan and aborted hands included;
// round and honba are those of the hand). The raw order is the preset's
// layout (see Rules.Wall).
type WallFunc func(n, round, honba int) [136]TileID

// SeedWall returns the raw wall of a hand of game seed: the 136 ids
// shuffled by sim.Shuffle with a PCG seeded from Seed(seed, "wall", round,
// honba). A hand's wall depends only on the game seed, the round and the
// honba, so players' choices never change walls, and the same seed gives
// the same walls at another table (duplicate play).
func SeedWall(seed uint64, round, honba int) [136]TileID {
	var w [136]TileID
	for i := range w {
		w[i] = TileID(i)
	}
	p := sim.NewPCG(sim.Seed(seed, sim.Label("wall"), uint64(round), uint64(honba)))
	sim.Shuffle(&p, w[:])
	return w
}

// handWall is one hand's wall taken apart by the layout.
type handWall struct {
	deal    [4][13]TileID // by seat
	live    [LiveTiles]TileID
	rinshan [4]TileID // Tenhou layout only; 地鳳 draws rinshan from live
	dora    [5]TileID // indicators: first, then kan dora
	ura     [5]TileID
}

// Positions of the layouts in the raw wall.
var (
	tenhouRinshanPos = [4]int{1, 0, 3, 2}
	tenhouDoraPos    = [5]int{5, 7, 9, 11, 13}
	tenhouUraPos     = [5]int{4, 6, 8, 10, 12}
)

// layoutPositions lists, for a layout and dealer, the raw positions of
// every part of the hand's wall.
func layoutPositions(layout string, dealer int) (deal [4][13]int, live [LiveTiles]int, rinshan [4]int, dora, ura [5]int) {
	if layout == "tenhou" {
		// Deal 4-4-4-1 from index 135 downward, dealer first.
		p := 135
		var n [4]int
		for r := 0; r < 4; r++ {
			take := 4
			if r == 3 {
				take = 1
			}
			for k := 0; k < 4; k++ {
				s := (dealer + k) % 4
				for j := 0; j < take; j++ {
					deal[s][n[s]] = p
					n[s]++
					p--
				}
			}
		}
		for i := range live {
			live[i] = 83 - i
		}
		return deal, live, tenhouRinshanPos, tenhouDoraPos, tenhouUraPos
	}
	// 地鳳: seat i gets wall[13i…13i+12]; dora 52, kan dora 53…; ura 59+i;
	// live 66…135 (rinshan taken from the live sequence).
	for s := 0; s < 4; s++ {
		for j := 0; j < 13; j++ {
			deal[s][j] = 13*s + j
		}
	}
	for i := range live {
		live[i] = 66 + i
	}
	for i := 0; i < 5; i++ {
		dora[i] = 52 + i
		ura[i] = 59 + i
	}
	return deal, live, [4]int{-1, -1, -1, -1}, dora, ura
}

func splitWall(layout string, raw *[136]TileID, dealer int) handWall {
	l := 1
	if layout == "tenhou" {
		l = 0
	}
	pos := &layoutTable[l][dealer&3]
	var w handWall
	for s := range pos.deal {
		for j, p := range pos.deal[s] {
			w.deal[s][j] = raw[p]
		}
	}
	for i, p := range pos.live {
		w.live[i] = raw[p]
	}
	for i, p := range pos.rinshan {
		if p >= 0 {
			w.rinshan[i] = raw[p]
		}
	}
	for i := range pos.dora {
		w.dora[i] = raw[pos.dora[i]]
		w.ura[i] = raw[pos.ura[i]]
	}
	return w
}

// layoutPos is layoutPositions' answer for one layout and dealer.
type layoutPos struct {
	deal      [4][13]int
	live      [LiveTiles]int
	rinshan   [4]int
	dora, ura [5]int
}

// layoutTable caches layoutPositions for the Tenhou layout (0) and 地鳳's
// (1), by dealer, so a hand's deal does not rebuild them.
var layoutTable = func() (t [2][4]layoutPos) {
	for l, name := range [2]string{"tenhou", "dihou"} {
		for d := range 4 {
			p := &t[l][d]
			p.deal, p.live, p.rinshan, p.dora, p.ura = layoutPositions(name, d)
		}
	}
	return
}()

// WallSpec describes a wall for tests by what each part holds, in tile
// notation ("123m456p…"): the dealt hands by seat, the live draws in order,
// the dora indicators (first, then kan dora), the ura indicators and, for
// the Tenhou layout, the rinshan tiles. Parts left short are filled with
// the unused tiles in id order.
type WallSpec struct {
	Hands   [4]string
	Draws   string
	Dora    string
	Ura     string
	Rinshan string
}

// ErrWallSpec reports a WallSpec that cannot be built.
var ErrWallSpec = errors.New("mahjong: bad wall spec")

// Build returns the raw wall of spec for rules r with the given dealer.
func (spec WallSpec) Build(r Rules, dealer int) ([136]TileID, error) {
	var raw [136]TileID
	deal, live, rin, dora, ura := layoutPositions(r.Wall, dealer)
	var used [136]bool
	var set [136]bool
	place := func(part string, pos []int) error {
		ts, err := ParseTiles(part)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrWallSpec, err)
		}
		if len(ts) > len(pos) {
			return fmt.Errorf("%w: %q has %d tiles, room for %d", ErrWallSpec, part, len(ts), len(pos))
		}
		for i, t := range ts {
			if pos[i] < 0 {
				return fmt.Errorf("%w: the %s layout has no rinshan tiles of its own", ErrWallSpec, r.Wall)
			}
			id, ok := freeID(t, r.RedFives, &used)
			if !ok {
				return fmt.Errorf("%w: no copy of %v left", ErrWallSpec, t)
			}
			used[id] = true
			raw[pos[i]] = id
			set[pos[i]] = true
		}
		return nil
	}
	for s := 0; s < 4; s++ {
		if err := place(spec.Hands[s], deal[s][:]); err != nil {
			return raw, err
		}
	}
	for _, p := range []struct {
		s   string
		pos []int
	}{{spec.Draws, live[:]}, {spec.Dora, dora[:]}, {spec.Ura, ura[:]}, {spec.Rinshan, rin[:]}} {
		if err := place(p.s, p.pos); err != nil {
			return raw, err
		}
	}
	next := 0
	for p := range raw {
		if set[p] {
			continue
		}
		for used[next] {
			next++
		}
		raw[p] = TileID(next)
		used[next] = true
	}
	return raw, nil
}

// freeID picks an unused physical id showing face t.
func freeID(t Tile, reds bool, used *[136]bool) (TileID, bool) {
	k := int(t.Kind())
	for id := 4 * k; id < 4*k+4; id++ {
		tid := TileID(id)
		if used[id] || tid.Tile(reds) != t {
			continue
		}
		return tid, true
	}
	return 0, false
}
