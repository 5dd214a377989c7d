package bulletpoker

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/sim"
)

var update = flag.Bool("update", false, "rewrite the golden playthroughs in testdata/golden")

// playthrough plays a match with random choices drawn from seed and
// records every decision and event as text.
func playthrough(r Rules, seed uint64) string {
	var b strings.Builder
	s := New(r, seed)
	p := sim.NewPCG(sim.Seed(seed, sim.Label("golden")))
	seen := 0
	flush := func() {
		for _, e := range s.Events()[seen:] {
			fmt.Fprintln(&b, e)
		}
		seen = len(s.Events())
	}
	var legal []Action
	for !s.Done() {
		flush()
		next := s.Next()
		seat := next[p.IntN(len(next))]
		legal = s.Legal(seat, legal[:0])
		a := legal[p.IntN(len(legal))]
		fmt.Fprintf(&b, "> seat %d %s  (legal %v, asked %v)\n", seat, a, legal, next)
		if err := s.Apply(seat, a); err != nil {
			fmt.Fprintf(&b, "ERROR %v\n", err)
			return b.String()
		}
	}
	flush()
	res := s.Result()
	fmt.Fprintf(&b, "result score %v placement %v hands %v\n", res.Score, res.Placement, res.Stats["hands"])
	return b.String()
}

// TestGoldenPlaythroughs replays fixed-seed random matches of every preset
// and compares the transcript with testdata/golden (go test -update
// rewrites them after an intended rule change).
func TestGoldenPlaythroughs(t *testing.T) {
	for _, name := range Presets() {
		for _, players := range []int{3, 5} {
			r, _ := Preset(name)
			r.Players = players
			got := playthrough(r, 2026)
			path := filepath.Join("testdata", "golden", fmt.Sprintf("%s-%dp.txt", name, players))
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
				for i := range min(len(gl), len(wl)) {
					if gl[i] != wl[i] {
						t.Fatalf("%s: line %d\n got: %s\nwant: %s", path, i+1, gl[i], wl[i])
					}
				}
				t.Fatalf("%s: %d lines, want %d", path, len(gl), len(wl))
			}
		}
	}
}
