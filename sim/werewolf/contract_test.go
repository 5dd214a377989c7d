package werewolf

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
			r := mustPreset(t, name)
			simtest.CheckContract(t, simtest.Contract[*State, Rules, Action, Event, View, *View]{
				Rules: r, New: New, Seats: r.Players,
				NewView:    NewView,
				Encode:     encode,
				MaxSteps:   100_000,
				CheckEvery: 5,
			}, 30, sim.Label(name))
		})
	}
}

// TestForMatchesVisibleTo: the contract's For and the role-based
// VisibleTo agree on every event of random games, for every seat.
func TestForMatchesVisibleTo(t *testing.T) {
	for _, name := range Presets() {
		r := mustPreset(t, name)
		for g := range 20 {
			s := New(r, uint64(g))
			rng := sim.NewPCG(uint64(g))
			var legal []Action
			for !s.Done() {
				next := s.Next()
				seat := next[rng.IntN(len(next))]
				legal = s.Legal(seat, legal[:0])
				if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
			for _, e := range s.Events() {
				for seat := sim.NoSeat; seat < sim.Seat(r.Players); seat++ {
					_, ok := e.For(seat)
					if want := e.VisibleTo(seat, s.Role(seat)); ok != want {
						t.Fatalf("%s game %d: %v For(%d) = %v, VisibleTo = %v", name, g, e, seat, ok, want)
					}
				}
			}
		}
	}
}
