package werewolf

import (
	"gamelab/sim/werewolf"
	"gamelab/strategies"
)

// Strategy chooses one of legal for the seat whose View is v (never
// empty). It may keep state between decisions of one game; Reset clears it
// between games. It must not keep v or legal after returning. It is the
// lab's one Strategy type (package strategies) for this game.
type Strategy = strategies.Strategy[werewolf.View, werewolf.Action]

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
	Registry.Add("bayes", "the rule-based player whose village seats vote, divine and speak by the posterior chance each player is a wolf (role assignments drawn in proportion to the rule model's likelihood of the claims seen)",
		bayesParams(), func(v strategies.Values) Strategy { return newRule(v) })
	Registry.Add("village", "the rule-based player with honest wolves and madman (no fake claims)",
		ruleParams(0, 0), func(v strategies.Values) Strategy { return newRule(v) })
}
