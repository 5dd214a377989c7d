//go:build unix

package simtest

import (
	"hash/fnv"
	"testing"
	"time"
)

// busy hashes for about d of wall-clock time and returns the sum, so the
// work cannot be optimized away.
func busy(d time.Duration) uint64 {
	h := fnv.New64a()
	var buf [256]byte
	sum := uint64(0)
	for end := time.Now().Add(d); time.Now().Before(end); {
		for i := 0; i < 1000; i++ {
			buf[i%len(buf)]++
			h.Write(buf[:])
		}
		sum += h.Sum64()
	}
	return sum
}

func TestCPUTimeIncreasesWithWork(t *testing.T) {
	c0 := CPUTime()
	if c0 <= 0 {
		t.Fatalf("CPUTime() = %v at the start of a test process, want > 0", c0)
	}
	// The clock may tick coarsely (a scheduler tick): work in slices until
	// it moves, at most 2 s of wall time.
	sink := uint64(0)
	c1 := c0
	for wall := time.Now(); c1 <= c0 && time.Since(wall) < 2*time.Second; {
		sink += busy(20 * time.Millisecond)
		c1 = CPUTime()
	}
	if c1 <= c0 {
		t.Fatalf("CPUTime did not increase over 2 s of busy work: %v then %v (sink %d)", c0, c1, sink)
	}
}

func TestReportGames(t *testing.T) {
	res := testing.Benchmark(func(b *testing.B) {
		cpu0 := CPUTime()
		for b.Loop() {
			busy(time.Millisecond)
		}
		ReportGames(b, 3*b.N, cpu0)
	})
	if res.N == 0 {
		t.Fatal("benchmark did not run")
	}
	wall := float64(3*res.N) / res.T.Seconds()
	if got := res.Extra["games/s"]; got <= 0 || got < wall/2 || got > wall*2 {
		t.Errorf("games/s = %v, want about %v (3 games per op over %v)", got, wall, res.T)
	}
	// The loop runs on one goroutine, so the process cannot burn much more
	// CPU than wall time (on 2 cores at most twice): a CPU rate below half
	// the wall rate means the delta was not measured from cpu0. A loaded
	// machine can push the CPU rate above the wall rate, so no upper bound.
	if got, ok := res.Extra["games/cpu-s"]; !ok || got <= 0 {
		t.Errorf("games/cpu-s = %v (present %v), want > 0", got, ok)
	} else if got < wall/2 {
		t.Errorf("games/cpu-s = %v, below half the wall rate %v", got, wall)
	}
}
