package werewolf

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// waitFor polls cond every 10 ms until it holds or d passes.
func waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	end := time.Now().Add(d)
	for !cond() {
		if time.Now().After(end) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestSilentGameEndsByDeadlines: nobody acts; every phase ends by its
// wall-clock deadline through the engine's fallbacks, which are logged
// auto, and the game ends.
func TestSilentGameEndsByDeadlines(t *testing.T) {
	ts := startServer(t, "", 0.002) // divine 120 ms, kill 240 ms, discussion 600 ms, vote 120 ms
	ctx := context.Background()
	g, err := ts.c.CreateGame(ctx, CreateGameRequest{PlayerCount: 5, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if err := ts.c.Start(ctx, g.GameID); err != nil {
		t.Fatal(err)
	}
	if err := ts.c.Start(ctx, g.GameID); StatusOf(err) != 409 {
		t.Fatalf("second start: %v, want 409", err)
	}
	var info GameInfo
	waitFor(t, 30*time.Second, "the game to end", func() bool {
		info, err = ts.c.Game(ctx, g.GameID)
		return err == nil && info.Status == "finished"
	})
	sp, err := ts.c.Spectate(ctx, g.GameID)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, e := range sp.Log {
		if e.Auto {
			kinds[e.Action]++
		}
		if e.Action == "timeout" {
			kinds["timeout "+e.Result]++
		}
	}
	if kinds["divine"] == 0 || kinds["vote"] == 0 || kinds["timeout discussion"] == 0 {
		t.Fatalf("automatic actions in the log: %v", kinds)
	}
	for _, r := range sp.PhaseResults {
		for _, v := range r.Votes {
			if !v.Auto {
				t.Errorf("vote %+v not marked auto", v)
			}
		}
	}
	// The actions table logs every forced phase end with what it did.
	rows, err := ts.store.Rows(ctx, "actions", g.GameID)
	if err != nil {
		t.Fatal(err)
	}
	expires := 0
	for _, b := range rows {
		var a actionData
		if err := json.Unmarshal(b, &a); err != nil {
			t.Fatal(err)
		}
		if a.Kind == "expire" {
			expires++
			if a.Deadline != "discussion" && a.Deadline != "wolf_chat" && len(a.Auto) == 0 {
				t.Errorf("expire row without its automatic actions: %s", b)
			}
		}
	}
	if expires == 0 {
		t.Fatal("no expire rows")
	}
	t.Logf("%s won on day %d; automatic: %v; %d expire rows", info.Winner, info.DayCount, kinds, expires)
}

// TestAutoStart: a game starts by itself after auto_start_after, or as
// soon as every player has called status.
func TestAutoStart(t *testing.T) {
	ts := startServer(t, "", 0.01)
	ctx := context.Background()
	after := 10.0 // 100 ms at this scale
	g, err := ts.c.CreateGame(ctx, CreateGameRequest{PlayerCount: 5, AutoStartAfter: &after})
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, 5*time.Second, "auto start", func() bool {
		info, err := ts.c.Game(ctx, g.GameID)
		return err == nil && info.Status != "waiting"
	})
	long := 1000.0
	g2, err := ts.c.CreateGame(ctx, CreateGameRequest{PlayerCount: 5, AutoStartAfter: &long})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range g2.Players {
		st, err := ts.c.Status(ctx, g2.GameID, p.Token)
		if err != nil {
			t.Fatal(err)
		}
		wantPhase := "waiting"
		if i == len(g2.Players)-1 {
			wantPhase = "night"
		}
		if st.GamePhase != wantPhase {
			t.Fatalf("after %d status calls: phase %q, want %q", i+1, st.GamePhase, wantPhase)
		}
		if i < len(g2.Players)-1 {
			if _, err := ts.c.Vote(ctx, g2.GameID, p.Token, g2.Players[0].Name); StatusOf(err) != 409 {
				t.Fatalf("acting while waiting: %v, want 409", err)
			}
		}
	}
}

// snapshotOf is everything a restart must preserve, as JSON.
func snapshotOf(t *testing.T, ts *testServer, id string, creds []PlayerCredential) string {
	t.Helper()
	ctx := context.Background()
	info, err := ts.c.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	info.TimeRemaining = 0
	out := []any{info}
	for _, p := range creds {
		st, err := ts.c.Status(ctx, id, p.Token)
		if err != nil {
			t.Fatal(err)
		}
		st.TimeRemaining = 0
		msgs, err := ts.c.Messages(ctx, id, p.Token)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, st, msgs)
		if dr, err := ts.c.DivineResults(ctx, id, p.Token); err == nil {
			out = append(out, dr)
		}
	}
	b, _ := json.Marshal(out)
	return string(b)
}

// TestRestartResumesGames kills the server mid-game (no clean close of the
// database) and starts a new one on the same file: every game comes back
// identical, tokens still work, deadlines are recomputed from the stored
// phase start (one that passed while the server was down fires at once),
// and the games play on to the end.
func TestRestartResumesGames(t *testing.T) {
	ts := startServer(t, "", 1)
	ctx := context.Background()
	type live struct {
		id    string
		creds []PlayerCredential
		snap  string
	}
	var games []live
	for i, n := range []int{5, 7, 9} {
		g, err := ts.c.CreateGame(ctx, CreateGameRequest{PlayerCount: n, Seed: uint64(40 + i)})
		if err != nil {
			t.Fatal(err)
		}
		// Play part of the game: random steps until day 1's discussion has
		// messages.
		players := make([]*randomPlayer, n)
		for j, cr := range g.Players {
			players[j] = &randomPlayer{c: ts.c, game: g.GameID, token: cr.Token, rng: newRand(uint64(i), uint64(j))}
		}
		for step := 0; ; step++ {
			if _, err := players[step%n].step(ctx); err != nil {
				t.Fatal(err)
			}
			info, err := ts.c.Game(ctx, g.GameID)
			if err != nil {
				t.Fatal(err)
			}
			if info.DayCount >= 1+i/2 && info.Phase == "discussion" && step >= 2*n {
				break
			}
			if step > 500 {
				t.Fatal("no discussion reached")
			}
		}
		games = append(games, live{id: g.GameID, creds: g.Players})
	}
	for i := range games {
		games[i].snap = snapshotOf(t, ts, games[i].id, games[i].creds)
		info, err := ts.c.Game(ctx, games[i].id)
		if err != nil {
			t.Fatal(err)
		}
		if info.Status == "finished" || info.Status == "waiting" {
			t.Fatalf("game %d is %s before the crash: the test needs games in progress", i, info.Status)
		}
		t.Logf("game %d before the crash: day %d %s, %d phase results", i, info.DayCount, info.Phase, len(info.PhaseResults))
	}
	before, err := ts.c.Game(ctx, games[0].id)
	if err != nil {
		t.Fatal(err)
	}

	// "Kill": stop serving and stop the clocks, but leave the database
	// unclosed, as a crashed process would.
	ts.http.CloseClientConnections()
	ts.http.Close()
	ts.srv.Close()
	crashed := ts.store
	defer crashed.Close()

	ts2 := startServer(t, ts.db, 1)
	for _, g := range games {
		if got := snapshotOf(t, ts2, g.id, g.creds); got != g.snap {
			t.Fatalf("game %s after restart:\n got %s\nwant %s", g.id, got, g.snap)
		}
	}
	after, err := ts2.c.Game(ctx, games[0].id)
	if err != nil {
		t.Fatal(err)
	}
	if before.Status != "finished" && (after.TimeRemaining > before.TimeRemaining || after.TimeRemaining <= 0) {
		t.Errorf("deadline not recomputed from the phase start: %d s left before, %d s after", before.TimeRemaining, after.TimeRemaining)
	}
	for i, g := range games {
		if err := playRandom(ctx, ts2.c, g.id, g.creds, uint64(90+i)); err != nil {
			t.Fatalf("game %s after restart: %v", g.id, err)
		}
	}
}

// TestRestartFiresOverdueDeadline: a discussion whose deadline passed while
// the server was down ends as soon as the server is back.
func TestRestartFiresOverdueDeadline(t *testing.T) {
	const scale = 0.005 // divine 300 ms, discussion 1.5 s
	ts := startServer(t, "", scale)
	ctx := context.Background()
	g, err := ts.c.CreateGame(ctx, CreateGameRequest{PlayerCount: 5, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := ts.c.Start(ctx, g.GameID); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 10*time.Second, "day 1 discussion", func() bool {
		info, err := ts.c.Game(ctx, g.GameID)
		return err == nil && info.Phase == "discussion"
	})
	ts.stop()
	time.Sleep(1600 * time.Millisecond) // the discussion deadline passes while down
	ts2 := startServer(t, ts.db, scale)
	// Well before a fresh 1.5 s discussion clock would end it.
	waitFor(t, time.Second, "the overdue discussion to end", func() bool {
		info, err := ts2.c.Game(ctx, g.GameID)
		return err == nil && info.Phase != "discussion"
	})
	rows, err := ts2.store.Rows(ctx, "actions", g.GameID)
	if err != nil {
		t.Fatal(err)
	}
	if !containsRow(rows, `"deadline":"discussion"`) {
		t.Fatal("no discussion expire row after restart")
	}
}

func containsRow(rows [][]byte, s string) bool {
	for _, r := range rows {
		if strings.Contains(string(r), s) {
			return true
		}
	}
	return false
}
