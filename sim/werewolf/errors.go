package werewolf

import (
	"errors"
	"fmt"

	"gamelab/sim"
)

// Errors of the engine; test them with errors.Is. Every refused action is an
// *ActionError that matches ErrIllegalAction and exactly one of
// ErrBadAction, ErrForbidden, ErrWrongPhase (a server maps these to its
// status codes; protocol/werewolf answers 400, 403 and 409).
var (
	// ErrIllegalAction matches every refused action.
	ErrIllegalAction = errors.New("werewolf: illegal action")
	// ErrBadAction: malformed input — unknown seat as target, voting for
	// oneself or a dead player, killing a wolf, text too long.
	ErrBadAction = errors.New("werewolf: bad action")
	// ErrForbidden: not allowed for this player — dead actor, wrong role
	// (a non-wolf whispering, a non-seer divining), speak limit used up,
	// already voted or divined, not a player.
	ErrForbidden = errors.New("werewolf: not allowed for this player")
	// ErrWrongPhase: the action does not belong to the current phase —
	// voting at night, talking while voting, anything after the end.
	ErrWrongPhase = errors.New("werewolf: wrong phase")
	// ErrRules: invalid Rules (Validate, Preset).
	ErrRules = errors.New("werewolf: invalid rules")
	// ErrParse: malformed action or role notation.
	ErrParse = errors.New("werewolf: cannot parse")
)

// ActionError explains a refused action.
type ActionError struct {
	Kind   error    // ErrBadAction, ErrForbidden or ErrWrongPhase
	Seat   sim.Seat // who tried
	Action Action   // what
	Reason string   // why, in words fit for an API error message
}

// Error says who tried what and why it was refused.
func (e *ActionError) Error() string {
	return fmt.Sprintf("seat %d %s: %s", e.Seat, e.Action.Kind, e.Reason)
}

// Is makes errors.Is(err, ErrIllegalAction) and errors.Is(err, e.Kind) hold.
func (e *ActionError) Is(target error) bool {
	return target == ErrIllegalAction || target == e.Kind
}

func refuse(kind error, seat sim.Seat, a Action, format string, args ...any) error {
	return &ActionError{Kind: kind, Seat: seat, Action: a, Reason: fmt.Sprintf(format, args...)}
}
