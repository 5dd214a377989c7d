package werewolf

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestNoLeaks plays 5-, 7- and 9-player games with random players; after
// every step it reads every endpoint as every player and as a spectator
// (including the SSE stream) and checks that nobody learns what they may
// not: another player's role, the wolf chat, a divine or medium result,
// or any token. After the end everything but the tokens is public. The
// players act and the SSE stream is read over TCP; the endpoint reads go
// through the same handler in-process, to keep the test quick.
func TestNoLeaks(t *testing.T) {
	ts := startServer(t, "", 1)
	ctx := context.Background()
	for gi, n := range []int{5, 7, 9} {
		g, err := ts.c.CreateGame(ctx, CreateGameRequest{PlayerCount: n, Seed: uint64(500 + gi)})
		if err != nil {
			t.Fatal(err)
		}
		roles := make([]string, n)
		for i, p := range g.Players {
			st, err := ts.c.Status(ctx, g.GameID, p.Token)
			if err != nil {
				t.Fatal(err)
			}
			roles[i] = st.Role
		}
		players := make([]*randomPlayer, n)
		for i, cr := range g.Players {
			players[i] = &randomPlayer{c: ts.c, game: g.GameID, token: cr.Token, rng: newRand(uint64(gi), uint64(i))}
		}
		sawWolfChat, sawDivine := false, false
		for step := 0; step < 3000; step++ {
			more, err := players[step%n].step(ctx)
			if err != nil {
				t.Fatal(err)
			}
			info, err := ts.c.Game(ctx, g.GameID)
			if err != nil {
				t.Fatal(err)
			}
			over := info.Status == "finished"
			// Spectator views.
			for _, path := range []string{"/api/games/" + g.GameID, "/api/games/" + g.GameID + "/spectate", "/api/games"} {
				code, body := ts.local("GET", path)
				if code != 200 {
					t.Fatalf("GET %s: %d %s", path, code, body)
				}
				checkPublic(t, path, body, g.Players, over)
			}
			checkPublic(t, "events", firstEvent(t, ts, g.GameID), g.Players, over)
			var sp Spectate
			if _, sb := ts.local("GET", "/api/games/"+g.GameID+"/spectate"); json.Unmarshal([]byte(sb), &sp) != nil {
				t.Fatalf("spectate: %s", sb)
			}
			var pub []Message
			for _, m := range sp.PublicMessages {
				pub = append(pub, Message{ID: m.ID, Target: m.Target})
			}
			if err := checkIDs(pub, over); err != nil {
				t.Fatalf("message ids seen by spectators: %v", err)
			}
			// Each player's views.
			for i, p := range g.Players {
				base := "/api/games/" + g.GameID + "/players/" + p.Token + "/"
				var all strings.Builder
				for _, ep := range []string{"status", "messages", "divine_results", "psychic_results"} {
					code, body := ts.local("GET", base+ep)
					switch {
					case ep == "divine_results" && roles[i] != "fortune_teller",
						ep == "psychic_results" && roles[i] != "psychic":
						if code != http.StatusForbidden {
							t.Fatalf("%s as %s: %d %s, want 403", ep, roles[i], code, body)
						}
						continue
					case code != 200:
						t.Fatalf("%s as %s: %d %s", ep, roles[i], code, body)
					}
					all.WriteString(body)
				}
				body := all.String()
				for _, q := range g.Players {
					if strings.Contains(body, q.Token) {
						t.Fatalf("a token leaks to %s: %s", roles[i], body)
					}
				}
				var ms MessagesResponse
				if _, mb := ts.local("GET", base+"messages"); json.Unmarshal([]byte(mb), &ms) != nil {
					t.Fatalf("messages: %s", mb)
				}
				if err := checkIDs(ms.Messages, roles[i] == "werewolf" || over); err != nil {
					t.Fatalf("message ids seen by a %s: %v", roles[i], err)
				}
				var st PlayerStatus
				code, sb := ts.local("GET", base+"status")
				if code != 200 || json.Unmarshal([]byte(sb), &st) != nil {
					t.Fatalf("status: %d %s", code, sb)
				}
				if st.Role != roles[i] {
					t.Fatalf("status role %q, dealt %q", st.Role, roles[i])
				}
				if roles[i] != "werewolf" && len(st.Werewolves) > 0 {
					t.Fatalf("the pack leaks to a %s: %v", roles[i], st.Werewolves)
				}
				if !over && roles[i] != "werewolf" && strings.Contains(body, wolfMarker) {
					t.Fatalf("wolf chat leaks to a %s: %s", roles[i], body)
				}
				if roles[i] == "werewolf" && strings.Contains(body, wolfMarker) {
					sawWolfChat = true
				}
				if roles[i] == "fortune_teller" && strings.Contains(body, `"result"`) {
					sawDivine = true
				}
				if !over && roles[i] != "fortune_teller" && roles[i] != "psychic" && strings.Contains(body, `"result"`) {
					t.Fatalf("a result leaks to a %s: %s", roles[i], body)
				}
			}
			if !more || over {
				break
			}
		}
		if !sawWolfChat && n == 9 {
			t.Errorf("%d players: the wolves never saw their own chat: the test checks nothing", n)
		}
		if !sawDivine {
			t.Errorf("%d players: the seer never saw a result: the test checks nothing", n)
		}
		info, err := ts.c.Game(ctx, g.GameID)
		if err != nil || info.Status != "finished" {
			t.Fatalf("game did not end: %s, %v", info.Status, err)
		}
	}
}

