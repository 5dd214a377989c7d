package mahjong

// MeldKind says how a meld was made.
type MeldKind uint8

// The meld kinds. Daiminkan and Kakan are open quads, Ankan a closed one.
const (
	Chi MeldKind = iota + 1
	Pon
	Daiminkan
	Kakan
	Ankan
)

var meldKindNames = [...]string{"?", "chi", "pon", "daiminkan", "kakan", "ankan"}

// String returns "chi", "pon", "daiminkan", "kakan" or "ankan".
func (k MeldKind) String() string {
	if int(k) < len(meldKindNames) {
		return meldKindNames[k]
	}
	return "?"
}

// Meld is a called or declared set. Tiles holds the faces (red fives kept)
// in ascending kind order; only the first Len() are used.
type Meld struct {
	Kind  MeldKind
	Tiles [4]Tile
	// Called is the claimed face (NoTile for an ankan). For a kakan it is
	// the tile of the original pon.
	Called Tile
	// From is the seat the claimed tile came from, relative to the owner:
	// 1 = shimocha (right), 2 = toimen (across), 3 = kamicha (left);
	// 0 for an ankan.
	From uint8
}

// Len returns the number of tiles in the meld (3 or 4).
func (m Meld) Len() int {
	if m.IsQuad() {
		return 4
	}
	return 3
}

// IsQuad reports whether the meld is a kan of any kind.
func (m Meld) IsQuad() bool { return m.Kind == Daiminkan || m.Kind == Kakan || m.Kind == Ankan }

// IsOpen reports whether the meld opens the hand (everything but ankan).
func (m Meld) IsOpen() bool { return m.Kind != Ankan }

// IsSequence reports whether the meld is a chi.
func (m Meld) IsSequence() bool { return m.Kind == Chi }

// Base returns the lowest kind of the meld (the kind for pon and kan).
func (m Meld) Base() Tile {
	b := m.Tiles[0].Kind()
	for _, t := range m.Tiles[1:m.Len()] {
		if t.Kind() < b {
			b = t.Kind()
		}
	}
	return b
}

// NewMeld builds a meld of kind k from its faces (3 for chi/pon, 4 for
// kans), sorting them by kind. It does not check the shape; use
// CheckMeld for outside input.
func NewMeld(k MeldKind, called Tile, from uint8, tiles ...Tile) Meld {
	m := Meld{Kind: k, Called: called, From: from}
	copy(m.Tiles[:], tiles)
	n := m.Len()
	for i := 1; i < n; i++ {
		for j := i; j > 0 && m.Tiles[j].Kind() < m.Tiles[j-1].Kind(); j-- {
			m.Tiles[j], m.Tiles[j-1] = m.Tiles[j-1], m.Tiles[j]
		}
	}
	return m
}

// CheckMeld reports whether m has a legal shape: three consecutive number
// tiles of one suit for chi, three or four of one kind for pon and kans.
func CheckMeld(m Meld) bool {
	n := m.Len()
	for _, t := range m.Tiles[:n] {
		if !t.Valid() {
			return false
		}
	}
	a, b, c := m.Tiles[0].Kind(), m.Tiles[1].Kind(), m.Tiles[2].Kind()
	switch m.Kind {
	case Chi:
		return a < East && b == a+1 && c == a+2 && a%9 <= 6
	case Pon:
		return a == b && b == c
	case Daiminkan, Kakan, Ankan:
		return a == b && b == c && c == m.Tiles[3].Kind()
	}
	return false
}

// Hand is a player's tiles: the concealed faces and the melds in the order
// they were made.
type Hand struct {
	Tiles []Tile
	Melds []Meld
}

// Counts returns the concealed tiles counted by kind.
func (h Hand) Counts() [34]uint8 { return CountTiles(h.Tiles) }
