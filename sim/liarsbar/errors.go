package liarsbar

import "errors"

// Errors returned by the engine; test them with errors.Is.
var (
	// ErrIllegalAction: the action is not among the seat's legal actions.
	ErrIllegalAction = errors.New("liarsbar: illegal action")
	// ErrNotYourTurn: the seat is not asked to decide now.
	ErrNotYourTurn = errors.New("liarsbar: seat is not to act")
	// ErrGameOver: the game has ended.
	ErrGameOver = errors.New("liarsbar: game over")
	// ErrRules: invalid rules.
	ErrRules = errors.New("liarsbar: invalid rules")
	// ErrParse: malformed action id or card notation.
	ErrParse = errors.New("liarsbar: cannot parse")
)