// checkPublic fails if body (seen by a spectator) holds a role, the wolf
// chat, a result or a token while the game runs (and a token ever).
func checkPublic(t *testing.T, what, body string, creds []PlayerCredential, over bool) {
	t.Helper()
	for _, p := range creds {
		if strings.Contains(body, p.Token) {
			t.Fatalf("%s: a token leaks to spectators", what)
		}
	}
	if over {
		return
	}
	for _, bad := range []string{wolfMarker, `"result"`, `"role":"werewolf"`, `"role":"fortune_teller"`, `"role":"villager"`, `"role":"madman"`, `"role":"psychic"`, `"target":"werewolf"`, `"log"`} {
		if strings.Contains(body, bad) {
			t.Fatalf("%s: spectators see %s while the game runs: %s", what, bad, body)
		}
	}
}

// firstEvent reads the first "spectate" event of the SSE stream.
func firstEvent(t *testing.T, ts *testServer, id string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.http.URL+"/api/games/"+id+"/events", nil)
	resp, err := ts.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("events content type %q", ct)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	event := ""
	for sc.Scan() {
		line := sc.Text()
		if e, ok := strings.CutPrefix(line, "event: "); ok {
			event = e
		}
		if d, ok := strings.CutPrefix(line, "data: "); ok && event == "spectate" {
			return d
		}
	}
	t.Fatalf("no spectate event: %v", sc.Err())
	return ""
}

// checkIDs checks the ids of the messages a reader sees: the public ones
// run msg_1, msg_2, … without a gap, and wolf-chat ones (only when
// wolfChat: a werewolf, or anyone after the end) wolf_1, wolf_2, … So
// neither the ids nor their count tell a reader how many messages it may
// not see were sent.
func checkIDs(msgs []Message, wolfChat bool) error {
	next := map[string]int{"msg_": 1, "wolf_": 1}
	for _, m := range msgs {
		prefix := "msg_"
		if m.Target == "werewolf" {
			if !wolfChat {
				return fmt.Errorf("wolf chat %s visible", m.ID)
			}
			prefix = "wolf_"
		}
		if want := fmt.Sprint(prefix, next[prefix]); m.ID != want {
			return fmt.Errorf("id %s where %s was due (%d messages)", m.ID, want, len(msgs))
		}
		next[prefix]++
	}
	return nil
}
