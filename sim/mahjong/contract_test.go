package mahjong

import (
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// TestContract runs the generic contract checks (views as folds of For,
// Reset as New, clones) on every preset, with the sampler: at every 15th
// step a sample of the deciding seat's view shows that seat the same view
// and legal actions, the same rng seed gives the same sample, and the
// sample plays on to a well-formed end.
func TestContract(t *testing.T) {
	for _, name := range Presets() {
		t.Run(name, func(t *testing.T) {
			r := mustPreset(t, name)
			r.Winds = 1
			simtest.CheckContract(t, simtest.Contract[*State, Rules, Action, Event, View, *View]{
				Rules: r, New: New, Seats: 4,
				NewView:    NewView,
				Encode:     encodeHidden,
				Sample:     func(v *View, rng *sim.PCG) *State { return Sample(r, v, rng) },
				MaxSteps:   100_000,
				CheckEvery: 15,
			}, 3, sim.Label(name))
		})
	}
}
