package liarsbar

import (
	"gamelab/sim"
	"gamelab/sim/liarsbar"
)

// playMask builds the canonical play (the lowest hand indices of each kind)
// taking want[c] cards of each kind c from the sorted hand.
func playMask(v *liarsbar.View, want *[liarsbar.NumCards]int8) liarsbar.Action {
	a := liarsbar.Action{Kind: liarsbar.Play, Target: sim.NoSeat}
	var took [liarsbar.NumCards]int8
	for i, c := range v.MyHand() {
		if took[c] < want[c] {
			took[c]++
			a.Cards |= 1 << i
		}
	}
	return a
}

// CanonicalPlay is the play of want[c] cards of each kind c at the lowest
// positions of v's sorted hand: the form every strategy here builds, so
// a live adapter can map an offered play with the same cards to it.
func CanonicalPlay(v *liarsbar.View, want *[liarsbar.NumCards]int8) liarsbar.Action {
	return playMask(v, want)
}

// kinds counts the cards of v's hand by kind.
func kinds(v *liarsbar.View) (k [liarsbar.NumCards]int8) {
	for _, c := range v.MyHand() {
		k[c]++
	}
	return k
}

// truePlay picks up to most cards that make the claim true: table cards
// first, then wilds (the Master before the Joker keeps nothing back, both
// are wild). It returns the kinds chosen and how many.
func truePlay(v *liarsbar.View, most int) (want [liarsbar.NumCards]int8, n int) {
	k := kinds(v)
	for _, c := range [...]liarsbar.Card{v.Table, liarsbar.Joker, liarsbar.Master} {
		for k[c] > 0 && n < most {
			k[c]--
			want[c]++
			n++
		}
	}
	return want, n
}

// lieCards adds up to n cards that are not true to want, preferring the
// Devil (played alone, it makes every other seat pull) and the Chaos card.
func lieCards(v *liarsbar.View, want *[liarsbar.NumCards]int8, n int) int {
	k := kinds(v)
	added := 0
	order := [...]liarsbar.Card{liarsbar.Devil, liarsbar.Chaos, liarsbar.Queen, liarsbar.King, liarsbar.Ace}
	for _, c := range order {
		if c == v.Table || added >= n {
			continue
		}
		if c == liarsbar.Devil && k[c] > 0 {
			// The Devil only alone.
			empty := true
			for _, w := range want {
				empty = empty && w == 0
			}
			if !empty {
				continue
			}
			want[c] = 1
			return 1
		}
		for k[c]-want[c] > 0 && added < n {
			want[c]++
			added++
		}
	}
	return added
}

// kindOf reports which kinds of decision legal offers.
func kindOf(legal []liarsbar.Action) (play, challenge, aim bool) {
	for _, a := range legal {
		switch a.Kind {
		case liarsbar.Play:
			play = true
		case liarsbar.Challenge:
			challenge = true
		case liarsbar.Aim:
			aim = true
		}
	}
	return
}

// nextHolderAfter is the seat that would move after v's seat plays n
// cards (NoSeat if none), and whether it would then be the only seat with
// cards (so forced to challenge).
func nextHolderAfter(v *liarsbar.View, n int) (next sim.Seat, forced bool) {
	players := v.Rules.Players
	next = sim.NoSeat
	holders := 0
	if int(v.Cards[v.Seat])-n > 0 {
		holders++
	}
	for j := 1; j < players; j++ {
		t := (int(v.Seat) + j) % players
		if v.Alive[t] && v.Cards[t] > 0 {
			if next == sim.NoSeat {
				next = sim.Seat(t)
			}
			holders++
		}
	}
	return next, next != sim.NoSeat && holders == 1
}
