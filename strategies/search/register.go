package search

import (
	"fmt"
	"strings"
	"time"

	"gamelab/sim"
	"gamelab/strategies"
)

// Register adds "ismcts" to a game's registry: ISMCTS with the parameters
// iters (iterations per move), ms (a time per move instead, for live
// play), c (UCB1 exploration), workers (root-parallel trees), and the text
// parameters rollout, any other strategy of the registry by its spec
// (query-escaped if it has parameters: "rollout=bayes%3Fbluff%3D0.2"),
// and anchor (empty: the rollout), the strategy whose choice is played
// where the search does not search and kept at the root unless beaten by
// z standard errors (ISMCTS.SetAnchor). An unknown rollout or anchor, one
// that is itself a search, or a non-positive budget is an error of New
// (strategies.ErrSpec).
func Register[S interface {
	sim.State[S, R, A, E, V]
	sim.Sampler[V]
}, R any, A comparable, E sim.Event[E], V any](reg *strategies.Registry[strategies.Strategy[V, A]], g Game[S, R, A, E, V], iters int, rollout string) {
	params := []strategies.Param{
		{Name: "iters", Default: float64(iters), Min: 1, Max: 1e7, Help: "ISMCTS iterations per move (deterministic budget)", Kind: strategies.Int},
		{Name: "ms", Default: 0, Min: 0, Max: 600000, Help: "milliseconds per move instead of iters (0: use iters); not deterministic"},
		{Name: "c", Default: 0.7, Min: 0, Max: 4, Help: "UCB1 exploration constant (rewards are placements scaled to [0, 1])"},
		{Name: "workers", Default: 1, Min: 1, Max: 64, Help: "root-parallel trees on goroutines", Kind: strategies.Int},
		{Name: "tree", Default: 0, Min: 0, Max: 1, Help: "1: grow the full SO-ISMCTS tree; 0: search the root choice only, later decisions by the rollout strategy", Kind: strategies.Bool},
		{Name: "win", Default: b2f(g.WinOnly), Min: 0, Max: 1, Kind: strategies.Bool, Help: "1: reward playouts by wins only; 0: by placement scaled to [0, 1]"},
		{Name: "z", Default: 1, Min: 0, Max: 5, Help: "leave the rollout strategy's own root choice only for an action better by z standard errors (0: most visited)"},
	}
	texts := []strategies.TextParam{
		{Name: "rollout", Default: rollout, Help: "the strategy that plays every seat in the playouts (a spec of this game)"},
		{Name: "anchor", Default: "", Help: "the strategy whose choice is played unsearched and kept at the root unless beaten by z standard errors (empty: the rollout)"},
	}
	reg.AddText("ismcts", "information-set MCTS (Cowling, Powley & Whitehouse 2012) over determinizations of the seat's view", params, texts,
		func(v strategies.Values, t strategies.Text) (strategies.Strategy[V, A], error) {
			newRollout, err := innerStrategy(reg, "rollout", t["rollout"])
			if err != nil {
				return nil, err
			}
			cfg := Config{Iters: int(v["iters"]), Time: time.Duration(v["ms"] * float64(time.Millisecond)), C: v["c"], Workers: int(v["workers"]), Tree: v["tree"] != 0, Z: v["z"], WinOnly: v["win"] != 0}
			m, err := New(g, cfg, newRollout)
			if err != nil {
				return nil, err
			}
			if an := t["anchor"]; an != "" {
				newAnchor, err := innerStrategy(reg, "anchor", an)
				if err != nil {
					return nil, err
				}
				m.SetAnchor(newAnchor)
			}
			return m, nil
		})
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// innerStrategy checks spec, the strategy a search uses as its what
// (rollout or anchor): a strategy of reg that is not itself a search. It
// returns a maker of fresh copies.
func innerStrategy[V any, A comparable](reg *strategies.Registry[strategies.Strategy[V, A]], what, spec string) (func() strategies.Strategy[V, A], error) {
	sp, err := strategies.ParseSpec(spec)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", what, err)
	}
	if strings.HasPrefix(sp.Name, "ismcts") {
		return nil, fmt.Errorf("%s %q is a search itself", what, spec)
	}
	if _, err := reg.New(spec); err != nil {
		return nil, fmt.Errorf("%s: %v", what, err)
	}
	return func() strategies.Strategy[V, A] {
		s, _ := reg.New(spec) // checked above
		return s
	}, nil
}
