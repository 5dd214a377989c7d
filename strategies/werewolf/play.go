package werewolf

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"

	"gamelab/sim"
	"gamelab/sim/werewolf"
	"gamelab/strategies"
)

// ErrIllegalChoice is returned by Play when a strategy answers with an
// action that is not among its legal actions (Text aside).
var ErrIllegalChoice = strategies.ErrIllegalChoice

var labelStrategy = strategies.LabelStrategy

// Play runs one game of rules r from seed with players[i] at seat i and
// returns its result. It calls Reset on every player first and gives seat
// i the RNG sim.NewRand(sim.Seed(seed, sim.Label("strategy"), i)). Each
// seat's View is folded from the events visible to it. Seats that may act
// at once (a night's seer and wolves, a day's speakers or voters) are asked
// in rounds, in seat order, each seat of the round once. observe, if not
// nil, sees every decision (view and legal are reused: copy what you
// keep). A strategy answering outside legal ends the game with
// ErrIllegalChoice. Messages may carry any valid Text.
func Play(r werewolf.Rules, seed uint64, players []Strategy, observe func(seat sim.Seat, v *werewolf.View, legal []werewolf.Action, chosen werewolf.Action)) (sim.Result, error) {
	if err := r.Validate(); err != nil {
		return sim.Result{}, err
	}
	if len(players) != r.Players {
		return sim.Result{}, fmt.Errorf("%w: %d players for %d seats", werewolf.ErrRules, len(players), r.Players)
	}
	g := games.Get().(*game)
	defer games.Put(g)
	return g.play(r, seed, players, observe)
}

// games recycles the buffers of finished games (views, legal actions,
// engine state, strategy RNGs), so a game allocates only its Result.
var games = sync.Pool{New: func() any {
	g := &game{}
	for i := range g.rngs {
		g.rngs[i] = rand.New(&g.pcgs[i])
	}
	return g
}}

// game holds the buffers of one Play, allocated once per game.
type game struct {
	s     werewolf.State
	views [werewolf.MaxPlayers]werewolf.View
	roles [werewolf.MaxPlayers]werewolf.Role
	seen  int
	legal [160]werewolf.Action
	round [werewolf.MaxPlayers]sim.Seat
	pcgs  [werewolf.MaxPlayers]sim.PCG
	rngs  [werewolf.MaxPlayers]*rand.Rand // over pcgs
}

// fold applies the events logged since the last call to every seat's view.
func (g *game) fold(n int) {
	ev := g.s.Events()
	for _, e := range ev[g.seen:] {
		for i := range n {
			if e.VisibleTo(sim.Seat(i), g.roles[i]) {
				g.views[i].Apply(e)
			}
		}
	}
	g.seen = len(ev)
}

func (g *game) play(r werewolf.Rules, seed uint64, players []Strategy, observe func(sim.Seat, *werewolf.View, []werewolf.Action, werewolf.Action)) (sim.Result, error) {
	n := r.Players
	for i, p := range players {
		p.Reset()
		// The same stream as sim.NewRand(sim.Seed(seed, "strategy", i)).
		g.pcgs[i].Reseed(sim.Seed(seed, labelStrategy, uint64(i)))
	}
	s := &g.s
	s.Reset(r, seed)
	for i := range n {
		g.views[i] = werewolf.NewView(sim.Seat(i))
		g.roles[i] = s.Role(sim.Seat(i))
	}
	g.seen = 0
	for !s.Done() {
		k := copy(g.round[:], s.Next())
		for _, seat := range g.round[:k] {
			legal := s.Legal(seat, g.legal[:0])
			if len(legal) == 0 {
				continue // the phase moved on within the round
			}
			g.fold(n)
			v := &g.views[seat]
			a := players[seat].Decide(v, legal, g.rngs[seat])
			if !containsIgnoringText(legal, a) {
				return sim.Result{}, fmt.Errorf("%w: seat %d chose %v in %v day %d", ErrIllegalChoice, seat, a, s.Phase(), s.Day())
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

func containsIgnoringText(legal []werewolf.Action, a werewolf.Action) bool {
	if a.Text != "" {
		a.Text = ""
	}
	return slices.Contains(legal, a)
}
