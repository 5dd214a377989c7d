package liarsbar

import (
	"gamelab/sim"
	"gamelab/sim/liarsbar"
	"gamelab/strategies/search"
)

// Game describes liar's bar to the generic search.
var Game = search.Game[*liarsbar.State, liarsbar.Rules, liarsbar.Action, liarsbar.Event, liarsbar.View]{
	NewState: func() *liarsbar.State { return new(liarsbar.State) },
	Seat:     func(v *liarsbar.View) sim.Seat { return v.Seat },
	Players:  func(v *liarsbar.View) int { return v.Rules.Players },
}

func init() {
	search.Register(Registry, Game, 1000, "bayes")
}
