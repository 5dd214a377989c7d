package tavern

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
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
	// that plays it; an invitation to another game is declined, a request
	// for a game nobody plays gets 404.
	Players map[string]Player
	// Now is the clock for timestamp checks; nil means time.Now.
	Now func() time.Time
	// Log receives structured logs; nil discards them.
	Log *slog.Logger

	mu      sync.Mutex
	seen    map[int64]*answer // by seq, for idempotent replays
	maxSeq  int64
	matches map[string]*MatchLog
}

// MatchLog is what the bot remembers of one match: the private
// information of each round and the public events, in order.
type MatchLog struct {
	Game    string
	Rounds  map[int]json.RawMessage
	Events  []json.RawMessage
	Updated time.Time
}

// answer is a cached response to one seq.
type answer struct {
	bodyHash [32]byte
	done     chan struct{}
	status   int
	body     []byte
}

// seqWindow bounds how many past answers are kept; a seq further back than
// this that was never seen is refused with 409.
const seqWindow = 4096

// Handler serves the four endpoints under base (e.g. "/tavern").
func (b *Bot) Handler(base string) http.Handler {
	base = strings.TrimSuffix(base, "/")
	mux := http.NewServeMux()
	mux.HandleFunc("POST "+base+"/v1/games/{game}/invitations", b.invitation)
	mux.HandleFunc("PUT "+base+"/v1/games/{game}/matches/{match}/rounds/{round}", b.roundStart)
	mux.HandleFunc("POST "+base+"/v1/games/{game}/matches/{match}/turns/{turn}/decision", b.decision)
	mux.HandleFunc("POST "+base+"/v1/games/{game}/matches/{match}/events", b.events)
	return b.authenticate(mux)
}

type bodyKey struct{}

