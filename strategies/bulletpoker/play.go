package bulletpoker

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"gamelab/sim"
	"gamelab/sim/bulletpoker"
	"gamelab/strategies"
)

// ErrStrategy reports a strategy that chose an action not in its legal list.
var ErrStrategy = strategies.ErrIllegalChoice

// Play runs one match with players[i] at seat i and returns its result.
// Each player is Reset first and gets the RNG
// sim.NewRand(sim.Seed(seed, sim.Label("strategy"), i)). observe, if not
// nil, sees every decision (seat, its view, the legal actions, the choice).
// Under AllInSimultaneous several seats are asked at once; they decide in
// seat order, each from its own view (answers are hidden until all are in).
func Play(r bulletpoker.Rules, seed uint64, players []Strategy,
	observe func(seat sim.Seat, v *bulletpoker.View, legal []bulletpoker.Action, chosen bulletpoker.Action)) (sim.Result, error) {
	if err := r.Validate(); err != nil {
		return sim.Result{}, err
	}
	if len(players) != r.Players {
		return sim.Result{}, fmt.Errorf("%w: %d players for %d seats", bulletpoker.ErrRules, len(players), r.Players)
	}
	rngs := make([]*rand.Rand, len(players))
	for i, p := range players {
		p.Reset()
		rngs[i] = sim.NewRand(sim.Seed(seed, strategies.LabelStrategy, uint64(i)))
	}
	st := bulletpoker.New(r, seed)
	views := make([]bulletpoker.View, len(players))
	legal := make([]bulletpoker.Action, 0, 16)
	var asked [bulletpoker.MaxPlayers]sim.Seat
	for !st.Done() {
		next := asked[:copy(asked[:], st.Next())]
		for _, seat := range next {
			v := &views[seat]
			*v = st.View(seat)
			legal = st.Legal(seat, legal[:0])
			a := players[seat].Decide(v, legal, rngs[seat])
			if !slices.Contains(legal, a) {
				return sim.Result{}, fmt.Errorf("%w: seat %d chose %v, legal %v (hand %d)", ErrStrategy, seat, a, legal, st.Hand())
			}
			if observe != nil {
				observe(seat, v, legal, a)
			}
			if err := st.Apply(seat, a); err != nil {
				return sim.Result{}, fmt.Errorf("seat %d: %w", seat, err)
			}
		}
	}
	return st.Result(), nil
}
