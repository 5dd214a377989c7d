package mahjong

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"

	"gamelab/sim"
	"gamelab/sim/mahjong"
	"gamelab/strategies"
)

// ErrIllegalChoice is returned by Play when a strategy answers with an
// action that is not among its legal actions.
var ErrIllegalChoice = strategies.ErrIllegalChoice

// ErrPlayers reports a wrong number of players.
var ErrPlayers = errors.New("mahjong: wrong number of players")

var labelStrategy = strategies.LabelStrategy

// table is what Play reuses from game to game.
type table struct {
	s     *mahjong.State
	src   [4]sim.PCG
	rngs  [4]*rand.Rand // rand.New(&src[i])
	views [4]mahjong.View
}

// tablePool holds the tables of finished games for Play to reuse.
var tablePool sync.Pool

// viewBlind is implemented by strategies whose Decide never reads the
// view (Random): Play does not fold events for them.
type viewBlind interface{ viewBlind() }

// Play runs one game of rules r from seed with players[i] at seat i and
// returns its result. It calls Reset on every player first (and SetRules
// on a RulesSetter) and gives seat
// i the RNG sim.NewRand(sim.Seed(seed, sim.Label("strategy"), i)). Each
// seat's View is the fold of the events it may see, brought up to date
// incrementally just before the seat decides (never for a strategy that
// does not read it, such as Random, unless observe is set). When several
// seats may claim a discard they are asked in turn order after the
// discarder; none sees the others' answers. observe,
// if not nil, sees every decision (the view and legal slices are reused:
// copy what you keep). A strategy answering with an action outside legal
// ends the game with ErrIllegalChoice.
func Play(r mahjong.Rules, seed uint64, players []Strategy, observe func(seat sim.Seat, v *mahjong.View, legal []mahjong.Action, chosen mahjong.Action)) (sim.Result, error) {
	if err := r.Validate(); err != nil {
		return sim.Result{}, err
	}
	if len(players) != r.Players {
		return sim.Result{}, fmt.Errorf("%w: %d players for %d seats", ErrPlayers, len(players), r.Players)
	}
	// One table per concurrent Play, reused game after game: the State's
	// event log stays allocated (and in cache), and the RNGs are reseeded
	// (a reseeded sim.PCG behind a rand.Rand gives exactly the stream of a
	// fresh sim.NewRand).
	tb, _ := tablePool.Get().(*table)
	if tb == nil {
		tb = &table{s: mahjong.New(r, seed)}
		for i := range tb.rngs {
			tb.rngs[i] = rand.New(&tb.src[i])
		}
	} else {
		tb.s.Reset(r, seed)
	}
	defer tablePool.Put(tb)
	s, rngs, views := tb.s, &tb.rngs, &tb.views
	for i, p := range players {
		p.Reset()
		if rs, ok := p.(RulesSetter); ok {
			rs.SetRules(r)
		}
		tb.src[i].Reseed(sim.Seed(seed, labelStrategy, uint64(i)))
	}
	for i := range views {
		views[i] = mahjong.NewView(sim.Seat(i))
	}
	// A seat's view is folded up to date just before the seat decides (or
	// is observed): folded[i] counts the events views[i] has seen. A
	// strategy that declares it never reads its view (blind) is handed
	// its view without that fold when nothing observes.
	var blind [4]bool
	for i, p := range players {
		_, blind[i] = p.(viewBlind)
	}
	var watch [4]Watcher
	var watched [4]int
	for i, p := range players {
		watch[i], _ = p.(Watcher)
	}
	var legal [96]mahjong.Action
	var folded [4]int
	for !s.Done() {
		// Next's slice stays as it is until Next is called again: the
		// loop below does not, and strategies never see s.
		for _, seat := range s.Next() {
			if observe != nil || !blind[seat] {
				ev := s.Events()
				v := &views[seat]
				for i := folded[seat]; i < len(ev); i++ {
					if x, ok := ev[i].For(seat); ok {
						v.Apply(x)
					}
				}
				folded[seat] = len(ev)
			}
			if watch[seat] != nil {
				watched[seat] = deliver(watch[seat], seat, s.Events(), watched[seat])
			}
			l := s.Legal(seat, legal[:0])
			a := players[seat].Decide(&views[seat], l, rngs[seat])
			i := indexOf(l, a)
			if i < 0 {
				return sim.Result{}, fmt.Errorf("%w: seat %d chose %v, legal %v", ErrIllegalChoice, seat, a, l)
			}
			if observe != nil {
				observe(seat, &views[seat], l, a)
			}
			// The engine rechecks that a is still its i-th legal action
			// (observe or the strategy may have written to l) and skips
			// its own scan.
			if err := s.ApplyAt(seat, a, i); err != nil {
				return sim.Result{}, fmt.Errorf("seat %d: %w", seat, err)
			}
		}
	}
	for i, w := range watch {
		if w != nil {
			deliver(w, sim.Seat(i), s.Events(), watched[i])
		}
	}
	return s.Result(), nil
}

// Watcher is a Strategy that follows the game as the stream of events its
// seat sees, as an mjai bot does (protocol/mjai): Play calls Watch with
// every event of the game passed through Event.For(seat), in order, up to
// the present just before each of the seat's decisions, and the rest once
// the game is over. The events carry exactly what the seat's View folds.
type Watcher interface {
	Strategy
	Watch(e mahjong.Event)
}

// deliver hands w the events ev[from:] that seat sees and returns len(ev).
func deliver(w Watcher, seat sim.Seat, ev []mahjong.Event, from int) int {
	for _, e := range ev[from:] {
		if x, ok := e.For(seat); ok {
			w.Watch(x)
		}
	}
	return len(ev)
}

// indexOf returns the index of a in l, or -1. It reads the whole list with
// one packed comparison a tile, without an early exit: a random choice
// makes the exit point unpredictable, and the list is short.
func indexOf(l []mahjong.Action, a mahjong.Action) int {
	want := packAction(a)
	i := -1
	for j := range l {
		if packAction(l[j]) == want {
			i = j
		}
	}
	return i
}

func packAction(a mahjong.Action) uint32 {
	return uint32(a.Kind) | uint32(a.Tile)<<8 | uint32(a.Tile2)<<16
}
