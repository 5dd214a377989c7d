package mahjong

// A complete hand is read as four sets and a pair (the normal form), seven
// pairs or thirteen orphans. This file enumerates the normal-form
// readings; Score evaluates each with every place the winning tile can
// take and keeps the best.

// Set is one set of a decomposition.
type Set struct {
	Tile Tile // lowest kind
	Seq  bool // a run (otherwise a triplet or quad)
	Quad bool
	Open bool // from a chi, pon, daiminkan or kakan
	Meld bool // an existing meld (ankan included), not from the concealed tiles
}

// Decomposition is one normal-form reading of a complete hand: the pair
// and four sets, the melds included.
type Decomposition struct {
	Pair Tile
	Sets [4]Set
}

// IsAgari reports whether the concealed counts c (14−3·melds tiles, the
// winning tile included) complete a hand in any form.
func IsAgari(c *[34]uint8, melds int) bool { return Shanten(c, melds) == -1 }

// Decompositions appends to dst every normal-form reading of the concealed
// counts c (14−3·melds tiles) with the melds; none if the tiles do not
// split into sets and a pair. Identical readings are listed once.
func Decompositions(c *[34]uint8, melds []Meld, dst []Decomposition) []Decomposition {
	var d Decomposition
	n := 0
	for _, m := range melds {
		if n == 4 {
			return dst
		}
		d.Sets[n] = Set{Tile: m.Base(), Seq: m.Kind == Chi, Quad: m.IsQuad(), Open: m.IsOpen(), Meld: true}
		n++
	}
	x := *c
	for p := Tile(0); p < NumKinds; p++ {
		if x[p] < 2 {
			continue
		}
		x[p] -= 2
		d.Pair = p
		dst = splitSets(&x, 0, false, &d, n, dst)
		x[p] += 2
	}
	return dst
}

// splitSets fills d.Sets[n:] from the counts x (from kind i on) and
// appends each completed reading. At one kind a triplet is always taken
// before runs (runAt says a run already starts at i), so each multiset of
// sets comes out once.
func splitSets(x *[34]uint8, i int, runAt bool, d *Decomposition, n int, dst []Decomposition) []Decomposition {
	if i < NumKinds && x[i] == 0 {
		runAt = false
	}
	for i < NumKinds && x[i] == 0 {
		i++
	}
	if i == NumKinds {
		if n == 4 {
			dst = append(dst, *d)
		}
		return dst
	}
	if n == 4 {
		return dst
	}
	if x[i] >= 3 && !runAt {
		x[i] -= 3
		d.Sets[n] = Set{Tile: Tile(i)}
		dst = splitSets(x, i, false, d, n+1, dst)
		x[i] += 3
	}
	if i < int(East) && i%9 <= 6 && x[i+1] > 0 && x[i+2] > 0 {
		x[i]--
		x[i+1]--
		x[i+2]--
		d.Sets[n] = Set{Tile: Tile(i), Seq: true}
		dst = splitSets(x, i, true, d, n+1, dst)
		x[i]++
		x[i+1]++
		x[i+2]++
	}
	return dst
}

// Wait is the shape the winning tile completed in a reading.
type Wait uint8

// The waits; only Ryanmen (and the pair-less forms) adds no fu.
const (
	Ryanmen Wait = iota // two-sided run
	Kanchan             // closed run (middle tile)
	Penchan             // edge run (3 of 123, 7 of 789)
	Shanpon             // one of two pairs became a triplet
	Tanki               // the pair
)
