package liarsbar

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"

	"gamelab/sim"
	"gamelab/sim/liarsbar"
	"gamelab/strategies"
)

// ErrIllegalChoice is returned by Play when a strategy answers with an
// action that is not among its legal actions.
var ErrIllegalChoice = strategies.ErrIllegalChoice

var labelStrategy = strategies.LabelStrategy

// Play runs one game of rules r from seed with players[i] at seat i and
// returns its result. It calls Reset on every player first and gives seat
// i the RNG sim.NewRand(sim.Seed(seed, sim.Label("strategy"), i)). When
// several seats aim at once they are asked in seat order; none sees the
// others' aims. A seat's View is built just before it decides (never for a
// strategy that does not read it, such as Random, unless observe is set).
// observe, if not nil, sees every decision (the view and legal slices are
// reused: copy what you keep). A strategy answering with an action outside
// legal ends the game with ErrIllegalChoice.
func Play(r liarsbar.Rules, seed uint64, players []Strategy, observe func(seat sim.Seat, v *liarsbar.View, legal []liarsbar.Action, chosen liarsbar.Action)) (sim.Result, error) {
	if err := r.Validate(); err != nil {
		return sim.Result{}, err
	}
	if len(players) != r.Players {
		return sim.Result{}, fmt.Errorf("%w: %d players for %d seats", liarsbar.ErrRules, len(players), r.Players)
	}
	// One game's buffers per concurrent Play, reused game after game: the
	// State's event log stays allocated, and the RNGs are reseeded (a
	// reseeded sim.PCG behind a rand.Rand gives exactly the stream of a
	// fresh sim.NewRand).
	g, _ := gamePool.Get().(*game)
	if g == nil {
		g = &game{}
		for i := range g.rngs {
			g.rngs[i] = rand.New(&g.src[i])
		}
	}
	defer gamePool.Put(g)
	return g.play(r, seed, players, observe)
}

// game holds the buffers of one Play.
type game struct {
	s     liarsbar.State
	v     liarsbar.View
	legal [128]liarsbar.Action // room for the 93 plays of 8 distinct cards and Legal's copy block
	src   [liarsbar.MaxPlayers]sim.PCG
	rngs  [liarsbar.MaxPlayers]*rand.Rand // rand.New(&src[i])
}

// gamePool holds the buffers of finished games for Play to reuse.
var gamePool sync.Pool

// viewBlind is implemented by strategies whose Decide never reads the
// view (Random): Play does not build it for them.
type viewBlind interface{ viewBlind() }

func (g *game) play(r liarsbar.Rules, seed uint64, players []Strategy, observe func(sim.Seat, *liarsbar.View, []liarsbar.Action, liarsbar.Action)) (sim.Result, error) {
	var blind [liarsbar.MaxPlayers]bool
	for i, p := range players {
		p.Reset()
		g.src[i].Reseed(sim.Seed(seed, labelStrategy, uint64(i)))
		_, blind[i] = p.(viewBlind)
	}
	s := &g.s
	s.Reset(r, seed)
	for !s.Done() {
		seat := s.Next()[0]
		legal := s.Legal(seat, g.legal[:0])
		if observe != nil || !blind[seat] {
			g.v = s.View(seat)
		}
		a := players[seat].Decide(&g.v, legal, g.rngs[seat])
		if !slices.Contains(legal, a) {
			return sim.Result{}, fmt.Errorf("%w: seat %d chose %v, legal %v", ErrIllegalChoice, seat, a, legal)
		}
		if observe != nil {
			observe(seat, &g.v, legal, a)
		}
		if err := s.Apply(seat, a); err != nil {
			return sim.Result{}, fmt.Errorf("seat %d: %w", seat, err)
		}
	}
	return s.Result(), nil
}
