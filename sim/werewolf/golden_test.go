package werewolf

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// TestGoldenPlaythroughs plays one random game per preset (and one with a
// runoff and timeouts) from a fixed seed and compares the whole log, line
// by line, to testdata/golden/*.txt. A change in the deal, the rules or
// the RNG derivations shows up here. Run with -update to accept changes.
func TestGoldenPlaythroughs(t *testing.T) {
	runoff := Default(3, 1, 1, 1, 1)
	runoff.Tie = TieRunoff
	runoff.Speaks = 2
	games := map[string]Rules{"runoff-timeouts": runoff}
	for _, name := range Presets() {
		games["preset"+name] = mustPreset(t, name)
	}
	for name, r := range games {
		t.Run(name, func(t *testing.T) {
			s := New(r, sim.Label("golden-"+name))
			p := sim.NewPCG(sim.Label("golden-play"))
			var b strings.Builder
			var buf []Action
			for step := 0; !s.Done(); step++ {
				if name == "runoff-timeouts" && step%9 == 8 {
					if err := s.ExpirePhase(); err != nil {
						t.Fatal(err)
					}
					continue
				}
				next := s.Next()
				seat := next[p.IntN(len(next))]
				buf = s.Legal(seat, buf[:0])
				a := buf[p.IntN(len(buf))]
				if a.Kind == ActTalk || a.Kind == ActWhisper {
					a.Text = fmt.Sprintf("message %d", step)
				}
				if err := s.Apply(seat, a); err != nil {
					t.Fatal(err)
				}
			}
			for _, e := range s.Events() {
				b.WriteString(e.String())
				b.WriteByte('\n')
			}
			fmt.Fprintf(&b, "result %v\n", s.Result().Score)
			path := filepath.Join("testdata", "golden", name+".txt")
			simtest.Golden(t, path, []byte(b.String()))
		})
	}
}
