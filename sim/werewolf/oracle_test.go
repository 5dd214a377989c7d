package werewolf

import "math/big"

// villageWinOracle gives the exact village win probability under uniform
// random play with the default rules (no first-night kill, random
// tie-break): executions are uniform among the living (votes are
// exchangeable and ties broken uniformly), kills uniform among living
// humans; seer and medium results change nothing. Humans include the
// madman. The recursion starts at the dawn of day 1.
func villageWinOracle(r Rules) *big.Rat {
	humans := r.Players - r.Werewolves
	memo := map[[2]int]*big.Rat{}
	var day func(h, w int) *big.Rat
	night := func(h, w int) *big.Rat { // after an execution that ended nothing
		// The pack kills one human; then check parity.
		h--
		if w >= h {
			return new(big.Rat)
		}
		return day(h, w)
	}
	day = func(h, w int) *big.Rat {
		if p, ok := memo[[2]int{h, w}]; ok {
			return p
		}
		n := h + w
		p := new(big.Rat)
		// A wolf is executed with probability w/n.
		if w == 1 {
			p.Add(p, big.NewRat(1, int64(n)))
		} else {
			q := new(big.Rat).Mul(big.NewRat(int64(w), int64(n)), nightOrEnd(h, w-1, night))
			p.Add(p, q)
		}
		// A human is executed with probability h/n.
		p.Add(p, new(big.Rat).Mul(big.NewRat(int64(h), int64(n)), nightOrEnd(h-1, w, night)))
		memo[[2]int{h, w}] = p
		return p
	}
	return day(humans, r.Werewolves)
}

// nightOrEnd checks victory after an execution, then runs the night.
func nightOrEnd(h, w int, night func(h, w int) *big.Rat) *big.Rat {
	switch {
	case w == 0:
		return big.NewRat(1, 1)
	case w >= h:
		return new(big.Rat)
	}
	return night(h, w)
}
