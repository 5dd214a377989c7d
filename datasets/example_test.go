package datasets_test

import (
	"fmt"
	"os"

	"gamelab/datasets"
	"gamelab/sim"
	sl "gamelab/strategies/liarsbar"
)

// A run directory with one two-seat game and one described decision,
// read back game by game.
func ExampleReadRun() {
	dir, _ := os.MkdirTemp("", "run")
	defer os.RemoveAll(dir)
	info := datasets.RunInfo{Version: "example", Game: "liarsbar", Players: []string{"honest", "random"}, End: 1, Total: 1, Decisions: true}
	w, err := datasets.Create(dir, info, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := datasets.Game{Lineup: []int{0, 1}, Length: 1,
		Result: sim.Result{Score: []float64{1, 0}, Placement: []int8{1, 2}},
		Decisions: []datasets.Decision{{Seat: 0, Phase: "lead", Legal: []string{"play:0", "play:0,1"}, Chosen: "play:0", ChosenIndex: 0,
			Features: &sl.Features{TableCard: "K", Hand: []string{"K", "Q"}, PlayCards: []int32{1, 2}, PlayTruthful: []bool{true, false}}}}}
	if err := w.Add(&g); err != nil {
		fmt.Println(err)
		return
	}
	if err := w.Close(); err != nil {
		fmt.Println(err)
		return
	}
	_, err = datasets.ReadRun(dir, func(g *datasets.Game) error {
		for _, d := range g.Decisions {
			f := d.Features.(*sl.Features)
			fmt.Println(d.Seat, d.Legal[d.ChosenIndex], f.TableCard, f.Hand, f.PlayTruthful[d.ChosenIndex])
		}
		return nil
	})
	fmt.Println(err)
	// Output:
	// 0 play:0 K [K Q] true
	// <nil>
}
