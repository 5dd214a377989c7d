package wire

import (
	"fmt"
	"strings"

	"gamelab/sim/mahjong"
)

// Tile is a tile kind 0–33 (red fives never appear on this wire).
type Tile = mahjong.Tile

// ParseTile parses one tile written [1-9][mpsz] ("7z" = red dragon).
// Honors above 7z are rejected.
func ParseTile(s string) (Tile, error) {
	if len(s) != 2 || s[0] < '1' || s[0] > '9' {
		return 0, fmt.Errorf("%w: tile %q", ErrSyntax, s)
	}
	n := Tile(s[0] - '1')
	switch s[1] {
	case 'm':
		return n, nil
	case 'p':
		return 9 + n, nil
	case 's':
		return 18 + n, nil
	case 'z':
		if n < 7 {
			return 27 + n, nil
		}
	}
	return 0, fmt.Errorf("%w: tile %q", ErrSyntax, s)
}

// TileString writes t as the server does ("1m" … "7z").
func TileString(t Tile) string { return t.Kind().String() }

// ParseTiles parses concatenated tiles ("1m2m3m").
func ParseTiles(s string) ([]Tile, error) {
	if len(s)%2 != 0 {
		return nil, fmt.Errorf("%w: tiles %q", ErrSyntax, s)
	}
	out := make([]Tile, 0, len(s)/2)
	for i := 0; i < len(s); i += 2 {
		t, err := ParseTile(s[i : i+2])
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// TilesString concatenates tiles in the server's form.
func TilesString(ts []Tile) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(TileString(t))
	}
	return b.String()
}

var honorEmoji = [7]string{"east", "south", "west", "north", "white", "green", "red"}

// Emoji returns the NIP-30 shortcode name of t ("mahjong_m1", "mahjong_east").
func Emoji(t Tile) string {
	k := t.Kind()
	if k >= mahjong.East {
		return "mahjong_" + honorEmoji[k-mahjong.East]
	}
	return "mahjong_" + string("mps"[k/9]) + string(rune('1'+k%9))
}

// EmojiURL is the image URL the server puts in the emoji tag of t.
func EmojiURL(t Tile) string {
	return "https://awayuki.github.io/emoji/" + strings.ReplaceAll(Emoji(t), "_", "-") + ".png"
}

// EmojiSet is the NIP-30 emoji-set address the server names in emoji tags.
const EmojiSet = "30030:cd408a69cc6c737ca1a76efc3fa247c6ca53ec807f6e7c9574164164797e8162:Mahjong Tiles"

// parseEmoji parses ":mahjong_xx:" at the start of s and returns the tile
// and the rest of s.
func parseEmoji(s string) (Tile, string, error) {
	if !strings.HasPrefix(s, ":mahjong_") {
		return 0, s, fmt.Errorf("%w: emoji tile expected at %q", ErrSyntax, clip(s))
	}
	end := strings.IndexByte(s[9:], ':')
	if end < 0 {
		return 0, s, fmt.Errorf("%w: unterminated emoji at %q", ErrSyntax, clip(s))
	}
	name := s[9 : 9+end]
	rest := s[9+end+1:]
	if len(name) == 2 && strings.IndexByte("mps", name[0]) >= 0 && name[1] >= '1' && name[1] <= '9' {
		t, err := ParseTile(string(name[1]) + string(name[0]))
		return t, rest, err
	}
	for i, h := range honorEmoji {
		if name == h {
			return mahjong.East + Tile(i), rest, nil
		}
	}
	return 0, s, fmt.Errorf("%w: unknown emoji tile %q", ErrSyntax, name)
}

// EmojiTiles writes tiles as concatenated shortcodes.
func EmojiTiles(ts []Tile) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteByte(':')
		b.WriteString(Emoji(t))
		b.WriteByte(':')
	}
	return b.String()
}

// parseEmojiTiles parses a run of shortcodes that must make up all of s.
func parseEmojiTiles(s string) ([]Tile, error) {
	var out []Tile
	for s != "" {
		t, rest, err := parseEmoji(s)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
		s = rest
	}
	return out, nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
