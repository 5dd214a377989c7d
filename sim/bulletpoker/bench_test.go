package bulletpoker

import (
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// BenchmarkMatch plays whole four-player classic matches with uniformly
// random legal actions straight on the engine, reusing one State through
// Reset (as self-play loops do), and reports games/s and games/cpu-s.
func BenchmarkMatch(b *testing.B) {
	for _, name := range Presets() {
		b.Run(name, func(b *testing.B) {
			r := mustPreset(b, name)
			p := sim.NewPCG(1)
			legal := make([]Action, 0, 16)
			games, steps := 0, 0
			s := New(r, 0)
			b.ReportAllocs()
			cpu0 := simtest.CPUTime()
			for b.Loop() {
				s.Reset(r, uint64(games))
				for !s.Done() {
					next := s.Next()
					seat := next[p.IntN(len(next))]
					legal = s.Legal(seat, legal[:0])
					if err := s.Apply(seat, legal[p.IntN(len(legal))]); err != nil {
						b.Fatal(err)
					}
					steps++
				}
				games++
			}
			simtest.ReportGames(b, games, cpu0)
			b.ReportMetric(float64(steps)/float64(games), "steps/game")
		})
	}
}
