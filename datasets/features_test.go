package datasets

import (
	"reflect"
	"testing"

	"pgregory.net/rapid"

	"gamelab/sim"
	"gamelab/sim/bulletpoker"
	"gamelab/sim/liarsbar"
	"gamelab/sim/mahjong"
	"gamelab/sim/simtest"
	"gamelab/sim/werewolf"
	sb "gamelab/strategies/bulletpoker"
	sl "gamelab/strategies/liarsbar"
	sm "gamelab/strategies/mahjong"
	sw "gamelab/strategies/werewolf"
)

// engine is the part of the engine contract the feature property needs.
type engine[V, A any] interface {
	Next() []sim.Seat
	Legal(seat sim.Seat, dst []A) []A
	Apply(seat sim.Seat, a A) error
	Done() bool
	View(seat sim.Seat) V
}

// checkViewOnly plays s at random and, at every third decision, draws
// another full state with the same view for the deciding seat (sample:
// the engine's determinization, whose hidden cards, tiles or roles
// differ) and requires the same phase and features from both views with
// the decision's legal actions: the features read the View and the legal
// actions, never hidden state.
func checkViewOnly[S engine[V, A], V, A, F any](t *rapid.T, s S, sample func(*V, *sim.PCG) S, describe func(*V, []A) (string, F), maxSteps int) {
	rng := sim.NewPCG(rapid.Uint64().Draw(t, "rng"))
	var legal []A
	for step := 0; step < maxSteps && !s.Done(); step++ {
		next := s.Next()
		if len(next) == 0 {
			t.Fatalf("step %d: nobody to move in an unfinished game", step)
		}
		seat := next[rng.IntN(len(next))]
		legal = s.Legal(seat, legal[:0])
		v := s.View(seat)
		p1, f1 := describe(&v, legal)
		if step%3 == 0 {
			o := sample(&v, &rng)
			v2 := o.View(seat)
			// The legal actions are the decision's input; the sampled
			// state's own are the sampler's business (they may differ
			// where it does not rebuild whose decision it is).
			p2, f2 := describe(&v2, legal)
			if p1 != p2 || !reflect.DeepEqual(f1, f2) {
				t.Fatalf("step %d seat %d: same view, different features:\n%s %+v\n%s %+v", step, seat, p1, f1, p2, f2)
			}
		}
		if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
}

func TestFeaturesComeFromTheView(t *testing.T) {
	t.Run("mahjong", func(t *testing.T) {
		r := simtest.Preset(t, mahjong.Preset, "tenhou")
		rapid.Check(t, func(t *rapid.T) {
			s := mahjong.New(r, rapid.Uint64().Draw(t, "seed"))
			checkViewOnly(t, s, func(v *mahjong.View, rng *sim.PCG) *mahjong.State { return mahjong.Sample(r, v, rng) }, sm.DescribeDecision, 300)
		})
	})
	t.Run("liarsbar", func(t *testing.T) {
		r := simtest.Preset(t, liarsbar.Preset, liarsbar.VariantChaos)
		rapid.Check(t, func(t *rapid.T) {
			checkViewOnly(t, liarsbar.New(r, rapid.Uint64().Draw(t, "seed")), liarsbar.Sample, sl.DescribeDecision, 300)
		})
	})
	t.Run("bulletpoker", func(t *testing.T) {
		r := simtest.Preset(t, bulletpoker.Preset, bulletpoker.Presets()[0])
		rapid.Check(t, func(t *rapid.T) {
			checkViewOnly(t, bulletpoker.New(r, rapid.Uint64().Draw(t, "seed")), bulletpoker.Sample, sb.DescribeDecision, 300)
		})
	})
	t.Run("werewolf", func(t *testing.T) {
		r := simtest.Preset(t, werewolf.Preset, "7")
		rapid.Check(t, func(t *rapid.T) {
			checkViewOnly(t, werewolf.New(r, rapid.Uint64().Draw(t, "seed")), werewolf.Sample, sw.DescribeDecision, 300)
		})
	})
}

// playDecisions plays one game at random and records every decision with
// its features, as the arena does with --decisions.
func playDecisions[S engine[V, A], V any, A interface {
	comparable
	String() string
}, F any](t *testing.T, s S, describe func(*V, []A) (string, F), seed uint64) []Decision {
	rng := sim.NewPCG(seed)
	var out []Decision
	var legal []A
	for step := 0; step < 2000 && !s.Done(); step++ {
		seat := s.Next()[0]
		legal = s.Legal(seat, legal[:0])
		v := s.View(seat)
		phase, f := describe(&v, legal)
		i := rng.IntN(len(legal))
		d := Decision{Step: int32(step), Seat: int8(seat), Chosen: legal[i].String(), ChosenIndex: int32(i), Phase: phase, Features: f}
		for _, a := range legal {
			d.Legal = append(d.Legal, a.String())
		}
		out = append(out, d)
		if err := s.Apply(seat, legal[i]); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// Every decision of a real game of each game, features and all, reads
// back exactly as written.
func TestDecisionFeaturesRoundTrip(t *testing.T) {
	mj := simtest.Preset(t, mahjong.Preset, "tenhou")
	lb := simtest.Preset(t, liarsbar.Preset, liarsbar.VariantChaos)
	bp := simtest.Preset(t, bulletpoker.Preset, bulletpoker.Presets()[0])
	ww := simtest.Preset(t, werewolf.Preset, "7")
	for _, c := range []struct {
		game  string
		seats int
		play  func() []Decision
	}{
		{"mahjong", 4, func() []Decision { return playDecisions(t, mahjong.New(mj, 3), sm.DescribeDecision, 3) }},
		{"liarsbar", lb.Players, func() []Decision { return playDecisions(t, liarsbar.New(lb, 3), sl.DescribeDecision, 3) }},
		{"bulletpoker", bp.Players, func() []Decision { return playDecisions(t, bulletpoker.New(bp, 3), sb.DescribeDecision, 3) }},
		{"werewolf", ww.Players, func() []Decision { return playDecisions(t, werewolf.New(ww, 3), sw.DescribeDecision, 3) }},
	} {
		t.Run(c.game, func(t *testing.T) {
			g := Game{Index: 0, Seed: 3, Result: sim.Result{Score: make([]float64, c.seats), Placement: make([]int8, c.seats)}, Decisions: c.play()}
			for i := range c.seats {
				g.Lineup = append(g.Lineup, 0)
				g.Result.Placement[i] = int8(i + 1)
				g.Result.Score[i] = float64(-i)
			}
			g.Length = int32(len(g.Decisions))
			dir := t.TempDir()
			info := RunInfo{Version: "test", Game: c.game, Players: []string{"random"}, First: 0, End: 1, Total: 1, Decisions: true}
			w, err := Create(dir, info, 0)
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Add(&g); err != nil {
				t.Fatal(err)
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			n := 0
			if _, err := ReadRun(dir, func(r *Game) error {
				n++
				if len(r.Decisions) != len(g.Decisions) {
					t.Fatalf("%d decisions read, %d written", len(r.Decisions), len(g.Decisions))
				}
				for i := range r.Decisions {
					if !reflect.DeepEqual(r.Decisions[i], g.Decisions[i]) {
						t.Fatalf("decision %d read back as\n%#v\nwritten\n%#v", i, r.Decisions[i].Features, g.Decisions[i].Features)
					}
				}
				return nil
			}); err != nil || n != 1 {
				t.Fatalf("ReadRun: %v after %d games", err, n)
			}
		})
	}
}
