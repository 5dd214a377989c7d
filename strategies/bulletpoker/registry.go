package bulletpoker

import "gamelab/strategies"

func init() {
	Registry.Add("random", "uniformly random legal action", nil,
		func(strategies.Values) Strategy { return Random{} })
	Registry.Add("equity", "Monte Carlo equity vs the live hands; stays while the risk of staying is below the risk of folding",
		equityParams(0.1, 0.6, 0.85), newEquity)
	Registry.Add("tight", "equity preset: folds earlier, raises only strong hands",
		equityParams(0, 0.75, 0.92), newEquity)
	Registry.Add("loose", "equity preset: stays longer and raises more",
		equityParams(0.3, 0.5, 0.8), newEquity)
}
