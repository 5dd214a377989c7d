package bulletpoker_test

import (
	"fmt"

	"gamelab/sim/bulletpoker"
)

// A match is driven by asking Next who decides, listing Legal actions and
// Applying one; here everyone always takes the first legal action.
func Example() {
	r := bulletpoker.Classic()
	r.Players = 3
	s := bulletpoker.New(r, 42)
	for !s.Done() {
		seat := s.Next()[0]
		if err := s.Apply(seat, s.Legal(seat, nil)[0]); err != nil {
			fmt.Println(err)
			return
		}
	}
	res := s.Result()
	fmt.Println("hands:", res.Stats["hands"], "placement:", res.Placement)
	// Output: hands: 13 placement: [3 1 2]
}

func ExampleParseAction() {
	for _, id := range []string{"raise", "switch:1:2", "shoot"} {
		a, err := bulletpoker.ParseAction(id)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(a.Kind, a.Hole, a.Offer, a)
	}
	// Output:
	// raise 0 0 raise
	// switch 1 2 switch:1:2
	// bulletpoker: bad action id: "shoot"
}
