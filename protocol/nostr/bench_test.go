package nostr

import (
	"testing"
)

// BenchmarkTableGame plays whole 東風戦 games through the pure referee
// table: every message rendered, parsed back and folded by its
// addressees, every decision checked against the engine.
func BenchmarkTableGame(b *testing.B) {
	seed := uint64(0)
	for b.Loop() {
		tableGame(b, tonpu(), seed)
		seed++
	}
	b.ReportMetric(float64(seed)/b.Elapsed().Seconds(), "games/s")
}
