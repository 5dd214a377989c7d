package liarsbar

import (
	"fmt"
	"math/bits"

	"gamelab/sim"
)

// Legal appends the legal actions of seat to dst and returns it: the
// distinct plays (identical cards are listed once, by their lowest hand
// indices) in ascending order of their index lists, then challenge; or the
// aims at every other living seat in seat order. It is empty for a seat
// that is not to act.
func (s *State) Legal(seat sim.Seat, dst []Action) []Action {
	if seat < 0 || seat >= sim.Seat(s.n) {
		return dst
	}
	switch s.phase {
	case phaseMove:
		if seat != s.turn {
			return dst
		}
		if !s.onlyHolder(seat) {
			dst = s.appendPlays(&s.hands[seat], dst)
		}
		if s.last != sim.NoSeat {
			dst = append(dst, ChallengeAction)
		}
	case phaseAim:
		if !s.owed[seat] {
			return dst
		}
		for t := range sim.Seat(s.n) {
			if t != seat && s.alive[t] {
				dst = append(dst, AimAt(t))
			}
		}
	}
	return dst
}

// appendPlays lists the canonical plays of h: within a run of identical
// cards only a prefix may be chosen (so equal plays are listed once, by
// their lowest indices), and the Devil only alone. The loops are unrolled
// for MaxPlay = 3 and give the plays in ascending order of index lists.
func (s *State) appendPlays(h *hand, dst []Action) []Action {
	n := int(h.n)
	var dup, devil uint16 // bit i: card i equals card i-1; card i is the Devil
	for i := 0; i < n; i++ {
		if i > 0 && h.c[i] == h.c[i-1] {
			dup |= 1 << i
		}
		if h.c[i] == Devil {
			devil |= 1 << i
		}
	}
	most := s.rules.MaxPlay
	for i := 0; i < n; i++ {
		if dup>>i&1 != 0 {
			continue
		}
		mi := uint8(1) << i
		dst = append(dst, Action{Kind: Play, Cards: mi, Target: sim.NoSeat})
		if most < 2 || devil>>i&1 != 0 {
			continue
		}
		for j := i + 1; j < n; j++ {
			if (dup>>j&1 != 0 && j-1 != i) || devil>>j&1 != 0 {
				continue
			}
			mj := mi | 1<<j
			dst = append(dst, Action{Kind: Play, Cards: mj, Target: sim.NoSeat})
			if most < 3 {
				continue
			}
			for k := j + 1; k < n; k++ {
				if (dup>>k&1 != 0 && k-1 != j) || devil>>k&1 != 0 {
					continue
				}
				dst = append(dst, Action{Kind: Play, Cards: mj | 1<<k, Target: sim.NoSeat})
			}
		}
	}
	return dst
}

// validPlay reports whether mask is one of the plays appendPlays lists.
func (s *State) validPlay(h *hand, mask uint8) bool {
	k := bits.OnesCount8(mask)
	if k == 0 || k > s.rules.MaxPlay || mask>>uint(h.n) != 0 {
		return false
	}
	for i := int8(0); i < h.n; i++ {
		if mask&(1<<i) == 0 {
			continue
		}
		if h.c[i] == Devil && k != 1 {
			return false
		}
		if i > 0 && h.c[i-1] == h.c[i] && mask&(1<<(i-1)) == 0 {
			return false
		}
	}
	return true
}

// check returns why seat may not take a now, or nil.
func (s *State) check(seat sim.Seat, a Action) error {
	if s.phase == phaseOver {
		return ErrGameOver
	}
	if seat < 0 || seat >= sim.Seat(s.n) {
		return fmt.Errorf("%w: no seat %d", ErrNotYourTurn, seat)
	}
	switch s.phase {
	case phaseMove:
		if seat != s.turn {
			return fmt.Errorf("%w: seat %d, seat %d is to move", ErrNotYourTurn, seat, s.turn)
		}
		switch a.Kind {
		case Play:
			if a.Target != sim.NoSeat || !s.validPlay(&s.hands[seat], a.Cards) {
				return fmt.Errorf("%w: %v is not a play of seat %d's hand", ErrIllegalAction, a, seat)
			}
			if s.onlyHolder(seat) {
				return fmt.Errorf("%w: seat %d is the only one with cards and must challenge", ErrIllegalAction, seat)
			}
			return nil
		case Challenge:
			if a != ChallengeAction {
				return fmt.Errorf("%w: malformed challenge", ErrIllegalAction)
			}
			if s.last == sim.NoSeat {
				return fmt.Errorf("%w: no play to challenge yet", ErrIllegalAction)
			}
			return nil
		}
		return fmt.Errorf("%w: %v while seat %d is to move", ErrIllegalAction, a, seat)
	case phaseAim:
		if !s.owed[seat] {
			return fmt.Errorf("%w: seat %d does not aim now", ErrNotYourTurn, seat)
		}
		if a.Kind != Aim || a.Cards != 0 {
			return fmt.Errorf("%w: seat %d must aim, not %v", ErrIllegalAction, seat, a)
		}
		if a.Target < 0 || a.Target >= sim.Seat(s.n) || a.Target == seat || !s.alive[a.Target] {
			return fmt.Errorf("%w: seat %d cannot aim at %d", ErrIllegalAction, seat, a.Target)
		}
		return nil
	}
	return ErrGameOver
}

// Apply lets seat take a. An illegal action returns an error (ErrGameOver,
// ErrNotYourTurn or ErrIllegalAction) and changes nothing.
func (s *State) Apply(seat sim.Seat, a Action) error {
	if err := s.check(seat, a); err != nil {
		return err
	}
	switch a.Kind {
	case Play:
		s.play(seat, a.Cards)
	case Challenge:
		s.challenge(seat)
	case Aim:
		s.aim(seat, a.Target)
	}
	return nil
}
