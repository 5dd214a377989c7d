package liarsbar

import (
	"gamelab/sim/liarsbar"
)

// binom[n][k] = C(n, k) for the deck sizes of the game (at most 40 cards).
var binom = func() (t [41][41]float64) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return t
}()

func choose(n, k int) float64 {
	if k < 0 || n < 0 || k > n || n >= len(binom) {
		return 0
	}
	return binom[n][k]
}

// AtLeast is the hypergeometric tail P(X >= need) for a hand of h cards
// drawn without replacement from pool cards of which good are good ones.
func AtLeast(pool, good, h, need int) float64 {
	if need <= 0 {
		return 1
	}
	if h > pool || good < 0 || good > pool {
		return 0
	}
	total := choose(pool, h)
	if total == 0 {
		return 0
	}
	p := 0.0
	for x := need; x <= min(h, good); x++ {
		p += choose(good, x) * choose(pool-good, h-x)
	}
	return p / total
}

// unseen counts, from v's seat, the cards it has not seen this round and
// how many of them would make a claim true (table card or wild).
func unseen(v *liarsbar.View) (pool, good int) {
	deck := v.Rules.Deck()
	for c, k := range deck {
		k -= int(v.Dealt[c])
		pool += k
		if liarsbar.Card(c).Truthful(v.Table) {
			good += k
		}
	}
	return pool, good
}

// Supportable is the probability, from v's seat, that the seat of the last
// play was dealt enough true cards for every card it has played this round
// to be true: P(X >= Played[last]) for its dealt hand drawn from the cards
// v's seat has not seen. 0 means the claim is impossible.
func Supportable(v *liarsbar.View) float64 {
	p := v.Last
	if p < 0 {
		return 1
	}
	pool, good := unseen(v)
	need := int(v.Played[p])
	if need > good {
		return 0
	}
	// Claims of every other seat draw on the same true cards: if together
	// they exceed what is unseen, someone lied.
	claimed := 0
	for i := 0; i < v.Rules.Players; i++ {
		if i != int(v.Seat) {
			claimed += int(v.Played[i])
		}
	}
	q := AtLeast(pool, good, v.Rules.HandSize, need)
	if claimed > good {
		q *= float64(good) / float64(claimed)
	}
	return q
}
