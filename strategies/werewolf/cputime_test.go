package werewolf

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the CPU time (user + system) used by the process so far:
// on the shared, loaded machine the wall clock of a benchmark says more
// about the neighbours than about the engine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportGames reports games/s by the wall clock and games per CPU second.
func reportGames(b *testing.B, cpu0 time.Duration) {
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "games/cpu-s")
	}
}
