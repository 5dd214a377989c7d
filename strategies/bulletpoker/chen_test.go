package bulletpoker

import (
	"math/rand/v2"
	"testing"

	"gamelab/sim/bulletpoker"
	"gamelab/sim/cards"
)

func TestChenScores(t *testing.T) {
	cases := map[string]int8{
		"Ah As": 40, "Kd Kc": 32, "Ah Kh": 24, "Jc Tc": 18, "2c 2d": 10, "7h 2c": -3, "Ac 2d": 10,
	}
	for h, want := range cases {
		c := cards.MustParse(h)
		if got := chen2[c[0]][c[1]]; got != want || chen2[c[1]][c[0]] != want {
			t.Errorf("%s: doubled Chen score %d, want %d", h, got, want)
		}
	}
	if len(chenSorted) != 1326 || chenThreshold(1) != chenSorted[0] || chenThreshold(0.0001) != 40 {
		t.Errorf("%d combos, thresholds %d %d", len(chenSorted), chenThreshold(1), chenThreshold(0.0001))
	}
}

// TestReadNarrowsRanges: 7-2 offsuit is safe less often against an
// opponent who raised twice when raises are read as strength.
func TestReadNarrowsRanges(t *testing.T) {
	v := bulletpoker.View{Seat: 0, Players: 2, HasHole: true}
	v.InHand[0], v.InHand[1] = true, true
	v.Raises[1] = 2
	h := cards.MustParse("7h 2c")
	hole := [2]cards.Card{h[0], h[1]}
	rng := rand.New(rand.NewPCG(5, 6))
	random := (&Equity{Read: 1}).Estimate(&v, hole, 20000, rng)
	read := (&Equity{Read: 0.3}).Estimate(&v, hole, 20000, rng)
	if random < 0.28 || random > 0.38 || read > random-0.08 {
		t.Errorf("7-2o: %.3f against any hand, %.3f against a double raiser", random, read)
	}
}
