package mjai_test

import (
	"fmt"

	"gamelab/protocol/mjai"
	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// Render the start of a Tenhou game as seat 0 is sent it, and fold the
// lines back into seat 0's view.
func ExampleWriter() {
	s := mahjong.New(mahjong.Tenhou(), 1)
	w := mjai.NewWriter(0, []string{"me", "b", "c", "d"})
	f := mjai.NewFold(sim.NoSeat)
	for _, e := range s.Events() {
		x, ok := e.For(0)
		if !ok {
			continue
		}
		for _, m := range w.Write(x) {
			line := m.AppendJSON(nil)
			back, _ := mjai.ParseLine(line)
			if _, err := f.Apply(&back[0]); err != nil {
				fmt.Println(err)
			}
			if m.Type != "start_kyoku" {
				fmt.Println(string(line))
			}
		}
	}
	fmt.Println(f.View == s.View(0))
	// Output:
	// {"type":"start_game","id":0,"names":["me","b","c","d"]}
	// {"type":"tsumo","actor":0,"pai":"4s"}
	// true
}
