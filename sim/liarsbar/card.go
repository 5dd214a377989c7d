package liarsbar

import "fmt"

// Card is one card of the deck. The order of the constants is the order a
// hand is sorted in.
type Card uint8

const (
	Queen  Card = iota // Q
	King               // K
	Ace                // A
	Joker              // wild: always counts as the table card
	Devil              // devil variant: makes every other living seat pull when revealed
	Master             // chaos variant: wild, and its player aims when a challenge fails
	Chaos              // chaos variant: when revealed every living seat aims
	// NumCards is the number of card kinds.
	NumCards
)

var cardNames = [NumCards]string{"Q", "K", "A", "Joker", "Devil", "Master", "Chaos"}

// String gives the card's notation: Q K A Joker Devil Master Chaos.
func (c Card) String() string {
	if c < NumCards {
		return cardNames[c]
	}
	return fmt.Sprintf("Card(%d)", uint8(c))
}

// ParseCard reads the notation of String.
func ParseCard(s string) (Card, error) {
	for c, n := range cardNames {
		if n == s {
			return Card(c), nil
		}
	}
	return 0, fmt.Errorf("%w: unknown card %q", ErrParse, s)
}

// Wild reports whether c counts as the table card whatever the table card is.
func (c Card) Wild() bool { return c == Joker || c == Master }

// Truthful reports whether c, played under table card t, makes a claim true.
func (c Card) Truthful(t Card) bool { return c == t || c.Wild() }
