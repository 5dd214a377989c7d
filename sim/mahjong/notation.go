package mahjong

import (
	"errors"
	"fmt"
	"strings"
)

// ErrNotation is the sentinel wrapped by every NotationError.
var ErrNotation = errors.New("mahjong: bad tile notation")

// NotationError reports bad tile notation: Token is the offending piece of
// input (may be empty) and Msg what is wrong with it.
type NotationError struct {
	Token string
	Msg   string
}

func (e *NotationError) Error() string {
	if e.Token == "" {
		return e.Msg
	}
	return fmt.Sprintf("%q: %s", e.Token, e.Msg)
}

// Unwrap makes errors.Is(err, ErrNotation) true.
func (e *NotationError) Unwrap() error { return ErrNotation }

func notationErr(tok, msg string) error { return &NotationError{Token: tok, Msg: msg} }

// ParseTile parses one tile: "1m" … "9s", "1z" … "7z", "0m"/"0p"/"0s".
func ParseTile(s string) (Tile, error) {
	ts, err := appendTiles(nil, s)
	if err != nil {
		return NoTile, err
	}
	if len(ts) != 1 {
		return NoTile, notationErr(s, "want exactly one tile")
	}
	return ts[0], nil
}

// ParseTiles parses a list of tiles in the pairwise wire form ("1m2m3m")
// or the compact form ("123m406p11z"; both may be mixed, and spaces are
// ignored). It refuses unknown suits, red honors, digits without a suit
// and more than four tiles of one kind (red fives count as fives).
func ParseTiles(s string) ([]Tile, error) {
	ts, err := appendTiles(nil, s)
	if err != nil {
		return nil, err
	}
	if err := checkFour(ts, nil); err != nil {
		return nil, err
	}
	return ts, nil
}

// appendTiles parses digit runs each closed by a suit letter.
func appendTiles(dst []Tile, s string) ([]Tile, error) {
	start := 0 // start of the current digit run
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			continue
		case c == ' ':
			if i > start {
				return nil, notationErr(s[start:i], "missing suit")
			}
			start = i + 1
			continue
		}
		var suit Suit
		switch c {
		case 'm':
			suit = Man
		case 'p':
			suit = Pin
		case 's':
			suit = Sou
		case 'z':
			suit = Honor
		default:
			j := i + 1
			for j < len(s) && s[j] >= 0x80 && s[j] < 0xC0 { // whole UTF-8 rune
				j++
			}
			if i == start {
				return nil, notationErr(s[i:j], "not a tile")
			}
			return nil, notationErr(s[start:j], "unknown suit")
		}
		if i == start {
			return nil, notationErr(s[i:i+1], "suit without number")
		}
		for _, d := range s[start:i] {
			n := int(d - '0')
			switch {
			case suit == Honor && (n == 0 || n > 7):
				return nil, notationErr(string(d)+"z", "no such honor")
			case n == 0:
				dst = append(dst, RedM5+Tile(suit))
			default:
				dst = append(dst, Tile(suit)*9+Tile(n-1))
			}
		}
		start = i + 1
	}
	if start < len(s) {
		return nil, notationErr(s[start:], "missing suit")
	}
	return dst, nil
}

// checkFour refuses a fifth copy of a kind in ts (plus the counts in c).
func checkFour(ts []Tile, c *[34]uint8) error {
	var n [34]uint8
	if c != nil {
		n = *c
	}
	for _, t := range ts {
		k := t.Kind()
		n[k]++
		if n[k] > 4 {
			return notationErr("", "five "+k.String())
		}
	}
	if c != nil {
		*c = n
	}
	return nil
}

// FormatTiles writes tiles in the pairwise wire form "1m2m3m".
func FormatTiles(ts []Tile) string {
	b := make([]byte, 0, 2*len(ts))
	for _, t := range ts {
		b = append(b, t.String()...)
	}
	return string(b)
}

