package werewolf

import (
	"math/bits"

	"gamelab/sim"
)

// Result scores a finished game: Score 1 for every seat of the winning team
// (the madman wins with the wolves), 0 for the others — so the scores do
// not sum to a constant; they sum to the size of the winning team.
// Placement is 1 for the winners and (winners+1) for the rest. SeatTags
// holds each seat's role ("seer"). Stats: "village_win" 1/0, "days" (the
// last day number reached), "survivors". Before the end every score is 0
// and every placement 1.
func (s *State) Result() sim.Result {
	n := int(s.n)
	score := make([]float64, n)
	tags := make([]string, n)
	for i := range n {
		tags[i] = s.roles[i].String()
		if s.winner != TeamNone && s.roles[i].Team() == s.winner {
			score[i] = 1
		}
	}
	vw := 0.0
	if s.winner == TeamVillage {
		vw = 1
	}
	return sim.Result{
		Score:     score,
		Placement: sim.Placements(score, make([]int8, 0, n)),
		SeatTags:  tags,
		Stats: map[string]float64{
			"village_win": vw,
			"days":        float64(s.day),
			"survivors":   float64(bits.OnesCount16(s.alive)),
		},
	}
}

// Placements implements sim.Placer: the placements Result gives (1 for
// the winning team, winners+1 for the others, all 1 before the end),
// appended to dst[:0] without allocating.
func (s *State) Placements(dst []int8) []int8 {
	dst = dst[:0]
	winners := int8(0)
	for i := range s.n {
		if s.winner != TeamNone && s.roles[i].Team() == s.winner {
			winners++
		}
	}
	for i := range s.n {
		p := int8(1)
		if s.winner != TeamNone && s.roles[i].Team() != s.winner {
			p = winners + 1
		}
		dst = append(dst, p)
	}
	return dst
}
