package tavern

import (
	"context"
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
	return sim.NewRand(sim.Seed(sim.Label(d.MatchID), uint64(turn), uint64(d.You.Seat), uint64(d.Seq)))
}

// within runs decide, answering fallback if ctx ends first (the request's
// deadline): a slow strategy never makes the bot miss its turn. The
// abandoned decision runs on to its end in the background.
func within[A any](ctx context.Context, fallback A, decide func() A) A {
	done := make(chan A, 1)
	go func() { done <- decide() }()
	select {
	case a := <-done:
		return a
	case <-ctx.Done():
		return fallback
	}
}
