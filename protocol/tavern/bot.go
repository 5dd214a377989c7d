package tavern

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Player decides for one game on the bot side. Decide must be safe for
// concurrent use: several decisions can be open at once (chaos aims, all-in
// answers). It receives a context that ends shortly before the request's
// deadline_ms and must answer with an id from d.Choices when the request
// has choices, or the per-game action form when it has none.
type Player interface {
	Decide(ctx context.Context, d *Decision) (Reply, error)
}

// Bot is the player-bot server of the tavern protocol.
type Bot struct {
	// Secret is the shared signing key. It never appears in logs or errors.
	Secret []byte
	// OldSecrets are also accepted, for a rotation window: give the dealer
	// the new secret, keep the old one here until the dealer switched.
	OldSecrets [][]byte
	// Name is the bot's display name at the table.
	Name string
	// Players maps a game key (liars_bar, bullet_poker) to the strategy
	// that plays it. Any other game is accepted and played by Generic from
	// its choices (the protocol's promise, section 七).
	Players map[string]Player
	// Generic chooses when a game has no Player, or its Player cannot
	// decide on what the request carries (a dealer other than ours sent
	// too little to build a View, an id of a new mode): nil means
	// SayPolicy{}. The first such decision of a match is logged.
	Generic ChoicePolicy
	// Now is the clock for timestamp checks; nil means time.Now.
	Now func() time.Time
	// Log receives structured logs; nil discards them.
	Log *slog.Logger
	// BodyTimeout bounds reading a request's body once its headers are in
	// (0 means 10 s): a client that trickles its body cannot hold a
	// connection. The server's ReadHeaderTimeout bounds the headers.
	BodyTimeout time.Duration
	// SignedBase is the base path as the dealer signs it, when a proxy in
	// between rewrites the path (e.g. the dealer calls
	// https://host/tavern/v1/… and the tunnel forwards /v1/… to the bot,
	// served with Handler("")). Empty means the path the bot receives is
	// the one signed, as the seed's recommended setup (a tunnel exposing
	// only the prefix) keeps it.
	SignedBase string

	mu      sync.Mutex
	streams map[streamKey]*stream // answers by seq, for idempotent replays (seq.go)
	matches map[string]*MatchLog
}

// MatchLog is what the bot remembers of one match: the private
// information of each round and the public events, in order.
type MatchLog struct {
	Game string
	// Generic is set once a decision of the match went to the generic
	// policy (logged once per match); RulesNoted once the match's rules
	// were found to differ from a tuned strategy's (logged once).
	Generic, RulesNoted bool
	Rounds              map[int]json.RawMessage
	Events              []json.RawMessage
	Updated             time.Time
}

// Handler serves the four endpoints under base (e.g. "/tavern").
func (b *Bot) Handler(base string) http.Handler {
	base = strings.TrimSuffix(base, "/")
	mux := http.NewServeMux()
	mux.HandleFunc("POST "+base+"/v1/games/{game}/invitations", b.invitation)
	mux.HandleFunc("PUT "+base+"/v1/games/{game}/matches/{match}/rounds/{round}", b.roundStart)
	mux.HandleFunc("POST "+base+"/v1/games/{game}/matches/{match}/turns/{turn}/decision", b.decision)
	mux.HandleFunc("POST "+base+"/v1/games/{game}/matches/{match}/events", b.events)
	return b.authenticate(base, mux)
}

type bodyKey struct{}

