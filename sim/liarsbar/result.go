package liarsbar

import "gamelab/sim"

// Result ranks the seats: survivors first (at the round cap, fewer pulls
// is better), then the dead in reverse order of elimination; seats killed
// at the same moment (a Devil reveal) or survivors with equal pulls share a
// place. Score is 1 shared equally by the seats placed first, 0 for the
// others, so scores always sum to 1. Call it when Done; before that it
// ranks the game as if it ended now.
//
// Stats: "rounds". SeatStats per seat: "plays", "lies" (plays holding a
// card that was neither the table card nor wild), "challenges",
// "caught" (challenges that revealed a lie), "pulls" (pulls of the seat's
// own revolver).
func (s *State) Result() sim.Result {
	n := int(s.n)
	r := sim.Result{
		Score:     make([]float64, n),
		Placement: make([]int8, n),
		Stats:     map[string]float64{"rounds": float64(s.round)},
		SeatStats: make([]map[string]float64, n),
	}
	s.places(r.Placement)
	first := 0
	for _, p := range r.Placement {
		if p == 1 {
			first++
		}
	}
	for i, p := range r.Placement {
		if p == 1 {
			r.Score[i] = 1 / float64(first)
		}
		st := s.stats[i]
		r.SeatStats[i] = map[string]float64{
			"plays": float64(st.plays), "lies": float64(st.lies),
			"challenges": float64(st.challenges), "caught": float64(st.caught),
			"pulls": float64(st.pulls),
		}
	}
	return r
}

// places writes the competition ranking of every seat into dst[:n].
func (s *State) places(dst []int8) {
	// key: lower is better. Survivors: pulls (0..6). Dead: 100 - moment.
	var key [MaxPlayers]int
	for i := range s.n {
		if s.alive[i] {
			key[i] = int(s.guns[i].pulls)
		} else {
			key[i] = 1000 - int(s.out[i])
		}
	}
	for i := range s.n {
		p := int8(1)
		for j := range s.n {
			if key[j] < key[i] {
				p++
			}
		}
		dst[i] = p
	}
}

// Winner is the seat that won, or NoSeat while the game runs or when the
// round cap left a tie for first.
func (s *State) Winner() sim.Seat { return s.winner }

// Placements appends Result's placements to dst[:0] without allocating
// (sim.Placer, for search).
func (s *State) Placements(dst []int8) []int8 {
	dst = append(dst[:0], make([]int8, s.n)...)
	s.places(dst)
	return dst
}
