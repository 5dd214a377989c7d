package mahjong

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"gamelab/sim"
)

var updateEngineGolden = flag.Bool("update-engine", false, "rewrite the engine's golden event logs in testdata/engine")

// The event log of a whole game (seeded walls, every seat taking a fixed
// choice among its legal actions) is frozen per preset: any change to
// walls, flow, scoring or event contents shows up as a diff. Rewrite with
// go test ./sim/mahjong -run EngineGolden -update-engine.
func TestEngineGolden(t *testing.T) {
	for _, name := range Presets() {
		t.Run(name, func(t *testing.T) {
			r, _ := Preset(name)
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
			if *updateEngineGolden {
				os.MkdirAll(filepath.Dir(path), 0o755)
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update-engine to create it)", err)
			}
			if !bytes.Equal(want, b.Bytes()) {
				got, wl := bytes.Split(b.Bytes(), []byte("\n")), bytes.Split(want, []byte("\n"))
				for i := 0; i < len(got) && i < len(wl); i++ {
					if !bytes.Equal(got[i], wl[i]) {
						t.Fatalf("line %d: got %q, golden %q", i+1, got[i], wl[i])
					}
				}
				t.Fatalf("%d lines, golden %d", len(got), len(wl))
			}
		})
	}
	_ = sim.NoSeat
}
