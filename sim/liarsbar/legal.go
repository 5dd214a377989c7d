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
// that is not to act. Legal may use dst's spare capacity past the
// returned length as scratch (it copies plays in fixed-size blocks).
func (s *State) Legal(seat sim.Seat, dst []Action) []Action {
	// The common case, kept short: the seat to move holds no Devil and is
	// not the only holder, so its list is one of playTable's, copied in
	// whole blocks of copyBlock actions when dst has room for the last
	// whole block (one memmove of a fixed size instead of one whose size,
	// and so its branches, changes with every hand). The last block may run
	// past the list into the table's padding; what lands past the result's
	// length is scratch.
	if s.phase == phaseMove && seat == s.turn && !s.onlyHolder(seat) {
		h := &s.hands[seat]
		if h.devil == 0 {
			sp := playTable.span[(s.rules.MaxPlay-1)&3][playKey(h.n, h.dup)&(1<<MaxHand-1)]
			start, k := int(sp>>8), int(sp&0xff)-1 // k: the plays, without the challenge
			if s.last != sim.NoSeat {
				k++
			}
			n := len(dst)
			if cap(dst)-n >= k+copyBlock {
				src := playTable.all[start : start+k+copyBlock]
				out := dst[n : n+k+copyBlock]
				for i := 0; i < k; i += copyBlock {
					*(*[copyBlock]Action)(out[i:]) = *(*[copyBlock]Action)(src[i:])
				}
				return dst[:n+k]
			}
		}
	}
	return s.legal(seat, dst)
}

// legal is Legal in full.
func (s *State) legal(seat sim.Seat, dst []Action) []Action {
	if seat < 0 || seat >= sim.Seat(s.n) {
		return dst
	}
	switch s.phase {
	case phaseMove:
		if seat != s.turn {
			return dst
		}
		if !s.onlyHolder(seat) {
			h := &s.hands[seat]
			if h.devil == 0 {
				return append(dst, playsOf(s.rules.MaxPlay, h.n, h.dup, s.last != sim.NoSeat)...)
			}
			dst = appendPlays(int(h.n), h.dup, h.devil, s.rules.MaxPlay, dst)
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

// appendPlays lists the canonical plays of a sorted hand of n cards whose
// dup and devil masks are given (see hand): within a run of identical
// cards only a prefix may be chosen (so equal plays are listed once, by
// their lowest indices), and the Devil only alone. The loops are unrolled
// for MaxPlay = 3 and give the plays in ascending order of index lists.
func appendPlays(n int, dup, devil uint8, most int, dst []Action) []Action {
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

// playKey numbers the (n, dup) pairs of hands of 0..MaxHand cards
// densely: 0 for the empty hand, and 2^(n-1) + dup/2 for n >= 1 (dup has
// bits 1..n-1 only), so keys are below 2^MaxHand.
func playKey(n int8, dup uint8) int { return int(uint16(1)<<(uint(n)&15)|uint16(dup)) >> 1 }

// playTable holds the plays of every Devil-free hand, computed once by
// appendPlays: Legal copies a ready list instead of enumerating, since a
// sorted hand's plays depend only on its size and which neighbours are
// equal. For most cards per play m and key k, span[m-1][k] is
// start<<8 | length of the list in all, which ends with the challenge.
var playTable = func() (t struct {
	all  []Action
	span [4][1 << MaxHand]uint32 // 4 rows so that an index masked with 3 needs no check
}) {
	for m := 1; m <= MaxPlay; m++ {
		for n := int8(0); n <= MaxHand; n++ {
			for d := 0; d < 1<<max(n-1, 0); d++ {
				dup := uint8(d << 1)
				start := len(t.all)
				t.all = append(appendPlays(int(n), dup, 0, m, t.all), ChallengeAction)
				t.span[m-1][playKey(n, dup)] = uint32(start<<8 | (len(t.all) - start))
			}
		}
	}
	// Padding for Legal's last block.
	t.all = append(t.all, make([]Action, copyBlock)...)
	return t
}()

// playsOf is the list of playTable for a Devil-free hand, with the
// challenge at its end if challenge.
func playsOf(most int, n int8, dup uint8, challenge bool) []Action {
	sp := playTable.span[most-1][playKey(n, dup)]
	start, end := int(sp>>8), int(sp>>8+sp&0xff)
	if !challenge {
		end--
	}
	return playTable.all[start:end:end]
}

// copyBlock is how many actions Legal copies at a time: 96 bytes, one
// memmove of a fixed size (measured faster than 48-byte blocks, and than
// copying through a local array, which avoids the call).
const copyBlock = 32

// validPlay reports whether mask is one of the plays appendPlays lists for
// h: at most most cards, all inside the hand, the Devil only alone, and
// in a run of identical cards no card chosen without its predecessor.
func validPlay(h *hand, mask uint8, most int) bool {
	k := bits.OnesCount8(mask)
	if k == 0 || k > most || uint16(mask)>>uint(h.n) != 0 {
		return false
	}
	if mask&h.devil != 0 && k != 1 { // the Devil test first: mostly no Devil, a predictable branch
		return false
	}
	return mask&h.dup&^(mask<<1) == 0
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
			if a.Target != sim.NoSeat || !validPlay(&s.hands[seat], a.Cards, s.rules.MaxPlay) {
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
	// The common case, a legal play, is checked here without the error
	// paths of check (the same conditions, in the same order).
	if a.Kind == Play && s.phase == phaseMove && seat == s.turn && a.Target == sim.NoSeat &&
		validPlay(&s.hands[seat], a.Cards, s.rules.MaxPlay) && !s.onlyHolder(seat) {
		s.play(seat, a.Cards)
		return nil
	}
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
