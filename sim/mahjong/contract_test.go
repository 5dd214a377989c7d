package mahjong

import (
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// TestContract runs the generic contract checks (views as folds of For,
// Reset as New, clones) on every preset.
func TestContract(t *testing.T) {
	for _, name := range Presets() {
		t.Run(name, func(t *testing.T) {
			r, _ := Preset(name)
			r.Winds = 1
			simtest.CheckContract(t, simtest.Contract[*State, Rules, Action, Event, View, *View]{
				Rules: r, New: New, Seats: 4,
				NewView:    NewView,
				Encode:     encodeState,
				MaxSteps:   100_000,
				CheckEvery: 20,
			}, 3, sim.Label(name))
		})
	}
}
