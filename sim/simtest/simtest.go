package simtest

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"testing"

	"gamelab/sim"
)

// State is what an engine's state must offer for the harness. S is the
// concrete pointer type (e.g. *liarsbar.State), A its action type.
type State[S any, A comparable] interface {
	Next() []sim.Seat
	Legal(seat sim.Seat, dst []A) []A
	Apply(seat sim.Seat, a A) error
	Done() bool
	Result() sim.Result
	Clone() S
}

// Config describes one engine to the harness.
type Config[S State[S, A], A comparable] struct {
	// New starts a game from a seed (rules fixed by the closure).
	New func(seed uint64) S
	// Seats is the number of seats of a game made by New.
	Seats int
	// Encode serializes everything observable about the state, at least the
	// whole event log, so that equal encodings mean equal games. Required.
	Encode func(s S) []byte
	// Candidates lists actions to try as possibly illegal for seat (e.g.
	// every action id of the game, or a sample). Those not in Legal must be
	// refused. Optional.
	Candidates func(s S, seat sim.Seat) []A
	// Check runs the engine's own per-step checks: views equal the fold of
	// visible events, conservation invariants, no leaked hidden state.
	// Optional; called after every applied action.
	Check func(s S) error
	// ScoreSum, if not NaN, is the sum every Result's scores must have
	// (0 for zero-sum games). Use math.NaN() to skip.
	ScoreSum float64
	// MaxSteps bounds a game's length in applied actions.
	MaxSteps int
	// CheckEvery runs the costly checks (illegal candidates, clone) every
	// k-th step; 1 checks every step. Default 1.
	CheckEvery int
}

// Stats summarises a Run, for the caller's own statistical checks.
type Stats struct {
	Games, Steps int
	MaxLen       int
	ScoreTotal   []float64 // per seat, summed over games
	Wins         []int     // per seat, games placed first (ties included)
}

// Run plays games games from seeds sim.Seed(root, i) with uniformly random
// legal actions and reports every broken contract through t.
func Run[S State[S, A], A comparable](t testing.TB, c Config[S, A], games int, root uint64) Stats {
	t.Helper()
	if c.MaxSteps <= 0 {
		c.MaxSteps = 1 << 20
	}
	if c.CheckEvery <= 0 {
		c.CheckEvery = 1
	}
	st := Stats{ScoreTotal: make([]float64, c.Seats), Wins: make([]int, c.Seats)}
	for g := 0; g < games; g++ {
		seed := sim.Seed(root, uint64(g))
		trace, err := playOne(c, seed, sim.Seed(root, uint64(g), 1))
		if err != nil {
			t.Fatalf("game %d (seed %d): %v", g, seed, err)
		}
		// Determinism: replay the recorded actions from the same seed.
		if err := replay(c, seed, trace); err != nil {
			t.Fatalf("game %d (seed %d): replay: %v", g, seed, err)
		}
		st.Games++
		st.Steps += len(trace.steps)
		st.MaxLen = max(st.MaxLen, len(trace.steps))
		for i, s := range trace.result.Score {
			st.ScoreTotal[i] += s
			if trace.result.Placement[i] == 1 {
				st.Wins[i]++
			}
		}
	}
	return st
}

type step[A any] struct {
	seat sim.Seat
	a    A
}

type trace[A any] struct {
	steps  []step[A]
	final  []byte
	result sim.Result
}

