package werewolf

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"math"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

//go:embed static
var staticFiles embed.FS

// Options configure a Server.
type Options struct {
	Store *Store // required
	// TimeScale multiplies every time limit of the games' rules (decision
	// 8's 60/120/180/300/60 s and auto_start_after); 0 means 1. Tests and
	// quick demo games use a small factor.
	TimeScale float64
	Version   string       // reported by /api/health
	Log       *slog.Logger // nil: discard
}

// Server is the werewolf game server: an http.Handler for the spec's API,
// the SSE stream and the spectator page, with every game in memory and in
// the Store.
type Server struct {
	opt   Options
	store *Store
	log   *slog.Logger
	mux   *http.ServeMux

	mu     sync.RWMutex
	games  map[string]*game
	order  []string // game ids in creation order
	closed bool
}

// NewServer returns a server on opt.Store, resuming every unfinished game
// found there with its deadlines recomputed from the stored phase start.
func NewServer(ctx context.Context, opt Options) (*Server, error) {
	if opt.Store == nil {
		return nil, errors.New("werewolf: NewServer needs a Store")
	}
	if math.IsNaN(opt.TimeScale) || math.IsInf(opt.TimeScale, 0) {
		return nil, fmt.Errorf("werewolf: NewServer: TimeScale %v is not a factor", opt.TimeScale)
	}
	if opt.TimeScale <= 0 {
		opt.TimeScale = 1
	}
	if opt.Version == "" {
		opt.Version = "dev"
	}
	lg := opt.Log
	if lg == nil {
		lg = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &Server{opt: opt, store: opt.Store, log: lg, games: map[string]*game{}}
	s.routes()
	if err := s.resume(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// Close stops every game's timers and waits for running ones; it does not
// close the Store. A timer callback works under its game's lock, which
// stop takes: once stop returned no callback is storing, and a later one
// sees the game stopped and does nothing.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	games := make([]*game, 0, len(s.games))
	for _, g := range s.games {
		games = append(games, g)
	}
	s.mu.Unlock()
	for _, g := range games {
		g.stop()
	}
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /api/health", s.health)
	m.HandleFunc("POST /api/games", s.createGame)
	m.HandleFunc("GET /api/games", s.listGames)
	m.HandleFunc("GET /api/games/{id}", s.withGame(s.gameInfo))
	m.HandleFunc("POST /api/games/{id}/start", s.withGame(s.startGame))
	m.HandleFunc("GET /api/games/{id}/spectate", s.withGame(s.spectate))
	m.HandleFunc("GET /api/games/{id}/events", s.withGame(s.events))
	m.HandleFunc("GET /api/games/{id}/players/{token}/status", s.withSeat(s.playerStatus))
	m.HandleFunc("POST /api/games/{id}/players/{token}/speak", s.withSeat(s.speak))
	m.HandleFunc("POST /api/games/{id}/players/{token}/divine", s.withSeat(s.target("divine")))
	m.HandleFunc("POST /api/games/{id}/players/{token}/kill", s.withSeat(s.target("kill")))
	m.HandleFunc("POST /api/games/{id}/players/{token}/vote", s.withSeat(s.target("vote")))
	m.HandleFunc("POST /api/games/{id}/players/{token}/pass", s.withSeat(s.pass))
	m.HandleFunc("GET /api/games/{id}/players/{token}/messages", s.withSeat(s.messages))
	m.HandleFunc("GET /api/games/{id}/players/{token}/divine_results", s.withSeat(seatResults((*game).divineResults)))
	m.HandleFunc("GET /api/games/{id}/players/{token}/psychic_results", s.withSeat(seatResults((*game).psychicResults)))
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		if allow := allowed(m, r); len(allow) > 0 {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			writeErr(w, apiErr(http.StatusMethodNotAllowed, "%s %s: method not allowed (allowed: %s)", r.Method, r.URL.Path, strings.Join(allow, ", ")))
			return
		}
		writeErr(w, apiErr(http.StatusNotFound, "no such endpoint: %s %s", r.Method, r.URL.Path))
	})
	sub, _ := fs.Sub(staticFiles, "static") // cannot fail: the directory is embedded
	m.Handle("GET /spectator/", http.StripPrefix("/spectator/", http.FileServer(http.FS(sub))))
	m.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/spectator/", http.StatusFound)
	})
	s.mux = m
}

// allowed lists the methods m serves at r's path other than through the
// catch-all "/api/" (which would otherwise turn a wrong method into 404).
func allowed(m *http.ServeMux, r *http.Request) []string {
	var out []string
	for _, method := range []string{http.MethodGet, http.MethodPost} {
		probe := r.Clone(r.Context())
		probe.Method = method
		if _, pattern := m.Handler(probe); pattern != "" && pattern != "/api/" {
			out = append(out, method)
			if method == http.MethodGet {
				out = append(out, http.MethodHead)
			}
		}
	}
	return out
}

// apiErr returns the error a handler answers with: an *APIError with the
// HTTP status code and a message (docs/rules/werewolf.md, decision 16).
func apiErr(code int, format string, args ...any) error {
	return &APIError{Status: code, Message: fmt.Sprintf(format, args...)}
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v) // a failed write means the client went away
}

func writeErr(w http.ResponseWriter, err error) {
	var ae *APIError
	if !errors.As(err, &ae) {
		ae = &APIError{Status: http.StatusInternalServerError, Message: err.Error()}
	}
	writeJSON(w, ae.Status, ErrorResponse{Success: false, Error: ae.Message})
}

// maxBody bounds every request body.
const maxBody = 64 << 10

