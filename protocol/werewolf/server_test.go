package werewolf

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// testServer is a server on 127.0.0.1 with its own database file.
type testServer struct {
	t     testing.TB
	db    string
	store *Store
	srv   *Server
	http  *httptest.Server
	c     *Client
}

func startServer(t testing.TB, db string, scale float64) *testServer {
	return startServerWith(t, db, scale, StoreOptions{Fast: true})
}

func startServerWith(t testing.TB, db string, scale float64, so StoreOptions) *testServer {
	t.Helper()
	if db == "" {
		db = filepath.Join(t.TempDir(), "werewolf.db")
	}
	store, err := OpenStore(db, so)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := NewServer(context.Background(), Options{Store: store, TimeScale: scale, Version: "test"})
	if err != nil {
		store.Close()
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv) // listens on 127.0.0.1
	ts := &testServer{t: t, db: db, store: store, srv: srv, http: hs, c: NewClient(hs.URL, hs.Client())}
	t.Cleanup(ts.stop)
	return ts
}

// stop shuts the server down (idempotent): HTTP first, then the clocks,
// then the database.
func (ts *testServer) stop() {
	if ts.srv == nil {
		return
	}
	ts.http.CloseClientConnections()
	ts.http.Close()
	ts.srv.Close()
	ts.store.Close()
	ts.srv = nil
}

// rawDo sends a raw request and returns the status and body.
func (ts *testServer) rawDo(method, path, body string) (int, string) {
	ts.t.Helper()
	req, err := http.NewRequest(method, ts.http.URL+path, strings.NewReader(body))
	if err != nil {
		ts.t.Fatal(err)
	}
	resp, err := ts.http.Client().Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	if _, err := fmt.Fprint(&b, readAll(resp)); err != nil {
		ts.t.Fatal(err)
	}
	return resp.StatusCode, b.String()
}

// local serves one request in-process (the real handler and JSON, no
// TCP): for tests that read every endpoint after every step.
func (ts *testServer) local(method, path string) (int, string) {
	rec := httptest.NewRecorder()
	ts.srv.ServeHTTP(rec, httptest.NewRequest(method, path, nil))
	return rec.Code, rec.Body.String()
}

func readAll(resp *http.Response) string {
	var sb strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		sb.Write(buf[:n])
		if err != nil {
			return sb.String()
		}
	}
}

