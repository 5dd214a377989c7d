package mcptools

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"gamelab/protocol/werewolf"
)

// serve starts a werewolf server on 127.0.0.1 and creates a 5-player game.
func serve(t *testing.T) (*werewolf.Client, werewolf.CreateGameResponse) {
	t.Helper()
	store, err := werewolf.OpenStore(filepath.Join(t.TempDir(), "w.db"), werewolf.StoreOptions{Fast: true})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := werewolf.NewServer(context.Background(), werewolf.Options{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { hs.Close(); srv.Close(); store.Close() })
	c := werewolf.NewClient(hs.URL, hs.Client())
	g, err := c.CreateGame(context.Background(), werewolf.CreateGameRequest{PlayerCount: 5, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	return c, g
}

// session connects an in-process MCP client to the tools of one seat.
func session(t *testing.T, c *werewolf.Client, game, token string) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	if _, err := NewServer(Seat{Client: c, GameID: game, Token: token}, "test").Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-llm", Version: "0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func call(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (*mcp.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var text strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			text.WriteString(tc.Text)
		}
	}
	return res, text.String()
}

// TestToolsPlayAGame lists the tools, then plays a whole 5-player game
// through them alone (every seat an MCP session), checking results,
// errors reported to the model (IsError with the server's message) and
// that the tools act only for their own seat.
func TestToolsPlayAGame(t *testing.T) {
	c, g := serve(t)
	sessions := make([]*mcp.ClientSession, len(g.Players))
	for i, p := range g.Players {
		sessions[i] = session(t, c, g.GameID, p.Token)
	}
	tools, err := sessions[0].ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range tools.Tools {
		names = append(names, tl.Name)
		if tl.Description == "" || tl.InputSchema == nil {
			t.Errorf("tool %s lacks a description or schema", tl.Name)
		}
	}
	for _, want := range []string{"get_rules", "get_status", "get_game", "get_messages", "speak", "pass", "divine", "kill", "vote", "get_divine_results", "get_psychic_results"} {
		if !slices.Contains(names, want) {
			t.Errorf("missing tool %s (have %v)", want, names)
		}
	}
	if _, text := call(t, sessions[0], "get_rules", nil); !strings.Contains(text, "madman") {
		t.Errorf("rules: %s", text)
	}
	// Each status call marks the player ready; the fifth starts the game.
	roles := make([]string, len(sessions))
	for i, cs := range sessions {
		res, text := call(t, cs, "get_status", nil)
		var st werewolf.PlayerStatus
		if res.IsError || json.Unmarshal([]byte(text), &st) != nil {
			t.Fatalf("status: %s", text)
		}
		if st.PlayerName != g.Players[i].Name {
			t.Fatalf("seat %d's tools act for %s", i, st.PlayerName)
		}
		roles[i] = st.Role
	}
	// A villager may not divine: the model sees the server's 403 message.
	for i, r := range roles {
		if r == "villager" {
			res, text := call(t, sessions[i], "divine", map[string]any{"target_player": g.Players[(i+1)%5].Name})
			if !res.IsError || !strings.Contains(text, "403") {
				t.Fatalf("villager divining: %v %s", res.IsError, text)
			}
			break
		}
	}
	// Missing argument: a schema error, not a crash.
	if res, _ := call(t, sessions[0], "vote", map[string]any{}); !res.IsError {
		t.Fatal("vote without target_player accepted")
	}
	// Play to the end through the tools as a careful LLM would: do the
	// night or vote action on the first possible target; in the
	// discussion and the wolf chat say one thing, then pass. Every day
	// must end by passes, not by the 300 s timeout.
	spoke := map[[3]int]bool{} // seat, day, night: said something
	for round := 0; round < 500; round++ {
		over := false
		for i, cs := range sessions {
			_, text := call(t, cs, "get_status", nil)
			var st werewolf.PlayerStatus
			json.Unmarshal([]byte(text), &st)
			if st.GamePhase == "finished" {
				over = true
				break
			}
			if !st.CanAct {
				continue
			}
			_, gtext := call(t, cs, "get_game", nil)
			var info werewolf.GameInfo
			json.Unmarshal([]byte(gtext), &info)
			var target string
			for _, p := range info.Players {
				if p.Status == "alive" && p.Name != st.PlayerName && !slices.Contains(st.Werewolves, p.Name) {
					target = p.Name
					break
				}
			}
			night := 0
			if st.GamePhase == "night" {
				night = 1
			}
			key := [3]int{i, st.DayCount, night}
			act := ""
			for _, a := range st.ActionsAvailable {
				switch {
				case a == "divine" || a == "kill" || a == "vote":
					if act == "" || act == "speak" || act == "pass" {
						act = a
					}
				case a == "speak" && !spoke[key] && act == "":
					act = a
				case a == "pass" && (act == "" || act == "speak") && spoke[key]:
					act = a
				}
			}
			if act == "kill" && st.KillTarget != "" {
				act = "pass" // chosen: leave the wolf chat
			}
			var res *mcp.CallToolResult
			var out string
			switch act {
			case "":
				continue
			case "speak":
				tgt := "all"
				if night == 1 {
					tgt = "werewolf"
				}
				res, out = call(t, cs, "speak", map[string]any{"message": "I am " + g.Players[i].Name, "target": tgt})
				spoke[key] = true
			case "pass":
				res, out = call(t, cs, "pass", nil)
				if !res.IsError && !strings.Contains(out, "meaning") {
					t.Errorf("pass result: %s", out)
				}
			default:
				res, out = call(t, cs, act, map[string]any{"target_player": target})
			}
			if res.IsError && !strings.Contains(out, "409") {
				t.Fatalf("%s %s: %s", st.PlayerName, act, out)
			}
		}
		if over {
			break
		}
	}
	spec, err := c.Spectate(context.Background(), g.GameID)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range spec.Log {
		if e.Action == "timeout" {
			t.Errorf("the game waited for a deadline: %+v", e)
		}
	}
	// get_messages with since returns only what follows.
	_, all := call(t, sessions[0], "get_messages", nil)
	var ms werewolf.MessagesResponse
	json.Unmarshal([]byte(all), &ms)
	if len(ms.Messages) < 3 {
		t.Fatalf("messages: %s", all)
	}
	_, later := call(t, sessions[0], "get_messages", map[string]any{"since": ms.Messages[len(ms.Messages)-3].ID})
	var ls werewolf.MessagesResponse
	json.Unmarshal([]byte(later), &ls)
	if len(ls.Messages) != 2 || ls.Messages[1].ID != ms.Messages[len(ms.Messages)-1].ID {
		t.Errorf("since %s: %s", ms.Messages[len(ms.Messages)-3].ID, later)
	}
	_, text := call(t, sessions[0], "get_game", nil)
	var info werewolf.GameInfo
	json.Unmarshal([]byte(text), &info)
	if info.Status != "finished" {
		t.Fatalf("the game did not end through the tools: %s", text)
	}
	_, msgs := call(t, sessions[0], "get_messages", nil)
	if !strings.Contains(msgs, "I am ") {
		t.Errorf("messages: %s", msgs)
	}
	for i, r := range roles {
		if r == "fortune_teller" {
			if res, text := call(t, sessions[i], "get_divine_results", nil); res.IsError || !strings.Contains(text, `"result"`) {
				t.Errorf("divine results: %s", text)
			}
		}
	}
}

// TestRulesFollowTheConfig: get_rules explains this game's limits, scaled
// by the server's time scale, not fixed text.
func TestRulesFollowTheConfig(t *testing.T) {
	store, err := werewolf.OpenStore(filepath.Join(t.TempDir(), "w.db"), werewolf.StoreOptions{Fast: true})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := werewolf.NewServer(context.Background(), werewolf.Options{Store: store, TimeScale: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { hs.Close(); srv.Close(); store.Close() })
	c := werewolf.NewClient(hs.URL, hs.Client())
	g, err := c.CreateGame(context.Background(), werewolf.CreateGameRequest{PlayerCount: 7,
		Config: []byte(`{"villagers":3,"fortune_teller":1,"medium":1,"werewolves":1,"madman":1,"speaks":3,"wolf_speaks":4,"discussion_seconds":200,"tie":"no_execution"}`)})
	if err != nil {
		t.Fatal(err)
	}
	_, text := call(t, session(t, c, g.GameID, g.Players[0].Token), "get_rules", nil)
	for _, want := range []string{"7 players", "1 psychic", "may send 3 public messages", "4 messages per night", "discussion 100 s", "vote 30 s", "nobody is executed", "4000 bytes"} {
		if !strings.Contains(text, want) {
			t.Errorf("rules lack %q:\n%s", want, text)
		}
	}
}
