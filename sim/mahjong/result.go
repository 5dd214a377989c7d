package mahjong

import "gamelab/sim"

// Result reports the final scores (points; with SticksToWinner they sum to
// 4×StartPoints, otherwise leftover sticks are lost), placements (ties by
// seat order under TieBySeat, else shared) and Tenhou-style counts:
// Stats "hands", "draws"; SeatStats "hands", "wins", "dealins", "riichi",
// "calls" (hands in which the seat called), "win_points", "dealin_points"
// (what the seat paid for its deal-ins) and "draws" (the game's exhaustive
// and abortive draws, repeated per seat for per-player draw rates).
func (s *State) Result() sim.Result {
	r := sim.Result{Score: make([]float64, 4), Placement: make([]int8, 4)}
	for i, x := range s.scores {
		r.Score[i] = float64(x)
	}
	if s.rules.TieBySeat {
		for i := range r.Placement {
			p := int8(1)
			for j := range r.Placement {
				if s.scores[j] > s.scores[i] || (s.scores[j] == s.scores[i] && j < i) {
					p++
				}
			}
			r.Placement[i] = p
		}
	} else {
		r.Placement = sim.Placements(r.Score, r.Placement)
	}
	r.Stats = map[string]float64{"hands": float64(s.st.hands), "draws": float64(s.st.draws)}
	r.SeatStats = make([]map[string]float64, 4)
	for i := range r.SeatStats {
		r.SeatStats[i] = map[string]float64{
			"hands":         float64(s.st.hands),
			"wins":          float64(s.st.wins[i]),
			"dealins":       float64(s.st.dealins[i]),
			"riichi":        float64(s.st.riichi[i]),
			"calls":         float64(s.st.calledH[i]),
			"win_points":    float64(s.st.winPoints[i]),
			"dealin_points": float64(s.st.dealinPoints[i]),
			"draws":         float64(s.st.draws),
		}
	}
	return r
}

// Placements writes the placements Result would give into dst[:0] without
// allocating (sim.Placer, for search playouts).
func (s *State) Placements(dst []int8) []int8 {
	dst = dst[:0]
	for i, x := range s.scores {
		p := int8(1)
		for j, y := range s.scores {
			if y > x || s.rules.TieBySeat && y == x && j < i {
				p++
			}
		}
		dst = append(dst, p)
	}
	return dst
}