// FormatCompact writes tiles in the compact form "123m406p11z", keeping
// their order (a suit letter closes each run of one suit).
func FormatCompact(ts []Tile) string {
	b := make([]byte, 0, 2*len(ts))
	for i, t := range ts {
		s := t.String()
		b = append(b, s[0])
		if i+1 == len(ts) || ts[i+1].String()[1] != s[1] {
			b = append(b, s[1])
		}
	}
	return string(b)
}

// ParseHand parses the server's hand form: concealed tiles (pairwise or
// compact) followed by melds, "<…>" for open melds (three of a kind = pon,
// a run = chi, four = open kan) and "(…)" for an ankan, newest meld first
// as the server writes them, e.g. "1m2m3m4m<3p3p3p>(4z4z4z4z)". The
// returned Hand lists melds oldest first. Called and From are unknown in
// this form: open melds get the lowest tile as Called and From 3
// (kamicha); ankan gets NoTile and 0.
func ParseHand(s string) (Hand, error) {
	var h Hand
	i := strings.IndexAny(s, "<(")
	conc := s
	if i >= 0 {
		conc = s[:i]
	}
	ts, err := appendTiles(nil, conc)
	if err != nil {
		return Hand{}, err
	}
	h.Tiles = ts
	var melds []Meld
	for i >= 0 && i < len(s) {
		open := s[i]
		var close byte = '>'
		if open == '(' {
			close = ')'
		}
		j := strings.IndexByte(s[i:], close)
		if j < 0 {
			return Hand{}, notationErr(s[i:], "unclosed meld")
		}
		body := s[i+1 : i+j]
		mt, err := appendTiles(nil, body)
		if err != nil {
			return Hand{}, err
		}
		m, err := meldFromTiles(open == '(', mt)
		if err != nil {
			return Hand{}, notationErr(s[i:i+j+1], err.Error())
		}
		melds = append(melds, m)
		i += j + 1
		if i < len(s) && s[i] != '<' && s[i] != '(' {
			return Hand{}, notationErr(s[i:], "tiles after melds")
		}
	}
	for l, r := 0, len(melds)-1; l < r; l, r = l+1, r-1 {
		melds[l], melds[r] = melds[r], melds[l]
	}
	h.Melds = melds
	var c [34]uint8
	if err := checkFour(h.Tiles, &c); err != nil {
		return Hand{}, err
	}
	for _, m := range h.Melds {
		if err := checkFour(m.Tiles[:m.Len()], &c); err != nil {
			return Hand{}, err
		}
	}
	return h, nil
}

// meldFromTiles classifies the tiles of one bracket group.
func meldFromTiles(closed bool, ts []Tile) (Meld, error) {
	var m Meld
	switch {
	case closed && len(ts) == 4:
		m = NewMeld(Ankan, NoTile, 0, ts...)
	case closed:
		return Meld{}, errors.New("ankan needs four tiles")
	case len(ts) == 4:
		m = NewMeld(Daiminkan, ts[0], 3, ts...)
	case len(ts) == 3 && ts[0].Kind() == ts[1].Kind():
		m = NewMeld(Pon, ts[0], 3, ts...)
	case len(ts) == 3:
		m = NewMeld(Chi, ts[0], 3, ts...)
	default:
		return Meld{}, errors.New("a meld has three or four tiles")
	}
	if !CheckMeld(m) {
		return Meld{}, errors.New("not a meld")
	}
	if m.Kind != Ankan {
		m.Called = m.Tiles[0]
	}
	return m, nil
}

// FormatHand writes h in the server's hand form: concealed tiles pairwise,
// then the melds newest first, "<…>" open and "(…)" ankan.
func FormatHand(h Hand) string {
	var b strings.Builder
	b.WriteString(FormatTiles(h.Tiles))
	for i := len(h.Melds) - 1; i >= 0; i-- {
		m := h.Melds[i]
		if m.Kind == Ankan {
			b.WriteByte('(')
		} else {
			b.WriteByte('<')
		}
		b.WriteString(FormatTiles(m.Tiles[:m.Len()]))
		if m.Kind == Ankan {
			b.WriteByte(')')
		} else {
			b.WriteByte('>')
		}
	}
	return b.String()
}
