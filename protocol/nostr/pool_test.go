package nostr

import (
	"context"
	"testing"
	"time"

	gn "github.com/nbd-wtf/go-nostr"

	"gamelab/protocol/nostr/relay"
)

func startRelay(t *testing.T) *relay.Server {
	t.Helper()
	s, err := relay.Listen("127.0.0.1:0", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func next(t *testing.T, ch <-chan *gn.Event) *gn.Event {
	t.Helper()
	select {
	case e := <-ch:
		return e
	case <-time.After(5 * time.Second):
		t.Fatal("no event")
		return nil
	}
}

// TestPool: duplicates through two relays arrive once, forged authors are
// refused, a dropped relay is resubscribed with since and misses nothing,
// a pending publish is re-sent after a drop.
func TestPool(t *testing.T) {
	r1, r2 := startRelay(t), startRelay(t)
	server, other, me := GenerateKeys(), GenerateKeys(), GenerateKeys()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	start := gn.Now() - 5
	pool := NewPool(ctx, PoolConfig{
		Relays: []string{r1.URL, r2.URL},
		Since:  start,
		Filters: func(since gn.Timestamp) gn.Filters {
			return gn.Filters{{Kinds: []int{42}, Tags: gn.TagMap{"p": {me.Pub}}, Since: &since}}
		},
		Accept:     func(e *gn.Event) bool { return e.PubKey == server.Pub },
		MinBackoff: 10 * time.Millisecond, MaxBackoff: 50 * time.Millisecond,
	})
	waitFor(t, "both relays", func() bool { return pool.Connected() == 2 })

	pubTo := func(k Keys, at gn.Timestamp, content string, relays ...*relay.Server) gn.Event {
		e := gn.Event{Kind: 42, CreatedAt: at, Tags: gn.Tags{{"p", me.Pub}}, Content: content}
		if err := k.Sign(&e); err != nil {
			t.Fatal(err)
		}
		for _, r := range relays {
			sender := NewPool(ctx, PoolConfig{Relays: []string{r.URL}, Filters: func(gn.Timestamp) gn.Filters { return gn.Filters{{Limit: 0, LimitZero: true}} }})
			if err := sender.Publish(ctx, e); err != nil {
				t.Fatal(err)
			}
		}
		return e
	}
	e1 := pubTo(server, start+1, "one", r1, r2)
	if got := next(t, pool.Events()); got.ID != e1.ID {
		t.Fatalf("got %q", got.Content)
	}
	pubTo(other, start+2, "forged", r1) // wrong key: refused
	e3 := pubTo(server, start+3, "three", r2, r1)
	if got := next(t, pool.Events()); got.ID != e3.ID {
		t.Fatalf("got %q, want three", got.Content)
	}
	waitFor(t, "duplicate counted", func() bool { return pool.Stats().Duplicates >= 2 && pool.Stats().Refused >= 1 })

	// Drop both relays; publish while the pool is away; it must catch up.
	r1.Drop()
	r2.Drop()
	e4 := pubTo(server, start+4, "four", r1)
	e5 := pubTo(server, start+4, "five", r2)
	got := map[string]bool{}
	for range 2 {
		got[next(t, pool.Events()).ID] = true
	}
	if !got[e4.ID] || !got[e5.ID] {
		t.Fatalf("missed events across the drop: %v", got)
	}
	if s := pool.Stats(); s.Connects < 4 {
		t.Fatalf("connects %d, want ≥ 4", s.Connects)
	}

	// A publish from the pool survives a drop: it is re-sent on reconnect.
	reply := gn.Event{Kind: 42, CreatedAt: gn.Now(), Content: "reply"}
	if err := me.Sign(&reply); err != nil {
		t.Fatal(err)
	}
	r1.Drop()
	if err := pool.Publish(ctx, reply); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "reply stored", func() bool {
		for _, e := range append(r1.Stored(), r2.Stored()...) {
			if e.ID == reply.ID {
				return true
			}
		}
		return false
	})
	select {
	case e := <-pool.Events():
		t.Fatalf("unexpected extra event %q", e.Content)
	case <-time.After(100 * time.Millisecond):
	}
}
