//go:build unix

package simtest

import (
	"syscall"
	"time"
)

// CPUTime returns the CPU time (user + system) the process has used so far.
// Benchmarks take it before and after their loop: on a shared, loaded
// machine a wall-clock rate measures the neighbours as much as the code
// (time spent waiting for a core counts), while the CPU a game costs stays
// put. It returns 0 if the operating system refuses the query.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
