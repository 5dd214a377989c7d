package cards

import (
	"errors"
	"fmt"
	"strings"
)

// Rank is a card's rank, Two (0) to Ace (12).
type Rank uint8

// The ranks, low to high.
const (
	Two Rank = iota
	Three
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
	Ace
)

// Suit is a card's suit: clubs, diamonds, hearts, spades.
type Suit uint8

// The suits.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

const (
	rankChars = "23456789TJQKA"
	suitChars = "cdhs"
)

// String is the rank's letter: 2..9, T, J, Q, K, A.
func (r Rank) String() string {
	if r > Ace {
		return "?"
	}
	return rankChars[r : r+1]
}

// String is the suit's letter: c, d, h, s.
func (s Suit) String() string {
	if s > Spades {
		return "?"
	}
	return suitChars[s : s+1]
}

// Card is one of the 52 cards, numbered rank*4 + suit (0 = 2c, 51 = As).
type Card uint8

// NumCards is the size of the deck.
const NumCards = 52

// NewCard makes a card from its rank and suit.
func NewCard(r Rank, s Suit) Card { return Card(uint8(r)<<2 | uint8(s)) }

// Rank is the card's rank.
func (c Card) Rank() Rank { return Rank(c >> 2) }

// Suit is the card's suit.
func (c Card) Suit() Suit { return Suit(c & 3) }

// Valid reports whether c is one of the 52 cards.
func (c Card) Valid() bool { return c < NumCards }

// String is the two-letter notation, e.g. "Ah", "Td", "2c".
func (c Card) String() string {
	if !c.Valid() {
		return "??"
	}
	return c.Rank().String() + c.Suit().String()
}

// ErrNotation reports text that is not card notation.
var ErrNotation = errors.New("cards: bad card notation")

// ParseCard reads a two-letter card such as "Ah" or "td" (rank letters are
// case-insensitive; "10" is accepted for a ten).
func ParseCard(s string) (Card, error) {
	t := s
	if strings.HasPrefix(t, "10") {
		t = "T" + t[2:]
	}
	if len(t) != 2 {
		return 0, fmt.Errorf("%w: %q", ErrNotation, s)
	}
	r := strings.IndexByte(rankChars, upper(t[0]))
	u := strings.IndexByte(suitChars, lower(t[1]))
	if r < 0 || u < 0 {
		return 0, fmt.Errorf("%w: %q", ErrNotation, s)
	}
	return NewCard(Rank(r), Suit(u)), nil
}

// ParseCards reads space- or comma-separated cards ("Ah Td 2c"); it also
// accepts them run together ("AhTd2c"). Duplicates are an error.
func ParseCards(s string) ([]Card, error) {
	var out []Card
	var seen Set
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	for _, f := range fields {
		if len(f) > 3 && len(f)%2 == 0 && !strings.Contains(f, "10") {
			for i := 0; i < len(f); i += 2 {
				c, err := ParseCard(f[i : i+2])
				if err != nil {
					return nil, err
				}
				if seen.Has(c) {
					return nil, fmt.Errorf("%w: %s given twice in %q", ErrNotation, c, s)
				}
				seen = seen.With(c)
				out = append(out, c)
			}
			continue
		}
		c, err := ParseCard(f)
		if err != nil {
			return nil, err
		}
		if seen.Has(c) {
			return nil, fmt.Errorf("%w: %s given twice in %q", ErrNotation, c, s)
		}
		seen = seen.With(c)
		out = append(out, c)
	}
	return out, nil
}

// MustParse is ParseCards for tests and examples; it panics on bad notation.
func MustParse(s string) []Card {
	c, err := ParseCards(s)
	if err != nil {
		panic(err)
	}
	return c
}

// Format writes cards space-separated ("Ah Td 2c").
func Format(cs []Card) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

func upper(b byte) byte {
	if 'a' <= b && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}

func lower(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b - 'A' + 'a'
	}
	return b
}
