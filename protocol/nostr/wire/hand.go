package wire

import (
	"fmt"
	"strings"
)

// Meld is a meld as the server shows it: <…> (open: chi, pon, daiminkan,
// kakan) or (…) (ankan).
type Meld struct {
	Tiles  []Tile
	Closed bool // (…): an ankan
}

// Hand is a hand as shown in GET prompts: the concealed tiles (sorted) and
// the melds, newest first (the server inserts each new meld in front).
type Hand struct {
	Concealed []Tile
	Melds     []Meld
}

// ParseEmojiHand parses a hand written in shortcodes with <…>/(…) melds,
// e.g. ":mahjong_m1::mahjong_m2:<:mahjong_p3::mahjong_p3::mahjong_p3:>".
// Spaces between the parts are tolerated (older server versions wrote
// "concealed <melds> (ankans)").
func ParseEmojiHand(s string) (Hand, error) {
	return parseHand(strings.ReplaceAll(s, " ", ""), parseEmojiTiles)
}

// ParseHand parses the plain form "1m2m3m<4p4p4p>(5z5z5z5z)".
func ParseHand(s string) (Hand, error) { return parseHand(s, ParseTiles) }

func parseHand(s string, tiles func(string) ([]Tile, error)) (Hand, error) {
	var h Hand
	i := strings.IndexAny(s, "<(")
	if i < 0 {
		i = len(s)
	}
	var err error
	if h.Concealed, err = tiles(s[:i]); err != nil {
		return Hand{}, err
	}
	s = s[i:]
	for s != "" {
		closer := byte('>')
		if s[0] == '(' {
			closer = ')'
		} else if s[0] != '<' {
			return Hand{}, fmt.Errorf("%w: meld expected at %q", ErrSyntax, clip(s))
		}
		j := strings.IndexByte(s, closer)
		if j < 0 {
			return Hand{}, fmt.Errorf("%w: unclosed meld %q", ErrSyntax, clip(s))
		}
		ts, err := tiles(s[1:j])
		if err != nil {
			return Hand{}, err
		}
		if len(ts) != 3 && len(ts) != 4 {
			return Hand{}, fmt.Errorf("%w: meld of %d tiles", ErrSyntax, len(ts))
		}
		h.Melds = append(h.Melds, Meld{Tiles: ts, Closed: closer == ')'})
		s = s[j+1:]
	}
	return h, nil
}

func (h Hand) render(tiles func([]Tile) string) string {
	var b strings.Builder
	b.WriteString(tiles(h.Concealed))
	for _, m := range h.Melds {
		open, end := "<", ">"
		if m.Closed {
			open, end = "(", ")"
		}
		b.WriteString(open)
		b.WriteString(tiles(m.Tiles))
		b.WriteString(end)
	}
	return b.String()
}

// Emoji renders the hand as the server's GET prompts do.
func (h Hand) Emoji() string { return h.render(EmojiTiles) }

// String renders the plain form "1m2m<3p3p3p>".
func (h Hand) String() string { return h.render(TilesString) }
