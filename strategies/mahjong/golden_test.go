package mahjong

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/sim"
	"gamelab/sim/mahjong"
	"gamelab/sim/simtest"
)

// goldenSpecs are the baseline bots whose games must not change when their
// decisions get faster: the final scores of every seeded game are kept.
var goldenSpecs = []string{"efficiency", "defense", "defense?push=0&push_value=0", "efficiency?call=1&riichi=0.5"}

// TestGoldenGames plays 6 games of four copies of each baseline under each
// preset, plus mixed tables, and compares the final scores and the
// decisions' count with testdata/golden_games.txt (simtest.Golden: go test
// -run GoldenGames -update rewrites it).
func TestGoldenGames(t *testing.T) {
	var b strings.Builder
	for _, preset := range mahjong.Presets() {
		r := simtest.Preset(t, mahjong.Preset, preset)
		lineups := [][]string{}
		for _, s := range goldenSpecs {
			lineups = append(lineups, []string{s, s, s, s})
		}
		lineups = append(lineups, goldenSpecs)
		for _, lu := range lineups {
			ps := make([]Strategy, 4)
			for i, s := range lu {
				p, err := New(s)
				if err != nil {
					t.Fatal(err)
				}
				ps[i] = p
			}
			for g := uint64(0); g < 6; g++ {
				n := 0
				res, err := Play(r, g, ps, func(sim.Seat, *mahjong.View, []mahjong.Action, mahjong.Action) { n++ })
				if err != nil {
					t.Fatal(err)
				}
				fmt.Fprintf(&b, "%s %s seed %d: %v, %d decisions\n", preset, strings.Join(lu, ","), g, res.Score, n)
			}
		}
	}
	simtest.Golden(t, filepath.Join("testdata", "golden_games.txt"), []byte(b.String()))
}
