package mjai

import (
	"errors"
	"fmt"

	"gamelab/sim/mahjong"
)

// ErrTile reports a tile name that is not an mjai tile.
var ErrTile = errors.New("mjai: bad tile")

// Unknown is the name of a tile the seat may not see.
const Unknown = "?"

var honorNames = [7]string{"E", "S", "W", "N", "P", "F", "C"}

// TileName returns the mjai name of t ("5mr" for a red five, "E" for the
// east wind); mahjong.HiddenTile is "?".
func TileName(t mahjong.Tile) string {
	switch {
	case t == mahjong.HiddenTile:
		return Unknown
	case t.IsRed():
		return "5" + string("mps"[t-mahjong.RedM5]) + "r"
	case t >= mahjong.East && t <= mahjong.Red:
		return honorNames[t-mahjong.East]
	case t < mahjong.East:
		return string(rune('1'+t%9)) + string("mps"[t/9])
	}
	return fmt.Sprintf("?%d", t)
}

// ParseTile reads an mjai tile name; "?" is mahjong.HiddenTile.
func ParseTile(s string) (mahjong.Tile, error) {
	if s == Unknown {
		return mahjong.HiddenTile, nil
	}
	for i, h := range honorNames {
		if s == h {
			return mahjong.East + mahjong.Tile(i), nil
		}
	}
	if (len(s) == 2 || len(s) == 3) && s[0] >= '1' && s[0] <= '9' {
		suit := -1
		switch s[1] {
		case 'm':
			suit = 0
		case 'p':
			suit = 1
		case 's':
			suit = 2
		}
		if suit >= 0 {
			if len(s) == 2 {
				return mahjong.Tile(suit*9 + int(s[0]-'1')), nil
			}
			if s[0] == '5' && s[2] == 'r' {
				return mahjong.RedM5 + mahjong.Tile(suit), nil
			}
		}
	}
	return 0, fmt.Errorf("%w %q", ErrTile, clip(s))
}

// parseTiles reads a list of tile names.
func parseTiles(names []string) ([]mahjong.Tile, error) {
	out := make([]mahjong.Tile, len(names))
	for i, n := range names {
		t, err := ParseTile(n)
		if err != nil {
			return nil, err
		}
		out[i] = t
	}
	return out, nil
}

func tileNames(ts []mahjong.Tile) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = TileName(t)
	}
	return out
}

// sortTiles sorts faces as the engine lists a hand or a meld.
func sortTiles(ts []mahjong.Tile) { mahjong.SortTiles(ts) }

// clip shortens outside text quoted in an error message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
