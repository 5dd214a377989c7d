package bulletpoker

import (
	"testing"

	"gamelab/sim"
	"gamelab/sim/bulletpoker"
	"gamelab/sim/simtest"
)

// BenchmarkPlay measures whole matches through Play: four random players,
// and four equity players at their default rollout budget.
func BenchmarkPlay(b *testing.B) {
	for _, spec := range []string{"random", "equity", "equity?rollouts=50"} {
		for _, preset := range []string{"classic", "liarstexas"} {
			b.Run(preset+"/"+spec, func(b *testing.B) {
				r := simtest.Preset(b, bulletpoker.Preset, preset)
				players := make([]Strategy, r.Players)
				for i := range players {
					s, err := New(spec)
					if err != nil {
						b.Fatal(err)
					}
					players[i] = s
				}
				games, decisions := 0, 0
				count := func(_ sim.Seat, _ *bulletpoker.View, _ []bulletpoker.Action, _ bulletpoker.Action) { decisions++ }
				b.ReportAllocs()
				for b.Loop() {
					if _, err := Play(r, uint64(games), players, count); err != nil {
						b.Fatal(err)
					}
					games++
				}
				b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
				b.ReportMetric(float64(decisions)/float64(games), "decisions/game")
			})
		}
	}
}

// BenchmarkEstimate measures one equity estimate of 200 rollouts against
// three opponents preflop.
func BenchmarkEstimate(b *testing.B) {
	v := bulletpoker.New(bulletpoker.Classic(), 3).View(0)
	e := &Equity{}
	rng := sim.NewRand(1)
	b.ReportAllocs()
	for b.Loop() {
		e.Estimate(&v, v.Hole, 200, rng)
	}
}
