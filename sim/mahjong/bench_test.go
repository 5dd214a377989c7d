package mahjong

import (
	"syscall"
	"testing"
	"time"
)

// cpuClock measures process CPU time so benchmarks can report cpu-ns/op
// beside wall-clock ns/op: on the shared, loaded 2-core machine wall time
// includes time spent waiting for a core.
type cpuClock struct{ start time.Duration }

func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func startCPU() cpuClock { return cpuClock{cpuNow()} }

// report adds the cpu-ns/op metric for n operations.
func (c cpuClock) report(b *testing.B, n int) {
	if n > 0 {
		b.ReportMetric(float64(cpuNow()-c.start)/float64(n), "cpu-ns/op")
	}
}
