package tavern

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"gamelab/sim"
	"gamelab/strategies"
)

// rules is an engine's Rules: JSON-decodable and self-validating.
type rules interface{ Validate() error }

// readSetup decodes and validates the engine rules a decision carries in
// its setup, and checks the bot's seat against the rules' seat count.
func readSetup[R rules](d *Decision, game string, players func(*R) int) (R, error) {
	var r R
	if len(d.Setup) == 0 {
		return r, fmt.Errorf("%w: %s decision without setup", ErrBadRequest, game)
	}
	if err := json.Unmarshal(d.Setup, &r); err != nil {
		return r, fmt.Errorf("%w: %s setup: %v", ErrBadRequest, game, err)
	}
	if err := r.Validate(); err != nil {
		return r, fmt.Errorf("%w: %s setup: %v", ErrBadRequest, game, err)
	}
	if d.You.Seat < 0 || d.You.Seat >= players(&r) {
		return r, fmt.Errorf("%w: seat %d outside the table", ErrBadRequest, d.You.Seat)
	}
	return r, nil
}

// decideFresh builds a fresh strategy from spec (a bot keeps no state
// between requests: the request alone suffices), lets it choose among
// legal for v before ctx ends (fallback if it does not), and checks that
// the choice is legal (else it returns the choice with errNotOffered).
func decideFresh[V any, A comparable, S strategies.Strategy[V, A]](ctx context.Context, d *Decision, spec string, build func(string) (S, error), v *V, legal []A, fallback A) (A, error) {
	st, err := build(spec)
	if err != nil {
		return fallback, err
	}
	st.Reset()
	if s, ok := any(st).(interface{ SetStop(func() bool) }); ok {
		// A search strategy stops its search at 80 % of the budget and
		// answers from what it has, before within's fallback is needed.
		if end, ok := ctx.Deadline(); ok {
			soft := time.Now().Add(time.Until(end) * 4 / 5)
			s.SetStop(func() bool { return time.Now().After(soft) })
		}
	}
	rng := decisionRNG(d)
	a, err := within(ctx, fallback, func() A { return st.Decide(v, legal, rng) })
	if err != nil {
		return fallback, err
	}
	if !slices.Contains(legal, a) {
		return a, fmt.Errorf("%w: strategy %s chose %v", errNotOffered, spec, a)
	}
	return a, nil
}

// errNotOffered marks a strategy's choice outside the legal list given to
// it; decideFresh returns that choice with it, so an adapter may map it to
// the offered action nearest in meaning.
var errNotOffered = errors.New("not among the offered actions")

// localSeats are the strategies a dealer's table plays its --fill seats
// with, each with the RNG sim.NewRand(sim.Seed(seed, "strategy", seat)) as
// in the strategies' own Play.
type localSeats[S any] struct {
	strat []S
	rngs  []*rand.Rand
}

func newLocalSeats[S interface{ Reset() }](seats int, seed uint64, fill string, build func(string) (S, error)) (localSeats[S], error) {
	var l localSeats[S]
	for i := range seats {
		st, err := build(fill)
		if err != nil {
			return l, err
		}
		st.Reset()
		l.strat = append(l.strat, st)
		l.rngs = append(l.rngs, sim.NewRand(sim.Seed(seed, sim.Label("strategy"), uint64(i))))
	}
	return l, nil
}

// decideLocal lets seat's local strategy choose among legal for v and
// returns the choice id.
func decideLocal[V any, A interface {
	comparable
	String() string
}, S strategies.Strategy[V, A]](l *localSeats[S], seat sim.Seat, v *V, legal []A) (string, error) {
	a := l.strat[seat].Decide(v, legal, l.rngs[seat])
	if !slices.Contains(legal, a) {
		return "", fmt.Errorf("strategy chose %v, not a legal action", a)
	}
	return a.String(), nil
}

// mustJSON encodes one of our own plain values (rules, card lists): an
// encoding error there is a programming error, not bad input.
func mustJSON(v any) json.RawMessage {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("tavern: encoding %T: %v", v, err))
	}
	return raw
}

// tunedRules reads the rules a strategy JSON file records (lab tune
// writes them): nil when spec is not a file or records none. Rules that
// do not decode are an error: the file is broken.
func tunedRules[R any](spec string) (*R, error) {
	if !strings.HasSuffix(spec, ".json") {
		return nil, nil
	}
	f, err := strategies.ReadFile(spec)
	if err != nil || len(f.Rules) == 0 {
		return nil, err
	}
	var r R
	if err := json.Unmarshal(f.Rules, &r); err != nil {
		return nil, fmt.Errorf("%s: rules: %v", spec, err)
	}
	return &r, nil
}

// rulesNoter is a Player whose strategy was tuned on given rules: it says
// how a decision's match differs from them ("" when it does not, or when
// the request does not tell).
type rulesNoter interface {
	RulesNote(d *Decision) string
}
