package bulletpoker

import (
	"testing"

	"gamelab/sim"
)

// BenchmarkMatch plays whole four-player classic matches with uniformly
// random legal actions straight on the engine.
func BenchmarkMatch(b *testing.B) {
	for _, name := range Presets() {
		b.Run(name, func(b *testing.B) {
			r, _ := Preset(name)
			p := sim.NewPCG(1)
			legal := make([]Action, 0, 16)
			games, steps := 0, 0
			b.ReportAllocs()
			for b.Loop() {
				s := New(r, uint64(games))
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
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(steps)/float64(games), "steps/game")
		})
	}
}
