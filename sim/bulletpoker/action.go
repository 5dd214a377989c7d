package bulletpoker

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Kind is what an action does.
type Kind int8

// The action kinds, in the order Legal lists them.
const (
	Check Kind = iota
	Call
	Raise
	AllIn
	Fold
	Coward
	Switch
)

var kindNames = [...]string{"check", "call", "raise", "allin", "fold", "coward", "switch"}

// String is the kind's tavern choice id ("check", ..., "switch").
func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "?"
	}
	return kindNames[k]
}

// Action is a decision of one seat. Hole (0 or 1) and Offer (0-based index
// into the seat's offers) are used by Switch only and are zero otherwise.
type Action struct {
	Kind  Kind
	Hole  int8
	Offer int8
}

// String is the tavern choice id: "check", "call", "raise", "allin",
// "fold", "coward" or "switch:<hole>:<offer>" (0-based indices).
func (a Action) String() string {
	if a.Kind == Switch {
		return "switch:" + strconv.Itoa(int(a.Hole)) + ":" + strconv.Itoa(int(a.Offer))
	}
	return a.Kind.String()
}

// ErrBadAction reports text that is not an action id.
var ErrBadAction = errors.New("bulletpoker: bad action id")

// ParseAction reads a choice id (see Action.String).
func ParseAction(s string) (Action, error) {
	if rest, ok := strings.CutPrefix(s, "switch:"); ok {
		// Exactly one digit each, so that the id is canonical.
		if len(rest) != 3 || rest[1] != ':' || rest[0] < '0' || rest[0] > '1' || rest[2] < '0' || rest[2] > '3' {
			return Action{}, fmt.Errorf("%w: %q (want switch:<hole 0-1>:<offer 0-3>)", ErrBadAction, s)
		}
		return Action{Kind: Switch, Hole: int8(rest[0] - '0'), Offer: int8(rest[2] - '0')}, nil
	}
	for k, n := range kindNames {
		if n == s && Kind(k) != Switch {
			return Action{Kind: Kind(k)}, nil
		}
	}
	return Action{}, fmt.Errorf("%w: %q", ErrBadAction, s)
}
