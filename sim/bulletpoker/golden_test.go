package bulletpoker

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

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
			r := mustPreset(t, name)
			r.Players = players
			got := playthrough(r, 2026)
			path := filepath.Join("testdata", "golden", fmt.Sprintf("%s-%dp.txt", name, players))
			simtest.Golden(t, path, []byte(got))
		}
	}
}
