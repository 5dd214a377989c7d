package strategies

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"gamelab/sim"
)

// Strategy is a bot of any game: V is the game's view, A its action.
// Decide returns one of legal (never empty) for the seat whose view is v;
// it may keep state between the decisions of one game and must not keep v
// or legal after returning. Reset forgets everything before a new game.
// Each game names its instance (liarsbar.Strategy is
// Strategy[liarsbar.View, liarsbar.Action]).
type Strategy[V, A any] interface {
	Decide(v *V, legal []A, rng *rand.Rand) A
	Reset()
}

// ErrIllegalChoice is returned by the Play helpers when a strategy answers
// with an action that is not among its legal actions.
var ErrIllegalChoice = errors.New("strategy chose an illegal action")

// LabelStrategy labels the seeds of the strategies' RNGs: seat i of a game
// from seed gets sim.NewRand(sim.Seed(seed, LabelStrategy, i)).
var LabelStrategy = sim.Label("strategy")

// Play plays the game s (fresh from New or Reset) to its end with
// players[i] at seat i and returns its result. It calls Reset on every
// player first and gives seat i the RNG sim.NewRand(sim.Seed(seed,
// LabelStrategy, i)). Each seat's view is the fold (from newView(seat)) of
// the events For lets through to it, brought up to date just before the
// seat decides. Seats asked at once (Next lists several) decide in the
// order Next lists them, each from its own view; a seat left with no legal
// action by the others' answers is skipped. observe, if not nil, sees every
// decision (the view and legal slices are reused: copy what you keep). A
// strategy answering outside legal ends the game with ErrIllegalChoice.
//
// This is the generic loop; games whose self-play must be as fast as
// possible keep a concrete loop of their own with the same semantics.
func Play[S sim.State[S, R, A, E, V], R any, A comparable, E sim.Event[E], V any, PV interface {
	*V
	sim.Folder[E]
}](s S, newView func(sim.Seat) V, players []Strategy[V, A], seed uint64,
	observe func(seat sim.Seat, v *V, legal []A, chosen A)) (sim.Result, error) {
	n := len(players)
	rngs := make([]*rand.Rand, n)
	views := make([]V, n)
	folded := make([]int, n)
	for i, p := range players {
		p.Reset()
		rngs[i] = sim.NewRand(sim.Seed(seed, LabelStrategy, uint64(i)))
		views[i] = newView(sim.Seat(i))
	}
	var legal []A
	var asked []sim.Seat
	for !s.Done() {
		asked = append(asked[:0], s.Next()...)
		for _, seat := range asked {
			if seat < 0 || int(seat) >= n {
				return sim.Result{}, fmt.Errorf("strategies: the game asks seat %d of %d players", seat, n)
			}
			legal = s.Legal(seat, legal[:0])
			if len(legal) == 0 {
				continue
			}
			ev := s.Events()
			v := &views[seat]
			for _, e := range ev[folded[seat]:] {
				if x, ok := e.For(seat); ok {
					PV(v).Apply(x)
				}
			}
			folded[seat] = len(ev)
			a := players[seat].Decide(v, legal, rngs[seat])
			if !slices.Contains(legal, a) {
				return sim.Result{}, fmt.Errorf("%w: seat %d chose %v, legal %v", ErrIllegalChoice, seat, a, legal)
			}
			if observe != nil {
				observe(seat, v, legal, a)
			}
			if err := s.Apply(seat, a); err != nil {
				return sim.Result{}, fmt.Errorf("seat %d: %w", seat, err)
			}
		}
	}
	return s.Result(), nil
}
