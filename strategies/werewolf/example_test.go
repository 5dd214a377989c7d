package werewolf_test

import (
	"fmt"

	"gamelab/sim/werewolf"
	sw "gamelab/strategies/werewolf"
)

// Play a 7-player game: rule-based players everywhere, the seer tuned to
// come out only on day 2 unless it finds a werewolf first.
func ExamplePlay() {
	r, err := werewolf.Preset("7")
	if err != nil {
		panic(err)
	}
	players := make([]sw.Strategy, r.Players)
	for i := range players {
		spec := "rule"
		if i == 0 {
			spec = "rule?co_day=2"
		}
		s, err := sw.New(spec)
		if err != nil {
			panic(err)
		}
		players[i] = s
	}
	res, err := sw.Play(r, 2026, players, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(res.Score), len(res.SeatTags), res.Stats["village_win"] == 0 || res.Stats["village_win"] == 1)
	_, err = sw.New("rule?trust=9")
	fmt.Println(err != nil)
	// Output:
	// 7 7 true
	// true
}
