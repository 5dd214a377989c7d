package werewolf

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// readEvents reads SSE events from the game's stream until it closes and
// returns their names and the last spectate body.
func readEvents(t *testing.T, ts *testServer, id string, ctx context.Context) ([]string, Spectate) {
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.http.URL+"/api/games/"+id+"/events", nil)
	resp, err := ts.http.Client().Do(req)
	if err != nil {
		t.Error(err)
		return nil, Spectate{}
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 4<<20)
	var names []string
	var last Spectate
	event := ""
	for sc.Scan() {
		line := sc.Text()
		if e, ok := strings.CutPrefix(line, "event: "); ok {
			event = e
			names = append(names, e)
		}
		if d, ok := strings.CutPrefix(line, "data: "); ok && event == "spectate" {
			if err := json.Unmarshal([]byte(d), &last); err != nil {
				t.Errorf("bad spectate event %q: %v", d, err)
			}
		}
	}
	return names, last
}

// TestEventsStreamFollowsAGame: the SSE stream sends a spectate event at
// once and after changes, then the final view and "end", and closes.
func TestEventsStreamFollowsAGame(t *testing.T) {
	ts := startServer(t, "", 1)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	g, err := ts.c.CreateGame(ctx, CreateGameRequest{PlayerCount: 5, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	type result struct {
		names []string
		last  Spectate
	}
	got := make(chan result, 1)
	go func() {
		n, l := readEvents(t, ts, g.GameID, ctx)
		got <- result{n, l}
	}()
	time.Sleep(50 * time.Millisecond) // let the stream open
	playCreated(t, ctx, ts.c, g, 9, func(int) Decider { return uniform{} }, 2*time.Millisecond, nil)
	r := <-got
	spectates := strings.Count(strings.Join(r.names, " "), "spectate")
	if spectates < 3 || r.names[len(r.names)-1] != "end" || r.last.Status != "finished" || r.last.Winner == "" {
		t.Fatalf("events %v, last %+v", r.names, r.last)
	}
	t.Logf("%d spectate events", spectates)
}

// TestEventsStreamEndsOnClose: closing the server ends open streams.
func TestEventsStreamEndsOnClose(t *testing.T) {
	ts := startServer(t, "", 1)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	g, err := ts.c.CreateGame(ctx, CreateGameRequest{PlayerCount: 5})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan []string, 1)
	go func() {
		n, _ := readEvents(t, ts, g.GameID, ctx)
		done <- n
	}()
	time.Sleep(50 * time.Millisecond)
	ts.srv.Close()
	select {
	case n := <-done:
		if len(n) != 1 || n[0] != "spectate" {
			t.Fatalf("events %v", n)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("the stream stayed open after Close")
	}
}
