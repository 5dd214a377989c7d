package werewolf

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"gamelab/sim"
	ww "gamelab/sim/werewolf"
)

// The game statuses of the spec's GET /api/games/{id}.
const (
	statusWaiting  = "waiting"
	statusDay      = "day_phase"
	statusNight    = "night_phase"
	statusFinished = "finished"
)

// gameData is the JSON of a games row: everything needed, with the actions
// table, to rebuild the game, plus a snapshot of its state for people who
// read the database.
type gameData struct {
	ID             string       `json:"id"`
	Rules          ww.Rules     `json:"rules"`
	Seed           uint64       `json:"seed"`
	Players        []playerData `json:"players"`
	CreatedAt      time.Time    `json:"created_at"`
	StartedAt      *time.Time   `json:"started_at,omitempty"`
	PhaseStartedAt *time.Time   `json:"phase_started_at,omitempty"`
	Seen           []bool       `json:"status_seen"`
	// Snapshot.
	Status string   `json:"status"`
	Phase  string   `json:"phase"`
	Day    int      `json:"day_count"`
	Winner string   `json:"winner,omitempty"`
	Reason string   `json:"reason,omitempty"`
	Roles  []string `json:"roles,omitempty"` // after the end only
}

type playerData struct {
	Name      string `json:"name"`
	TokenHash string `json:"token_sha256"`
}

// actionData is the JSON of an actions row. Kind "start", "expire" or an
// engine action kind; Action is the engine notation replayed on restart.
type actionData struct {
	Seq       int       `json:"seq"`
	Kind      string    `json:"kind"`
	Seat      int       `json:"seat"`
	Player    string    `json:"player,omitempty"`
	Action    string    `json:"action,omitempty"`
	Deadline  string    `json:"deadline,omitempty"`
	Target    string    `json:"target,omitempty"`
	MessageID string    `json:"message_id,omitempty"`
	Auto      []string  `json:"auto,omitempty"` // fallbacks an expire applied
	Day       int       `json:"day"`
	Phase     string    `json:"phase"`
	At        time.Time `json:"at"`
}

// messageData is the JSON of a messages row.
type messageData struct {
	Message
	Seat int `json:"seat"`
}

// game is one game in memory. mu guards every field below it.
type game struct {
	srv *Server
	id  string

	mu      sync.Mutex
	data    gameData
	st      *ww.State
	names   []string
	tokens  map[string]int // token hash -> seat
	msgs    []messageData
	seq     int // actions so far
	phaseAt time.Time
	nPhase  int // EvPhase events so far: a new one starts the phase clock
	fired   map[ww.Deadline]bool
	timer   *time.Timer
	gen     int // timer generation; stale callbacks do nothing
	stopped bool
	subs    map[chan struct{}]struct{}
}

// ruleSeconds scales a limit of the rules into a wall-clock duration.
func (s *Server) ruleSeconds(sec int) time.Duration {
	return time.Duration(float64(sec) * float64(time.Second) * s.opt.TimeScale)
}

// rulesFromRequest builds and validates the engine rules of a new game.
func rulesFromRequest(req CreateGameRequest) (ww.Rules, error) {
	var r ww.Rules
	if len(req.Config) == 0 || string(req.Config) == "null" {
		p, err := ww.Preset(strconv.Itoa(req.PlayerCount))
		if err != nil {
			return r, apiErr(http.StatusBadRequest, "no config given and no recommended line-up for %d players (have 5, 7, 9)", req.PlayerCount)
		}
		r = p
	} else {
		r = ww.Default(0, 0, 0, 0, 0)
		if err := checkConfigKeys(req.Config); err != nil {
			return r, err
		}
		if err := json.Unmarshal(req.Config, &r); err != nil {
			return r, apiErr(http.StatusBadRequest, "bad config: %v", err)
		}
		var alias struct {
			Psychic *int `json:"psychic"`
		}
		json.Unmarshal(req.Config, &alias) // the same JSON decoded above
		if alias.Psychic != nil {
			r.Mediums = *alias.Psychic
		}
		r.Players = r.Villagers + r.Seers + r.Mediums + r.Werewolves + r.Madmen
		if req.PlayerCount != 0 && req.PlayerCount != r.Players {
			return r, apiErr(http.StatusBadRequest, "player_count %d but config roles add up to %d", req.PlayerCount, r.Players)
		}
	}
	if req.AutoStartAfter != nil {
		if *req.AutoStartAfter < 0 || *req.AutoStartAfter > 86400 {
			return r, apiErr(http.StatusBadRequest, "auto_start_after %v outside 0..86400 seconds", *req.AutoStartAfter)
		}
		r.AutoStartAfter = int(*req.AutoStartAfter)
	}
	if r.Players > len(animals) {
		return r, apiErr(http.StatusBadRequest, "%d players: at most %d", r.Players, len(animals))
	}
	if err := r.Validate(); err != nil {
		return r, apiErr(http.StatusBadRequest, "%v", err)
	}
	return r, nil
}

