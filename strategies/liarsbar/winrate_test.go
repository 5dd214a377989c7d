package liarsbar

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"gamelab/sim"
	"gamelab/sim/liarsbar"
	"gamelab/sim/simtest"
)

// tally is one strategy's record over a tournament.
type tally struct {
	spec        string
	seats, wins float64 // seats taken; points won (Score: 1 per win)
	challenges  float64 // voluntary and forced challenges made
	caught      float64 // challenges that revealed a lie
}

// rate is the win rate per seat taken with its Wilson 95% interval.
func (t tally) rate() (p, lo, hi float64) {
	n := t.seats
	p = t.wins / n
	const z = 1.959964
	d := 1 + z*z/n
	c := (p + z*z/(2*n)) / d
	h := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / d
	return p, c - h, c + h
}

// seatings lists every distinct arrangement of the multiset specs.
func seatings(specs []string) [][]string {
	var out [][]string
	var rec func(cur []string, left []string)
	rec = func(cur, left []string) {
		if len(left) == 0 {
			out = append(out, slices.Clone(cur))
			return
		}
		for i, s := range left {
			if slices.Contains(left[:i], s) {
				continue
			}
			rest := append(slices.Clone(left[:i]), left[i+1:]...)
			rec(append(cur, s), rest)
		}
	}
	rec(nil, specs)
	return out
}

// tournament plays games of r cycling through lineups (seat i plays
// lineup[i]), split over the CPUs, and tallies each spec.
func tournament(t testing.TB, r liarsbar.Rules, lineups [][]string, games int, root uint64) []tally {
	t.Helper()
	var specs []string
	for _, l := range lineups {
		for _, s := range l {
			if !slices.Contains(specs, s) {
				specs = append(specs, s)
			}
		}
	}
	workers := runtime.GOMAXPROCS(0)
	parts := make([][]tally, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tl := make([]tally, len(specs))
			players := make(map[string][]Strategy)
			for _, sp := range specs {
				for range r.Players {
					st, err := New(sp)
					if err != nil {
						errs[w] = err
						return
					}
					players[sp] = append(players[sp], st)
				}
			}
			seat := make([]Strategy, r.Players)
			for g := w; g < games; g += workers {
				l := lineups[g%len(lineups)]
				for i, sp := range l {
					seat[i] = players[sp][i]
				}
				res, err := Play(r, sim.Seed(root, uint64(g)), seat, nil)
				if err != nil {
					errs[w] = err
					return
				}
				for i, sp := range l {
					k := slices.Index(specs, sp)
					tl[k].seats++
					tl[k].wins += res.Score[i]
					tl[k].challenges += res.SeatStats[i]["challenges"]
					tl[k].caught += res.SeatStats[i]["caught"]
				}
			}
			parts[w] = tl
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	out := make([]tally, len(specs))
	for k, sp := range specs {
		out[k].spec = sp
		for _, p := range parts {
			out[k].seats += p[k].seats
			out[k].wins += p[k].wins
			out[k].challenges += p[k].challenges
			out[k].caught += p[k].caught
		}
	}
	return out
}

func table(ts []tally) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-28s %9s %8s %17s %10s %8s\n", "strategy", "seats", "win %", "95% interval", "chal/game", "caught%")
	for _, t := range ts {
		p, lo, hi := t.rate()
		fmt.Fprintf(&b, "%-28s %9.0f %8.2f %8.2f – %6.2f %10.3f %8.1f\n", t.spec, t.seats, 100*p, 100*lo, 100*hi,
			t.challenges/t.seats, 100*t.caught/math.Max(1, t.challenges))
	}
	return b.String()
}

// TestWinRates4Basic measures random, honest and bayes against each other
// in 4-seat basic over 100,008 games: every game seats the three plus one
// more of them, cycling through all 36 distinct seatings, so each strategy
// takes every seat equally often. Win % is per seat taken (25 % is par).
func TestWinRates4Basic(t *testing.T) {
	r := simtest.Preset(t, liarsbar.Preset, liarsbar.VariantBasic)
	base := []string{"random", "honest", "bayes"}
	var lineups [][]string
	for _, x := range base {
		lineups = append(lineups, seatings(append(slices.Clone(base), x))...)
	}
	const games = 36 * 2778
	ts := tournament(t, r, lineups, games, 2026)
	t.Logf("4-seat basic, %d games:\n%s", games, table(ts))
	total := 0.0
	for _, x := range ts {
		total += x.wins
	}
	if math.Abs(total-games) > 1e-6 {
		t.Errorf("points %v, want one per game", total)
	}
	rate := map[string][3]float64{}
	for _, x := range ts {
		p, lo, hi := x.rate()
		rate[x.spec] = [3]float64{p, lo, hi}
	}
	// bayes beats honest beats random, beyond their 95 % intervals.
	for _, p := range [][2]string{{"honest", "random"}, {"bayes", "honest"}} {
		if rate[p[0]][1] <= rate[p[1]][2] {
			t.Errorf("%s (%.4f) does not beat %s (%.4f) beyond the intervals", p[0], rate[p[0]][0], p[1], rate[p[1]][0])
		}
	}
}
