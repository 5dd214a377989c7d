package liarsbar

import (
	"math/rand/v2"

	"gamelab/sim/liarsbar"
	"gamelab/strategies"
)

// Random picks a legal action at random: every play and aim has weight 1,
// the challenge has weight Challenge (1: uniform over the legal actions).
type Random struct{ Challenge float64 }

// viewBlind: Decide never reads the view, so Play need not build it.
func (*Random) viewBlind() {}

// Reset does nothing: Random keeps no state.
func (r *Random) Reset() {}

// Decide draws a legal action with the weights above.
func (r *Random) Decide(v *liarsbar.View, legal []liarsbar.Action, rng *rand.Rand) liarsbar.Action {
	total := 0.0
	for _, a := range legal {
		if a.Kind == liarsbar.Challenge {
			total += r.Challenge
		} else {
			total++
		}
	}
	x := rng.Float64() * total
	for _, a := range legal {
		w := 1.0
		if a.Kind == liarsbar.Challenge {
			w = r.Challenge
		}
		if x < w {
			return a
		}
		x -= w
	}
	// Rounding, or every weight 0 (a forced challenge with weight 0).
	for i := len(legal) - 1; i >= 0; i-- {
		if legal[i].Kind != liarsbar.Challenge || r.Challenge > 0 || len(legal) == 1 {
			return legal[i]
		}
	}
	return legal[len(legal)-1]
}

func init() {
	Registry.Add("random", "uniform over the legal actions; the challenge weighs challenge",
		[]strategies.Param{{Name: "challenge", Default: 1, Min: 0, Max: 100, Help: "weight of the challenge against 1 for each play"}},
		func(p strategies.Values) Strategy { return &Random{Challenge: p["challenge"]} })
}
