// Package search is a generic information-set Monte Carlo tree search over
// the engine contract of package sim: it plays every game whose State can
// determinize (sim.Sampler) from a seat's View.
//
// The algorithm is single-observer ISMCTS (SO-ISMCTS) of Cowling, Powley
// and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE Trans.
// Computational Intelligence and AI in Games 4(2), 2012, Algorithm 3: each
// iteration draws one determinization of the root seat's information set
// (State.Determinize from its View), descends a tree of actions restricted
// to the actions legal in that determinization, choosing by UCB1 with
// availability counts (the number of iterations in which a child was
// legal, instead of its parent's visits), expands one untried action, plays
// the game out with a rollout strategy (any registered strategy of the
// game, deciding from its own seat's View), and backs up, at every node,
// the reward of the seat that chose the action leading to it. Rewards are
// placements scaled to [0, 1] ((players - place) / (players - 1)). The
// move played is the root's most visited action.
//
// Budget: a number of iterations (deterministic: the same view and RNG give
// the same move) or a time per move (for live adapters). Root parallelism:
// with Workers > 1 each worker grows its own tree from its own
// determinizations and the root visit counts are summed. Nodes come from a
// pool sized by the budget and reused from move to move, so an iteration
// allocates nothing once warm (the rollout strategy's own allocations
// aside).
//
// Each game registers it as "ismcts?iters=…&rollout=…&c=…" (Register).
package search
