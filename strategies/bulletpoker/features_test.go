package bulletpoker

import (
	"fmt"

	"gamelab/sim/bulletpoker"
	"gamelab/sim/cards"
)

func ExampleDescribeDecision() {
	v := bulletpoker.View{Players: 2, Hand: 1, Street: bulletpoker.Flop, HasHole: true, NBoard: 3, Current: 2,
		Alive: [bulletpoker.MaxPlayers]bool{true, true}, InHand: [bulletpoker.MaxPlayers]bool{true, true}}
	copy(v.Hole[:], cards.MustParse("Ah Kd"))
	copy(v.Board[:], cards.MustParse("2c 7h Ts"))
	phase, f := DescribeDecision(&v, nil)
	fmt.Println(phase, f.Hole, f.Board, f.Current, f.Alive)
	// Output: flop [Ah Kd] [2c 7h Ts] 2 [true true]
}
