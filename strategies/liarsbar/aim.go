package liarsbar

import (
	"gamelab/sim"
	"gamelab/sim/liarsbar"
	"gamelab/strategies"
)

// aimParam is the aiming policy's parameter, shared by every strategy.
var aimParam = strategies.Param{
	Name: "danger", Default: 0.7, Min: 0, Max: 1,
	Help: "chaos aim: weight on the target's revolver pulls (most likely to fire next) versus being the next seat to move after us",
}

// aimAt picks the aim with the highest score danger*pulls/5 +
// (1-danger)*[next seat after us]; ties go to the seat with more cards,
// then to the lowest seat.
func aimAt(v *liarsbar.View, legal []liarsbar.Action, danger float64) liarsbar.Action {
	best, bestScore := legal[0], -1.0
	next := sim.NoSeat
	for j := 1; j < v.Rules.Players; j++ {
		t := sim.Seat((int(v.Seat) + j) % v.Rules.Players)
		if v.Alive[t] {
			next = t
			break
		}
	}
	for _, a := range legal {
		if a.Kind != liarsbar.Aim {
			continue
		}
		t := a.Target
		score := danger * float64(v.Pulls[t]) / 5
		if t == next {
			score += 1 - danger
		}
		score += float64(v.Cards[t]) * 1e-3
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	return best
}
