package search

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"gamelab/sim"
	"gamelab/strategies"
)

// Game is what the search needs of a game beyond the contract's types.
type Game[S interface {
	sim.State[S, R, A, E, V]
	sim.Sampler[V]
}, R any, A comparable, E sim.Event[E], V any] struct {
	// NewState returns an empty state for Determinize to fill (e.g.
	// new(liarsbar.State)).
	NewState func() S
	// Seat and Players read the deciding seat and the number of seats
	// from a view.
	Seat    func(v *V) sim.Seat
	Players func(v *V) int
	// Leaf, if set, may end a playout before the game ends: asked before
	// each playout step with the root view and the playout's state, it
	// reports true with every seat's reward in [0, 1] appended to dst[:0]
	// (bullet poker stops at the end of the hand the search started in
	// and values the survivors alike). nil plays every playout out.
	Leaf func(root *V, d S, dst []float64) ([]float64, bool)
	// Candidates, if set, appends to dst[:0] the root actions worth
	// searching among legal (werewolf: votes, divines and kills, not its
	// hundreds of messages). When the anchor's (the rollout strategy's
	// unless ISMCTS.SetAnchor) own choice is not one of them, or fewer
	// than two are, the search plays that choice without searching.
	Candidates func(v *V, legal, dst []A) []A
	// PooledVariance floors each action's reward variance in the z test
	// (Config.Z) at the variance of all the root's playouts: where rewards
	// take few values (mahjong: most hands end with the seat neither
	// winning nor paying), a handful of equal rewards would otherwise show
	// no variance and any difference of means would look certain.
	PooledVariance bool
	// WinOnly makes win=1 (team games: a playout scores 1 for the seats
	// placed first, the winning team, 0 for the others) the default.
	WinOnly bool
}

// Config sets a search's budget and exploration.
type Config struct {
	// Iters is the number of iterations per move (all workers together);
	// used when Time is 0.
	Iters int
	// Time bounds a move by the wall clock instead (live play): not
	// deterministic.
	Time time.Duration
	// C is the UCB1 exploration constant (rewards in [0, 1]).
	C float64
	// Workers > 1 runs root-parallel trees on goroutines.
	Workers int
	// Tree: false searches the root seat's choice only (flat UCB over
	// determinizations, every later decision played by the rollout
	// strategy: rollout-policy improvement); true grows the whole
	// SO-ISMCTS tree, other seats choosing by UCB on their own rewards.
	Tree bool
	// Z anchors the move to the anchor's (by default the rollout
	// strategy's; ISMCTS.SetAnchor) own choice at the root:
	// another action is played only if its mean reward beats the
	// anchor's choice by more than Z standard errors (0: plain most
	// visited action). Outcomes of these games are so noisy that a plain
	// search at a small budget plays close to random.
	Z float64
	// WinOnly scores a playout 1 for the seats placed first and 0 for the
	// others, instead of the placement scaled to [0, 1].
	WinOnly bool
}

// ErrConfig reports a bad budget.
var ErrConfig = errors.New("search: bad configuration")

// Validate checks the budget.
func (c Config) Validate() error {
	switch {
	case c.Time < 0:
		return fmt.Errorf("%w: time %v is negative", ErrConfig, c.Time)
	case c.Time == 0 && c.Iters <= 0:
		return fmt.Errorf("%w: iters=%d, want a positive number of iterations (or a time)", ErrConfig, c.Iters)
	case c.C < 0 || math.IsNaN(c.C):
		return fmt.Errorf("%w: c=%v, want c >= 0", ErrConfig, c.C)
	case c.Z < 0 || math.IsNaN(c.Z):
		return fmt.Errorf("%w: z=%v, want z >= 0", ErrConfig, c.Z)
	case c.Workers < 0:
		return fmt.Errorf("%w: workers=%d", ErrConfig, c.Workers)
	}
	return nil
}