func TestHealth(t *testing.T) {
	ts := startServer(t, "", 1)
	h, err := ts.c.Health(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !h.Success || h.Data.Status != "healthy" || h.Data.Database != "connected" || h.Data.Version != "test" {
		t.Fatalf("health = %+v", h)
	}
	if _, err := time.Parse(time.RFC3339Nano, h.Data.Timestamp); err != nil {
		t.Fatalf("timestamp %q: %v", h.Data.Timestamp, err)
	}
}

var hex32 = regexp.MustCompile(`^[0-9a-f]{32}$`)

func TestCreateGame(t *testing.T) {
	ts := startServer(t, "", 1)
	ctx := context.Background()
	for _, n := range []int{5, 7, 9} {
		g, err := ts.c.CreateGame(ctx, CreateGameRequest{PlayerCount: n})
		if err != nil {
			t.Fatal(err)
		}
		if g.Status != "waiting" || len(g.Players) != n || g.GameID == "" {
			t.Fatalf("%d players: %+v", n, g)
		}
		seen := map[string]bool{}
		for _, p := range g.Players {
			if !hex32.MatchString(p.Token) || p.Role != "hidden" || p.Name == "" || seen[p.Name] || seen[p.Token] {
				t.Fatalf("bad player %+v", p)
			}
			seen[p.Name], seen[p.Token] = true, true
		}
		info, err := ts.c.Game(ctx, g.GameID)
		if err != nil {
			t.Fatal(err)
		}
		if info.Status != "waiting" || info.DayCount != 0 || len(info.Players) != n {
			t.Fatalf("info %+v", info)
		}
	}
	// The spec's body, with its config.
	g, err := ts.c.CreateGame(ctx, CreateGameRequest{PlayerCount: 5, Config: json.RawMessage(`{"villagers":2,"fortune_teller":1,"werewolves":1,"madman":1}`)})
	if err != nil || len(g.Players) != 5 {
		t.Fatalf("spec body: %+v %v", g, err)
	}
	bad := []struct{ body, want string }{
		{`{"player_count": 6}`, "no config"},
		{`{"player_count": 5, "config": {"villagers":3,"fortune_teller":1,"werewolves":1,"madman":1}}`, "add up to 6"},
		{`{"player_count": 2, "config": {"villagers":1,"werewolves":1}}`, "players"},
		{`{"config": {"villagers":2,"werewolves":2}}`, "parity"},
		{`{"player_count": 5, "config": {"villagers":2,"fortune_teller":1,"werewolves":1,"madman":1,"tie":"coin"}}`, "tie rule"},
		{`{"player_count": "five"}`, "bad JSON"},
		{``, "empty"},
		{`{"player_count": 5} {}`, "more than one"},
	}
	for _, b := range bad {
		code, body := ts.rawDo("POST", "/api/games", b.body)
		if code != 400 || !strings.Contains(body, b.want) || !strings.Contains(body, `"success":false`) {
			t.Errorf("POST %s: %d %s (want 400 with %q)", b.body, code, body, b.want)
		}
	}
	if code, _ := ts.rawDo("GET", "/api/games/nope", ""); code != 404 {
		t.Errorf("unknown game: %d", code)
	}
	if code, _ := ts.rawDo("GET", "/api/games/"+g.GameID+"/players/"+strings.Repeat("0", 32)+"/status", ""); code != 404 {
		t.Errorf("unknown token: %d", code)
	}
	// A token of another game does not act here.
	g2, _ := ts.c.CreateGame(ctx, CreateGameRequest{PlayerCount: 5})
	if _, err := ts.c.Status(ctx, g.GameID, g2.Players[0].Token); StatusOf(err) != 404 {
		t.Errorf("foreign token: %v", err)
	}
}

// randomPlayer plays one seat through the REST API with uniformly random
// legal choices (and a few messages, including tags, then a pass).
type randomPlayer struct {
	c     *Client
	game  string
	token string
	rng   *rand.Rand
}

// step polls status once and acts if it can. It returns false when the
// game is over.
func (p *randomPlayer) step(ctx context.Context) (bool, error) {
	st, err := p.c.Status(ctx, p.game, p.token)
	if err != nil {
		return false, err
	}
	if st.GamePhase == "finished" {
		return false, nil
	}
	if !st.CanAct {
		return true, nil
	}
	info, err := p.c.Game(ctx, p.game)
	if err != nil {
		return false, err
	}
	var others, humans []string
	for _, pl := range info.Players {
		if pl.Status == "alive" && pl.Name != st.PlayerName {
			others = append(others, pl.Name)
			if !slices.Contains(st.Werewolves, pl.Name) {
				humans = append(humans, pl.Name)
			}
		}
	}
	act := st.ActionsAvailable[p.rng.IntN(len(st.ActionsAvailable))]
	pickOne := func(xs []string) string { return xs[p.rng.IntN(len(xs))] }
	switch act {
	case "speak":
		target := "all"
		if st.GamePhase == "night" {
			target = "werewolf"
		}
		msg := fmt.Sprintf("[accuse %s] I suspect %s", pickOne(others), pickOne(others))
		if p.rng.IntN(2) == 0 {
			msg = "hello from " + st.PlayerName
		}
		if target == "werewolf" {
			msg = wolfMarker + " " + msg // the security test looks for it
		}
		_, err = p.c.Speak(ctx, p.game, p.token, msg, target)
	case "pass":
		err = p.c.do(ctx, "POST", playerPath(p.game, p.token, "pass"), struct{}{}, nil)
	case "divine":
		_, err = p.c.Divine(ctx, p.game, p.token, pickOne(others))
	case "kill":
		_, err = p.c.Kill(ctx, p.game, p.token, pickOne(humans))
	case "vote":
		_, err = p.c.Vote(ctx, p.game, p.token, pickOne(others))
	}
	// Another player may have ended the phase between status and action.
	if code := StatusOf(err); code == 409 || code == 403 {
		err = nil
	}
	return true, err
}

// wolfMarker marks every wolf-chat message of the random players.
const wolfMarker = "WOLFSECRET"

func playRandom(ctx context.Context, c *Client, game string, creds []PlayerCredential, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, 1))
	players := make([]*randomPlayer, len(creds))
	for i, cr := range creds {
		players[i] = &randomPlayer{c: c, game: game, token: cr.Token, rng: newRand(seed, uint64(i)+2)}
	}
	for step := 0; step < 5000; step++ {
		p := players[rng.IntN(len(players))]
		more, err := p.step(ctx)
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
	}
	return errors.New("game did not end in 5000 steps")
}