// readJSON decodes exactly one JSON object from the body into v, or
// returns a 400 error saying what is wrong.
func readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	body := http.MaxBytesReader(w, r.Body, maxBody)
	dec := json.NewDecoder(body)
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		switch {
		case errors.As(err, &mbe):
			return apiErr(http.StatusRequestEntityTooLarge, "request body larger than %d bytes", maxBody)
		case errors.Is(err, io.EOF):
			return apiErr(http.StatusBadRequest, "empty request body: want a JSON object")
		default:
			return apiErr(http.StatusBadRequest, "bad JSON body: %v", err)
		}
	}
	if dec.More() {
		return apiErr(http.StatusBadRequest, "bad JSON body: more than one value")
	}
	if _, err := dec.Token(); err != io.EOF {
		return apiErr(http.StatusBadRequest, "bad JSON body: trailing data")
	}
	return nil
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	h := Health{Status: "healthy", Timestamp: time.Now().UTC().Format(time.RFC3339Nano), Database: "connected", Version: s.opt.Version}
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	err := s.store.Ping(ctx)
	if err != nil {
		h.Database = "disconnected"
	} else if err = s.store.Writable(ctx); err != nil {
		h.Database = "unwritable"
	}
	if err != nil {
		h.Status = "unhealthy"
		writeJSON(w, http.StatusServiceUnavailable, struct {
			Success bool   `json:"success"`
			Data    Health `json:"data"`
			Error   string `json:"error"`
		}{false, h, err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, HealthResponse{Success: true, Data: h})
}

func (s *Server) lookup(id string) *game {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.games[id]
}

// withGame resolves {id} or answers 404.
func (s *Server) withGame(h func(http.ResponseWriter, *http.Request, *game)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		g := s.lookup(r.PathValue("id"))
		if g == nil {
			writeErr(w, apiErr(http.StatusNotFound, "no such game: %q", r.PathValue("id")))
			return
		}
		h(w, r, g)
	}
}

// withSeat resolves {id} and {token} or answers 404; a token only ever
// names a seat of its own game.
func (s *Server) withSeat(h func(http.ResponseWriter, *http.Request, *game, int)) http.HandlerFunc {
	return s.withGame(func(w http.ResponseWriter, r *http.Request, g *game) {
		seat, ok := g.seatOf(r.PathValue("token"))
		if !ok {
			writeErr(w, apiErr(http.StatusNotFound, "no such player token in game %s", g.id))
			return
		}
		h(w, r, g, seat)
	})
}

func (s *Server) listGames(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	ids := slices.Clone(s.order)
	s.mu.RUnlock()
	out := GameList{Games: make([]GameSummary, 0, len(ids))}
	for i := len(ids) - 1; i >= 0 && len(out.Games) < 200; i-- {
		if g := s.lookup(ids[i]); g != nil {
			out.Games = append(out.Games, g.summary())
		}
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) gameInfo(w http.ResponseWriter, r *http.Request, g *game) {
	writeJSON(w, http.StatusOK, g.info())
}

func (s *Server) spectate(w http.ResponseWriter, r *http.Request, g *game) {
	writeJSON(w, http.StatusOK, g.spectate())
}

func (s *Server) startGame(w http.ResponseWriter, r *http.Request, g *game) {
	if err := g.start(r.Context(), "request"); err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Success bool   `json:"success"`
		Status  string `json:"status"`
	}{true, g.info().Status})
}

func (s *Server) playerStatus(w http.ResponseWriter, r *http.Request, g *game, seat int) {
	st, err := g.status(r.Context(), seat)
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

func (s *Server) speak(w http.ResponseWriter, r *http.Request, g *game, seat int) {
	var req SpeakRequest
	if err := readJSON(w, r, &req); err != nil {
		writeErr(w, err)
		return
	}
	res, err := g.speak(r.Context(), seat, req)
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

func (s *Server) target(verb string) func(http.ResponseWriter, *http.Request, *game, int) {
	return func(w http.ResponseWriter, r *http.Request, g *game, seat int) {
		var req TargetRequest
		if err := readJSON(w, r, &req); err != nil {
			writeErr(w, err)
			return
		}
		req.TargetPlayer = strings.TrimSpace(req.TargetPlayer)
		if req.TargetPlayer == "" {
			writeErr(w, apiErr(http.StatusBadRequest, "target_player is required"))
			return
		}
		res, err := g.act(r.Context(), seat, verb, req.TargetPlayer)
		if err != nil {
			writeErr(w, err)
			return
		}
		writeJSON(w, http.StatusOK, res)
	}
}

// pass serves POST …/pass (extension): the player is done talking today
// (or, a wolf at night, done with the wolf chat), so the phase can end
// before its deadline (docs/rules/werewolf.md, decisions 7, 18 and 19).
// The body may be empty.
func (s *Server) pass(w http.ResponseWriter, r *http.Request, g *game, seat int) {
	res, err := g.act(r.Context(), seat, "pass", "")
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

func (s *Server) messages(w http.ResponseWriter, r *http.Request, g *game, seat int) {
	writeJSON(w, http.StatusOK, g.messagesFor(seat))
}

// seatResults serves a seat's own results (divine_results,
// psychic_results): the JSON of get, or its error.
func seatResults[T any](get func(g *game, seat int) (T, error)) func(http.ResponseWriter, *http.Request, *game, int) {
	return func(w http.ResponseWriter, r *http.Request, g *game, seat int) {
		res, err := get(g, seat)
		if err != nil {
			writeErr(w, err)
			return
		}
		writeJSON(w, http.StatusOK, res)
	}
}
