package arena

import (
	"context"
	"fmt"
	"testing"

	"gamelab/sim"
	"gamelab/sim/bulletpoker"
	"gamelab/sim/liarsbar"
	"gamelab/sim/mahjong"
	"gamelab/sim/simtest"
	sb "gamelab/strategies/bulletpoker"
	sl "gamelab/strategies/liarsbar"
	sm "gamelab/strategies/mahjong"
)

// The arena's cost per game is measured against calling each game's Play
// directly on the same deals and lineups (duplicate sets of 4 rotations):
// run with -cpu 1 for the overhead, and compare workers=1 with workers=2
// for the parallel speed-up.
const benchGames = 256

func benchArena(b *testing.B, game, rules string, players []string, workers int) {
	r, err := Lookup(game)
	if err != nil {
		b.Fatal(err)
	}
	m, err := r.Prepare(rules, players)
	if err != nil {
		b.Fatal(err)
	}
	sched, _ := NewSchedule("duplicate", m.Seats(), len(players), 1)
	games := 0
	cpu0 := simtest.CPUTime()
	for b.Loop() {
		if err := Run(context.Background(), m, sched, Options{First: 0, End: benchGames, Workers: workers}, func(*Record) error { return nil }); err != nil {
			b.Fatal(err)
		}
		games += benchGames
	}
	b.ReportMetric(float64(simtest.CPUTime()-cpu0)/float64(games), "cpu-ns/game")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(games), "ns/game")
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// benchDirect plays the same games by calling play on one goroutine.
func benchDirect[S any](b *testing.B, seats int, mk func(spec string) (S, error), players []string, play func(seed uint64, ps []S) (sim.Result, error)) {
	inst := make([][]S, seats)
	for i := range inst {
		for _, p := range players {
			s, err := mk(p)
			if err != nil {
				b.Fatal(err)
			}
			inst[i] = append(inst[i], s)
		}
	}
	sched, _ := NewSchedule("duplicate", seats, len(players), 1)
	ps := make([]S, seats)
	var lineup []int
	games := 0
	cpu0 := simtest.CPUTime()
	for b.Loop() {
		for g := int64(0); g < benchGames; g++ {
			var seed uint64
			_, seed, lineup = sched.Game(g, lineup)
			for i, p := range lineup {
				ps[i] = inst[i][p]
			}
			if _, err := play(seed, ps); err != nil {
				b.Fatal(err)
			}
		}
		games += benchGames
	}
	b.ReportMetric(float64(simtest.CPUTime()-cpu0)/float64(games), "cpu-ns/game")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(games), "ns/game")
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

func BenchmarkMahjong(b *testing.B) {
	rules := simtest.Preset(b, mahjong.Preset, "dihou")
	b.Run("direct", func(b *testing.B) {
		benchDirect(b, 4, sm.New, benchMahjong, func(seed uint64, ps []sm.Strategy) (sim.Result, error) {
			return sm.Play(rules, seed, ps, nil)
		})
	})
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("arena/workers=%d", w), func(b *testing.B) { benchArena(b, "mahjong", "dihou", benchMahjong, w) })
	}
}

var (
	benchMahjong = []string{"efficiency", "defense", "minimal", "tsumogiri"}
	benchLiars   = []string{"random", "honest", "bayes"}
	benchBullet  = []string{"random", "tight", "loose", "equity"}
)

func BenchmarkLiarsbar(b *testing.B) {
	rules := simtest.Preset(b, liarsbar.Preset, "basic")
	b.Run("direct", func(b *testing.B) {
		benchDirect(b, rules.Players, sl.New, benchLiars, func(seed uint64, ps []sl.Strategy) (sim.Result, error) {
			return sl.Play(rules, seed, ps, nil)
		})
	})
	// direct with an observer that only counts decisions, as the arena's
	// does: Play then builds the View for view-blind strategies too.
	b.Run("direct+observe", func(b *testing.B) {
		n := 0
		count := func(sim.Seat, *liarsbar.View, []liarsbar.Action, liarsbar.Action) { n++ }
		benchDirect(b, rules.Players, sl.New, benchLiars, func(seed uint64, ps []sl.Strategy) (sim.Result, error) {
			return sl.Play(rules, seed, ps, count)
		})
	})
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("arena/workers=%d", w), func(b *testing.B) { benchArena(b, "liarsbar", "basic", benchLiars, w) })
	}
}

func BenchmarkBulletpoker(b *testing.B) {
	rules := simtest.Preset(b, bulletpoker.Preset, "classic")
	b.Run("direct", func(b *testing.B) {
		benchDirect(b, rules.Players, sb.New, benchBullet, func(seed uint64, ps []sb.Strategy) (sim.Result, error) {
			return sb.Play(rules, seed, ps, nil)
		})
	})
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("arena/workers=%d", w), func(b *testing.B) { benchArena(b, "bulletpoker", "classic", benchBullet, w) })
	}
}

// BenchmarkSummaryAdd is the aggregation cost per game (4 seats).
func BenchmarkSummaryAdd(b *testing.B) {
	m, _ := Coin.Prepare("four", []string{"weak", "mid", "strong", "ace"})
	s := NewSummary(m)
	rec := &Record{Lineup: []int{0, 1, 2, 3}, Result: sim.Result{Score: []float64{3, 2, 1, 0}, Placement: []int8{1, 2, 3, 4},
		SeatStats: []map[string]float64{{"wins": 1}, {"wins": 0}, {"wins": 0}, {"wins": 0}}}}
	cpu0 := simtest.CPUTime()
	for b.Loop() {
		rec.Set++
		s.Add(rec)
	}
	b.ReportMetric(float64(simtest.CPUTime()-cpu0)/float64(b.N), "cpu-ns/game")
}
