package simtest

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"gamelab/sim"
)

// Contract describes one engine to CheckContract, through the generic
// contract of package sim. PV is *V (the view's pointer, which folds
// events).
type Contract[S sim.State[S, R, A, E, V], R any, A comparable, E sim.Event[E], V any, PV interface {
	*V
	sim.Folder[E]
}] struct {
	Rules R
	// New is the game's constructor (New(rules, seed)).
	New func(r R, seed uint64) S
	// Seats is the number of seats of a game of Rules.
	Seats int
	// NewView is seat's view before the first event.
	NewView func(seat sim.Seat) V
	// Encode serializes the whole state, hidden parts included (as in
	// Config.Encode).
	Encode func(s S) []byte
	// Sample, if set, determinizes (NewSample plus Determinize): a full
	// state from seat's view and rng. CheckContract then checks, at every
	// costly step, that the sample shows the seat the same view and the
	// same legal actions, that the same rng seed gives the same sample, and
	// that the sample plays on to a well-formed end.
	Sample func(v *V, rng *sim.PCG) S
	// MaxSteps bounds a game's length; CheckEvery spaces the costly checks
	// (the view folds of every seat, clones, samples). Defaults 1<<20, 1.
	MaxSteps, CheckEvery int
}

// CheckContract plays games random games from seeds sim.Seed(root, i) and
// checks the parts of the contract Run does not:
//
//   - View(seat) equals the fold of the events For lets through to seat,
//     from NewView(seat), for every seat (spectators aside);
//   - For is consistent: the event a seat sees folds the same whether it
//     comes one by one or in one pass, and Events only grows (append-only);
//   - a clone has the same events and views;
//   - Reset(r, seed) on a used state is New(r, seed): the same encoding at
//     the start and after the same actions;
//   - with Sample set, determinization keeps the seat's view and legal
//     actions, is a function of the rng alone, and plays on to an end.
func CheckContract[S sim.State[S, R, A, E, V], R any, A comparable, E sim.Event[E], V any, PV interface {
	*V
	sim.Folder[E]
}](t testing.TB, c Contract[S, R, A, E, V, PV], games int, root uint64) {
	t.Helper()
	if c.MaxSteps <= 0 {
		c.MaxSteps = 1 << 20
	}
	if c.CheckEvery <= 0 {
		c.CheckEvery = 1
	}
	var reused S
	for g := range games {
		seed := sim.Seed(root, uint64(g))
		if g == 0 {
			reused = c.New(c.Rules, sim.Seed(root, 1<<40))
			playRandom(reused, sim.NewPCG(seed), c.MaxSteps)
		}
		reused.Reset(c.Rules, seed)
		if err := checkGame(c, reused, seed, sim.Seed(root, uint64(g), 2)); err != nil {
			t.Fatalf("game %d (seed %d): %v", g, seed, err)
		}
	}
}

// playRandom plays s to its end (or maxSteps) with random legal actions.
func playRandom[S sim.State[S, R, A, E, V], R any, A comparable, E any, V any](s S, rng sim.PCG, maxSteps int) {
	var legal []A
	for n := 0; !s.Done() && n < maxSteps; n++ {
		next := s.Next()
		seat := next[rng.IntN(len(next))]
		legal = s.Legal(seat, legal[:0])
		if len(legal) == 0 {
			return
		}
		if s.Apply(seat, legal[rng.IntN(len(legal))]) != nil {
			return
		}
	}
}