// configKeys are the keys a game's config may hold: the json names of
// ww.Rules and the spec's "psychic" for "medium".
var configKeys = func() map[string]bool {
	keys := map[string]bool{"psychic": true}
	t := reflect.TypeFor[ww.Rules]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		keys[name] = true
	}
	return keys
}()

// checkConfigKeys refuses a config that is not a JSON object or holds a
// key the server does not know (a typo would otherwise be silently
// ignored: "knight": 1 would create a game without knights), naming the
// key and the known ones.
func checkConfigKeys(config json.RawMessage) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(config, &m); err != nil {
		return apiErr(http.StatusBadRequest, "bad config: want a JSON object: %v", err)
	}
	var unknown []string
	for k := range m {
		if !configKeys[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		known := slices.Sorted(maps.Keys(configKeys))
		return apiErr(http.StatusBadRequest, "unknown config key %q (known: %s)", unknown[0], strings.Join(known, ", "))
	}
	return nil
}

// createGame serves POST /api/games.
func (s *Server) createGame(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	closed := s.closed
	s.mu.RUnlock()
	if closed {
		writeErr(w, apiErr(http.StatusServiceUnavailable, "server shutting down"))
		return
	}
	var req CreateGameRequest
	if err := readJSON(w, r, &req); err != nil {
		writeErr(w, err)
		return
	}
	rules, err := rulesFromRequest(req)
	if err != nil {
		writeErr(w, err)
		return
	}
	seed := req.Seed
	if seed == 0 {
		seed = randomSeed()
	}
	now := time.Now().UTC()
	d := gameData{ID: newGameID(), Rules: rules, Seed: seed, CreatedAt: now, Seen: make([]bool, rules.Players)}
	names := dealNames(seed, rules.Players)
	resp := CreateGameResponse{GameID: d.ID, Status: statusWaiting}
	for _, n := range names {
		tok := newToken()
		d.Players = append(d.Players, playerData{Name: n, TokenHash: tokenHash(tok)})
		resp.Players = append(resp.Players, PlayerCredential{Name: n, Token: tok, Role: "hidden"})
	}
	g := s.newGame(d)
	g.snapshot()
	b, err := json.Marshal(g.data)
	if err == nil {
		err = s.store.CreateGame(r.Context(), d.ID, b, now)
	}
	if err != nil {
		writeErr(w, err)
		return
	}
	if !s.add(g) {
		writeErr(w, apiErr(http.StatusServiceUnavailable, "server shutting down"))
		return
	}
	g.mu.Lock()
	g.scheduleLocked()
	g.mu.Unlock()
	s.log.Debug("game created", "game", d.ID, "players", rules.Players, "seed", seed)
	writeJSON(w, http.StatusCreated, resp)
}

// dealNames gives n animal names in an order drawn from the seed.
func dealNames(seed uint64, n int) []string {
	names := append([]string(nil), animals...)
	p := sim.NewPCG(sim.Seed(seed, sim.Label("names")))
	sim.Shuffle(&p, names)
	return names[:n]
}

func (s *Server) newGame(d gameData) *game {
	g := &game{srv: s, id: d.ID, data: d, st: ww.New(d.Rules, d.Seed), tokens: map[string]int{},
		fired: map[ww.Deadline]bool{}, subs: map[chan struct{}]struct{}{}}
	for i, p := range d.Players {
		g.names = append(g.names, p.Name)
		g.tokens[p.TokenHash] = i
	}
	g.nPhase = countPhases(g.st.Events())
	return g
}

func countPhases(evs []ww.Event) int {
	n := 0
	for _, e := range evs {
		if e.Kind == ww.EvPhase {
			n++
		}
	}
	return n
}

// add registers g; false once the server is closed.
func (s *Server) add(g *game) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.games[g.id] = g
	s.order = append(s.order, g.id)
	return true
}

// seatOf finds the seat of token in g.
func (g *game) seatOf(token string) (int, bool) {
	seat, ok := g.tokens[tokenHash(token)] // tokens never change: no lock needed
	return seat, ok
}

func (g *game) started() bool { return g.data.StartedAt != nil }

