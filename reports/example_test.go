package reports_test

import (
	"fmt"
	"os"
	"strings"

	"gamelab/reports"
)

// A head-to-head crosstable: row A, column B is how often A placed above
// B where they met, with its 95 % interval and the seat pairs.
func ExampleCrosstable() {
	s := reports.Summary{HeadToHead: []reports.Pair{
		{A: "bayes", B: "honest", Pairs: 400, Above: 250, Score: 0.625, CI: [2]float64{0.576, 0.671}},
		{A: "honest", B: "bayes", Pairs: 400, Above: 150, Score: 0.375, CI: [2]float64{0.329, 0.424}},
	}}
	if err := reports.Crosstable(os.Stdout, s); err != nil {
		fmt.Println(err)
	}
	// Output:
	// ┌──────────────┬─────────────────────────┬─────────────────────────┐
	// │ above ↓ vs → │          bayes          │         honest          │
	// ├──────────────┼─────────────────────────┼─────────────────────────┤
	// │ bayes        │                         │ 62.5% (57.6–67.1) n=400 │
	// │ honest       │ 37.5% (32.9–42.4) n=400 │                         │
	// └──────────────┴─────────────────────────┴─────────────────────────┘
}

// A tuning trajectory as lab tune writes it, read back and summarized.
func ExampleReadTrajectory() {
	csv := "step,games,objective,bluff\n1,24,0.41,0.1\n2,48,0.47,0.14\n3,72,0.52,0.18\n"
	t, err := reports.ReadTrajectory(strings.NewReader(csv))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Objective, t.Params, len(t.Steps), t.Steps[2].Values)
	// Output:
	// objective [bluff] 3 [0.18]
}
