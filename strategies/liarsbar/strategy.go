package liarsbar

import (
	"gamelab/sim/liarsbar"
	"gamelab/strategies"
)

// Strategy chooses one of legal for the seat whose View is v (never
// empty). It may keep state between decisions of one game; Reset clears it
// between games. It must not keep v or legal after returning. It is the
// lab's one Strategy type (package strategies) for this game.
type Strategy = strategies.Strategy[liarsbar.View, liarsbar.Action]

// Registry holds every Liar's Bar strategy with its parameters.
var Registry = strategies.NewRegistry[Strategy]("liarsbar")

// New builds a strategy from "name?k=v&k=v" or a JSON strategy file.
func New(spec string) (Strategy, error) { return Registry.New(spec) }
