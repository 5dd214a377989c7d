package bulletpoker

import (
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// TestContract runs the generic contract checks (views as folds of For,
// Reset as New, clones, determinization) on every preset.
func TestContract(t *testing.T) {
	for _, name := range Presets() {
		t.Run(name, func(t *testing.T) {
			r := mustPreset(t, name)
			simtest.CheckContract(t, simtest.Contract[*State, Rules, Action, Event, View, *View]{
				Rules: r, New: New, Seats: r.Players,
				NewView:    func(seat sim.Seat) View { return NewView(r, seat) },
				Encode:     encode,
				Sample:     Sample,
				MaxSteps:   200 * 200,
				CheckEvery: 3,
			}, 50, sim.Label(name))
		})
	}
}
