package liarsbar

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"gamelab/sim"
	"gamelab/sim/liarsbar"
	"gamelab/sim/simtest"
)

func mustNew(t testing.TB, spec string) Strategy {
	t.Helper()
	s, err := New(spec)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Every strategy, in every variant and seat count, only ever answers with
// legal actions and finishes its games with a well-formed result.
func TestStrategiesPlayLegally(t *testing.T) {
	for _, variant := range liarsbar.Presets() {
		for _, n := range []int{2, 3, 4, 6} {
			r := simtest.Preset(t, liarsbar.Preset, variant)
			r.Players = n
			t.Run(fmt.Sprintf("%s/%d", variant, n), func(t *testing.T) {
				names := Registry.Names()
				for g := range 300 {
					players := make([]Strategy, n)
					for i := range players {
						players[i] = mustNew(t, names[(g+i)%len(names)])
					}
					res, err := Play(r, uint64(g), players, nil)
					if err != nil {
						t.Fatalf("game %d: %v", g, err)
					}
					if err := res.Validate(n); err != nil {
						t.Fatalf("game %d: %v", g, err)
					}
				}
			})
		}
	}
}

type cheat struct{}

func (cheat) Reset() {}
func (cheat) Decide(*liarsbar.View, []liarsbar.Action, *rand.Rand) liarsbar.Action {
	return liarsbar.AimAt(9)
}

func TestPlayRefusesIllegalChoice(t *testing.T) {
	r := simtest.Preset(t, liarsbar.Preset, "basic")
	players := []Strategy{cheat{}, cheat{}, cheat{}, cheat{}}
	if _, err := Play(r, 1, players, nil); !errors.Is(err, ErrIllegalChoice) {
		t.Fatalf("Play with an illegal answer: err %v, want ErrIllegalChoice", err)
	}
	if _, err := Play(r, 1, players[:3], nil); err == nil {
		t.Fatal("Play accepted 3 players for 4 seats")
	}
}

// Play is deterministic and gives each seat the documented RNG stream.
func TestPlayDeterministic(t *testing.T) {
	r := simtest.Preset(t, liarsbar.Preset, "chaos")
	run := func() string {
		players := []Strategy{mustNew(t, "random"), mustNew(t, "bayes"), mustNew(t, "honest"), mustNew(t, "random?challenge=3")}
		var log []string
		res, err := Play(r, 77, players, func(seat sim.Seat, v *liarsbar.View, legal []liarsbar.Action, a liarsbar.Action) {
			log = append(log, fmt.Sprint(seat, a))
		})
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(log, res.Placement)
	}
	if a, b := run(), run(); a != b {
		t.Fatalf("two runs differ:\n%s\n%s", a, b)
	}
}

// Reusing a pooled game and skipping the view of a strategy that never
// reads it change nothing: the same seeds give the same results with and
// without observe (which makes Play build every view), across variants
// played one after another on the same pooled buffers.
func TestPlayPoolAndBlindViews(t *testing.T) {
	noop := func(sim.Seat, *liarsbar.View, []liarsbar.Action, liarsbar.Action) {}
	for _, variant := range []string{"basic", "chaos", "devil", "basic"} {
		r := simtest.Preset(t, liarsbar.Preset, variant)
		for seed := range uint64(30) {
			var got [2]string
			for k, observe := range []func(sim.Seat, *liarsbar.View, []liarsbar.Action, liarsbar.Action){nil, noop} {
				players := []Strategy{mustNew(t, "random"), mustNew(t, "bayes"), mustNew(t, "random?challenge=2"), mustNew(t, "honest")}
				res, err := Play(r, seed, players, observe)
				if err != nil {
					t.Fatal(err)
				}
				got[k] = fmt.Sprint(res.Placement, res.SeatStats)
			}
			if got[0] != got[1] {
				t.Fatalf("%s seed %d: without observe %s, with %s", variant, seed, got[0], got[1])
			}
		}
	}
}
