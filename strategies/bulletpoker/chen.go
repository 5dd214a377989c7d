package bulletpoker

import (
	"slices"

	"gamelab/sim/cards"
)

// chen2 is twice Bill Chen's preflop score of two hole cards ("The
// Mathematics of Poker" / Chen and Ankenman's quick formula): the high
// card's points (A 10, K 8, Q 7, J 6, else rank/2), doubled for a pair
// (at least 5), +2 suited, minus 1, 2, 4 or 5 for gaps of 1, 2, 3 or 4+,
// +1 for a connector or one-gapper below a queen. Doubled to stay integral.
var chen2 [cards.NumCards][cards.NumCards]int8

// chenSorted holds chen2 of all 1326 two-card combinations, ascending.
var chenSorted []int8

func init() {
	points := func(r cards.Rank) int {
		switch r {
		case cards.Ace:
			return 20
		case cards.King:
			return 16
		case cards.Queen:
			return 14
		case cards.Jack:
			return 12
		}
		return int(r) + 2 // rank/2, doubled
	}
	for a := cards.Card(0); a < cards.NumCards; a++ {
		for b := cards.Card(0); b < cards.NumCards; b++ {
			if a == b {
				continue
			}
			hi, lo := a.Rank(), b.Rank()
			if lo > hi {
				hi, lo = lo, hi
			}
			s := points(hi)
			if hi == lo {
				s = max(2*s, 10)
			} else {
				switch gap := int(hi-lo) - 1; {
				case gap == 1:
					s -= 2
				case gap == 2:
					s -= 4
				case gap == 3:
					s -= 8
				case gap >= 4:
					s -= 10
				}
				if int(hi-lo) <= 2 && hi < cards.Queen {
					s += 2
				}
			}
			if a.Suit() == b.Suit() {
				s += 4
			}
			chen2[a][b] = int8(s)
			if a < b {
				chenSorted = append(chenSorted, int8(s))
			}
		}
	}
	slices.Sort(chenSorted)
}

// chenThreshold is the lowest doubled Chen score of the best fraction f
// of starting hands.
func chenThreshold(f float64) int8 {
	i := int((1 - f) * float64(len(chenSorted)))
	i = min(max(i, 0), len(chenSorted)-1)
	return chenSorted[i]
}
