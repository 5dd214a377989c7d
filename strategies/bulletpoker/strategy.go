package bulletpoker

import (
	"math/rand/v2"

	"gamelab/sim/bulletpoker"
	"gamelab/strategies"
)

// Strategy chooses one of legal for the seat whose View is v (never
// empty). It may keep state between decisions of one game; Reset clears it
// between games. It must not keep v or legal after returning. It is the
// lab's one Strategy type (package strategies) for this game.
type Strategy = strategies.Strategy[bulletpoker.View, bulletpoker.Action]

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
