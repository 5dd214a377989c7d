package bulletpoker_test

import (
	"fmt"

	"gamelab/sim/bulletpoker"
	sb "gamelab/strategies/bulletpoker"
)

// Play runs one match between strategies built from their specs.
func ExamplePlay() {
	var players []sb.Strategy
	for _, spec := range []string{"equity?rollouts=50", "loose?rollouts=50", "random"} {
		s, err := sb.New(spec)
		if err != nil {
			fmt.Println(err)
			return
		}
		players = append(players, s)
	}
	r := bulletpoker.Classic()
	r.Players = len(players)
	res, err := sb.Play(r, 7, players, nil)
	fmt.Println(res.Placement, res.Score, err)
	// Output: [3 1 2] [0 1 0] <nil>
}
