package werewolf

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	wwstrat "gamelab/strategies/werewolf"
)

// specOnly wraps our server so that it answers like a server written from
// the spec alone: the extension fields are removed from every JSON answer
// and the extension endpoints (start, pass, events) do not exist.
func specOnly(h http.Handler) http.Handler {
	drop := map[string][]string{
		"status":   {"day_count", "remaining_speaks", "werewolves", "voted", "divined", "kill_target"},
		"game":     {"phase_results", "winner", "reason", "role_counts"},
		"messages": {},
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if strings.HasSuffix(p, "/start") || strings.HasSuffix(p, "/pass") || strings.HasSuffix(p, "/events") {
			http.NotFound(w, r)
			return
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		kind := ""
		switch {
		case strings.HasSuffix(p, "/status"):
			kind = "status"
		case strings.HasSuffix(p, "/messages"):
			kind = "messages"
		case r.Method == "GET" && strings.Count(p, "/") == 3 && strings.HasPrefix(p, "/api/games/"):
			kind = "game"
		}
		body := rec.Body.Bytes()
		if keys, ok := drop[kind]; ok && rec.Code == 200 {
			var m map[string]any
			if err := json.Unmarshal(body, &m); err == nil {
				for _, k := range keys {
					delete(m, k)
				}
				if msgs, ok := m["messages"].([]any); ok {
					for _, x := range msgs {
						delete(x.(map[string]any), "day")
					}
				}
				body, _ = json.Marshal(m)
			}
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.Header().Del("Content-Length")
		w.WriteHeader(rec.Code)
		w.Write(bytes.Clone(body))
	})
}

// TestOurBotsOnASpecOnlyServer: our strategies, through the tolerant
// client, finish 5- and 9-player games on a server that has none of our
// extensions (no pass, no pack list, no phase results, no message days):
// the client's view is poorer but every action it sends is still played.
func TestOurBotsOnASpecOnlyServer(t *testing.T) {
	ts := startServer(t, "", 0.004) // discussion 1.2 s: without a pass endpoint it ends by its deadline
	hs := httptest.NewServer(specOnly(ts.srv))
	defer hs.Close()
	c := NewClient(hs.URL, hs.Client())
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	for i, n := range []int{5, 9} {
		g, err := c.CreateGame(ctx, CreateGameRequest{PlayerCount: n, Seed: uint64(1500 + i)})
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, n)
		for seat, cr := range g.Players {
			go func() {
				s, err := wwstrat.New("rule")
				if err != nil {
					done <- err
					return
				}
				p := &Player{Client: c, Game: g.GameID, Token: cr.Token, Strategy: s, Rng: newRand(uint64(i), uint64(seat)), Poll: 10 * time.Millisecond, Tolerant: true}
				info, err := p.Run(ctx)
				if err == nil && info.Status != "finished" {
					err = context.DeadlineExceeded
				}
				done <- err
			}()
		}
		for range n {
			if err := <-done; err != nil {
				t.Fatalf("%d players: %v", n, err)
			}
		}
		info, err := ts.c.Game(ctx, g.GameID)
		if err != nil || info.Status != "finished" {
			t.Fatalf("game: %+v %v", info, err)
		}
		t.Logf("%d players on a spec-only server: %s won on day %d", n, info.Winner, info.DayCount)
	}
}