// authenticate reads the body (at most MaxBody bytes, else 413) and checks
// the signature over the raw bytes before anything is parsed (else 401).
func (b *Bot) authenticate(base string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		timeout := b.BodyTimeout
		if timeout <= 0 {
			timeout = 10 * time.Second
		}
		// Not every ResponseWriter has a connection (a recorder in tests):
		// then there is nothing to bound.
		_ = rc.SetReadDeadline(time.Now().Add(timeout))
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
		if err != nil {
			// Close after the answer: net/http would otherwise try to drain
			// the rest of a trickling body first.
			w.Header().Set("Connection", "close")
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				b.httpError(w, http.StatusRequestEntityTooLarge, "body larger than 64 KiB")
				return
			}
			b.httpError(w, http.StatusBadRequest, "cannot read body")
			return
		}
		// Lift the deadline: net/http's background read of the idle
		// connection would otherwise cancel the request's context while a
		// decision takes its time.
		_ = rc.SetReadDeadline(time.Time{})
		path := r.URL.Path
		if b.SignedBase != "" {
			path = strings.TrimSuffix(b.SignedBase, "/") + strings.TrimPrefix(path, base)
		}
		err = Verify(b.Secret, b.now(), r.Header.Get(HeaderTimestamp), r.Header.Get(HeaderSignature), r.Method, path, body)
		for _, old := range b.OldSecrets {
			if err == nil {
				break
			}
			err = Verify(old, b.now(), r.Header.Get(HeaderTimestamp), r.Header.Get(HeaderSignature), r.Method, path, body)
		}
		if err != nil {
			b.logger().Warn("refused request (behind a proxy that rewrites the path? see SignedBase)", "method", r.Method, "path", path, "err", err)
			b.httpError(w, http.StatusUnauthorized, err.Error())
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), bodyKey{}, body)))
	})
}

func (b *Bot) now() time.Time {
	if b.Now != nil {
		return b.Now()
	}
	return time.Now()
}

func (b *Bot) logger() *slog.Logger {
	if b.Log != nil {
		return b.Log
	}
	return slog.New(slog.DiscardHandler)
}

// httpError answers status with {"error": msg}.
func (b *Bot) httpError(w http.ResponseWriter, status int, msg string) {
	b.writeRaw(w, status, mustJSON(map[string]string{"error": msg}))
}

func rawBody(r *http.Request) []byte {
	body, _ := r.Context().Value(bodyKey{}).([]byte)
	return body
}

// decode parses the body strictly enough: malformed JSON is a 400.
func decode(body []byte, v any) error {
	if err := json.Unmarshal(body, v); err != nil {
		return fmt.Errorf("%w: %v", ErrBadRequest, err)
	}
	return nil
}

// writeRaw answers status with a JSON body. A failed write means the
// dealer hung up: there is nobody left to tell, so it is only logged.
func (b *Bot) writeRaw(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if _, err := w.Write(body); err != nil {
		b.logger().Info("answer not delivered", "status", status, "err", err)
	}
}

