package datasets

import (
	"reflect"
	"testing"

	"pgregory.net/rapid"

	"gamelab/sim"
	"gamelab/sim/bulletpoker"
	"gamelab/sim/liarsbar"
	"gamelab/sim/mahjong"
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

// checkViewOnly plays s at random and, at every decision, draws another
// full state with the same view for the deciding seat (sample: the
// engine's determinization, whose hidden cards, tiles or roles differ)
// and requires the same phase and features from both: the features read
// the View and the legal actions, never hidden state.
func checkViewOnly[S engine[V, A], V, A, F any](t *rapid.T, s S, sample func(*V, *sim.PCG) S, describe func(*V, []A) (string, F), maxSteps int) {
	rng := sim.NewPCG(rapid.Uint64().Draw(t, "rng"))
	var legal, legal2 []A
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
			legal2 = o.Legal(seat, legal2[:0])
			p2, f2 := describe(&v2, legal2)
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
		r, _ := mahjong.Preset("tenhou")
		rapid.Check(t, func(t *rapid.T) {
			s := mahjong.New(r, rapid.Uint64().Draw(t, "seed"))
			checkViewOnly(t, s, func(v *mahjong.View, rng *sim.PCG) *mahjong.State { return mahjong.Sample(r, v, rng) }, sm.DescribeDecision, 300)
		})
	})
	t.Run("liarsbar", func(t *testing.T) {
		r, _ := liarsbar.Preset(liarsbar.VariantChaos)
		rapid.Check(t, func(t *rapid.T) {
			checkViewOnly(t, liarsbar.New(r, rapid.Uint64().Draw(t, "seed")), liarsbar.Sample, sl.DescribeDecision, 300)
		})
	})
	t.Run("bulletpoker", func(t *testing.T) {
		r, _ := bulletpoker.Preset(bulletpoker.Presets()[0])
		rapid.Check(t, func(t *rapid.T) {
			checkViewOnly(t, bulletpoker.New(r, rapid.Uint64().Draw(t, "seed")), bulletpoker.Sample, sb.DescribeDecision, 300)
		})
	})
	t.Run("werewolf", func(t *testing.T) {
		r, _ := werewolf.Preset("7")
		rapid.Check(t, func(t *rapid.T) {
			checkViewOnly(t, werewolf.New(r, rapid.Uint64().Draw(t, "seed")), werewolf.Sample, sw.DescribeDecision, 300)
		})
	})
}
