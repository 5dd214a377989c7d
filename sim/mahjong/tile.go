package mahjong

// Tile is a tile face. 0–33 are the 34 kinds in Tenhou order: 0–8 = 1m–9m,
// 9–17 = 1p–9p, 18–26 = 1s–9s, 27–33 = 1z–7z (east, south, west, north,
// white, green, red). 34, 35, 36 are the red fives 0m, 0p, 0s; Kind maps
// them to the plain five. Hands counted by kind use [34]uint8.
type Tile uint8

// Named tiles. M1 is 1m, P1 is 1p, S1 is 1s; add rank−1 for the others.
const (
	M1    Tile = 0
	P1    Tile = 9
	S1    Tile = 18
	East  Tile = 27
	South Tile = 28
	West  Tile = 29
	North Tile = 30
	White Tile = 31
	Green Tile = 32
	Red   Tile = 33

	RedM5 Tile = 34 // 0m
	RedP5 Tile = 35 // 0p
	RedS5 Tile = 36 // 0s

	// NumKinds is the number of tile kinds (the length of a count array).
	NumKinds = 34
	// NumTiles is the number of tile faces including the three red fives.
	NumTiles = 37

	// NoTile marks "no tile" (e.g. the called tile of an ankan).
	NoTile Tile = 255
)

// Suit of a tile: Man, Pin, Sou or Honor.
type Suit uint8

// The four suits, in Tenhou order.
const (
	Man Suit = iota
	Pin
	Sou
	Honor
)

// suitLetters are the notation letters of the suits.
const suitLetters = "mpsz"

// Valid reports whether t is one of the 37 faces.
func (t Tile) Valid() bool { return t < NumTiles }

// Kind returns the kind 0–33 of t: a red five becomes its plain five.
func (t Tile) Kind() Tile {
	if t >= RedM5 && t <= RedS5 {
		return (t-RedM5)*9 + 4
	}
	return t
}

// IsRed reports whether t is a red five (0m, 0p, 0s).
func (t Tile) IsRed() bool { return t >= RedM5 && t <= RedS5 }

// Red returns the red five of t's kind, or t itself if t is not a five of
// a number suit.
func (t Tile) Red() Tile {
	k := t.Kind()
	if k < East && k%9 == 4 {
		return RedM5 + k/9
	}
	return t
}

// Suit returns the suit of t.
func (t Tile) Suit() Suit { return Suit(t.Kind() / 9) }

// Number returns the rank 1–9 of a number tile (5 for a red five) or 1–7
// for honors (east … red dragon).
func (t Tile) Number() int { return int(t.Kind()%9) + 1 }

// IsHonor reports whether t is a wind or a dragon.
func (t Tile) IsHonor() bool { return t.Kind() >= East }

// IsTerminal reports whether t is a 1 or a 9 of a number suit.
func (t Tile) IsTerminal() bool {
	k := t.Kind()
	return k < East && (k%9 == 0 || k%9 == 8)
}

// IsYaochu reports whether t is a terminal or an honor (么九牌).
func (t Tile) IsYaochu() bool { return t.IsHonor() || t.IsTerminal() }

// IsWind reports whether t is one of the four winds.
func (t Tile) IsWind() bool { k := t.Kind(); return k >= East && k <= North }

// IsDragon reports whether t is white, green or red dragon.
func (t Tile) IsDragon() bool { return t.Kind() >= White && t.Kind() <= Red }

// String returns the notation of t: "1m", "0p" (red five), "7z"; "?" plus
// the number for an invalid value.
func (t Tile) String() string {
	if !t.Valid() {
		return "?" + string(rune('0'+int(t)%10))
	}
	if t.IsRed() {
		return "0" + string(suitLetters[t-RedM5])
	}
	return string(rune('1'+int(t%9))) + string(suitLetters[t/9])
}

// DoraFromIndicator returns the dora shown by indicator ind: the next tile
// in its suit, 9→1, winds E→S→W→N→E, dragons white→green→red→white.
func DoraFromIndicator(ind Tile) Tile {
	k := ind.Kind()
	switch {
	case k < East:
		return k - k%9 + (k%9+1)%9
	case k <= North:
		return East + (k-East+1)%4
	default:
		return White + (k-White+1)%3
	}
}

// TileID is a physical tile 0–135 as in Tenhou logs: id/4 is the kind and,
// when the rules use red fives, ids 16, 52 and 88 are 0m, 0p and 0s.
type TileID uint8

// NumTileIDs is the number of physical tiles.
const NumTileIDs = 136

// Kind returns the kind 0–33 of the physical tile.
func (id TileID) Kind() Tile { return Tile(id / 4) }

// IsRed reports whether id is one of the red-five ids 16, 52, 88.
func (id TileID) IsRed() bool { return id == 16 || id == 52 || id == 88 }

// Tile returns the face of the physical tile: a red five when reds is set
// and id is 16, 52 or 88, else the plain kind.
func (id TileID) Tile(reds bool) Tile {
	if reds && id.IsRed() {
		return RedM5 + Tile(id/36)
	}
	return Tile(id / 4)
}

// FirstID returns the lowest physical id showing face t: the red id for a
// red five, else 4·kind (for a plain five the first non-red copy when reds
// are used: 4·kind+1). Callers holding several copies pick among
// FirstID(t) … 4·kind+3 themselves.
func FirstID(t Tile, reds bool) TileID {
	if t.IsRed() {
		return TileID(t.Kind())*4 + 0
	}
	id := TileID(t) * 4
	if reds && t < East && t%9 == 4 {
		id++
	}
	return id
}

// CountTiles returns the counts by kind of tiles (red fives count as their
// plain five).
func CountTiles(tiles []Tile) [34]uint8 {
	var c [34]uint8
	for _, t := range tiles {
		c[t.Kind()]++
	}
	return c
}
