package mahjong

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// The event log of a whole game (seeded walls, every seat taking a fixed
// choice among its legal actions) is frozen per preset: any change to
// walls, flow, scoring or event contents shows up as a diff. Rewrite with
// go test ./sim/mahjong -run EngineGolden -update.
func TestEngineGolden(t *testing.T) {
	for _, name := range Presets() {
		t.Run(name, func(t *testing.T) {
			r := mustPreset(t, name)
			r.Winds = 1
			s := New(r, 2026)
			var legal []Action
			for n := 0; !s.Done(); n++ {
				seat := s.Next()[0]
				legal = s.Legal(seat, legal[:0])
				// a fixed, varied choice: wins first, otherwise cycle
				a := legal[n%len(legal)]
				for _, x := range legal {
					if x.Kind == ActTsumo || x.Kind == ActRon {
						a = x
					}
				}
				if err := s.Apply(seat, a); err != nil {
					t.Fatal(err)
				}
			}
			var b bytes.Buffer
			for _, e := range s.Events() {
				fmt.Fprintln(&b, e)
			}
			res := s.Result()
			fmt.Fprintln(&b, "result", res.Score, res.Placement)
			path := filepath.Join("testdata", "engine", name+".golden")
			simtest.Golden(t, path, b.Bytes())
		})
	}
	_ = sim.NoSeat
}