// snapshot refreshes the readable part of g.data from the engine.
func (g *game) snapshot() {
	d := &g.data
	d.Status, d.Phase = g.statusWords()
	d.Day = g.st.Day()
	if g.st.Done() {
		d.Winner, d.Reason = g.st.Winner().String(), g.st.Reason()
		d.Roles = d.Roles[:0]
		for i := range g.names {
			d.Roles = append(d.Roles, g.st.Role(sim.Seat(i)).SpecName())
		}
	}
}

// statusWords gives the spec's status and phase words.
func (g *game) statusWords() (status, phase string) {
	if !g.started() {
		return statusWaiting, "waiting"
	}
	switch g.st.Phase() {
	case ww.PhaseNight:
		return statusNight, "action"
	case ww.PhaseDiscussion:
		return statusDay, "discussion"
	case ww.PhaseVote, ww.PhaseRunoff:
		return statusDay, "voting"
	}
	return statusFinished, "finished"
}

// change is one accepted input to commit: an engine mutation plus what to
// log.
type change struct {
	rec     actionData
	msg     *messageData
	mutate  func(st *ww.State) error // nil: no engine change (start)
	started *time.Time               // set by start
}

// commitLocked applies c to a copy of the engine, writes the action (and
// message) with the game's new JSON in one transaction, and only then
// makes the copy current. It returns the events the change added. g.mu is
// held.
func (g *game) commitLocked(ctx context.Context, c change) ([]ww.Event, error) {
	if g.stopped {
		return nil, apiErr(http.StatusServiceUnavailable, "server shutting down")
	}
	next := g.st
	if c.mutate != nil {
		next = g.st.Clone()
		if err := c.mutate(next); err != nil {
			return nil, engineErr(err)
		}
	}
	added := next.Events()[len(g.st.Events()):]
	if c.mutate != nil && len(added) == 0 {
		return nil, nil // a deadline with nothing left to force
	}
	now := time.Now().UTC()
	old := g.data
	oldSt := g.st
	g.st = next
	if c.started != nil {
		g.data.StartedAt = c.started
	}
	newPhase := countPhases(added)
	if c.started != nil || newPhase > 0 {
		g.data.PhaseStartedAt = &now
	}
	g.snapshot()
	c.rec.Seq = g.seq + 1
	c.rec.At = now
	for _, e := range added {
		if e.Auto && e.Kind != ww.EvMedium {
			c.rec.Auto = append(c.rec.Auto, fmt.Sprintf("%s %s>%s", e.Kind, g.name(e.Seat), g.name(e.Target)))
		}
	}
	gb, err := json.Marshal(g.data)
	ab, aerr := json.Marshal(c.rec)
	err = errors.Join(err, aerr)
	b := Batch{Game: gb, Actions: [][]byte{ab}}
	if c.msg != nil {
		c.msg.Timestamp = now.Format(time.RFC3339Nano)
		mb, merr := json.Marshal(c.msg)
		err = errors.Join(err, merr)
		b.Messages = [][]byte{mb}
	}
	// The request's context must not abort a commit halfway: a client that
	// hangs up still gets its action either fully stored or not at all.
	if err == nil {
		err = g.srv.store.Commit(context.WithoutCancel(ctx), g.id, b, now)
	}
	if err != nil {
		g.st, g.data = oldSt, old
		g.srv.log.Error("commit failed", "game", g.id, "err", err)
		return nil, apiErr(http.StatusInternalServerError, "storage failure: %v", err)
	}
	g.seq++
	if c.msg != nil {
		g.msgs = append(g.msgs, *c.msg)
	}
	if c.started != nil || newPhase > 0 {
		g.phaseAt = now
		g.nPhase += newPhase
		clear(g.fired)
	}
	g.scheduleLocked()
	g.notifyLocked()
	return added, nil
}

// start begins a waiting game (POST …/start, every player seen, or the
// auto-start timer). Starting a started game is a 409.
func (g *game) start(ctx context.Context, why string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.startLocked(ctx, why)
}

func (g *game) startLocked(ctx context.Context, why string) error {
	if g.started() {
		return apiErr(http.StatusConflict, "the game has already started")
	}
	now := time.Now().UTC()
	_, err := g.commitLocked(ctx, change{
		rec:     actionData{Kind: "start", Seat: -1, Target: why, Phase: "night", Day: 0},
		started: &now,
	})
	if err == nil {
		g.srv.log.Debug("game started", "game", g.id, "why", why)
	}
	return err
}

// targetSeat resolves a player's name (case-insensitive) or returns 400.
func (g *game) targetSeat(name string) (sim.Seat, error) {
	for i, n := range g.names {
		if strings.EqualFold(n, name) {
			return sim.Seat(i), nil
		}
	}
	return sim.NoSeat, apiErr(http.StatusBadRequest, "no player named %q in this game", name)
}

