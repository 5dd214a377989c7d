package nostr

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	gn "github.com/nbd-wtf/go-nostr"

	"gamelab/protocol/nostr/wire"
	"gamelab/sim/mahjong"
)

// playGame runs four players (player 0 starts the table) until each has
// finished one game or ctx ends.
func playGame(ctx context.Context, t *testing.T, relays []string, server Keys, keys [4]Keys, strategies [4]string) ([4][]GameRecord, [4]PlayerStats) {
	t.Helper()
	type res struct {
		i     int
		recs  []GameRecord
		stats PlayerStats
		err   error
	}
	done := make(chan res, 4)
	log := testLog(t)
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	for i := 3; i >= 0; i-- { // joiners first, so they see the recruitment
		go func() {
			recs, st, err := RunPlayer(ctx, PlayerConfig{
				Keys: keys[i], Server: server.Pub, Channel: ChannelTonpu, Relays: relays,
				Strategy: strategy(t, strategies[i]), Games: 1, Start: i == 0, AutoNext: i == 0,
				MinBackoff: 20 * time.Millisecond, MaxBackoff: 500 * time.Millisecond, Log: log.With("seat", i),
			})
			done <- res{i, recs, st, err}
		}()
		if i > 0 {
			time.Sleep(20 * time.Millisecond)
		}
	}
	var recs [4][]GameRecord
	var stats [4]PlayerStats
	for range 4 {
		r := <-done
		if r.err != nil {
			t.Errorf("player %d: %v", r.i, r.err)
		}
		recs[r.i], stats[r.i] = r.recs, r.stats
	}
	return recs, stats
}

