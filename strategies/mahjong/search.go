package mahjong

import (
	"math"

	"gamelab/sim"
	"gamelab/sim/mahjong"
	"gamelab/strategies/search"
)

// Game describes mahjong to the generic search (strategies/search). A
// playout ends with the hand the search started in (Leaf): a game is some
// ten hands long, and one hand's playout already costs a few hundred
// decisions of the rollout strategy. Each seat's reward is then the points
// it won or lost in that hand (its score against the root view's, riichi
// sticks paid included), squashed to [0, 1] by a logistic curve of scale
// PointsScale (a mangan of 8,000 points is worth 0.73 to the winner, 0.27
// to the payer). A playout whose hand ends the game scores the real
// placements instead ((4 − place) / 3), as in the other games. The
// search plays the rollout strategy's own choice unless another candidate
// beats it by z standard errors (Candidates, PooledVariance).
var Game = search.Game[*mahjong.State, mahjong.Rules, mahjong.Action, mahjong.Event, mahjong.View]{
	NewState: func() *mahjong.State { return new(mahjong.State) },
	Seat:     func(v *mahjong.View) sim.Seat { return v.Me },
	Players:  func(*mahjong.View) int { return 4 },
	Leaf:     handEnd,
	// Root actions: every call, kan, win and riichi, but only the
	// discards that keep the lowest shanten (a handful instead of up to
	// fourteen, so each gets the playouts to tell it apart).
	Candidates:     candidates,
	PooledVariance: true,
}

// candidates is Game.Candidates: the legal actions less the discards that
// leave a higher shanten than the best discard.
func candidates(v *mahjong.View, legal, dst []mahjong.Action) []mahjong.Action {
	dst = dst[:0]
	if v.Drawn == mahjong.NoTile && v.Concealed[v.Me]%3 != 2 {
		return append(dst, legal...) // a claim: few answers
	}
	var a mahjong.Discards
	c := v.Counts()
	a.Reset(&c, int(v.NMelds[v.Me]))
	var sh [mahjong.NumKinds]int8
	var seen [mahjong.NumKinds]bool
	best := discardShanten(&a, legal, &sh, &seen)
	for _, x := range legal {
		if x.Kind != mahjong.ActDiscard || int(sh[x.Tile.Kind()]) == best {
			dst = append(dst, x)
		}
	}
	return dst
}

// PointsScale is the scale in points of the hand reward's logistic curve.
const PointsScale = 8000

// handEnd is Game.Leaf: true once the playout d has left the root's hand
// (every new hand changes the round or the honba).
func handEnd(root *mahjong.View, d *mahjong.State, dst []float64) ([]float64, bool) {
	round, honba, _ := d.Round()
	if round == int(root.Round) && honba == int(root.Honba) {
		return dst, false
	}
	dst = dst[:0]
	for i, x := range d.Scores() {
		delta := float64(x - root.Scores[i])
		dst = append(dst, 1/(1+math.Exp(-delta/PointsScale)))
	}
	return dst, true
}

// RulesSetter is a strategy that needs the game's rules, which a View does
// not hold (the search, to build full states): Play calls SetRules before
// each game. Strategies never told (live play) assume mahjong.Dihou().
type RulesSetter interface {
	SetRules(r mahjong.Rules)
}

func init() {
	search.Register(Registry, Game, 200, "efficiency")
}