func (g *game) name(s sim.Seat) string {
	if s >= 0 && int(s) < len(g.names) {
		return g.names[s]
	}
	return ""
}

// speak serves POST …/speak.
func (g *game) speak(ctx context.Context, seat int, req SpeakRequest) (SpeakResponse, error) {
	text := strings.TrimSpace(req.Message)
	if text == "" {
		return SpeakResponse{}, apiErr(http.StatusBadRequest, "message is empty")
	}
	kind := ww.ActTalk
	switch req.Target {
	case "", "all":
		req.Target = "all"
	case "werewolf", "werewolves":
		req.Target, kind = "werewolf", ww.ActWhisper
	default:
		return SpeakResponse{}, apiErr(http.StatusBadRequest, "target %q: want \"all\" or \"werewolf\"", req.Target)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.started() {
		return SpeakResponse{}, apiErr(http.StatusConflict, "the game has not started")
	}
	content, rest := ParseTalk(text, g.names)
	a := ww.Action{Kind: kind, Target: sim.NoSeat, Content: content, Text: rest}
	if content != ww.NoContent && g.st.Check(sim.Seat(seat), a) != nil {
		// A tag the engine refuses (say, accusing a dead player) is
		// just text.
		a.Content, a.Text = ww.NoContent, text
	}
	phase := "day"
	if g.st.Phase() == ww.PhaseNight {
		phase = "night"
	}
	id := g.messageID(req.Target)
	msg := &messageData{Seat: seat, Message: Message{ID: id, Speaker: g.names[seat], Message: text, Phase: phase, Target: req.Target, Day: g.st.Day()}}
	_, err := g.commitLocked(ctx, change{
		rec:    actionData{Kind: kind.String(), Seat: seat, Player: g.names[seat], Action: a.String(), MessageID: id, Day: g.st.Day(), Phase: g.st.Phase().String()},
		msg:    msg,
		mutate: func(st *ww.State) error { return st.Apply(sim.Seat(seat), a) },
	})
	if err != nil {
		return SpeakResponse{}, err
	}
	return SpeakResponse{Success: true, MessageID: id, RemainingSpeaks: g.st.SpeaksLeft(sim.Seat(seat))}, nil
}

// act serves divine, kill, vote and pass.
func (g *game) act(ctx context.Context, seat int, verb, target string) (ActionResponse, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.started() {
		return ActionResponse{}, apiErr(http.StatusConflict, "the game has not started")
	}
	var a ww.Action
	if verb == "pass" {
		a = ww.Pass()
	} else {
		t, err := g.targetSeat(target)
		if err != nil {
			return ActionResponse{}, err
		}
		switch verb {
		case "divine":
			a = ww.Divine(t)
		case "kill":
			a = ww.Kill(t)
		case "vote":
			a = ww.Vote(t)
		}
	}
	added, err := g.commitLocked(ctx, change{
		rec:    actionData{Kind: verb, Seat: seat, Player: g.names[seat], Action: a.String(), Target: target, Day: g.st.Day(), Phase: g.st.Phase().String()},
		mutate: func(st *ww.State) error { return st.Apply(sim.Seat(seat), a) },
	})
	if err != nil {
		return ActionResponse{}, err
	}
	res := ActionResponse{Success: true, Action: verb, Target: g.name(a.Target)}
	if verb == "divine" {
		for _, e := range added {
			if e.Kind == ww.EvDivine && e.Seat == sim.Seat(seat) {
				res.Result = e.Role.String()
			}
		}
	}
	return res, nil
}

// expireLocked applies deadline d through the engine's fallback; the
// automatic actions it took are logged in the action row (Auto).
func (g *game) expireLocked(ctx context.Context, d ww.Deadline) error {
	_, err := g.commitLocked(ctx, change{
		rec:    actionData{Kind: "expire", Seat: -1, Deadline: d.String(), Day: g.st.Day(), Phase: g.st.Phase().String()},
		mutate: func(st *ww.State) error { return st.Expire(d) },
	})
	return err
}

// messageID numbers a message within its audience: public talk msg_1,
// msg_2, …; wolf chat wolf_1, wolf_2, … So the ids a player may read run
// without gaps and tell nothing of the messages it may not read
// (docs/rules/werewolf.md, "Messages").
func (g *game) messageID(target string) string {
	n := 1
	for _, m := range g.msgs {
		if m.Target == target {
			n++
		}
	}
	if target == "werewolf" {
		return "wolf_" + strconv.Itoa(n)
	}
	return "msg_" + strconv.Itoa(n)
}
