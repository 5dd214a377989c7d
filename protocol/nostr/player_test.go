package nostr

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	gn "github.com/nbd-wtf/go-nostr"

	"gamelab/protocol/nostr/relay"
	"gamelab/protocol/nostr/wire"
	"gamelab/sim/mahjong"
)

// replayDecider returns the recorded answers of one transcript player in
// order, failing the test if a recorded answer is not in our legal set.
type replayDecider struct {
	t       *testing.T
	answers []mahjong.Action
	i       int
}

func (d *replayDecider) Reset() {}

func (d *replayDecider) Decide(v *mahjong.View, legal []mahjong.Action, _ *rand.Rand) mahjong.Action {
	if d.i >= len(d.answers) {
		d.t.Errorf("more decisions than recorded answers")
		return legal[0]
	}
	a := d.answers[d.i]
	d.i++
	if !slices.Contains(legal, a) {
		d.t.Errorf("recorded answer %v not in our legal set %v", a, legal)
	}
	return a
}

func loadTranscript(t *testing.T) *wire.Transcript {
	t.Helper()
	f, err := os.Open("testdata/dihou-wire-game.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr, err := wire.ReadTranscript(f)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// recordedAnswers returns player1's recorded answers, as actions.
func recordedAnswers(t *testing.T, tr *wire.Transcript) []mahjong.Action {
	t.Helper()
	var answers []mahjong.Action
	for _, e := range tr.Events {
		if e.Author != "player1" {
			continue
		}
		if c, _ := wire.ParseCommand(e.Content); c.Verb == "sutehai?" || c.Verb == "naku?" {
			a, err := mahjong.ParseAction(strings.TrimPrefix(e.Content, "nostr:"+tr.Npub["server"]+" "))
			if err != nil {
				t.Fatal(err)
			}
			if a.Kind == mahjong.ActPon || a.Kind == mahjong.ActChi {
				t.Fatal("transcript has calls; extend the test")
			}
			answers = append(answers, a)
		}
	}
	return answers
}

// TestPlayerReplaysTranscript plays the recorded live game again with our
// player in player1's seat: a scripted server publishes every recorded
// server event (npubs replaced by test keys) through two relays and waits
// for our answer wherever player1 answered. Our player must send exactly
// the recorded contents (its strategy replays player1's choices, each of
// which must be in our legal set), with the reply tags and kinds of the
// spec, once per prompt — across a relay drop, a forged server event and
// every event arriving twice.
func TestPlayerReplaysTranscript(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game over relays; too slow under -race -short (CI runs it in the plain go test pass)")
	}
	tr := loadTranscript(t)
	r1, r2 := startRelay(t), startRelay(t)
	server := GenerateKeys()
	keys := map[string]Keys{"server": server}
	for _, role := range []string{"player1", "player2", "player3", "player4"} {
		keys[role] = GenerateKeys()
	}
	rename := strings.NewReplacer(
		tr.Npub["server"], server.Npub, tr.Npub["player1"], keys["player1"].Npub,
		tr.Npub["player2"], keys["player2"].Npub, tr.Npub["player3"], keys["player3"].Npub,
		tr.Npub["player4"], keys["player4"].Npub)

	answers := recordedAnswers(t, tr)
	me := keys["player1"]
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	// The scripted server: one pool to both relays, listening to events
	// p-tagged to the server.
	srvPool := NewPool(ctx, PoolConfig{
		Relays: []string{r1.URL, r2.URL}, Since: gn.Now() - 10, KeepSince: true,
		Filters: func(since gn.Timestamp) gn.Filters {
			return gn.Filters{{Kinds: []int{42, 20000}, Tags: gn.TagMap{"p": {server.Pub}}, Since: &since}}
		},
		Accept:     func(e *gn.Event) bool { return e.PubKey == me.Pub },
		MinBackoff: 10 * time.Millisecond, MaxBackoff: 50 * time.Millisecond,
		Log: testLog(t),
	})
	type result struct {
		games []GameRecord
		stats PlayerStats
		err   error
	}
	done := make(chan result, 1)
	go func() {
		g, s, err := RunPlayer(ctx, PlayerConfig{
			Keys: me, Server: server.Pub, Channel: ChannelTonpu, Relays: []string{r1.URL, r2.URL},
			Strategy: &replayDecider{t: t, answers: answers}, Games: 1, Start: true, AutoNext: true,
			Since: gn.Now() - 10, MinBackoff: 10 * time.Millisecond, MaxBackoff: 50 * time.Millisecond,
			Log: testLog(t),
		})
		done <- result{g, s, err}
	}()

	start := gn.Now()
	var lastPrompt string
	published := 0
	refused := false
	for i, e := range tr.Events {
		if e.Author == "player1" {
			// Wait for our player's answer and compare it with the record.
			var got *gn.Event
			select {
			case got = <-srvPool.Events():
			case r := <-done:
				t.Fatalf("player stopped early at #%d: %v", e.N, r.err)
			case <-ctx.Done():
				t.Fatalf("no answer for #%d %q", e.N, e.Content)
			}
			if got == nil {
				t.Fatalf("no answer for #%d %q (test deadline)", e.N, e.Content)
			}
			want := rename.Replace(e.Content)
			if got.Content != want {
				t.Fatalf("#%d: player sent %q, want %q", e.N, got.Content, want)
			}
			checkPlayerTags(t, got, me, server, lastPrompt, e.N)
			if c, _ := wire.ParseCommand(got.Content); c.Action == "richi" && !refused {
				// Refuse the first riichi like the server refuses a bad answer:
				// the player must send a corrected answer to the same prompt.
				refused = true
				rej := gn.Event{Kind: got.Kind, CreatedAt: start + gn.Timestamp(i), Content: "You cannot richi " + wire.TileString(c.Tiles[0]) + ".",
					Tags: gn.Tags{RootTag(ChannelTonpu), {"e", got.ID, "", "reply", me.Pub}, {"p", server.Pub}, {"p", me.Pub, ""}}}
				if err := server.Sign(&rej); err != nil {
					t.Fatal(err)
				}
				srvPool.Send(ctx, rej)
				var again *gn.Event
				select {
				case again = <-srvPool.Events():
				case <-ctx.Done():
				}
				if again == nil {
					t.Fatal("no corrected answer after the error reply")
				}
				c2, _ := wire.ParseCommand(again.Content)
				if c2.Verb != "sutehai?" || c2.Action != "sutehai" {
					t.Fatalf("corrected answer %q", again.Content)
				}
				checkPlayerTags(t, again, me, server, lastPrompt, e.N)
			}
			continue
		}
		if e.Author != "server" {
			continue // the other three players are not simulated
		}
		ev := gn.Event{Kind: e.Kind, CreatedAt: start + gn.Timestamp(i), Content: rename.Replace(e.Content)}
		if e.Kind == KindStatus {
			ev.Tags = gn.Tags{{"d", ChannelTonpu}}
		} else {
			ev.Tags = gn.Tags{RootTag(ChannelTonpu)}
			for _, role := range e.P {
				ev.Tags = append(ev.Tags, gn.Tag{"p", keys[role].Pub, ""})
			}
		}
		if err := server.Sign(&ev); err != nil {
			t.Fatal(err)
		}
		if slices.Contains(e.P, "player1") {
			lastPrompt = ev.ID
		}
		published++
		switch published {
		case 200:
			// A forged copy of the next prompt-like event: right content, wrong key.
			forged := ev
			forged.Content = rename.Replace(":mahjong_m1:\n" + "nostr:" + tr.Npub["player1"] + " GET sutehai?")
			forged.CreatedAt--
			forged.Tags = gn.Tags{RootTag(ChannelTonpu), {"p", me.Pub, ""}}
			if err := keys["player2"].Sign(&forged); err != nil {
				t.Fatal(err)
			}
			if err := srvPool.Publish(ctx, forged); err != nil {
				t.Fatal(err)
			}
		case 400:
			r1.Drop() // the player and the server reconnect to relay 1
		case 700:
			r2.Drop()
		}
		// Every event goes to both relays: the player receives each twice.
		srvPool.Send(ctx, ev)
	}
	r := <-done
	if r.err != nil {
		t.Fatal(r.err)
	}
	if len(r.games) != 1 || fmt.Sprint(r.games[0].Scores) != "[40700 18500 36600 4200]" {
		t.Fatalf("games %+v", r.games)
	}
	s := r.stats
	if s.Fallbacks != 0 || s.Rejected != 1 || s.Resent != 1 || s.FoldErrors != 0 || !refused {
		t.Errorf("stats %+v (refused %v)", s, refused)
	}
	if s.Pool.Refused == 0 || s.Pool.Duplicates == 0 || s.Pool.Connects < 4 {
		t.Errorf("pool stats %+v: want a refused forgery, duplicates and reconnects", s.Pool)
	}
	if s.Turns+s.Calls != len(answers) {
		t.Errorf("%d decisions, %d recorded answers", s.Turns+s.Calls, len(answers))
	}
	select {
	case e := <-srvPool.Events():
		t.Errorf("extra event from the player: %q", e.Content)
	case <-time.After(100 * time.Millisecond):
	}
}

// checkPlayerTags checks an event of our player against the seed's tag rules.
func checkPlayerTags(t *testing.T, e *gn.Event, me, server Keys, prompt string, n int) {
	t.Helper()
	if e.Kind != KindChannel || Channel(e) != ChannelTonpu || !HasP(e, server.Pub) {
		t.Fatalf("#%d: kind %d tags %v", n, e.Kind, e.Tags)
	}
	if c, _ := wire.ParseCommand(e.Content); c.Verb == "sutehai?" || c.Verb == "naku?" {
		want := gn.Tags{RootTag(ChannelTonpu), {"e", prompt, "", "reply", server.Pub}, {"p", me.Pub}, {"p", server.Pub}}
		if fmt.Sprint(e.Tags) != fmt.Sprint(want) {
			t.Fatalf("#%d: reply tags %v, want %v", n, e.Tags, want)
		}
	}
}

var _ = relay.Ephemeral

// testLog logs to stderr when LAB_TEST_LOG is set, else nowhere.
func testLog(t *testing.T) *slog.Logger {
	if os.Getenv("LAB_TEST_LOG") == "" {
		return nil
	}
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
}