// ISMCTS is the search as a strategy of its game. Build it with New.
type ISMCTS[S interface {
	sim.State[S, R, A, E, V]
	sim.Sampler[V]
}, R any, A comparable, E sim.Event[E], V any] struct {
	g       Game[S, R, A, E, V]
	cfg     Config
	rollout func() strategies.Strategy[V, A]
	workers []*worker[S, R, A, E, V]
	// newAnchor makes the anchor (SetAnchor; else the rollout strategy):
	// its choice is played unsearched off the candidates and kept at the
	// root unless beaten by z standard errors.
	newAnchor func() strategies.Strategy[V, A]
	anchor    strategies.Strategy[V, A]
	rules     *R // set by SetRules
	cands     []A
	// Stats of the last move: iterations run and tree nodes grown.
	LastIters, LastNodes int
}

// New returns an ISMCTS strategy. rollout makes one rollout strategy (one
// per seat and worker). It returns an error for a bad Config.
func New[S interface {
	sim.State[S, R, A, E, V]
	sim.Sampler[V]
}, R any, A comparable, E sim.Event[E], V any](g Game[S, R, A, E, V], cfg Config, rollout func() strategies.Strategy[V, A]) (*ISMCTS[S, R, A, E, V], error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.Workers == 0 {
		cfg.Workers = 1
	}
	return &ISMCTS[S, R, A, E, V]{g: g, cfg: cfg, rollout: rollout}, nil
}

// SetRules makes the states the search determinizes into start from rules
// r (Reset(r, 0) before Determinize fills them), for a game whose View
// does not hold its rules: mahjong's game loop calls it before each game.
// Without it the states are NewState's.
func (m *ISMCTS[S, R, A, E, V]) SetRules(r R) {
	m.rules = &r
	for _, w := range m.workers {
		w.d.Reset(r, 0)
	}
}

// SetAnchor makes newAnchor, instead of the rollout strategy, the
// strategy whose own choice the search plays when it does not search
// (off Game.Candidates) and keeps at the root unless another action
// beats it by Config.Z standard errors. Playouts still use the rollout
// strategy. Call it before the first move.
func (m *ISMCTS[S, R, A, E, V]) SetAnchor(newAnchor func() strategies.Strategy[V, A]) {
	m.newAnchor, m.anchor = newAnchor, nil
}

func (m *ISMCTS[S, R, A, E, V]) makeAnchor() strategies.Strategy[V, A] {
	if m.newAnchor != nil {
		return m.newAnchor()
	}
	return m.rollout()
}

// Reset forgets nothing that matters: trees are rebuilt every move.
func (m *ISMCTS[S, R, A, E, V]) Reset() {
	if m.anchor != nil {
		m.anchor.Reset()
	}
}

// Decide searches from v and returns the most visited legal action.
func (m *ISMCTS[S, R, A, E, V]) Decide(v *V, legal []A, rng *rand.Rand) A {
	if len(legal) == 1 {
		return legal[0]
	}
	seed := rng.Uint64()
	var pa A // the rollout strategy's own choice, once asked
	asked := false
	if m.g.Candidates != nil {
		if m.anchor == nil {
			m.anchor = m.makeAnchor()
		}
		pa, asked = m.anchor.Decide(v, legal, rng), true
		m.cands = m.g.Candidates(v, legal, m.cands[:0])
		if len(m.cands) < 2 || indexOf(m.cands, pa) < 0 {
			return pa
		}
		legal = m.cands
	}
	for len(m.workers) < m.cfg.Workers {
		m.workers = append(m.workers, m.newWorker())
	}
	var deadline time.Time
	if m.cfg.Time > 0 {
		deadline = time.Now().Add(m.cfg.Time)
	}
	nw := m.cfg.Workers
	if nw == 1 {
		m.workers[0].search(v, legal, m.cfg.Iters, deadline, sim.Seed(seed, 0))
	} else {
		m.searchParallel(v, legal, nw, deadline, seed)
	}
	m.LastIters, m.LastNodes = 0, 0
	for _, w := range m.workers[:nw] {
		m.LastIters += w.iters
		m.LastNodes += len(w.nodes)
	}
	// Per legal action: visits, summed reward and squared reward over the
	// workers' root children.
	stat := func(a A) (n, sum, sq float64) {
		for _, w := range m.workers[:nw] {
			for c := w.nodes[0].child; c >= 0; c = w.nodes[c].next {
				if x := &w.nodes[c]; x.action == a {
					n, sum, sq = n+x.visits, sum+x.reward, sq+x.sq
				}
			}
		}
		return
	}
	best, bestN, bestMean := legal[0], -1.0, 0.0
	for _, a := range legal {
		n, sum, _ := stat(a)
		if n > bestN {
			best, bestN, bestMean = a, n, sum/max(n, 1)
		}
	}
	if m.cfg.Z == 0 {
		return best
	}
	// Anchor to the rollout strategy's choice.
	if m.anchor == nil {
		m.anchor = m.makeAnchor()
	}
	if !asked {
		pa = m.anchor.Decide(v, legal, rng)
	}
	pn, psum, psq := stat(pa)
	bn, _, bsq := stat(best)
	if pn < 2 || bn < 2 || best == pa {
		return pa
	}
	pm := psum / pn
	vp, vb := variance(pn, psum, psq), variance(bn, bestMean*bn, bsq)
	if m.g.PooledVariance {
		var n, sum, sq float64
		for _, a := range legal {
			an, asum, asq := stat(a)
			n, sum, sq = n+an, sum+asum, sq+asq
		}
		pool := variance(n, sum, sq)
		vp, vb = max(vp, pool), max(vb, pool)
	}
	se := math.Sqrt(vp/pn + vb/bn)
	if bestMean-pm > m.cfg.Z*se {
		return best
	}
	return pa
}

