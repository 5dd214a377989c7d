package bulletpoker

import (
	"gamelab/sim"
	"gamelab/sim/cards"
)

// Result scores a finished match: Score is 1 for the last player alive
// (1/k each if the hand cap leaves k players tied for first), 0 otherwise.
// Placement is the reverse elimination order; players who die in the same
// showdown rank by their hands, equal hands share a place. At the hand cap
// the living rank first, by fewest bullets loaded over the match [ours].
// Stats: "hands", "capped" (0/1), "shots"; SeatStats: "loaded".
// Before the match is over the Result is meaningless.
func (s *State) Result() sim.Result {
	pl := s.Placements(nil)
	firsts := 0
	for _, p := range pl {
		if p == 1 {
			firsts++
		}
	}
	score := make([]float64, s.n)
	seat := make([]map[string]float64, s.n)
	for i, p := range pl {
		if p == 1 {
			score[i] = 1 / float64(firsts)
		}
		seat[i] = map[string]float64{"loaded": float64(s.loaded[i])}
	}
	capped := 0.0
	if s.capped {
		capped = 1
	}
	return sim.Result{
		Score:     score,
		Placement: pl,
		Stats:     map[string]float64{"hands": float64(s.hand), "capped": capped, "shots": float64(s.shots)},
		SeatStats: seat,
	}
}

// Placements appends Result's placements to dst[:0] without allocating
// (sim.Placer, for search playouts). Before the match is over they rank
// the living first, by fewest bullets loaded, as at the hand cap.
func (s *State) Placements(dst []int8) []int8 {
	var key [MaxPlayers]float64
	for i := range s.n {
		if s.alive[i] {
			key[i] = 1e9 - float64(s.loaded[i])
		} else {
			key[i] = float64(s.deathAt[i])*1e4 + float64(s.deathRank[i])
		}
	}
	return sim.Placements(key[:s.n], dst)
}

// Alive reports whether seat is still alive in the match.
func (s *State) Alive(seat sim.Seat) bool {
	return seat >= 0 && int(seat) < s.n && s.alive[seat]
}

// View returns what seat knows now; it equals the fold of the events
// seat sees (Event.For).
func (s *State) View(seat sim.Seat) View {
	v := View{Seat: seat, Rules: s.rules, Players: int8(s.n), Hand: s.hand, Button: s.button,
		Street: s.street, Done: s.done, Current: s.current,
		Acted: s.acted, Raised: s.raised, Switched: s.switched, Answering: s.simul}
	for i := range s.n {
		v.Alive[i] = s.alive[i]
		v.InHand[i] = s.inHand[i]
		v.Bet[i] = s.bet[i]
		v.Raises[i] = s.raises[i]
		v.CowardUsed[i] = s.cowardUsed[i]
		v.SwitchUsed[i] = s.switchUsed[i]
		v.Loaded[i] = s.loaded[i]
		if s.hasDisc[i] && (s.rules.SwitchRevealsDiscard || sim.Seat(i) == seat) {
			v.HasDiscard[i], v.Discard[i] = true, s.discard[i]
		}
		if s.shown[i] != 0 {
			v.Shown[i], v.ShownRank[i] = s.hole[i], s.shown[i]
		}
	}
	v.NBoard = int8(s.nboard)
	v.Board = s.board
	if seat >= 0 && int(seat) < s.n {
		if s.hole[seat] != ([2]cards.Card{}) || s.alive[seat] {
			v.HasHole = true
			v.Hole = s.hole[seat]
		}
		if !s.done && !s.simul && seat == s.toAct && s.nOffers > 0 {
			v.NOffers, v.Offers = int8(s.nOffers), s.offers
		}
	}
	return v
}
