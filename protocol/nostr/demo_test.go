package nostr

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	gn "github.com/nbd-wtf/go-nostr"

	"gamelab/protocol/nostr/relay"
	mjs "gamelab/strategies/mahjong"
)

func strategy(t *testing.T, spec string) Decider {
	t.Helper()
	s, err := mjs.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestDemoEndToEnd plays a whole 東風戦 over two local relays: referee and
// four AI players. Mid-game one relay drops every connection, a forged
// "server" prompt (right content, wrong key) reaches one player, and every
// event is delivered twice (once per relay). The game must finish with
// every player seeing the referee's final scores, no illegal or rejected
// answer and no fold error.
func TestDemoEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game over relays; too slow under -race -short (CI runs it in the plain go test pass)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	var dropped atomic.Bool
	res, err := RunDemo(ctx, DemoConfig{
		Strategies: [4]Decider{strategy(t, "efficiency"), strategy(t, "defense"), strategy(t, "efficiency?call=0"), strategy(t, "tsumogiri")},
		Seed:       7, Relays: 2, Log: testLog(t),
		Started: func(relays []*relay.Server, server Keys, players [4]Keys) {
			go func() {
				// Wait until the game is well under way, then drop relay 0.
				for ctx.Err() == nil && len(relays[0].Stored()) < 400 {
					time.Sleep(5 * time.Millisecond)
				}
				if ctx.Err() != nil {
					return // the test is over (it fails: no drop happened)
				}
				relays[0].Drop()
				dropped.Store(true)
				// A forged prompt to player 1, signed by a stranger.
				forger := GenerateKeys()
				ev := gn.Event{Kind: KindChannel, CreatedAt: gn.Now(), Tags: gn.Tags{RootTag(ChannelTonpu), {"p", players[1].Pub, ""}},
					Content: ":mahjong_m1:\nnostr:" + players[1].Npub + " GET sutehai?"}
				if err := forger.Sign(&ev); err != nil {
					t.Error(err)
					return
				}
				p := NewPool(ctx, PoolConfig{Relays: []string{relays[1].URL}, Filters: func(gn.Timestamp) gn.Filters {
					return gn.Filters{{LimitZero: true}}
				}})
				if err := p.Publish(ctx, ev); err != nil {
					t.Error(err)
				}
			}()
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !dropped.Load() {
		t.Fatal("the relay drop did not happen during the game")
	}
	final := res.Game.Result.Score
	if len(final) != 4 {
		t.Fatalf("referee result %+v", res.Game)
	}
	for i := range 4 {
		recs, st := res.Records[i], res.Stats[i]
		if len(recs) != 1 {
			t.Fatalf("player %d finished %d games", i, len(recs))
		}
		for s := range 4 {
			if float64(recs[0].Scores[s]) != final[s] {
				t.Errorf("player %d sees final scores %v, referee %v", i, recs[0].Scores, final)
			}
		}
		if st.Fallbacks != 0 || st.Rejected != 0 || st.FoldErrors != 0 || st.Turns == 0 {
			t.Errorf("player %d stats %+v", i, st)
		}
		if st.Pool.Duplicates == 0 || st.Pool.Connects < 3 {
			t.Errorf("player %d pool %+v: want duplicates and a reconnect", i, st.Pool)
		}
	}
	if res.Stats[1].Pool.Refused == 0 {
		t.Error("the forged prompt was not refused")
	}
	if res.Game.Players[0] != res.Players[0].Npub {
		t.Errorf("seat 0 is %s, want the starter %s", res.Game.Players[0], res.Players[0].Npub)
	}
	t.Logf("game of %v: scores %v, %d/%d/%d/%d turns", res.Duration.Round(time.Millisecond), final,
		res.Stats[0].Turns, res.Stats[1].Turns, res.Stats[2].Turns, res.Stats[3].Turns)
}

// TestDemoCancelled cancels a demo as soon as everything runs: RunDemo
// returns the context's error only after its players and referee ended
// (run with -race: none of them writes the result after the return).
func TestDemoCancelled(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	stop, cancelEarly := context.WithCancel(ctx)
	t0 := time.Now()
	_, err := RunDemo(stop, DemoConfig{
		Strategies: [4]Decider{strategy(t, "tsumogiri"), strategy(t, "tsumogiri"), strategy(t, "tsumogiri"), strategy(t, "tsumogiri")},
		Seed:       1, Relays: 1,
		Started: func([]*relay.Server, Keys, [4]Keys) { cancelEarly() },
	})
	if err != context.Canceled {
		t.Fatalf("RunDemo after cancel = %v, want context.Canceled", err)
	}
	if d := time.Since(t0); d > 10*time.Second {
		t.Errorf("RunDemo took %v to stop", d)
	}
}
