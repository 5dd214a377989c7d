package bulletpoker

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"gamelab/sim"
	"gamelab/sim/bulletpoker"
	"gamelab/sim/simtest"
)

var tableMatches = flag.Int("table.matches", 300, "matches per pairing in TestWinRateTable (the report uses more)")

// TestWinRateTable measures heads-up win rates between every pair of
// strategies (seats swapped every match) and the win shares at a
// four-player table with one of each (seats rotated), with 95% intervals.
// Every equity-family strategy must beat random heads-up. Run with
// -table.matches=N -v for the report's figures.
func TestWinRateTable(t *testing.T) {
	names := Registry.Names()
	for _, preset := range []string{"classic", "liarstexas"} {
		r := simtest.Preset(t, bulletpoker.Preset, preset)
		var b strings.Builder
		fmt.Fprintf(&b, "%s heads-up, row's win rate vs column, %d matches each:\n%-8s", preset, *tableMatches, "")
		for _, c := range names {
			fmt.Fprintf(&b, " %-26s", c)
		}
		b.WriteByte('\n')
		// Each pair plays once, row before column; the cell below the
		// diagonal is the complement of the same matches.
		duels := make([][]tally, len(names))
		for i := range duels {
			duels[i] = make([]tally, len(names))
		}
		for i, a := range names {
			fmt.Fprintf(&b, "%-8s", a)
			for j, c := range names {
				if i == j {
					fmt.Fprintf(&b, " %-26s", "-")
					continue
				}
				var w tally
				if i < j {
					w = duel(t, r, a, c, *tableMatches, sim.Seed(sim.Label(preset), uint64(i), uint64(j)))
					duels[i][j] = w
				} else {
					w = duels[j][i]
					w.wins = w.games - w.wins
				}
				fmt.Fprintf(&b, " %-26s", w)
				if c == "random" && a != "random" {
					if lo, _ := w.interval(); lo <= 0.5 {
						t.Errorf("%s: %s does not beat random: %v", preset, a, w)
					}
				}
			}
			b.WriteByte('\n')
		}
		// Four players, one of each, seats rotated.
		r.Players = len(names)
		wins := make([]tally, len(names))
		for g := range *tableMatches {
			players := make([]Strategy, len(names))
			for k := range names {
				s, err := New(names[k])
				if err != nil {
					t.Fatal(err)
				}
				players[(k+g)%len(names)] = s
			}
			res, err := Play(r, sim.Seed(sim.Label(preset), 99, uint64(g)), players, nil)
			if err != nil {
				t.Fatal(err)
			}
			for k := range names {
				wins[k].wins += res.Score[(k+g)%len(names)]
				wins[k].games++
			}
		}
		fmt.Fprintf(&b, "%s four players, one of each, win share (1/4 = even):\n", preset)
		for k, n := range names {
			fmt.Fprintf(&b, "  %-8s %v\n", n, wins[k])
		}
		t.Log("\n" + b.String())
	}
}
