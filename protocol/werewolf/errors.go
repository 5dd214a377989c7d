package werewolf

import (
	"errors"
	"net/http"

	ww "gamelab/sim/werewolf"
)

// HTTPStatus maps an engine error to the API's status code
// (docs/rules/werewolf.md, "Errors"): 400 for ww.ErrBadAction, ww.ErrParse
// and ww.ErrRules, 403 for ww.ErrForbidden, 409 for ww.ErrWrongPhase, 500
// for anything else (200 for nil). The engine knows nothing of HTTP; this
// is the one place its refusals become status codes.
func HTTPStatus(err error) int {
	switch {
	case err == nil:
		return http.StatusOK
	case errors.Is(err, ww.ErrBadAction), errors.Is(err, ww.ErrParse), errors.Is(err, ww.ErrRules):
		return http.StatusBadRequest
	case errors.Is(err, ww.ErrForbidden):
		return http.StatusForbidden
	case errors.Is(err, ww.ErrWrongPhase):
		return http.StatusConflict
	}
	return http.StatusInternalServerError
}

// engineErr maps an engine refusal to an *APIError with HTTPStatus's code
// and the engine's reason as the message.
func engineErr(err error) error {
	msg := err.Error()
	var ae *ww.ActionError
	if errors.As(err, &ae) {
		msg = ae.Reason
	}
	return &APIError{Status: HTTPStatus(err), Message: msg}
}