// searchParallel runs the first nw workers on goroutines, the iteration
// budget split among them. It is apart from Decide so that the variables
// its goroutines share do not move Decide's to the heap (a serial move
// allocates nothing).
func (m *ISMCTS[S, R, A, E, V]) searchParallel(v *V, legal []A, nw int, deadline time.Time, seed uint64) {
	var wg sync.WaitGroup
	for i, w := range m.workers[:nw] {
		iters := m.cfg.Iters / nw
		if i < m.cfg.Iters%nw {
			iters++
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.search(v, legal, iters, deadline, sim.Seed(seed, uint64(i)))
		}()
	}
	wg.Wait()
}

func variance(n, sum, sq float64) float64 {
	mean := sum / n
	return max(sq/n-mean*mean, 0) * n / (n - 1)
}

// node is one action in the tree: the seat that chose it, its visits,
// availability and summed reward (of that seat), and its links.
type node[A comparable] struct {
	action        A
	seat          sim.Seat
	visits, avail float64
	reward, sq    float64
	parent        int32
	child, next   int32 // first child, next sibling (-1: none)
}

// worker is one tree with its buffers.
type worker[S interface {
	sim.State[S, R, A, E, V]
	sim.Sampler[V]
}, R any, A comparable, E sim.Event[E], V any] struct {
	m       *ISMCTS[S, R, A, E, V]
	d       S
	nodes   []node[A]
	path    []int32
	legal   []A
	untried []A
	view    V
	roll    []strategies.Strategy[V, A]
	place   []int8
	leaf    []float64
	pcg     sim.PCG
	rng     *rand.Rand
	iters   int
}

func (m *ISMCTS[S, R, A, E, V]) newWorker() *worker[S, R, A, E, V] {
	w := &worker[S, R, A, E, V]{m: m, d: m.g.NewState(), legal: make([]A, 0, 256), untried: make([]A, 0, 256)}
	if m.rules != nil {
		w.d.Reset(*m.rules, 0)
	}
	w.rng = rand.New(&w.pcg)
	return w
}