func playOne[S State[S, A], A comparable](c Config[S, A], seed, pick uint64) (trace[A], error) {
	var tr trace[A]
	rng := sim.NewPCG(pick)
	s := c.New(seed)
	var legal, again []A
	for n := 0; !s.Done(); n++ {
		if n >= c.MaxSteps {
			return tr, fmt.Errorf("no end after %d steps", n)
		}
		next := slices.Clone(s.Next())
		if len(next) == 0 {
			return tr, fmt.Errorf("step %d: not done but Next is empty", n)
		}
		for _, seat := range next {
			if seat < 0 || int(seat) >= c.Seats {
				return tr, fmt.Errorf("step %d: Next names seat %d of %d", n, seat, c.Seats)
			}
		}
		seat := next[rng.IntN(len(next))]
		legal = s.Legal(seat, legal[:0])
		if len(legal) == 0 {
			return tr, fmt.Errorf("step %d: seat %d asked to act with no legal action", n, seat)
		}
		again = s.Legal(seat, again[:0])
		if !slices.Equal(legal, again) {
			return tr, fmt.Errorf("step %d: Legal changed between calls: %v then %v", n, legal, again)
		}
		costly := n%c.CheckEvery == 0
		if costly {
			if err := checkRefusals(c, s, next, seat, legal); err != nil {
				return tr, fmt.Errorf("step %d: %w", n, err)
			}
		}
		a := legal[rng.IntN(len(legal))]
		if costly {
			if err := checkClone(c, s, seat, a); err != nil {
				return tr, fmt.Errorf("step %d: %w", n, err)
			}
		}
		if err := s.Apply(seat, a); err != nil {
			return tr, fmt.Errorf("step %d: legal action %v of seat %d refused: %w", n, a, seat, err)
		}
		tr.steps = append(tr.steps, step[A]{seat, a})
		if c.Check != nil {
			if err := c.Check(s); err != nil {
				return tr, fmt.Errorf("step %d (seat %d played %v): %w", n, seat, a, err)
			}
		}
	}
	if next := s.Next(); len(next) != 0 {
		return tr, fmt.Errorf("game done but Next is %v", next)
	}
	r := s.Result()
	if err := r.Validate(c.Seats); err != nil {
		return tr, err
	}
	if !math.IsNaN(c.ScoreSum) {
		sum := 0.0
		for _, x := range r.Score {
			sum += x
		}
		if math.Abs(sum-c.ScoreSum) > 1e-9*math.Max(1, math.Abs(c.ScoreSum)) {
			return tr, fmt.Errorf("scores %v sum to %v, want %v", r.Score, sum, c.ScoreSum)
		}
	}
	tr.result = r
	tr.final = c.Encode(s)
	return tr, nil
}

// checkRefusals tries actions that must be refused and checks they change nothing.
func checkRefusals[S State[S, A], A comparable](c Config[S, A], s S, next []sim.Seat, seat sim.Seat, legal []A) error {
	before := c.Encode(s)
	try := func(who sim.Seat, a A) error {
		if err := s.Apply(who, a); err == nil {
			return fmt.Errorf("illegal action %v by seat %d was accepted", a, who)
		}
		if after := c.Encode(s); !bytes.Equal(before, after) {
			return fmt.Errorf("refused action %v by seat %d changed the state", a, who)
		}
		return nil
	}
	// A seat that is not asked may not act, even with a legal-looking action.
	for other := sim.Seat(0); int(other) < c.Seats; other++ {
		if slices.Contains(next, other) {
			continue
		}
		if err := try(other, legal[0]); err != nil {
			return err
		}
		break
	}
	if err := try(sim.Seat(c.Seats), legal[0]); err != nil {
		return err
	}
	if err := try(sim.NoSeat, legal[0]); err != nil {
		return err
	}
	if c.Candidates != nil {
		for _, a := range c.Candidates(s, seat) {
			if !slices.Contains(legal, a) {
				if err := try(seat, a); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// checkClone applies a to a clone and checks the original is untouched.
func checkClone[S State[S, A], A comparable](c Config[S, A], s S, seat sim.Seat, a A) error {
	before := c.Encode(s)
	cl := s.Clone()
	if !bytes.Equal(before, c.Encode(cl)) {
		return fmt.Errorf("clone encodes differently from its original")
	}
	if err := cl.Apply(seat, a); err != nil {
		return fmt.Errorf("clone refused legal action %v: %w", a, err)
	}
	if !bytes.Equal(before, c.Encode(s)) {
		return fmt.Errorf("applying %v to a clone changed the original", a)
	}
	return nil
}

func replay[S State[S, A], A comparable](c Config[S, A], seed uint64, tr trace[A]) error {
	s := c.New(seed)
	for i, st := range tr.steps {
		if err := s.Apply(st.seat, st.a); err != nil {
			return fmt.Errorf("step %d: %w", i, err)
		}
	}
	if !s.Done() {
		return fmt.Errorf("same actions did not end the game")
	}
	if got := c.Encode(s); !bytes.Equal(got, tr.final) {
		return fmt.Errorf("same seed and actions gave a different encoding")
	}
	return nil
}