func TestRandomGamesToTheEnd(t *testing.T) {
	ts := startServer(t, "", 1)
	ctx := context.Background()
	for i, n := range []int{5, 7, 9} {
		g, err := ts.c.CreateGame(ctx, CreateGameRequest{PlayerCount: n, Seed: uint64(100 + i)})
		if err != nil {
			t.Fatal(err)
		}
		if err := playRandom(ctx, ts.c, g.GameID, g.Players, uint64(i)); err != nil {
			t.Fatalf("%d players: %v", n, err)
		}
		info, err := ts.c.Game(ctx, g.GameID)
		if err != nil {
			t.Fatal(err)
		}
		if info.Status != "finished" || (info.Winner != "village" && info.Winner != "werewolf") || info.Reason == "" {
			t.Fatalf("end: %+v", info)
		}
		for _, p := range info.Players {
			if p.Role == "hidden" || p.Role == "" {
				t.Errorf("role not revealed at the end: %+v", p)
			}
		}
		sp, err := ts.c.Spectate(ctx, g.GameID)
		if err != nil {
			t.Fatal(err)
		}
		if len(sp.Log) == 0 || sp.Winner != info.Winner || len(sp.PhaseResults) == 0 {
			t.Fatalf("spectate at the end: %+v", sp)
		}
		t.Logf("%d players: %s won on day %d (%s), %d messages", n, info.Winner, info.DayCount, info.Reason, len(sp.PublicMessages))
	}
}

func newRand(a, b uint64) *rand.Rand { return rand.New(rand.NewPCG(a, b)) }

// TestStrictInput: an unknown config key is a 400 naming it; a known path
// with a wrong method is a 405 with Allow; an unknown path stays 404.
func TestStrictInput(t *testing.T) {
	ts := startServer(t, "", 1)
	code, body := ts.rawDo("POST", "/api/games", `{"player_count":5,"config":{"villagers":2,"fortune_teller":1,"werewolves":1,"madman":1,"knight":1}}`)
	if code != 400 || !strings.Contains(body, `\"knight\"`) {
		t.Errorf("unknown config key: %d %s", code, body)
	}
	code, body = ts.rawDo("POST", "/api/games", `{"player_count":5,"config":{"villagers":2,"fortune_teller":1,"psychic":0,"werewolves":1,"madman":1,"speaks":3}}`)
	if code != 201 {
		t.Errorf("known keys (psychic alias, speaks): %d %s", code, body)
	}
	for _, c := range []struct{ method, path, allow string }{
		{"DELETE", "/api/games", "GET, HEAD, POST"},
		{"PUT", "/api/health", "GET, HEAD"},
		{"GET", "/api/games/x/players/y/vote", "POST"},
		{"POST", "/api/games/x/spectate", "GET, HEAD"},
	} {
		req, _ := http.NewRequest(c.method, ts.http.URL+c.path, nil)
		resp, err := ts.http.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b := readAll(resp)
		if resp.StatusCode != 405 || resp.Header.Get("Allow") != c.allow || !strings.Contains(b, `"success":false`) {
			t.Errorf("%s %s: %d Allow %q %s (want 405 Allow %q)", c.method, c.path, resp.StatusCode, resp.Header.Get("Allow"), b, c.allow)
		}
	}
	if code, body := ts.rawDo("GET", "/api/nothing", ""); code != 404 {
		t.Errorf("unknown path: %d %s", code, body)
	}
}

// TestHealthReportsUnwritableDatabase: a database that refuses writes
// (here the connection is made read-only) makes health 503 "unwritable".
func TestHealthReportsUnwritableDatabase(t *testing.T) {
	ts := startServer(t, "", 1)
	if _, err := ts.store.db.Exec("PRAGMA query_only = ON"); err != nil {
		t.Fatal(err)
	}
	code, body := ts.rawDo("GET", "/api/health", "")
	if code != 503 || !strings.Contains(body, `"database":"unwritable"`) || !strings.Contains(body, `"status":"unhealthy"`) {
		t.Fatalf("health with a read-only database: %d %s", code, body)
	}
	if _, err := ts.store.db.Exec("PRAGMA query_only = OFF"); err != nil {
		t.Fatal(err)
	}
	if code, body := ts.rawDo("GET", "/api/health", ""); code != 200 {
		t.Fatalf("health after: %d %s", code, body)
	}
}
