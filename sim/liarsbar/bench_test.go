package liarsbar

import (
	"testing"
	"time"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// playRandom plays one game of s with uniformly random legal actions.
func playRandom(s *State, rng *sim.PCG, legal []Action) []Action {
	for !s.Done() {
		next := s.Next()
		seat := next[0]
		if len(next) > 1 {
			seat = next[rng.IntN(len(next))]
		}
		legal = s.Legal(seat, legal[:0])
		if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
			panic(err)
		}
	}
	return legal
}

// BenchmarkRandomGame: whole 4-seat games with random players, reusing the
// state (Reset) so the loop allocates nothing once the log has grown.
func BenchmarkRandomGame(b *testing.B) {
	for _, name := range Presets() {
		b.Run(name, func(b *testing.B) {
			r := mustPreset(b, name)
			var s State
			legal := make([]Action, 0, 64)
			rng := sim.NewPCG(1)
			seed := uint64(0)
			b.ReportAllocs()
			cpu0 := simtest.CPUTime()
			for b.Loop() {
				seed++
				s.Reset(r, seed)
				legal = playRandom(&s, &rng, legal)
			}
			simtest.ReportGames(b, b.N, cpu0)
		})
	}
}

// BenchmarkRandomGameNew is the same with New and Result per game, as an
// arena runner does it.
func BenchmarkRandomGameNew(b *testing.B) {
	r := mustPreset(b, VariantBasic)
	legal := make([]Action, 0, 64)
	rng := sim.NewPCG(1)
	seed := uint64(0)
	b.ReportAllocs()
	cpu0 := simtest.CPUTime()
	for b.Loop() {
		seed++
		s := New(r, seed)
		legal = playRandom(s, &rng, legal)
		_ = s.Result()
	}
	simtest.ReportGames(b, b.N, cpu0)
}

func BenchmarkLegal(b *testing.B) {
	r := mustPreset(b, VariantBasic)
	s := New(r, 3)
	seat := s.Next()[0]
	legal := make([]Action, 0, 64)
	cpu0 := simtest.CPUTime()
	for b.Loop() {
		legal = s.Legal(seat, legal[:0])
	}
	reportCPU(b, cpu0)
}

// reportCPU reports the CPU time per operation (see simtest.CPUTime).
func reportCPU(b *testing.B, cpu0 time.Duration) {
	if cpu := simtest.CPUTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkDeal is one round's deal in 4-seat basic: table card, shuffle,
// sorted hands and their events (a game has about 12).
func BenchmarkDeal(b *testing.B) {
	r := mustPreset(b, VariantBasic)
	s := New(r, 1)
	cpu0 := simtest.CPUTime()
	for b.Loop() {
		s.seed++
		s.derive()
		s.round = 0
		s.events = s.events[:0]
		s.startRound(0)
	}
	reportCPU(b, cpu0)
}

// BenchmarkReset is starting a 4-seat basic game in a reused State:
// validation, revolvers, first player and the first deal.
func BenchmarkReset(b *testing.B) {
	r := mustPreset(b, VariantBasic)
	var s State
	seed := uint64(0)
	cpu0 := simtest.CPUTime()
	for b.Loop() {
		seed++
		s.Reset(r, seed)
	}
	reportCPU(b, cpu0)
}

// BenchmarkDeterminize: one determinization of the first seat's view of a
// basic game, reusing one State (0 allocations once it exists).
func BenchmarkDeterminize(b *testing.B) {
	r, err := Preset(VariantBasic)
	if err != nil {
		b.Fatal(err)
	}
	s := New(r, 7)
	v := s.View(s.Next()[0])
	var d State
	rng := sim.NewPCG(1)
	d.Determinize(&v, &rng)
	b.ReportAllocs()
	for b.Loop() {
		d.Determinize(&v, &rng)
	}
}
