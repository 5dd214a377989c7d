package cards_test

import (
	"fmt"

	"gamelab/sim/cards"
)

func ExampleEval7() {
	board := cards.MustParse("Ks Qs 2c Ac 9h")
	for _, hole := range []string{"Ah As", "Kd Qd", "Js Ts"} {
		var h [7]cards.Card
		copy(h[:], cards.MustParse(hole))
		copy(h[2:], board)
		r := cards.Eval7(&h)
		fmt.Println(hole, r.Category(), r)
	}
	// Output:
	// Ah As three of a kind three of a kind (#5853)
	// Kd Qd two pair two pair (#4863)
	// Js Ts straight straight (#5863)
}

func ExampleParseCards() {
	cs, err := cards.ParseCards("Ah td,2C")
	fmt.Println(cards.Format(cs), err)
	_, err = cards.ParseCards("Ah Ah")
	fmt.Println(err)
	// Output:
	// Ah Td 2c <nil>
	// cards: bad card notation: Ah given twice in "Ah Ah"
}