// search runs iters iterations (or until deadline, if set) from v.
func (w *worker[S, R, A, E, V]) search(v *V, rootLegal []A, iters int, deadline time.Time, seed uint64) {
	g, c := w.m.g, w.m.cfg.C
	me := g.Seat(v)
	players := g.Players(v)
	for len(w.roll) < players {
		w.roll = append(w.roll, w.m.rollout())
	}
	w.pcg.Reseed(seed)
	w.nodes = append(w.nodes[:0], node[A]{seat: sim.NoSeat, parent: -1, child: -1, next: -1})
	w.iters = 0
	for it := 0; ; it++ {
		if deadline.IsZero() {
			if it >= iters {
				break
			}
		} else if it&15 == 0 && !time.Now().Before(deadline) && it > 0 {
			break
		}
		w.iters++
		d := w.d
		d.Determinize(v, &w.pcg)
		cur := int32(0)
		w.path = append(w.path[:0], 0)
		// Selection and expansion.
		for !d.Done() && (cur == 0 || w.m.cfg.Tree) {
			seat := d.Next()[0]
			if cur == 0 {
				seat = me
			}
			w.legal = d.Legal(seat, w.legal[:0])
			if cur == 0 {
				w.legal = append(w.legal[:0], rootLegal...)
			}
			if len(w.legal) == 0 {
				break
			}
			// Children legal here: count availability, pick by UCB;
			// collect untried actions.
			w.untried = append(w.untried[:0], w.legal...)
			best, bestU := int32(-1), math.Inf(-1)
			for ch := w.nodes[cur].child; ch >= 0; ch = w.nodes[ch].next {
				n := &w.nodes[ch]
				if n.seat != seat {
					continue
				}
				k := indexOf(w.untried, n.action)
				if k < 0 {
					continue
				}
				w.untried[k] = w.untried[len(w.untried)-1]
				w.untried = w.untried[:len(w.untried)-1]
				n.avail++
				u := n.reward/n.visits + c*math.Sqrt(math.Log(n.avail)/n.visits)
				if u > bestU {
					best, bestU = ch, u
				}
			}
			if len(w.untried) > 0 {
				a := w.untried[w.pcg.IntN(len(w.untried))]
				ch := int32(len(w.nodes))
				w.nodes = append(w.nodes, node[A]{action: a, seat: seat, avail: 1, parent: cur, child: -1, next: w.nodes[cur].child})
				w.nodes[cur].child = ch
				if d.Apply(seat, a) != nil {
					panic("search: a legal action was refused")
				}
				w.path = append(w.path, ch)
				break
			}
			if d.Apply(seat, w.nodes[best].action) != nil {
				panic("search: a legal action was refused")
			}
			cur = best
			w.path = append(w.path, cur)
		}
		// Rollout.
		leaf := w.playOut(v, d)
		// Backup: each node gets the reward of the seat that chose it.
		w.place = w.place[:0]
		if !leaf && d.Done() {
			if p, ok := any(d).(sim.Placer); ok {
				w.place = p.Placements(w.place)
			} else {
				w.place = append(w.place, d.Result().Placement...)
			}
		}
		for _, id := range w.path[1:] {
			n := &w.nodes[id]
			n.visits++
			x := reward(w.place, n.seat, players)
			if leaf && int(n.seat) < len(w.leaf) {
				x = w.leaf[n.seat]
			}
			if !leaf && w.m.cfg.WinOnly && len(w.place) > 0 {
				x = 0
				if w.place[n.seat] == 1 {
					x = 1
				}
			}
			n.reward += x
			n.sq += x * x
		}
	}
}

// playOut plays d to its end (or to a Game.Leaf, then it reports true
// with the rewards in w.leaf) with the rollout strategies.
func (w *worker[S, R, A, E, V]) playOut(root *V, d S) bool {
	for i := range w.roll {
		w.roll[i].Reset()
	}
	leaf := w.m.g.Leaf
	for !d.Done() {
		if leaf != nil {
			var ok bool
			if w.leaf, ok = leaf(root, d, w.leaf[:0]); ok {
				return true
			}
		}
		seat := d.Next()[0]
		w.legal = d.Legal(seat, w.legal[:0])
		if len(w.legal) == 0 {
			return false // a state that cannot go on; scored as it stands
		}
		a := w.legal[0]
		if len(w.legal) > 1 {
			w.view = d.View(seat)
			a = w.roll[seat].Decide(&w.view, w.legal, w.rng)
		}
		if d.Apply(seat, a) != nil {
			return false
		}
	}
	return false
}

// reward scales seat's placement to [0, 1]: 1 for first, 0 for last. A
// game that did not end gives every seat 1/2.
func reward(place []int8, seat sim.Seat, players int) float64 {
	if int(seat) >= len(place) || players < 2 {
		return 0.5
	}
	return float64(players-int(place[seat])) / float64(players-1)
}

func indexOf[A comparable](l []A, a A) int {
	for i, x := range l {
		if x == a {
			return i
		}
	}
	return -1
}
