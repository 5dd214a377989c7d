package mahjong

import (
	"testing"
	"time"

	"gamelab/sim/simtest"
)

// cpuClock measures process CPU time so benchmarks can report cpu-ns/op
// beside wall-clock ns/op: on the shared, loaded 2-core machine wall time
// includes time spent waiting for a core.
type cpuClock struct{ start time.Duration }

func startCPU() cpuClock { return cpuClock{simtest.CPUTime()} }

// report adds the cpu-ns/op metric for n operations.
func (c cpuClock) report(b *testing.B, n int) {
	if n > 0 {
		b.ReportMetric(float64(simtest.CPUTime()-c.start)/float64(n), "cpu-ns/op")
	}
}
