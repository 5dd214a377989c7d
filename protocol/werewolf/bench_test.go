package werewolf

import (
	"context"
	"encoding/json"
	"testing"
)

// discussionGame creates a 5-player game with 100 messages per player per
// day and brings it to day 1's discussion; it returns the tokens.
func discussionGame(b *testing.B, ts *testServer) (string, []string) {
	ctx := context.Background()
	g, err := ts.c.CreateGame(ctx, CreateGameRequest{PlayerCount: 5, Config: json.RawMessage(`{"villagers":2,"fortune_teller":1,"werewolves":1,"madman":1,"speaks":100}`)})
	if err != nil {
		b.Fatal(err)
	}
	var toks []string
	seer := ""
	for _, p := range g.Players {
		st, err := ts.c.Status(ctx, g.GameID, p.Token)
		if err != nil {
			b.Fatal(err)
		}
		if st.Role == "fortune_teller" {
			seer = p.Token
		}
		toks = append(toks, p.Token)
	}
	for _, p := range g.Players {
		if p.Token != seer {
			if _, err := ts.c.Divine(ctx, g.GameID, seer, p.Name); err != nil {
				b.Fatal(err)
			}
			break
		}
	}
	return g.GameID, toks
}

// BenchmarkSpeak is one accepted action over loopback HTTP: a POST …/speak
// checked by the engine, committed to SQLite (synchronous=NORMAL) and
// answered.
func BenchmarkSpeak(b *testing.B) { benchSpeak(b, StoreOptions{Fast: true}) }

// BenchmarkSpeakFullSync is BenchmarkSpeak with the durable default of
// lab serve werewolf (synchronous=FULL: the log is synced on every commit).
func BenchmarkSpeakFullSync(b *testing.B) { benchSpeak(b, StoreOptions{}) }

func benchSpeak(b *testing.B, so StoreOptions) {
	ts := startServerWith(b, "", 1, so)
	ctx := context.Background()
	id, toks := discussionGame(b, ts)
	i := 0
	for b.Loop() {
		if i == 500 {
			b.StopTimer()
			id, toks = discussionGame(b, ts)
			i = 0
			b.StartTimer()
		}
		if _, err := ts.c.Speak(ctx, id, toks[i%5], "hello", "all"); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkStatus is one poll: GET …/status over loopback HTTP.
func BenchmarkStatus(b *testing.B) {
	ts := startServer(b, "", 1)
	ctx := context.Background()
	id, toks := discussionGame(b, ts)
	for b.Loop() {
		if _, err := ts.c.Status(ctx, id, toks[0]); err != nil {
			b.Fatal(err)
		}
	}
}
