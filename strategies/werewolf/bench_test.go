package werewolf

import (
	"math"
	"testing"
	"time"

	"gamelab/sim"
	"gamelab/sim/simtest"
	"gamelab/sim/werewolf"
)

// BenchmarkPlay plays whole games through Play with every seat on one
// strategy and reports games/s and the village win rate with its 95 %
// half-width (normal approximation; use -benchtime=20000x or more for a
// table).
func BenchmarkPlay(b *testing.B) {
	for _, spec := range []string{"random", "random?quiet=1", "rule", "village"} {
		for _, preset := range werewolf.Presets() {
			b.Run(spec+"/"+preset, func(b *testing.B) {
				r := simtest.Preset(b, werewolf.Preset, preset)
				ps := table(b, spec, r.Players)
				wins, games := 0, 0
				b.ReportAllocs()
				cpu0 := simtest.CPUTime()
				for b.Loop() {
					res, err := Play(r, sim.Seed(99, uint64(games)), ps, nil)
					if err != nil {
						b.Fatal(err)
					}
					wins += int(res.Stats["village_win"])
					games++
				}
				report(b, wins, games, cpu0)
			})
		}
	}
}

// BenchmarkRuleVillageVsRandomWolves: rule-based village seats, random
// wolf-side seats.
func BenchmarkRuleVillageVsRandomWolves(b *testing.B) {
	for _, preset := range werewolf.Presets() {
		b.Run(preset, func(b *testing.B) {
			r := simtest.Preset(b, werewolf.Preset, preset)
			wins, games := 0, 0
			cpu0 := simtest.CPUTime()
			for b.Loop() {
				wins += int(villageRate(b, r, "rule", "random", 1, uint64(games)) + 0.5)
				games++
			}
			report(b, wins, games, cpu0)
		})
	}
}

func report(b *testing.B, wins, games int, cpu0 time.Duration) {
	p := float64(wins) / float64(games)
	simtest.ReportGames(b, b.N, cpu0)
	b.ReportMetric(p, "village_win")
	b.ReportMetric(1.96*math.Sqrt(p*(1-p)/float64(games)), "ci95")
}
