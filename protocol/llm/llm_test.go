package llm

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"gamelab/protocol/tavern"
	"gamelab/protocol/werewolf"
	"gamelab/sim"
	"gamelab/sim/simtest"
	ww "gamelab/sim/werewolf"
	wwstrat "gamelab/strategies/werewolf"
)

// chatServer is a deterministic chat-completions server on 127.0.0.1:
// answer maps the last user message to the reply.
func chatServer(t *testing.T, answer func(prompt string) string) *httptest.Server {
	t.Helper()
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		var req struct {
			Model    string    `json:"model"`
			Messages []Message `json:"messages"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.Messages) == 0 {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		reply := answer(req.Messages[len(req.Messages)-1].Content)
		json.NewEncoder(w).Encode(map[string]any{"choices": []map[string]any{{"message": Message{Role: "assistant", Content: reply}}}})
	}))
	t.Cleanup(hs.Close)
	return hs
}

func TestParse(t *testing.T) {
	choices := []Choice{{Text: "Speak", Free: true}, {Text: "Pass"}, {Text: "Vote Fox"}}
	for _, c := range []struct {
		in   string
		want Decision
		ok   bool
	}{
		{"2", Decision{Index: 1}, true},
		{"  3.\n", Decision{Index: 2}, true},
		{"**3**", Decision{Index: 2}, true},
		{"Option 2", Decision{Index: 1}, true},
		{"1: I think Fox lies.", Decision{Index: 0, Text: "I think Fox lies."}, true},
		{"1 - \"Hello\"", Decision{Index: 0, Text: "Hello"}, true},
		{"1:\nTwo lines\nof talk", Decision{Index: 0, Text: "Two lines\nof talk"}, true},
		{"1", Decision{}, false}, // a message option without a message
		{"4", Decision{}, false}, // not offered
		{"0", Decision{}, false}, // numbered from 1
		{"I vote for Fox", Decision{}, false},
		{"", Decision{}, false},
	} {
		got, err := Parse(c.in, choices)
		if (err == nil) != c.ok || (c.ok && got != c.want) {
			t.Errorf("Parse(%q) = %+v, %v; want %+v ok=%v", c.in, got, err, c.want, c.ok)
		}
		if err != nil && !errors.Is(err, ErrUnparsed) {
			t.Errorf("Parse(%q): %v is not ErrUnparsed", c.in, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"1", "2: hi", "option 3", "**2**", "x"} {
		f.Add(s)
	}
	choices := []Choice{{Text: "Speak", Free: true}, {Text: "Pass"}, {Text: "Vote"}}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := Parse(s, choices)
		if err == nil && (d.Index < 0 || d.Index >= len(choices) || (choices[d.Index].Free && d.Text == "")) {
			t.Fatalf("Parse(%q) = %+v", s, d)
		}
	})
}

func TestChatTimeoutAndErrors(t *testing.T) {
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(2 * time.Second):
		}
	}))
	defer slow.Close()
	c := &Client{URL: slow.URL, Model: "m", Timeout: 100 * time.Millisecond}
	t0 := time.Now()
	if _, err := c.Chat(context.Background(), []Message{{Role: "user", Content: "hi"}}); !errors.Is(err, ErrChat) || time.Since(t0) > time.Second {
		t.Fatalf("slow server: %v after %v", err, time.Since(t0))
	}
	hs := chatServer(t, func(string) string { return "pong" })
	for _, u := range []string{hs.URL, hs.URL + "/v1", hs.URL + "/v1/chat/completions"} {
		got, err := (&Client{URL: u, Model: "m"}).Chat(context.Background(), []Message{{Role: "user", Content: "ping"}})
		if err != nil || got != "pong" {
			t.Errorf("%s: %q %v", u, got, err)
		}
	}
	if _, err := (&Client{URL: hs.URL + "/nothing/chat/completions"}).Chat(context.Background(), nil); !errors.Is(err, ErrChat) {
		t.Errorf("404: %v", err)
	}
}

var optionRe = regexp.MustCompile(`(?m)^(\d+)\. (.*)$`)

// scripted answers as a disciplined model would, except that it talks
// nonsense to every divine question (a counted fallback each time).
func scripted(prompt string) string {
	opts := optionRe.FindAllStringSubmatch(prompt, -1)
	for _, o := range opts {
		if strings.HasPrefix(o[2], "Divine") {
			return "I would rather not say."
		}
	}
	for _, o := range opts {
		if strings.HasPrefix(o[2], "Speak") && !strings.Contains(prompt, "You may send 3 more") && !strings.Contains(prompt, "You may send 2 more") && !strings.Contains(prompt, "You may send 1 more") {
			return o[1] + ": I am a simple villager; let us find the wolf."
		}
	}
	for _, o := range opts {
		if strings.HasPrefix(o[2], "Pass") {
			return o[1]
		}
	}
	return opts[len(opts)-1][1] // the last target
}

// TestLLMPlaysSelfPlay: the "llm" strategy from the registry plays every
// seat of a 5-player game to the end (strategies/werewolf.Play), with
// talk, passes, kills and votes from the model and one counted fallback
// per unparsable divine answer.
func TestLLMPlaysSelfPlay(t *testing.T) {
	hs := chatServer(t, scripted)
	r := simtest.Preset(t, ww.Preset, "5")
	players := make([]wwstrat.Strategy, 5)
	for i := range players {
		s, err := wwstrat.New("llm?url=" + hs.URL + "&model=test&timeout=5")
		if err != nil {
			t.Fatal(err)
		}
		players[i] = s
	}
	talked, divines := 0, 0
	res, err := wwstrat.Play(r, 3, players, func(seat sim.Seat, v *ww.View, legal []ww.Action, a ww.Action) {
		if a.Kind == ww.ActTalk && strings.Contains(a.Text, "simple villager") {
			talked++
		}
		if a.Kind == ww.ActDivine {
			divines++
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	var fb int64
	for _, p := range players {
		fb += p.(*Werewolf).Fallbacks()
	}
	if talked == 0 || divines == 0 || fb != int64(divines) {
		t.Fatalf("talked %d, divines %d, fallbacks %d (want one per divine): %+v", talked, divines, fb, res)
	}
	if n := players[0].(*Werewolf).Note(); !strings.Contains(n, "USER: ") || !strings.Contains(n, "ASSISTANT: ") {
		t.Errorf("note: %q", n)
	}
	if _, err := wwstrat.New("llm?url=ftp://x&model=m"); err == nil {
		t.Error("a non-http url accepted")
	}
}

// TestLLMPlaysLive: one seat is the LLM through werewolf.Player (as lab
// live werewolf plays it) against our server on 127.0.0.1, the others rule
// bots; the game ends, and the model's talk reached the server with the
// names it was given.
func TestLLMPlaysLive(t *testing.T) {
	chat := chatServer(t, func(p string) string {
		if strings.Contains(p, "Speak to everyone") && !strings.Contains(p, "Messages so far") {
			return "1: Good morning, I have nothing to hide."
		}
		return scripted(p)
	})
	store, err := werewolf.OpenStore(filepath.Join(t.TempDir(), "w.db"), werewolf.StoreOptions{Fast: true})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := werewolf.NewServer(context.Background(), werewolf.Options{Store: store, TimeScale: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	defer func() { hs.Close(); srv.Close(); store.Close() }()
	c := werewolf.NewClient(hs.URL, hs.Client())
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	g, err := c.CreateGame(ctx, werewolf.CreateGameRequest{PlayerCount: 5, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 5)
	llm := NewWerewolf(&Client{URL: chat.URL, Model: "test", Timeout: 5 * time.Second})
	for i, cr := range g.Players {
		var s werewolf.Decider = llm
		if i > 0 {
			s, _ = wwstrat.New("rule")
		}
		p := &werewolf.Player{Client: c, Game: g.GameID, Token: cr.Token, Strategy: s, Rng: rand.New(rand.NewPCG(1, uint64(i))), Poll: 5 * time.Millisecond}
		wg.Add(1)
		go func() { defer wg.Done(); _, errs[i] = p.Run(ctx) }()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("seat %d: %v", i, err)
		}
	}
	sp, err := c.Spectate(ctx, g.GameID)
	if err != nil || sp.Status != "finished" {
		t.Fatalf("game: %+v %v", sp.Status, err)
	}
	said := false
	for _, m := range sp.PublicMessages {
		said = said || (m.Speaker == g.Players[0].Name && (strings.Contains(m.Message, "nothing to hide") || strings.Contains(m.Message, "simple villager")))
	}
	if !said || llm.Calls() == 0 {
		t.Fatalf("the LLM seat said nothing (%d calls)", llm.Calls())
	}
	if !strings.Contains(llm.Note(), g.Players[1].Name) {
		t.Errorf("the prompt does not name the players: %q", llm.Note())
	}
}

// TestTavernPolicy: the model picks among a tavern decision's choices by
// their say texts; a nonsense answer falls back to the built-in policy,
// counted.
func TestTavernPolicy(t *testing.T) {
	hs := chatServer(t, func(p string) string {
		if strings.Contains(p, "confused") {
			return "hmm"
		}
		for _, o := range optionRe.FindAllStringSubmatch(p, -1) {
			if strings.Contains(o[2], "call") {
				return o[1]
			}
		}
		return "1"
	})
	pol, err := NewTavernPolicy("llm?url=" + hs.URL + "&model=test&timeout=5")
	if err != nil {
		t.Fatal(err)
	}
	d := &tavern.Decision{Ask: "Your move.", Rules: "Bet or fold.", DeadlineMS: 30000,
		Choices: []tavern.Choice{{ID: "fold", Say: "fold"}, {ID: "call", Say: "call 1 bullet"}, {ID: "raise", Say: "raise to 3"}}}
	if id, err := pol.Choose(context.Background(), d); err != nil || id != "call" {
		t.Fatalf("choose: %q %v", id, err)
	}
	d.Ask = "You are confused."
	id, err := pol.Choose(context.Background(), d)
	if err != nil || (id != "fold" && id != "call" && id != "raise") {
		t.Fatalf("fallback: %q %v", id, err)
	}
	if calls, fb := pol.Counts(); calls != 2 || fb != 1 {
		t.Fatalf("counts %d %d", calls, fb)
	}
	for _, bad := range []string{"rule", "llm?url=ftp://x", "llm?url=http://x&temperature=1"} {
		if _, err := NewTavernPolicy(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
