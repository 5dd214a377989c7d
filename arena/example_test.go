package arena_test

import (
	"context"
	"fmt"

	"gamelab/arena"
)

// Two coin players of strength 1 and 4 in duplicate sets: the stronger
// wins about 4/5 of the games, whatever the number of workers.
func ExampleRun() {
	m, _ := arena.Coin.Prepare("duel", []string{"weak", "strong"})
	sched, _ := arena.NewSchedule("duplicate", m.Seats(), 2, 42)
	sum := arena.NewSummary(m)
	arena.Run(context.Background(), m, sched, arena.Options{First: 0, End: 1000, Workers: 2}, func(r *arena.Record) error {
		sum.Add(r)
		return nil
	})
	rep := sum.Report()
	for _, p := range rep.Players {
		fmt.Printf("%s: %.0f%% first places\n", p.Name, 100*p.WinRate)
	}
	// Output:
	// weak: 20% first places
	// strong: 80% first places
}

// The fastchess-style block of an SPRT fed pentanomial pairs (figures
// checked by hand: μ = 0.625, σ² = 0.078125 over 120 pairs).
func ExampleSPRT_Block() {
	t, _ := arena.NewSPRT(0, 5, 0.05, 0.05, 2)
	for range 30 {
		t.AddSet([]float64{1, 0.5})
		t.AddSet([]float64{0.5, 0.5})
		t.AddSet([]float64{0, 0.5})
		t.AddSet([]float64{1, 1})
	}
	fmt.Print(t.Block())
	// Output:
	// Elo: 88.74 +/- 37.24, nElo: 109.87 +/- 43.96
	// LOS: 100.00 %, Games: 240, Points: 150.0 (62.50 %)
	// Ptnml(0-2): [0, 30, 30, 30, 30]
	// LLR: 1.11 (37.8%) (-2.94, 2.94) [0.00, 5.00]
}
