package werewolf

import (
	"math/rand/v2"

	"gamelab/sim/werewolf"
	"gamelab/strategies"
)

// Strategy is a werewolf bot. Decide gets the seat's view, its legal
// actions (never empty) and the seat's RNG, and returns one of the legal
// actions (Text may be added to a message; see werewolf.Action). Reset
// starts a new game.
type Strategy interface {
	Decide(v *werewolf.View, legal []werewolf.Action, rng *rand.Rand) werewolf.Action
	Reset()
}

// Registry holds every werewolf strategy with its parameters.
var Registry = strategies.NewRegistry[Strategy]("werewolf")

// New builds a strategy from "name?k=v&…" or a JSON strategy file.
func New(spec string) (Strategy, error) { return Registry.New(spec) }

func init() {
	Registry.Add("random", "uniform among the legal actions (the baseline of the 7/15 check); quiet = chance to pass instead",
		[]strategies.Param{
			{Name: "quiet", Default: 0, Min: 0, Max: 1, Help: "probability of passing the discussion / not whispering when that is legal"},
		},
		func(v strategies.Values) Strategy { return &Random{Quiet: v["quiet"]} })
	Registry.Add("rule", "rule-based for every role: seer comes out with results, village votes the trusted black, wolves and madman fake-claim seer",
		ruleParams(0.1, 1), func(v strategies.Values) Strategy { return newRule(v) })
	Registry.Add("village", "the rule-based player with honest wolves and madman (no fake claims)",
		ruleParams(0, 0), func(v strategies.Values) Strategy { return newRule(v) })
}
