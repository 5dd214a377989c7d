//go:build unix

package mahjong

import "syscall"

// cpuSeconds returns the CPU time (user + system) the process has used so
// far, so benchmarks on a shared, loaded machine can report games per
// CPU-second beside games per wall-clock second.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