func (b *Bot) invitation(w http.ResponseWriter, r *http.Request) {
	body := rawBody(r)
	game := r.PathValue("game")
	var inv Invitation
	if err := decode(body, &inv); err != nil {
		b.httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := checkCommon(&Common{Protocol: inv.Protocol, Seq: inv.Seq, Game: inv.Game, MatchID: inv.MatchID}, game, ""); err != nil {
		b.httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	_, hasSeats := decodeFields(body)["seats_left"]
	b.once(w, streamKey{match: inv.MatchID, seat: -1}, inv.Seq, body, func() (int, any) {
		// Every game is played: ours by their strategy, others from
		// choices by the generic policy. Only a full table is declined.
		accept := inv.SeatsLeft > 0 || !hasSeats
		_, plays := b.Players[game]
		b.logger().Info("invitation", "game", game, "match", inv.MatchID, "accept", accept, "strategy", plays)
		return http.StatusOK, InvitationReply{Accept: accept}
	})
}

// decodeFields reads a JSON object's fields (none if it is not one).
func decodeFields(body []byte) map[string]json.RawMessage {
	var m map[string]json.RawMessage
	_ = json.Unmarshal(body, &m) // not an object: no fields
	return m
}

// matchTTL is how long a match's log is kept after its last request: a
// long-running bot forgets finished matches instead of growing forever.
const matchTTL = 6 * time.Hour

func (b *Bot) match(id, game string) *MatchLog {
	if b.matches == nil {
		b.matches = map[string]*MatchLog{}
	}
	m := b.matches[id]
	if m == nil {
		for k, old := range b.matches {
			if b.now().Sub(old.Updated) > matchTTL {
				delete(b.matches, k)
			}
		}
		m = &MatchLog{Game: game, Rounds: map[int]json.RawMessage{}}
		b.matches[id] = m
	}
	m.Updated = b.now()
	return m
}

func (b *Bot) roundStart(w http.ResponseWriter, r *http.Request) {
	body := rawBody(r)
	game, matchID := r.PathValue("game"), r.PathValue("match")
	round, err := strconv.Atoi(r.PathValue("round"))
	if err != nil || round < 0 {
		b.httpError(w, http.StatusBadRequest, "round must be a whole number")
		return
	}
	rs, err := readDecision(body) // the common fields, leniently
	if err != nil {
		b.httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	rs.MatchID = matchID
	b.once(w, keyOf(&rs.Common), rs.Seq, body, func() (int, any) {
		b.mu.Lock()
		b.match(matchID, game).Rounds[round] = bytes.Clone(rs.Private)
		b.mu.Unlock()
		return http.StatusOK, struct{}{}
	})
}

func (b *Bot) events(w http.ResponseWriter, r *http.Request) {
	body := rawBody(r)
	game, matchID := r.PathValue("game"), r.PathValue("match")
	eb, err := readDecision(body) // the common fields, leniently
	if err != nil {
		b.httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	eb.MatchID = matchID
	var events []json.RawMessage
	_ = json.Unmarshal(eb.Board["events"], &events) // no list: nothing to log
	b.once(w, keyOf(&eb.Common), eb.Seq, body, func() (int, any) {
		b.mu.Lock()
		m := b.match(matchID, game)
		m.Events = append(m.Events, events...)
		b.mu.Unlock()
		return http.StatusOK, struct{}{}
	})
}

// Match returns a copy of what the bot logged of a match, for tests and
// diagnostics.
func (b *Bot) Match(id string) (MatchLog, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	m, ok := b.matches[id]
	if !ok {
		return MatchLog{}, false
	}
	c := *m
	c.Events = append([]json.RawMessage(nil), m.Events...)
	c.Rounds = make(map[int]json.RawMessage, len(m.Rounds))
	for k, v := range m.Rounds {
		c.Rounds[k] = v
	}
	return c, true
}

// decisionMargin is kept back from deadline_ms for the network.
const decisionMargin = 250 * time.Millisecond

// decision answers a decision request. Once the signature is verified it
// never fails a request that offers choices: the body is read leniently
// (readDecision), the path's game, match and turn are authoritative, and
// whatever the game's Player cannot decide (an error, a panic, an id not
// offered) the generic policy answers from the choices. Only a body that
// is not a JSON object, or one with neither choices nor a View our Player
// can read, gets 400.
func (b *Bot) decision(w http.ResponseWriter, r *http.Request) {
	body := rawBody(r)
	game, matchID := r.PathValue("game"), r.PathValue("match")
	turn, err := strconv.ParseInt(r.PathValue("turn"), 10, 64)
	if err != nil || turn < 0 {
		b.httpError(w, http.StatusBadRequest, "turn_id must be a whole number")
		return
	}
	d, err := readDecision(body)
	if err != nil {
		b.httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	if d.Protocol != 1 || d.Game != game || d.MatchID != matchID || d.TurnID == nil || *d.TurnID != turn {
		b.logger().Debug("decision fields differ from the path; the path wins", "game", d.Game, "match", d.MatchID, "protocol", d.Protocol)
	}
	d.Game, d.MatchID, d.TurnID = game, matchID, &turn
	if d.Ask == "" {
		d.Ask = "move"
	}
	decide := func() (int, any) {
		budget := time.Duration(d.DeadlineMS)*time.Millisecond - decisionMargin
		if d.DeadlineMS <= 0 {
			budget = 5 * time.Second
		}
		ctx, cancel := context.WithTimeout(r.Context(), max(budget, 50*time.Millisecond))
		defer cancel()
		reply, why := b.decide(ctx, game, &d)
		if why != nil {
			if len(d.Choices) == 0 {
				b.logger().Warn("decision failed", "game", game, "match", matchID, "turn", turn, "err", why)
				return http.StatusBadRequest, map[string]string{"error": why.Error()}
			}
			b.noteGeneric(game, matchID, why)
			id, err := b.generic().Choose(ctx, &d)
			if err != nil || !hasChoice(d.Choices, id) {
				b.logger().Error("generic policy failed; sending the first choice", "choice", id, "err", err)
				id = d.Choices[0].ID
			}
			reply = Reply{Choice: id}
		}
		reply.TurnID = turn
		b.logger().Info("decision", "game", game, "match", matchID, "turn", turn, "ask", d.Ask, "choice", reply.Choice, "action", reply.Action)
		return http.StatusOK, reply
	}
	b.once(w, keyOf(&d.Common), d.Seq, body, decide)
}

// decide asks the game's Player; a non-nil error says why the generic
// policy must answer instead (no Player, a failure, an id not offered).
func (b *Bot) decide(ctx context.Context, game string, d *Decision) (Reply, error) {
	p, ok := b.Players[game]
	if !ok {
		return Reply{}, fmt.Errorf("no strategy for game %q", game)
	}
	if d.You == nil {
		return Reply{}, errors.New("no seat (you) in the request")
	}
	if len(d.Log) == 0 && len(d.Setup) == 0 {
		b.mu.Lock()
		if m, ok := b.matches[d.MatchID]; ok {
			d.Events = slices.Clone(m.Events)
		}
		b.mu.Unlock()
	}
	if n, ok := p.(rulesNoter); ok {
		if note := n.RulesNote(d); note != "" {
			b.noteOnce(game, d.MatchID, func(m *MatchLog) *bool { return &m.RulesNoted }, "the match's rules differ from the tuned strategy's", errors.New(note))
		}
	}
	type result struct {
		reply Reply
		err   error
	}
	// The Player has 90 % of the budget: the rest is the generic
	// policy's, should the Player not answer.
	if end, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, time.Now().Add(time.Until(end)*9/10))
		defer cancel()
	}
	done := make(chan result, 1)
	go func() {
		// A Player that panics or ignores its context (a remote model
		// that hangs) must not cost the turn: the generic policy answers.
		defer func() {
			if p := recover(); p != nil {
				done <- result{err: fmt.Errorf("%w: %v", errStrategyPanic, p)}
			}
		}()
		r, err := p.Decide(ctx, d)
		done <- result{r, err}
	}()
	var reply Reply
	var err error
	select {
	case r := <-done:
		reply, err = r.reply, r.err
	case <-ctx.Done():
		err = errors.New("the strategy did not answer before the deadline")
	}
	switch {
	case err != nil:
		return Reply{}, err
	case len(d.Choices) > 0 && !hasChoice(d.Choices, reply.Choice):
		return Reply{}, fmt.Errorf("the strategy answered %q, not offered", reply.Choice)
	}
	return reply, nil
}

func (b *Bot) generic() ChoicePolicy {
	if b.Generic != nil {
		return b.Generic
	}
	return SayPolicy{}
}

// noteGeneric logs the first generic decision of a match, with why.
func (b *Bot) noteGeneric(game, matchID string, why error) {
	b.noteOnce(game, matchID, func(m *MatchLog) *bool { return &m.Generic }, "playing this match from choices with the generic policy", why)
}

// noteOnce logs msg with why the first time the match's flag is set.
func (b *Bot) noteOnce(game, matchID string, flag func(*MatchLog) *bool, msg string, why error) {
	b.mu.Lock()
	f := flag(b.match(matchID, game))
	first := !*f
	*f = true
	b.mu.Unlock()
	if first {
		b.logger().Warn(msg, "game", game, "match", matchID, "why", why)
	}
}

func hasChoice(cs []Choice, id string) bool {
	for _, c := range cs {
		if c.ID == id {
			return true
		}
	}
	return false
}