// authenticate reads the body (at most MaxBody bytes, else 413) and checks
// the signature over the raw bytes before anything is parsed (else 401).
func (b *Bot) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				b.httpError(w, http.StatusRequestEntityTooLarge, "body larger than 64 KiB")
				return
			}
			b.httpError(w, http.StatusBadRequest, "cannot read body")
			return
		}
		err = Verify(b.Secret, b.now(), r.Header.Get(HeaderTimestamp), r.Header.Get(HeaderSignature), r.Method, r.URL.Path, body)
		for _, old := range b.OldSecrets {
			if err == nil {
				break
			}
			err = Verify(old, b.now(), r.Header.Get(HeaderTimestamp), r.Header.Get(HeaderSignature), r.Method, r.URL.Path, body)
		}
		if err != nil {
			b.logger().Warn("refused request", "method", r.Method, "path", r.URL.Path, "err", err)
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

// once runs handle for a seq at most once: a replayed seq with the same
// body gets the same answer, with a different body 409; a seq back at 1
// with a different body, or after the window of remembered seqs has moved
// past 1, is a dealer restart and clears the memory.
func (b *Bot) once(w http.ResponseWriter, seq int64, body []byte, handle func() (int, any)) {
	h := sha256.Sum256(body)
	b.mu.Lock()
	if b.seen == nil {
		b.seen = map[int64]*answer{}
		b.matches = map[string]*MatchLog{}
	}
	if seq == 1 && b.restarted(h) {
		b.logger().Info("dealer restarted (seq back to 1)")
		b.seen = map[int64]*answer{}
		b.matches = map[string]*MatchLog{}
		b.maxSeq = 0
	}
	if a, ok := b.seen[seq]; ok {
		b.mu.Unlock()
		if a.bodyHash != h {
			b.httpError(w, http.StatusConflict, fmt.Sprintf("seq %d was already used for another request", seq))
			return
		}
		<-a.done
		b.writeRaw(w, a.status, a.body)
		return
	}
	if seq <= b.maxSeq-seqWindow {
		b.mu.Unlock()
		b.httpError(w, http.StatusConflict, fmt.Sprintf("seq %d is too old", seq))
		return
	}
	a := &answer{bodyHash: h, done: make(chan struct{})}
	b.seen[seq] = a
	if seq > b.maxSeq {
		b.maxSeq = seq
		for s := range b.seen {
			if s <= b.maxSeq-seqWindow {
				delete(b.seen, s)
			}
		}
	}
	b.mu.Unlock()

	status, v := handle()
	out, err := json.Marshal(v)
	if err != nil {
		status, out = http.StatusInternalServerError, []byte(`{"error":"cannot encode reply"}`)
	}
	a.status, a.body = status, out
	close(a.done)
	b.writeRaw(w, status, out)
}

// restarted reports whether a request with seq 1 and body hash h starts a
// new dealer run: seq 1 was answered for another body, or it is so far
// behind the latest seq that it is no longer remembered (a long run).
// Called with b.mu held.
func (b *Bot) restarted(h [32]byte) bool {
	if a, ok := b.seen[1]; ok {
		return a.bodyHash != h
	}
	return 1 <= b.maxSeq-seqWindow
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
	b.once(w, inv.Seq, body, func() (int, any) {
		_, plays := b.Players[game]
		accept := plays && inv.SeatsLeft > 0
		b.logger().Info("invitation", "game", game, "match", inv.MatchID, "accept", accept)
		return http.StatusOK, InvitationReply{Accept: accept}
	})
}

// player finds the game's player or answers 404.
func (b *Bot) player(w http.ResponseWriter, game string) (Player, bool) {
	p, ok := b.Players[game]
	if !ok {
		b.httpError(w, http.StatusNotFound, fmt.Sprintf("unknown game %q", game))
	}
	return p, ok
}

// matchTTL is how long a match's log is kept after its last request: a
// long-running bot forgets finished matches instead of growing forever.
const matchTTL = 6 * time.Hour

func (b *Bot) match(id, game string) *MatchLog {
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
	if _, ok := b.player(w, game); !ok {
		return
	}
	round, err := strconv.Atoi(r.PathValue("round"))
	if err != nil || round < 0 {
		b.httpError(w, http.StatusBadRequest, "round must be a whole number")
		return
	}
	var rs RoundStart
	if err := decode(body, &rs); err != nil {
		b.httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := checkCommon(&rs.Common, game, matchID); err != nil {
		b.httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	b.once(w, rs.Seq, body, func() (int, any) {
		b.mu.Lock()
		b.match(matchID, game).Rounds[round] = bytes.Clone(rs.Private)
		b.mu.Unlock()
		return http.StatusOK, struct{}{}
	})
}

func (b *Bot) events(w http.ResponseWriter, r *http.Request) {
	body := rawBody(r)
	game, matchID := r.PathValue("game"), r.PathValue("match")
	if _, ok := b.player(w, game); !ok {
		return
	}
	var eb EventBatch
	if err := decode(body, &eb); err != nil {
		b.httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := checkCommon(&eb.Common, game, matchID); err != nil {
		b.httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	b.once(w, eb.Seq, body, func() (int, any) {
		b.mu.Lock()
		m := b.match(matchID, game)
		m.Events = append(m.Events, eb.Events...)
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

func (b *Bot) decision(w http.ResponseWriter, r *http.Request) {
	body := rawBody(r)
	game, matchID := r.PathValue("game"), r.PathValue("match")
	p, ok := b.player(w, game)
	if !ok {
		return
	}
	turn, err := strconv.ParseInt(r.PathValue("turn"), 10, 64)
	if err != nil || turn < 0 {
		b.httpError(w, http.StatusBadRequest, "turn_id must be a whole number")
		return
	}
	var d Decision
	if err := decode(body, &d); err != nil {
		b.httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := checkCommon(&d.Common, game, matchID); err != nil {
		b.httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	if d.TurnID == nil || *d.TurnID != turn {
		b.httpError(w, http.StatusBadRequest, "turn_id missing or not the path's")
		return
	}
	if d.You == nil {
		b.httpError(w, http.StatusBadRequest, "you missing")
		return
	}
	if d.Ask == "" {
		b.httpError(w, http.StatusBadRequest, "ask missing")
		return
	}
	b.once(w, d.Seq, body, func() (int, any) {
		budget := time.Duration(d.DeadlineMS)*time.Millisecond - decisionMargin
		if d.DeadlineMS <= 0 {
			budget = 5 * time.Second
		}
		ctx, cancel := context.WithTimeout(r.Context(), max(budget, 50*time.Millisecond))
		defer cancel()
		reply, err := p.Decide(ctx, &d)
		if err != nil {
			b.logger().Warn("decision failed", "game", game, "match", matchID, "turn", turn, "err", err)
			return http.StatusBadRequest, map[string]string{"error": err.Error()}
		}
		reply.TurnID = turn
		if len(d.Choices) > 0 && !hasChoice(d.Choices, reply.Choice) {
			b.logger().Error("strategy answered an id not offered; sending the first choice", "choice", reply.Choice)
			reply = Reply{TurnID: turn, Choice: d.Choices[0].ID}
		}
		b.logger().Info("decision", "game", game, "match", matchID, "turn", turn, "ask", d.Ask, "choice", reply.Choice, "action", reply.Action)
		return http.StatusOK, reply
	})
}

func hasChoice(cs []Choice, id string) bool {
	for _, c := range cs {
		if c.ID == id {
			return true
		}
	}
	return false
}
