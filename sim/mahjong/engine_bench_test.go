package mahjong

import (
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// playRandom plays one game with uniformly random legal actions.
func playRandom(r Rules, seed uint64, legal []Action) (*State, []Action) {
	rng := newPlayRNG(seed)
	s := New(r, seed)
	for !s.Done() {
		next := s.Next()
		seat := next[rng.IntN(len(next))]
		legal = s.Legal(seat, legal[:0])
		if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
			panic(err)
		}
	}
	return s, legal
}

// newPlayRNG is playRandom's chooser for seed.
func newPlayRNG(seed uint64) sim.PCG { return sim.NewPCG(seed ^ 0x9e3779b97f4a7c15) }

func benchRandom(b *testing.B, r Rules) {
	legal := make([]Action, 0, 64)
	_, legal = playRandom(r, 1<<40, legal) // warm up: the shanten tables are built once per process
	seed := uint64(0)
	cpu0 := simtest.CPUTime()
	for b.Loop() {
		seed++
		_, legal = playRandom(r, seed, legal)
	}
	simtest.ReportGames(b, b.N, cpu0)
}

func BenchmarkRandomTenhou(b *testing.B) { benchRandom(b, Tenhou()) }
func BenchmarkRandomDihou(b *testing.B)  { benchRandom(b, Dihou()) }
