package liarsbar

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"gamelab/sim"
)

// Kind is what an action does.
type Kind uint8

const (
	// Play puts cards face down, claiming they are all the table card.
	Play Kind = iota + 1
	// Challenge reveals the previous play.
	Challenge
	// Aim picks the seat to shoot at (chaos).
	Aim
)

// Action is one decision: a play of hand indices, a challenge, or an aim.
// Its text form is the tavern choice id: "play:0,2", "challenge", "aim:3".
// The zero Action is invalid.
type Action struct {
	Kind Kind
	// Cards is the set of hand indices played, bit i for index i (Play).
	Cards uint8
	// Target is the seat aimed at (Aim); NoSeat otherwise.
	Target sim.Seat
}

// PlayOf returns the play of the given hand indices.
func PlayOf(idx ...int) Action {
	a := Action{Kind: Play, Target: sim.NoSeat}
	for _, i := range idx {
		if i >= 0 && i < MaxHand {
			a.Cards |= 1 << i
		}
	}
	return a
}

// ChallengeAction is the challenge.
var ChallengeAction = Action{Kind: Challenge, Target: sim.NoSeat}

// AimAt returns the aim at seat t.
func AimAt(t sim.Seat) Action { return Action{Kind: Aim, Target: t} }

// Count is the number of cards a play holds.
func (a Action) Count() int { return bits.OnesCount8(a.Cards) }

// String gives the tavern choice id.
func (a Action) String() string {
	return string(a.AppendText(nil))
}

// AppendText appends the choice id to b without allocating beyond b.
func (a Action) AppendText(b []byte) []byte {
	switch a.Kind {
	case Play:
		b = append(b, "play:"...)
		first := true
		for i := 0; i < MaxHand; i++ {
			if a.Cards&(1<<i) != 0 {
				if !first {
					b = append(b, ',')
				}
				first = false
				b = strconv.AppendInt(b, int64(i), 10)
			}
		}
		return b
	case Challenge:
		return append(b, "challenge"...)
	case Aim:
		b = append(b, "aim:"...)
		return strconv.AppendInt(b, int64(a.Target), 10)
	}
	return append(b, "invalid"...)
}

// ParseAction reads a choice id: "play:<i,j,…>" with ascending distinct
// 0-based hand indices below MaxHand, "challenge", or "aim:<seat>" with a
// seat below MaxPlayers. Whether the action is legal is the engine's
// business; ParseAction only checks the form.
func ParseAction(s string) (Action, error) {
	switch {
	case s == "challenge":
		return ChallengeAction, nil
	case strings.HasPrefix(s, "play:"):
		a := Action{Kind: Play, Target: sim.NoSeat}
		last := -1
		for f := range strings.SplitSeq(s[len("play:"):], ",") {
			i, err := strconv.Atoi(f)
			if err != nil || len(f) != len(strconv.Itoa(i)) {
				return Action{}, fmt.Errorf("%w: action %q: bad index %q", ErrParse, s, f)
			}
			if i < 0 || i >= MaxHand {
				return Action{}, fmt.Errorf("%w: action %q: index %d outside 0..%d", ErrParse, s, i, MaxHand-1)
			}
			if i <= last {
				return Action{}, fmt.Errorf("%w: action %q: indices must be ascending and distinct", ErrParse, s)
			}
			last = i
			a.Cards |= 1 << i
		}
		if a.Count() > MaxPlay {
			return Action{}, fmt.Errorf("%w: action %q: more than %d cards", ErrParse, s, MaxPlay)
		}
		return a, nil
	case strings.HasPrefix(s, "aim:"):
		f := s[len("aim:"):]
		t, err := strconv.Atoi(f)
		if err != nil || len(f) != len(strconv.Itoa(t)) || t < 0 || t >= MaxPlayers {
			return Action{}, fmt.Errorf("%w: action %q: bad seat %q", ErrParse, s, f)
		}
		return AimAt(sim.Seat(t)), nil
	}
	return Action{}, fmt.Errorf("%w: action %q (want play:<i,j>, challenge or aim:<seat>)", ErrParse, s)
}

// MarshalText implements encoding.TextMarshaler (the choice id).
func (a Action) MarshalText() ([]byte, error) {
	if a.Kind < Play || a.Kind > Aim {
		return nil, fmt.Errorf("%w: invalid action", ErrParse)
	}
	return a.AppendText(nil), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (a *Action) UnmarshalText(b []byte) error {
	x, err := ParseAction(string(b))
	if err != nil {
		return err
	}
	*a = x
	return nil
}
