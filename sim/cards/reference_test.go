package cards

import "slices"

// refValue is a slow, obviously correct evaluator used only by tests: it
// tries every five-card subset and scores each with the textbook rules. The
// result is a tuple (category, tie-break ranks...) compared
// lexicographically.
type refValue [6]int

func refBest(cs []Card) refValue {
	var best refValue
	n := len(cs)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for c := b + 1; c < n; c++ {
				for d := c + 1; d < n; d++ {
					for e := d + 1; e < n; e++ {
						v := refFive([5]Card{cs[a], cs[b], cs[c], cs[d], cs[e]})
						if refLess(best, v) {
							best = v
						}
					}
				}
			}
		}
	}
	return best
}

func refLess(a, b refValue) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// refFive scores five cards. Ranks are 2..14 here, so a zero value is
// below every hand.
func refFive(h [5]Card) refValue {
	var rsArr [5]int
	rs := rsArr[:0]
	var count [15]int
	flush := true
	for _, c := range h {
		r := int(c.Rank()) + 2
		rs = append(rs, r)
		count[r]++
		if c.Suit() != h[0].Suit() {
			flush = false
		}
	}
	// Distinct ranks ordered by (count desc, rank desc): the tie-break order.
	var gArr [5]int
	groups := gArr[:0]
	for r := 14; r >= 2; r-- {
		if count[r] > 0 {
			groups = append(groups, r)
		}
	}
	slices.SortStableFunc(groups, func(x, y int) int { return count[y] - count[x] })
	slices.Sort(rs)
	straightTop := 0
	if len(groups) == 5 {
		if rs[4]-rs[0] == 4 {
			straightTop = rs[4]
		} else if slices.Equal(rs, []int{2, 3, 4, 5, 14}) {
			straightTop = 5
		}
	}
	mk := func(cat int, ranks ...int) refValue {
		v := refValue{cat}
		copy(v[1:], ranks)
		return v
	}
	switch {
	case straightTop > 0 && flush:
		return mk(8, straightTop)
	case count[groups[0]] == 4:
		return mk(7, groups...)
	case count[groups[0]] == 3 && count[groups[1]] == 2:
		return mk(6, groups...)
	case flush:
		return mk(5, groups...)
	case straightTop > 0:
		return mk(4, straightTop)
	case count[groups[0]] == 3:
		return mk(3, groups...)
	case count[groups[0]] == 2 && count[groups[1]] == 2:
		return mk(2, groups...)
	case count[groups[0]] == 2:
		return mk(1, groups...)
	}
	return mk(0, groups...)
}
