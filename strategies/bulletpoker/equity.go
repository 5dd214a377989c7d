package bulletpoker

import (
	"math"
	"math/rand/v2"

	"gamelab/sim"
	"gamelab/sim/bulletpoker"
	"gamelab/sim/cards"
	"gamelab/strategies"
)

// Equity estimates by Monte Carlo the chance that its hand is (at least
// tied for) the best among the hands still in, dealing the unseen
// opponents' hole cards and the rest of the board at random from the cards
// it has not seen. It stays in while the risk of staying, (1 - equity) x
// P(death at the final bet), is at most the risk of folding now,
// P(death at its bet) (plus Margin), raises above Raise equity, goes all-in
// above AllIn, folds as a coward (one bullet) instead of a plain fold once
// its bet reaches Coward, and switches a hole card for the offer that best
// improves its equity when its equity is below Switch.
type Equity struct {
	Rollouts int     // Monte Carlo deals per equity estimate
	Margin   float64 // stay while stay risk <= fold risk + Margin
	Raise    float64 // raise at or above this equity
	AllIn    float64 // go all-in at or above this equity
	Switch   float64 // look for a switch below this equity
	Gain     float64 // switch only if it adds this much equity
	Coward   int     // use the coward fold at this bet or higher
	Growth   float64 // expected extra bullets per street still to come
	// Read narrows an opponent's range after each raise or all-in this
	// hand to the best Read^raises of starting hands (by Chen score);
	// 1 treats every opponent's hand as random.
	Read float64
	// Stop, when set, is asked every 64 rollouts whether time is up; an
	// estimate then ends early with the rollouts done so far. Live
	// adapters set it from a decision's deadline (SetStop); self-play
	// leaves it nil, so results depend only on the seed.
	Stop func() bool

	unseen [cards.NumCards]cards.Card
	hand   [7]cards.Card
}

// Death is the chance that k bullets kill: k/6, or 0.95 with six.
func Death(k int) float64 {
	switch {
	case k <= 0:
		return 0
	case k >= bulletpoker.MaxBet:
		return 0.95
	}
	return float64(k) / 6
}

// SetStop installs the early-stop check (see Stop).
func (e *Equity) SetStop(stop func() bool) { e.Stop = stop }

// Reset does nothing: Equity decides from the view alone.
func (e *Equity) Reset() {}

// Decide picks an action from legal (see Equity).
func (e *Equity) Decide(v *bulletpoker.View, legal []bulletpoker.Action, rng *rand.Rand) bulletpoker.Action {
	var can [bulletpoker.Switch + 1]bool
	hasSwitch := false
	for _, a := range legal {
		can[a.Kind] = true
		hasSwitch = hasSwitch || a.Kind == bulletpoker.Switch
	}
	me := v.Seat
	eq := e.Estimate(v, v.Hole, e.Rollouts, rng)

	if hasSwitch && eq < e.Switch {
		best, bestEq := bulletpoker.Action{}, eq+e.Gain
		per := max(1, e.Rollouts/4)
		for _, a := range legal {
			if a.Kind != bulletpoker.Switch {
				continue
			}
			h := v.Hole
			h[a.Hole] = v.Offers[a.Offer]
			if q := e.Estimate(v, h, per, rng); q > bestEq {
				best, bestEq = a, q
			}
		}
		if best.Kind == bulletpoker.Switch {
			return best
		}
	}

	bet, cur := int(v.Bet[me]), int(v.Current)
	streetsLeft := float64(bulletpoker.River - v.Street)
	final := func(level int) int {
		return min(bulletpoker.MaxBet, level+int(e.Growth*streetsLeft+0.5))
	}
	stayRisk := func(level int) float64 { return (1 - eq) * Death(final(level)) }
	foldRisk := Death(bet)
	fold := bulletpoker.Action{Kind: bulletpoker.Fold}
	if can[bulletpoker.Coward] && bet >= e.Coward {
		foldRisk = Death(1)
		fold.Kind = bulletpoker.Coward
	}
	if !can[bulletpoker.Fold] {
		fold = legal[0]
	}

	if can[bulletpoker.AllIn] && eq >= e.AllIn {
		return bulletpoker.Action{Kind: bulletpoker.AllIn}
	}
	if can[bulletpoker.Raise] && !can[bulletpoker.Check] && !can[bulletpoker.Call] {
		// Rise only: adding a bullet is the only way to stay.
		if stayRisk(cur+1) <= foldRisk+e.Margin {
			return bulletpoker.Action{Kind: bulletpoker.Raise}
		}
		return fold
	}
	if can[bulletpoker.Raise] && eq >= e.Raise {
		return bulletpoker.Action{Kind: bulletpoker.Raise}
	}
	if can[bulletpoker.Check] {
		return bulletpoker.Action{Kind: bulletpoker.Check}
	}
	if can[bulletpoker.Call] && stayRisk(cur) <= foldRisk+e.Margin {
		return bulletpoker.Action{Kind: bulletpoker.Call}
	}
	return fold
}

