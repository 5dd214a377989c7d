package main

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"gamelab/arena"
	"gamelab/internal/coin"
	"gamelab/sim"
)

// slowcoinDelay is how long a slowcoin game waits: a latency-bound game
// (an external bot over HTTP, an LLM) whose wall time shows how many games
// run at once, whatever share of the CPU the process gets.
const slowcoinDelay = 2 * time.Millisecond

var slowcoinOnce sync.Once

// registerSlowcoin adds "slowcoin", the coin game waiting slowcoinDelay a
// game; only the benchmarks register it, so the tests' game list stays.
func registerSlowcoin() {
	slowcoinOnce.Do(func() {
		arena.Register(&arena.Game[coin.Rules, *coin.Player, coin.View, coin.Action]{
			Title: "slowcoin", Preset: coin.Preset, PresetNames: coin.Presets, DefaultName: coin.DefaultRules,
			SeatsOf: coin.Seats, Registry: coin.Registry,
			PlayFunc: func(r coin.Rules, seed uint64, ps []*coin.Player, obs func(sim.Seat, *coin.View, []coin.Action, coin.Action)) (sim.Result, error) {
				time.Sleep(slowcoinDelay)
				return coin.Play(r, seed, ps, obs)
			},
		})
	})
}

// BenchmarkTuneWorkers times a whole lab tune (SPSA and CMA-ES, 400 games
// of a game that waits 2 ms) with 1 and 2 workers: games in flight at
// once, i.e. how wall time scales with --workers when the machine's cores
// are free. go test -run XXX -bench TuneWorkers -benchtime 3x ./cmd/lab
func BenchmarkTuneWorkers(b *testing.B) {
	registerSlowcoin()
	out := filepath.Join(b.TempDir(), "t.json")
	for _, method := range []string{"spsa", "cmaes"} {
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", method, w), func(b *testing.B) {
				for b.Loop() {
					code := run(context.Background(), []string{"tune", "--method", method, "--game", "slowcoin", "--rules", "four", "--strategy", "steps",
						"--opponents", "mid,strong", "--validate-against", "weak", "--games", "400", "--seed", "1", "--workers", fmt.Sprint(w), "--out", out, "--force"}, discard{})
					if code != 0 && code != 1 {
						b.Fatalf("exit %d", code)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/tune")
			})
		}
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
