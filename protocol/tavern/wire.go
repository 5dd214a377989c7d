package tavern

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// Game keys of the protocol (section 十).
const (
	GameLiarsBar    = "liars_bar"
	GameBulletPoker = "bullet_poker"
)

// You identifies the bot's seat in a request (section 五).
type You struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
}

// Common holds the fields every request body except the invitation carries
// (section 五).
type Common struct {
	Protocol int    `json:"protocol"`
	Seq      int64  `json:"seq"`
	Game     string `json:"game"`
	MatchID  string `json:"match_id"`
	ChatID   string `json:"chat_id"`
	TurnID   *int64 `json:"turn_id,omitempty"`
	You      *You   `json:"you,omitempty"`
}

// Invitation is the body of POST …/invitations.
type Invitation struct {
	Protocol  int      `json:"protocol"`
	Seq       int64    `json:"seq"`
	Game      string   `json:"game"`
	MatchID   string   `json:"match_id"`
	ChatID    string   `json:"chat_id"`
	Humans    []string `json:"humans"`
	Bots      []string `json:"bots"`
	SeatsLeft int      `json:"seats_left"`
}

// InvitationReply answers an invitation.
type InvitationReply struct {
	Accept bool `json:"accept"`
}

// Choice is one legal option of a decision (section 七): the id the dealer
// recognises and a sentence saying what it does.
type Choice struct {
	ID  string `json:"id"`
	Say string `json:"say"`
}

// Decision is the body of POST …/turns/{turn_id}/decision: the common
// fields, the generic choice fields of section 七, and the game's own
// fields (Round, Private, Log and the rest of the raw body).
type Decision struct {
	Common
	Ask        string   `json:"ask"`
	Prompt     string   `json:"prompt"`
	Rules      string   `json:"rules"`
	Choices    []Choice `json:"choices"`
	DeadlineMS int64    `json:"deadline_ms"`
	// Round is the round (hand) number the decision belongs to.
	Round int `json:"round"`
	// Setup is the match's structured rules (our engine's Rules as JSON):
	// variant, seats, hand size. Bots that only read choices ignore it.
	Setup json.RawMessage `json:"setup,omitempty"`
	// Private carries this seat's private information again (hand, hole
	// cards, offers): the request alone suffices to decide.
	Private json.RawMessage `json:"private,omitempty"`
	// Base is the seat's View (the engine's View as JSON) at the start of
	// the current round, and Log the events this seat may see since then,
	// in order, in the game's tavern event form: folding Log into Base
	// rebuilds the seat's View. Base keeps a request small however long the
	// match (the bot's body limit is 64 KiB); without Base, Log holds the
	// whole match.
	Base json.RawMessage   `json:"base,omitempty"`
	Log  []json.RawMessage `json:"log,omitempty"`
	// Board is the whole body as read off the wire, for the per-game
	// readers of board fields a dealer other than ours may send (see
	// board.go); nil for a Decision built in code.
	Board map[string]json.RawMessage `json:"-"`
	// Events are the public events the bot received for the match before
	// this request (POST …/events), given to a request without a log:
	// another dealer's request may lack what they tell (pulls, reveals).
	Events []json.RawMessage `json:"-"`
}

// Reply answers a decision, in the generic form (Choice) or, when the
// request has no choices, the per-game form (Action plus Fields).
type Reply struct {
	TurnID int64
	Choice string
	Action string
	Fields map[string]any
	Line   string
}

// MarshalJSON writes {"turn_id", "choice"|"action"+fields, "line"}.
func (r Reply) MarshalJSON() ([]byte, error) {
	m := map[string]any{"turn_id": r.TurnID}
	for k, v := range r.Fields {
		m[k] = v
	}
	if r.Choice != "" {
		m["choice"] = r.Choice
	} else {
		m["action"] = r.Action
	}
	if r.Line != "" {
		m["line"] = r.Line
	}
	return json.Marshal(m)
}

// UnmarshalJSON reads either reply form.
func (r *Reply) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*r = Reply{}
	for k, v := range m {
		var err error
		switch k {
		case "turn_id":
			err = json.Unmarshal(v, &r.TurnID)
		case "choice":
			err = json.Unmarshal(v, &r.Choice)
		case "action":
			err = json.Unmarshal(v, &r.Action)
		case "line":
			err = json.Unmarshal(v, &r.Line)
		default:
			if r.Fields == nil {
				r.Fields = map[string]any{}
			}
			var x any
			err = json.Unmarshal(v, &x)
			r.Fields[k] = x
		}
		if err != nil {
			return fmt.Errorf("reply field %q: %w", k, err)
		}
	}
	return nil
}

// RoundStart is the body of PUT …/rounds/{round}: the common fields and
// this seat's private information for the round.
type RoundStart struct {
	Common
	Round   int             `json:"round"`
	Private json.RawMessage `json:"private,omitempty"`
}

// EventBatch is the body of POST …/events: public events after the fact.
type EventBatch struct {
	Common
	Events []json.RawMessage `json:"events"`
}

// ErrBadRequest reports a malformed or incomplete request body.
var ErrBadRequest = errors.New("tavern: bad request")

// errUnknownEvent marks an event type we do not know: a view builder skips
// it (a newer dealer's event) instead of failing the request.
var errUnknownEvent = errors.New("unknown event type")

// checkCommon validates the fields every request must carry against the
// path's game and match.
func checkCommon(c *Common, game, match string) error {
	switch {
	case c.Protocol != 1:
		return fmt.Errorf("%w: protocol %d, want 1", ErrBadRequest, c.Protocol)
	case c.Seq < 1:
		return fmt.Errorf("%w: seq missing or < 1", ErrBadRequest)
	case c.Game != game:
		return fmt.Errorf("%w: game %q does not match the path's %q", ErrBadRequest, c.Game, game)
	case match != "" && c.MatchID != match:
		return fmt.Errorf("%w: match_id %q does not match the path's %q", ErrBadRequest, c.MatchID, match)
	}
	return nil
}

// wholeField reads a whole number from a per-game reply's fields (JSON
// numbers decode as float64); a missing or fractional field is an error.
func wholeField(fields map[string]any, name string) (int, error) {
	f, ok := fields[name].(float64)
	if !ok || f != math.Trunc(f) || math.Abs(f) > 1<<20 {
		return 0, fmt.Errorf("%w: %q must be a whole number, got %v", ErrBadRequest, name, fields[name])
	}
	return int(f), nil
}
