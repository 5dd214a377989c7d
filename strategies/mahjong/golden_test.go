package mahjong

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/sim"
	"gamelab/sim/mahjong"
)

var updateGames = flag.Bool("update-games", false, "rewrite testdata/golden_games.txt")

// goldenSpecs are the baseline bots whose games must not change when their
// decisions get faster: the final scores of every seeded game are kept.
var goldenSpecs = []string{"efficiency", "defense", "defense?push=0&push_value=0", "efficiency?call=1&riichi=0.5"}

// TestGoldenGames plays 6 games of four copies of each baseline under each
// preset, plus mixed tables, and compares the final scores and the
// decisions' count with testdata/golden_games.txt (go test -update-games
// rewrites it).
func TestGoldenGames(t *testing.T) {
	var b strings.Builder
	for _, preset := range mahjong.Presets() {
		r, _ := mahjong.Preset(preset)
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
	path := filepath.Join("testdata", "golden_games.txt")
	if *updateGames {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(b.String(), "\n")
	for i, w := range strings.Split(string(want), "\n") {
		if i >= len(got) || got[i] != w {
			g := ""
			if i < len(got) {
				g = got[i]
			}
			t.Fatalf("line %d:\n got %s\nwant %s", i+1, g, w)
		}
	}
	if len(got) != len(strings.Split(string(want), "\n")) {
		t.Fatalf("%d lines, want %d", len(got), len(strings.Split(string(want), "\n")))
	}
}
