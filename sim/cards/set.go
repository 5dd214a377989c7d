package cards

import "math/bits"

// Set is a set of cards, one bit per card (bit c for Card c).
type Set uint64

// FullDeck holds all 52 cards.
const FullDeck Set = 1<<NumCards - 1

// SetOf makes a set of the given cards.
func SetOf(cs ...Card) Set {
	var s Set
	for _, c := range cs {
		s = s.With(c)
	}
	return s
}

// Has reports whether c is in the set.
func (s Set) Has(c Card) bool { return c < 64 && s&(1<<c) != 0 }

// With returns the set with c added.
func (s Set) With(c Card) Set { return s | 1<<(c&63) }

// Without returns the set with c removed.
func (s Set) Without(c Card) Set { return s &^ (1 << (c & 63)) }

// Len is the number of cards in the set.
func (s Set) Len() int { return bits.OnesCount64(uint64(s)) }

// AppendTo appends the set's cards in increasing order to dst.
func (s Set) AppendTo(dst []Card) []Card {
	for x := uint64(s); x != 0; x &= x - 1 {
		dst = append(dst, Card(bits.TrailingZeros64(x)))
	}
	return dst
}
