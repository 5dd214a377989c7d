package tavern

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"gamelab/sim"
)

// decisionRNG seeds a decision's RNG from where it happens, so a replayed
// request would be answered the same way.
func decisionRNG(d *Decision) *rand.Rand {
	turn := int64(0)
	if d.TurnID != nil {
		turn = *d.TurnID
	}
	seat := -1
	if d.You != nil {
		seat = d.You.Seat
	}
	return sim.NewRand(sim.Seed(sim.Label(d.MatchID), uint64(turn), uint64(seat), uint64(d.Seq)))
}

// errStrategyPanic marks a decision that panicked (see within); the fuzz
// test looks for it, the HTTP answer is a plain 400.
var errStrategyPanic = errors.New("the strategy failed")

// within runs decide, answering fallback if ctx ends first (the request's
// deadline): a slow strategy never makes the bot miss its turn. The
// abandoned decision runs on to its end in the background. A panic in
// decide (a strategy tripping over a crafted request) is returned as an
// error: it would otherwise end the whole server, goroutines having no
// net/http recovery.
func within[A any](ctx context.Context, fallback A, decide func() A) (A, error) {
	type result struct {
		a   A
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- result{fallback, fmt.Errorf("%w: %w on this request: %v", ErrBadRequest, errStrategyPanic, p)}
			}
		}()
		done <- result{a: decide()}
	}()
	select {
	case r := <-done:
		return r.a, r.err
	case <-ctx.Done():
		return fallback, nil
	}
}
