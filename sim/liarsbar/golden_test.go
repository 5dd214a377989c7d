package liarsbar

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// playthrough plays a game with seeded random actions and renders every
// decision ("> seat action") and every event, private ones marked by their
// "@seat".
func playthrough(r Rules, seed uint64) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s, %d players, seed %d\n", r.Variant, r.Players, seed)
	s := New(r, seed)
	rng := sim.NewPCG(seed ^ 0xfeed)
	var legal []Action
	seen := 0
	flush := func() {
		for _, e := range s.events[seen:] {
			b.WriteString(e.String())
			b.WriteByte('\n')
		}
		seen = len(s.events)
	}
	for !s.Done() {
		flush()
		next := s.Next()
		seat := next[rng.IntN(len(next))]
		legal = s.Legal(seat, legal[:0])
		a := legal[rng.IntN(len(legal))]
		fmt.Fprintf(&b, "> %d %v\n", seat, a)
		if err := s.Apply(seat, a); err != nil {
			panic(err)
		}
	}
	flush()
	res := s.Result()
	fmt.Fprintf(&b, "placement %v score %v rounds %v\n", res.Placement, res.Score, res.Stats["rounds"])
	return b.Bytes()
}

// The golden playthroughs pin the engine's exact behaviour: the seeds'
// decks, chambers, table cards, legal lists and every event. Regenerate
// with go test ./sim/liarsbar -run Golden -update after an intended change.
func TestGolden(t *testing.T) {
	cases := []struct {
		variant string
		players int
		seed    uint64
	}{
		{VariantBasic, 4, 1}, {VariantBasic, 2, 2}, {VariantDevil, 4, 3}, {VariantDevil, 3, 4},
		{VariantChaos, 4, 5}, {VariantChaos, 6, 6},
	}
	for _, c := range cases {
		name := fmt.Sprintf("%s-%d-%d.txt", c.variant, c.players, c.seed)
		t.Run(name, func(t *testing.T) {
			r := mustPreset(t, c.variant)
			r.Players = c.players
			got := playthrough(r, c.seed)
			path := filepath.Join("testdata", "golden", name)
			simtest.Golden(t, path, got)
		})
	}
}