func checkGame[S sim.State[S, R, A, E, V], R any, A comparable, E sim.Event[E], V any, PV interface {
	*V
	sim.Folder[E]
}](c Contract[S, R, A, E, V, PV], reused S, seed, pick uint64) error {
	fresh := c.New(c.Rules, seed)
	if !bytes.Equal(c.Encode(reused), c.Encode(fresh)) {
		return fmt.Errorf("Reset(rules, %d) differs from New(rules, %d)", seed, seed)
	}
	rng := sim.NewPCG(pick)
	views := make([]V, c.Seats)
	for i := range views {
		views[i] = c.NewView(sim.Seat(i))
	}
	folded := 0
	var prev []E
	var legal []A
	for n := 0; !fresh.Done(); n++ {
		if n >= c.MaxSteps {
			return fmt.Errorf("no end after %d steps", n)
		}
		ev := fresh.Events()
		if len(ev) < len(prev) {
			return fmt.Errorf("step %d: the event log shrank from %d to %d", n, len(prev), len(ev))
		}
		prev = append(prev, ev[folded:]...)
		for _, e := range ev[folded:] {
			for i := range views {
				if x, ok := e.For(sim.Seat(i)); ok {
					PV(&views[i]).Apply(x)
				}
			}
		}
		folded = len(ev)
		costly := n%c.CheckEvery == 0
		if costly {
			cl := fresh.Clone()
			if !bytes.Equal(c.Encode(cl), c.Encode(fresh)) {
				return fmt.Errorf("step %d: a clone encodes differently", n)
			}
			for i := range views {
				got := fresh.View(sim.Seat(i))
				if !reflect.DeepEqual(got, views[i]) {
					return fmt.Errorf("step %d: seat %d: View\n %+v\nfold of its events\n %+v", n, i, got, views[i])
				}
				if !reflect.DeepEqual(cl.View(sim.Seat(i)), got) {
					return fmt.Errorf("step %d: seat %d: a clone's view differs", n, i)
				}
			}
		}
		next := fresh.Next()
		seat := next[rng.IntN(len(next))]
		legal = fresh.Legal(seat, legal[:0])
		if len(legal) == 0 {
			return fmt.Errorf("step %d: seat %d asked with no legal action", n, seat)
		}
		if costly && c.Sample != nil {
			if err := checkSample(c, &views[seat], seat, legal, sim.Seed(pick, uint64(n))); err != nil {
				return fmt.Errorf("step %d: seat %d: %w", n, seat, err)
			}
		}
		a := legal[rng.IntN(len(legal))]
		if err := fresh.Apply(seat, a); err != nil {
			return fmt.Errorf("step %d: %w", n, err)
		}
		if err := reused.Apply(seat, a); err != nil {
			return fmt.Errorf("step %d: the reset state refused %v: %w", n, a, err)
		}
	}
	if ev := fresh.Events(); !reflect.DeepEqual(ev[:len(prev)], prev) {
		return fmt.Errorf("an event changed after it was logged")
	}
	if !bytes.Equal(c.Encode(reused), c.Encode(fresh)) {
		return fmt.Errorf("a Reset state and a New one played the same actions to different ends")
	}
	return nil
}

func checkSample[S sim.State[S, R, A, E, V], R any, A comparable, E sim.Event[E], V any, PV interface {
	*V
	sim.Folder[E]
}](c Contract[S, R, A, E, V, PV], v *V, seat sim.Seat, legal []A, seed uint64) error {
	rng := sim.NewPCG(seed)
	s := c.Sample(v, &rng)
	if got := s.View(seat); !reflect.DeepEqual(&got, v) {
		return fmt.Errorf("the sample shows the seat\n %+v\nnot its view\n %+v", got, *v)
	}
	if l := s.Legal(seat, nil); !slices.Equal(l, legal) {
		return fmt.Errorf("the sample's legal actions %v differ from %v", l, legal)
	}
	rng2 := sim.NewPCG(seed)
	if !bytes.Equal(c.Encode(c.Sample(v, &rng2)), c.Encode(s)) {
		return fmt.Errorf("the same rng seed gave two different samples")
	}
	playRandom(s, rng, c.MaxSteps)
	if !s.Done() {
		return fmt.Errorf("the sample did not play on to an end")
	}
	if err := s.Result().Validate(c.Seats); err != nil {
		return fmt.Errorf("the sample's end: %w", err)
	}
	return nil
}
