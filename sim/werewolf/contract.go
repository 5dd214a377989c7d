package werewolf

import "gamelab/sim"

// The engine contract (package sim), checked by the compiler.
var (
	_ sim.State[*State, Rules, Action, Event, View] = (*State)(nil)
	_ sim.Event[Event]                              = Event{}
	_ sim.Folder[Event]                             = (*View)(nil)
	_ sim.Sampler[View]                             = (*State)(nil)
	_ sim.Placer                                    = (*State)(nil)
)
