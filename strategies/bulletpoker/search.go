package bulletpoker

import (
	"gamelab/sim"
	"gamelab/sim/bulletpoker"
	"gamelab/strategies/search"
)

// Game describes bullet poker to the generic search. A playout ends with
// the hand the search started in (Leaf): the seats that died in it score
// their placement, and the survivors share the places still open alike,
// since later hands start even (every living seat antes one bullet and
// nothing but the coward and switch flags carries over). A match that ends
// in that hand scores its real placements.
var Game = search.Game[*bulletpoker.State, bulletpoker.Rules, bulletpoker.Action, bulletpoker.Event, bulletpoker.View]{
	NewState: func() *bulletpoker.State { return new(bulletpoker.State) },
	Seat:     func(v *bulletpoker.View) sim.Seat { return v.Seat },
	Players:  func(v *bulletpoker.View) int { return int(v.Players) },
	Leaf:     handEnd,
}

// handEnd is Game.Leaf: true once the playout d has left the root's hand.
func handEnd(root *bulletpoker.View, d *bulletpoker.State, dst []float64) ([]float64, bool) {
	if d.Done() || d.Hand() <= int(root.Hand) {
		return dst, false
	}
	var buf [bulletpoker.MaxPlayers]int8
	place := d.Placements(buf[:0])
	n := len(place)
	living := 0
	for i := range n {
		if d.Alive(sim.Seat(i)) {
			living++
		}
	}
	// The mean reward of places 1..living.
	share := (float64(n) - float64(living+1)/2) / float64(n-1)
	dst = dst[:0]
	for i, p := range place {
		x := share
		if !d.Alive(sim.Seat(i)) {
			x = float64(n-int(p)) / float64(n-1)
		}
		dst = append(dst, x)
	}
	return dst, true
}

func init() {
	search.Register(Registry, Game, 1000, "equity?rollouts=8")
}
