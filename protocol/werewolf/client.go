package werewolf

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Client calls a server that speaks the spec's REST API (ours or any other).
// It is safe for concurrent use.
type Client struct {
	base string
	http *http.Client
}

// NewClient returns a client for the server at base ("http://127.0.0.1:3000").
// hc may be nil (a client with a 10 s timeout is used).
func NewClient(base string, hc *http.Client) *Client {
	if hc == nil {
		hc = &http.Client{Timeout: 10 * time.Second}
	}
	return &Client{base: strings.TrimRight(base, "/"), http: hc}
}

// APIError is an error answer of the server: the HTTP status and the
// server's message. Callers branch on Status (400 bad input, 403 not
// allowed, 404 unknown game or token, 409 wrong phase).
type APIError struct {
	Status  int
	Message string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("werewolf server: %d %s: %s", e.Status, http.StatusText(e.Status), e.Message)
}

// StatusOf returns the HTTP status of an *APIError in err's chain, or 0.
func StatusOf(err error) int {
	var ae *APIError
	if errors.As(err, &ae) {
		return ae.Status
	}
	return 0
}

// redactPath hides the token segment of a player path ("…/players/{token}/…")
// so that no error, and so no log line, carries a player's token; it also
// returns the hidden segment ("" if none).
func redactPath(path string) (shown, token string) {
	const seg = "/players/"
	i := strings.Index(path, seg)
	if i < 0 {
		return path, ""
	}
	rest := path[i+len(seg):]
	j := strings.IndexByte(rest, '/')
	if j < 0 {
		j = len(rest)
	}
	return path[:i+len(seg)] + "<token>" + rest[j:], rest[:j]
}

// transportErr strips the *url.Error of a failed request, whose text
// repeats the full URL (token included); the method and the redacted path
// are said instead.
func transportErr(method, shown string, err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return &transportError{fmt.Errorf("werewolf client: %s %s: %w", method, shown, err)}
}

// transportError is a request that got no answer (connection refused or
// reset, timeout): Transient.
type transportError struct{ err error }

func (e *transportError) Error() string { return e.err.Error() }
func (e *transportError) Unwrap() error { return e.err }

func (c *Client) do(ctx context.Context, method, path string, body, out any) error {
	shown, token := redactPath(path)
	err := c.call(ctx, method, path, shown, body, out)
	if err != nil && token != "" && strings.Contains(err.Error(), token) {
		// Whatever layer wrote the token into the error, it is not said
		// (a server's answer keeps its status for callers that branch).
		const withheld = "error text withheld: it named the token"
		if code := StatusOf(err); code != 0 {
			return &APIError{Status: code, Message: withheld}
		}
		var te *transportError
		transient := errors.As(err, &te)
		err = fmt.Errorf("werewolf client: %s %s failed (%s)", method, shown, withheld)
		if transient {
			err = &transportError{err}
		}
	}
	return err
}

func (c *Client) call(ctx context.Context, method, path, shown string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return fmt.Errorf("werewolf client: encode %s %s: %w", method, shown, err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return transportErr(method, shown, err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return transportErr(method, shown, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return &transportError{fmt.Errorf("werewolf client: read %s %s: %w", method, shown, err)}
	}
	if resp.StatusCode/100 != 2 {
		var e ErrorResponse
		msg := strings.TrimSpace(string(data))
		if json.Unmarshal(data, &e) == nil && e.Error != "" {
			msg = e.Error
		}
		return &APIError{Status: resp.StatusCode, Message: msg}
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("werewolf client: decode %s %s: %w", method, shown, err)
	}
	return nil
}

func gamePath(id string) string { return "/api/games/" + url.PathEscape(id) }

func playerPath(id, token, verb string) string {
	return gamePath(id) + "/players/" + url.PathEscape(token) + "/" + verb
}

// Health calls GET /api/health.
func (c *Client) Health(ctx context.Context) (HealthResponse, error) {
	var r HealthResponse
	return r, c.do(ctx, http.MethodGet, "/api/health", nil, &r)
}

// CreateGame calls POST /api/games.
func (c *Client) CreateGame(ctx context.Context, req CreateGameRequest) (CreateGameResponse, error) {
	var r CreateGameResponse
	return r, c.do(ctx, http.MethodPost, "/api/games", req, &r)
}

// Start calls POST /api/games/{id}/start (docs/rules/werewolf.md, decision 14\'s extension).
func (c *Client) Start(ctx context.Context, id string) error {
	return c.do(ctx, http.MethodPost, gamePath(id)+"/start", struct{}{}, nil)
}

// Game calls GET /api/games/{id}.
func (c *Client) Game(ctx context.Context, id string) (GameInfo, error) {
	var r GameInfo
	return r, c.do(ctx, http.MethodGet, gamePath(id), nil, &r)
}

// Spectate calls GET /api/games/{id}/spectate.
func (c *Client) Spectate(ctx context.Context, id string) (Spectate, error) {
	var r Spectate
	return r, c.do(ctx, http.MethodGet, gamePath(id)+"/spectate", nil, &r)
}

// Status calls GET …/players/{token}/status.
func (c *Client) Status(ctx context.Context, id, token string) (PlayerStatus, error) {
	var r PlayerStatus
	return r, c.do(ctx, http.MethodGet, playerPath(id, token, "status"), nil, &r)
}

// Speak calls POST …/speak; target is "all" or "werewolf".
func (c *Client) Speak(ctx context.Context, id, token, message, target string) (SpeakResponse, error) {
	var r SpeakResponse
	return r, c.do(ctx, http.MethodPost, playerPath(id, token, "speak"), SpeakRequest{Message: message, Target: target}, &r)
}

// Divine calls POST …/divine.
func (c *Client) Divine(ctx context.Context, id, token, target string) (ActionResponse, error) {
	return c.act(ctx, id, token, "divine", target)
}

// Kill calls POST …/kill.
func (c *Client) Kill(ctx context.Context, id, token, target string) (ActionResponse, error) {
	return c.act(ctx, id, token, "kill", target)
}

// Vote calls POST …/vote.
func (c *Client) Vote(ctx context.Context, id, token, target string) (ActionResponse, error) {
	return c.act(ctx, id, token, "vote", target)
}

func (c *Client) act(ctx context.Context, id, token, verb, target string) (ActionResponse, error) {
	var r ActionResponse
	return r, c.do(ctx, http.MethodPost, playerPath(id, token, verb), TargetRequest{TargetPlayer: target}, &r)
}

// Messages calls GET …/messages.
func (c *Client) Messages(ctx context.Context, id, token string) (MessagesResponse, error) {
	var r MessagesResponse
	return r, c.do(ctx, http.MethodGet, playerPath(id, token, "messages"), nil, &r)
}

// DivineResults calls GET …/divine_results.
func (c *Client) DivineResults(ctx context.Context, id, token string) (DivineResults, error) {
	var r DivineResults
	return r, c.do(ctx, http.MethodGet, playerPath(id, token, "divine_results"), nil, &r)
}

// PsychicResults calls GET …/psychic_results.
func (c *Client) PsychicResults(ctx context.Context, id, token string) (PsychicResults, error) {
	var r PsychicResults
	return r, c.do(ctx, http.MethodGet, playerPath(id, token, "psychic_results"), nil, &r)
}

// Pass calls POST …/pass (extension: done talking today).
func (c *Client) Pass(ctx context.Context, id, token string) error {
	return c.do(ctx, http.MethodPost, playerPath(id, token, "pass"), struct{}{}, nil)
}
