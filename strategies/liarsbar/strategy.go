package liarsbar

import (
	"math/rand/v2"

	"gamelab/sim/liarsbar"
	"gamelab/strategies"
)

// Strategy chooses one of legal for the seat whose View is v. It may keep
// state between decisions of one game; Reset clears it between games. It
// must not keep v or legal after returning.
type Strategy interface {
	Decide(v *liarsbar.View, legal []liarsbar.Action, rng *rand.Rand) liarsbar.Action
	Reset()
}

// Registry holds every Liar's Bar strategy with its parameters.
var Registry = strategies.NewRegistry[Strategy]("liarsbar")

// New builds a strategy from "name?k=v&k=v" or a JSON strategy file.
func New(spec string) (Strategy, error) { return Registry.New(spec) }