// Estimate is the Monte Carlo chance that hole, with the board of v, ends
// at least tied for the best hand among the seats still in, from rollouts
// random deals of the cards v's seat has not seen. It does not allocate.
func (e *Equity) Estimate(v *bulletpoker.View, hole [2]cards.Card, rollouts int, rng *rand.Rand) float64 {
	// The opponents still in, with the lowest Chen score their raises
	// allow (-128: any hand).
	var thr [bulletpoker.MaxPlayers]int8
	opp := 0
	for i := range int(v.Players) {
		if v.InHand[i] && sim.Seat(i) != v.Seat {
			thr[opp] = -128
			if r := v.Raises[i]; r > 0 && e.Read < 1 {
				thr[opp] = chenThreshold(max(0.05, math.Pow(e.Read, float64(r))))
			}
			opp++
		}
	}
	if opp == 0 {
		return 1
	}
	known := v.Known().With(hole[0]).With(hole[1])
	n := 0
	for c := cards.Card(0); c < cards.NumCards; c++ {
		if !known.Has(c) {
			e.unseen[n] = c
			n++
		}
	}
	nb := int(v.NBoard)
	need := 2*opp + 5 - nb
	if need > n || rollouts <= 0 {
		return 0
	}
	e.hand[0], e.hand[1] = hole[0], hole[1]
	copy(e.hand[2:], v.Board[:nb])
	var opph [7]cards.Card
	// A local generator seeded from rng: inlined draws, same determinism.
	p := sim.NewPCG(rng.Uint64())
	u := &e.unseen
	wins, done := 0, 0
	for ; done < rollouts; done++ {
		if done&63 == 63 && e.Stop != nil && e.Stop() {
			break
		}
		// Opponents' hole cards, redrawn (from the cards not yet placed)
		// until they fit the range their raises suggest, at most 30 times.
		for o := range opp {
			i := 2 * o
			for try := 0; ; try++ {
				j := i + p.IntN(n-i)
				u[i], u[j] = u[j], u[i]
				j = i + 1 + p.IntN(n-i-1)
				u[i+1], u[j] = u[j], u[i+1]
				if chen2[u[i]&63][u[i+1]&63] >= thr[o] || try >= 30 {
					break
				}
			}
		}
		for i := 2 * opp; i < need; i++ {
			j := i + p.IntN(n-i)
			u[i], u[j] = u[j], u[i]
		}
		copy(e.hand[2+nb:], u[2*opp:need])
		mine := cards.Eval7(&e.hand)
		opph = e.hand
		safe := true
		for o := range opp {
			opph[0], opph[1] = u[2*o], u[2*o+1]
			if cards.Eval7(&opph) > mine {
				safe = false
				break
			}
		}
		if safe {
			wins++
		}
	}
	return float64(wins) / float64(done)
}

func equityParams(margin, raise, allin float64) []strategies.Param {
	return []strategies.Param{
		{Name: "rollouts", Default: 200, Min: 1, Max: 20000, Help: "Monte Carlo deals per equity estimate", Kind: strategies.Int},
		{Name: "margin", Default: margin, Min: -1, Max: 1, Help: "stay while (1-equity)*P(death at final bet) <= P(death folding now) + margin"},
		{Name: "raise", Default: raise, Min: 0, Max: 1.01, Help: "raise at or above this equity"},
		{Name: "allin", Default: allin, Min: 0, Max: 1.01, Help: "go all-in at or above this equity"},
		{Name: "switch", Default: 0.35, Min: 0, Max: 1.01, Help: "look for a switch below this equity"},
		{Name: "gain", Default: 0.05, Min: 0, Max: 1, Help: "switch only if it adds this much equity"},
		{Name: "coward", Default: 3, Min: 2, Max: 7, Help: "fold as a coward (one bullet) once the bet reaches this (7 = never)", Kind: strategies.Int},
		{Name: "growth", Default: 0, Min: 0, Max: 2, Help: "expected extra bullets per street still to come"},
		{Name: "read", Default: 1, Min: 0.05, Max: 1, Help: "an opponent's raise narrows its range to this best fraction of hands (1 = random hands)"},
	}
}

func newEquity(v strategies.Values) Strategy {
	return &Equity{
		Rollouts: int(v["rollouts"]),
		Margin:   v["margin"],
		Raise:    v["raise"],
		AllIn:    v["allin"],
		Switch:   v["switch"],
		Gain:     v["gain"],
		Coward:   int(v["coward"]),
		Growth:   v["growth"],
		Read:     v["read"],
	}
}
