package simtest

import (
	"testing"
	"time"
)

// ReportGames reports a game benchmark's rates: games/s by the wall clock
// (b.Elapsed) and games/cpu-s, games per second of process CPU time since
// cpu0 (taken with CPUTime before the loop). On a shared, loaded machine the
// wall-clock rate measures the neighbours too, so games/cpu-s (with -cpu 1,
// one goroutine doing the work) is the steadier figure. games/cpu-s is
// omitted when no CPU time was measured (CPUTime unsupported, or a run too
// short for the clock's resolution).
func ReportGames(b *testing.B, games int, cpu0 time.Duration) {
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	if cpu := CPUTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(games)/cpu.Seconds(), "games/cpu-s")
	}
}
