package bulletpoker

import (
	"math/rand/v2"

	"gamelab/sim/bulletpoker"
	"gamelab/strategies"
)

// Strategy decides for one seat from its View.
type Strategy interface {
	// Decide returns one of legal (never empty).
	Decide(v *bulletpoker.View, legal []bulletpoker.Action, rng *rand.Rand) bulletpoker.Action
	// Reset forgets everything before a new match.
	Reset()
}

// Registry holds every bullet poker strategy and its parameters.
var Registry = strategies.NewRegistry[Strategy]("bulletpoker")

// New builds a strategy from "name?k=v&k=v" or a JSON strategy file.
func New(spec string) (Strategy, error) { return Registry.New(spec) }

// Random picks uniformly among the legal actions.
type Random struct{}

// Decide picks a legal action uniformly at random.
func (Random) Decide(_ *bulletpoker.View, legal []bulletpoker.Action, rng *rand.Rand) bulletpoker.Action {
	return legal[rng.IntN(len(legal))]
}

// Reset does nothing: Random keeps no state.
func (Random) Reset() {}