// TestPlayerRestartAfterGame starts all four players again right after a
// finished game on a fast referee whose created_at runs ahead of our clock
// (no pacing: one second per batch, from a start 10 minutes ahead). The new players must play a new
// game — each records exactly that game, in its own seat — and answer no
// prompt of the old one (the referee would refuse it: Rejected counts
// its error replies).
func TestPlayerRestartAfterGame(t *testing.T) {
	if testing.Short() {
		t.Skip("two whole games over a relay")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	r := startRelay(t)
	server := GenerateKeys()
	refDone := make(chan []RefereeGame, 1)
	go func() {
		games, err := RunReferee(ctx, RefereeConfig{Keys: server, Channel: ChannelTonpu, Relays: []string{r.URL}, Seed: 3,
			Games: 2, Since: gn.Now() - 5, MinBackoff: 20 * time.Millisecond, Log: testLog(t)})
		if err != nil {
			t.Errorf("referee: %v", err)
		}
		refDone <- games
	}()
	var keys [4]Keys
	for i := range keys {
		keys[i] = GenerateKeys()
	}
	// A request stamped 10 minutes ahead sets the referee's clock there
	// (it stamps max(its last, the request's) + 1), like a fast server
	// that has been running for a while: the whole first game, its
	// gamestart included, is stamped after our "now" of the restart.
	lis := NewPool(ctx, PoolConfig{Relays: []string{r.URL}, Since: gn.Now() - 5,
		Filters: func(since gn.Timestamp) gn.Filters {
			return gn.Filters{{Authors: []string{server.Pub}, Since: &since}}
		}})
	ping := CommandEvent(KindChannel, ChannelTonpu, server.Pub, "nostr:"+server.Npub+" ping")
	ping.CreatedAt = gn.Now() + 600
	if err := keys[0].Sign(&ping); err != nil {
		t.Fatal(err)
	}
	if err := lis.Publish(ctx, ping); err != nil {
		t.Fatal(err)
	}
	if pong := next(t, lis.Events()); pong.Content != "pong" {
		t.Fatalf("ping answered %q", pong.Content)
	}
	strategies := [4]string{"efficiency", "efficiency", "efficiency", "efficiency"}
	first, _ := playGame(ctx, t, []string{r.URL}, server, keys, strategies)
	for i, recs := range first {
		if len(recs) != 1 {
			t.Fatalf("first game: player %d finished %d games", i, len(recs))
		}
	}
	var newest gn.Timestamp
	for _, e := range r.Stored() {
		newest = max(newest, e.CreatedAt)
	}
	if ahead := newest - gn.Now(); ahead < 600 {
		t.Fatalf("the referee's clock is only %d s ahead: the test needs the old game stamped after our now", ahead)
	}

	again, stats := playGame(ctx, t, []string{r.URL}, server, keys, strategies)
	games := <-refDone
	if len(games) != 2 {
		t.Fatalf("referee finished %d games", len(games))
	}
	for i := range 4 {
		recs, st := again[i], stats[i]
		if len(recs) != 1 {
			t.Fatalf("second run: player %d finished %d games: %+v", i, len(recs), recs)
		}
		if s := recs[0].Seat; s < 0 || s > 3 || recs[0].Players[s] != keys[i].Npub {
			t.Errorf("player %d recorded seat %d of %v", i, recs[0].Seat, recs[0].Players)
		}
		if fmt.Sprint(recs[0].Scores) != fmt.Sprint(scoresOf(games[1])) {
			t.Errorf("player %d recorded scores %v, the new game ended %v", i, recs[0].Scores, scoresOf(games[1]))
		}
		if st.Rejected != 0 || st.FoldErrors != 0 || st.Turns == 0 {
			t.Errorf("player %d stats %+v", i, st)
		}
	}
}

func scoresOf(g RefereeGame) [4]int {
	var s [4]int
	for i, x := range g.Result.Score {
		s[i] = int(x)
	}
	return s
}

// TestPlayerOutsideGame feeds the player a previous game's tail — a
// prompt, a kyokuend and the gameend, addressed to it but without its
// gamestart — then a new game's start and prompt. Only the new prompt is
// answered; the old gameend is no game of ours.
func TestPlayerOutsideGame(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	server := GenerateKeys()
	var keys [4]Keys
	var npubs [4]string
	for i := range keys {
		keys[i] = GenerateKeys()
		npubs[i] = keys[i].Npub
	}
	p, err := newPlayer(PlayerConfig{Keys: keys[0], Server: server.Pub, Channel: ChannelTonpu, Relays: []string{"ws://127.0.0.1:1"},
		Strategy: strategy(t, "tsumogiri"), Games: 1, AutoNext: true})
	if err != nil {
		t.Fatal(err)
	}
	p.pool = NewPool(ctx, PoolConfig{Filters: p.filters}) // no relays: sends stay pending
	sent := func() int {
		p.pool.mu.Lock()
		defer p.pool.mu.Unlock()
		return len(p.pool.pending)
	}
	feed := func(outs []Out) bool {
		done := false
		for _, o := range outs {
			for _, s := range o.To {
				if s != 0 {
					continue
				}
				e := gn.Event{Kind: KindChannel, CreatedAt: gn.Now(), Content: wire.Render(o.Msg),
					Tags: gn.Tags{RootTag(ChannelTonpu), {"p", keys[0].Pub, ""}}}
				if err := server.Sign(&e); err != nil {
					t.Fatal(err)
				}
				done = p.handle(ctx, &e) || done
			}
		}
		return done
	}
	_, old := NewTable(npubs, mahjong.Dihou(), 1)
	tail := append([]Out(nil), old[4:]...) // the first hand without the gamestart lines
	tail = append(tail,
		Out{Msg: wire.KyokuEnd{To: npubs}, To: allSeats},
		Out{Msg: wire.GameEnd{To: npubs, Players: npubs, Scores: [4]int{1, 2, 3, 4}}, To: allSeats})
	if feed(tail) || sent() != 0 || len(p.games) != 0 || p.stats.Turns != 0 {
		t.Fatalf("the old game's tail was answered or recorded: %d sent, games %v, stats %+v", sent(), p.games, p.stats)
	}
	if p.stats.Outside == 0 {
		t.Fatal("nothing counted as outside our game")
	}
	_, fresh := NewTable(npubs, mahjong.Dihou(), 2)
	feed(fresh)
	if sent() != 1 || p.stats.Turns != 1 {
		t.Fatalf("new game's first prompt: %d sent, stats %+v", sent(), p.stats)
	}
}

// TestPlayerResetAndCPU: with Reset and CPU the player sends reset, waits
// for "Data cleared.", opens a table, and sends cpu once the recruitment
// shows — in that order, each once. A scripted server answers.
func TestPlayerResetAndCPU(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r := startRelay(t)
	server, me := GenerateKeys(), GenerateKeys()
	srv := NewPool(ctx, PoolConfig{Relays: []string{r.URL}, Since: gn.Now() - 5, KeepSince: true,
		Filters: func(since gn.Timestamp) gn.Filters {
			return gn.Filters{{Kinds: []int{KindChannel}, Tags: gn.TagMap{"p": {server.Pub}}, Since: &since}}
		},
		Accept: func(e *gn.Event) bool { return e.PubKey == me.Pub }})
	waitFor(t, "server connected", func() bool { return srv.Connected() == 1 })
	say := func(req *gn.Event, content string, status bool) {
		e := gn.Event{Kind: KindChannel, CreatedAt: req.CreatedAt + 1, Content: content,
			Tags: gn.Tags{RootTag(ChannelTonpu), {"e", req.ID, "", "reply", req.PubKey}, {"p", req.PubKey, ""}}}
		if status {
			e.Kind, e.Tags = KindStatus, gn.Tags{{"d", ChannelTonpu}}
		}
		if err := server.Sign(&e); err != nil {
			t.Fatal(err)
		}
		if err := srv.Publish(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	go RunPlayer(ctx, PlayerConfig{Keys: me, Server: server.Pub, Channel: ChannelTonpu, Relays: []string{r.URL},
		Strategy: strategy(t, "tsumogiri"), Games: 1, CPU: true, Reset: true, MinBackoff: 20 * time.Millisecond, Log: testLog(t)})
	var verbs []string
	for len(verbs) < 3 {
		var req *gn.Event
		select {
		case req = <-srv.Events():
		case <-ctx.Done():
			t.Fatalf("player sent %q, then nothing", verbs)
		}
		c, _ := wire.ParseCommand(req.Content)
		verbs = append(verbs, c.Verb)
		switch c.Verb {
		case "reset":
			time.Sleep(100 * time.Millisecond) // the player must wait for the answer
			say(req, "Data cleared.", false)
			say(req, "", true)
		case "gamestart":
			say(req, "募集中 1/4", true)
		}
	}
	if fmt.Sprint(verbs) != "[reset gamestart cpu]" {
		t.Fatalf("player sent %v", verbs)
	}
	select {
	case e := <-srv.Events():
		t.Fatalf("then %q", e.Content)
	case <-time.After(200 * time.Millisecond):
	}
}
