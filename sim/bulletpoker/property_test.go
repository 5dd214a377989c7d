package bulletpoker

import (
	"fmt"
	"slices"
	"testing"

	"gamelab/sim"
	"gamelab/sim/cards"
	"pgregory.net/rapid"
)

// TestProperties plays matches whose every choice rapid draws, and checks
// the match log: the cards of a hand are distinct, bets never exceed six, a
// folded seat never acts again in the hand, and the seats safe at showdown
// are exactly those with the evaluator's best hand.
func TestProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := mustPreset(t, rapid.SampledFrom(Presets()).Draw(t, "preset"))
		r.Players = rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players")
		r.HandCap = rapid.IntRange(1, 30).Draw(t, "cap")
		s := New(r, rapid.Uint64().Draw(t, "seed"))
		var legal []Action
		var folded [MaxPlayers]bool
		seen := 0
		for steps := 0; !s.Done(); steps++ {
			if steps > 20_000 {
				t.Fatal("match does not end")
			}
			for _, e := range s.events[seen:] {
				switch e.Kind {
				case EvHand:
					folded = [MaxPlayers]bool{}
				case EvFold:
					folded[e.Seat] = true
				}
			}
			seen = len(s.events)
			next := s.Next()
			for _, seat := range next {
				if folded[seat] {
					t.Fatalf("seat %d folded but is asked to act", seat)
				}
			}
			seat := next[rapid.IntRange(0, len(next)-1).Draw(t, "who")]
			legal = s.Legal(seat, legal[:0])
			a := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "action")]
			if err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
		}
		if err := checkLog(s.events); err != nil {
			t.Fatal(err)
		}
	})
}

// checkLog checks the properties on a finished match's events.
func checkLog(evs []Event) error {
	var used cards.Set
	var hole [MaxPlayers][2]cards.Card
	var board []cards.Card
	var out [MaxPlayers]bool
	var shown []sim.Seat
	var ranks []cards.HandRank
	safe := map[sim.Seat]bool{}
	closeShowdown := func() error {
		if len(shown) == 0 {
			return nil
		}
		best := slices.Max(ranks)
		for i, seat := range shown {
			if (ranks[i] == best) != safe[seat] {
				return fmt.Errorf("showdown: seat %d rank %v best %v safe %v", seat, ranks[i], best, safe[seat])
			}
		}
		shown, ranks = nil, nil
		return nil
	}
	add := func(cs ...cards.Card) error {
		for _, c := range cs {
			if used.Has(c) {
				return fmt.Errorf("card %v dealt twice in a hand", c)
			}
			used = used.With(c)
		}
		return nil
	}
	for _, e := range evs {
		switch e.Kind {
		case EvHand, EvGameOver:
			if err := closeShowdown(); err != nil {
				return err
			}
			used, board, out = 0, nil, [MaxPlayers]bool{}
		case EvDeal:
			hole[e.Seat] = [2]cards.Card{e.Cards[0], e.Cards[1]}
			if err := add(e.Cards[:2]...); err != nil {
				return err
			}
		case EvSwitch:
			if hole[e.Seat][e.Hole] != e.Cards[0] {
				return fmt.Errorf("seat %d switched out %v, not its card", e.Seat, e.Cards[0])
			}
			hole[e.Seat][e.Hole] = e.Cards[1]
			if err := add(e.Cards[1]); err != nil {
				return err
			}
		case EvBoard:
			board = append(board, e.Cards[:e.Count]...)
			if err := add(e.Cards[:e.Count]...); err != nil {
				return err
			}
		case EvBet:
			if e.Bet > MaxBet || e.Current > MaxBet || e.Bet > e.Current {
				return fmt.Errorf("bet %d current %d", e.Bet, e.Current)
			}
			if out[e.Seat] {
				return fmt.Errorf("seat %d bets after folding", e.Seat)
			}
		case EvFold:
			if out[e.Seat] || e.Count > MaxBet || e.Count < 1 {
				return fmt.Errorf("fold of seat %d loads %d (out %v)", e.Seat, e.Count, out[e.Seat])
			}
			out[e.Seat] = true
		case EvShowdown:
			h := append([]cards.Card{hole[e.Seat][0], hole[e.Seat][1]}, board...)
			if len(h) != 7 || hole[e.Seat] != [2]cards.Card{e.Cards[0], e.Cards[1]} {
				return fmt.Errorf("showdown of seat %d shows %v, holds %v", e.Seat, e.Cards[:2], hole[e.Seat])
			}
			r := cards.Evaluate(h)
			if r != e.Rank {
				return fmt.Errorf("showdown rank %v, evaluator %v", e.Rank, r)
			}
			shown, ranks = append(shown, e.Seat), append(ranks, r)
			safe[e.Seat] = true
		case EvLoad:
			if e.Count > MaxBet {
				return fmt.Errorf("load %d", e.Count)
			}
			safe[e.Seat] = false
		}
	}
	return closeShowdown()
}
