package liarsbar

import (
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// TestContract runs the generic contract checks (views as folds of For,
// Reset as New, clones) on every variant.
func TestContract(t *testing.T) {
	for _, name := range Presets() {
		t.Run(name, func(t *testing.T) {
			r := mustPreset(t, name)
			simtest.CheckContract(t, simtest.Contract[*State, Rules, Action, Event, View, *View]{
				Rules: r, New: New, Seats: r.Players,
				NewView:    func(seat sim.Seat) View { return NewView(r, seat) },
				Encode:     encode,
				Sample:     Sample,
				CheckEvery: 3,
			}, 50, sim.Label(name))
		})
	}
}
