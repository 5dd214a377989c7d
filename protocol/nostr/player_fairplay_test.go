package nostr

import (
	"context"
	"math/rand/v2"
	"testing"

	gn "github.com/nbd-wtf/go-nostr"

	"gamelab/sim/mahjong"
)

// firstLegal is a strategy that takes the first legal action.
type firstLegal struct{}

func (firstLegal) Reset() {}
func (firstLegal) Decide(_ *mahjong.View, legal []mahjong.Action, _ *rand.Rand) mahjong.Action {
	return legal[0]
}

// TestPlayerReadsOnlyItsOwn hands server events straight to the player's
// handler (no relay: what the pool would deliver) and checks the
// fair-play filter: a prompt not p-tagged to us, or on another channel, is
// neither read nor answered; another table's status does not make us
// join; a prompt p-tagged to us on our channel is answered once, and only
// after our gamestart.
func TestPlayerReadsOnlyItsOwn(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	server, me, other, o2, o3 := GenerateKeys(), GenerateKeys(), GenerateKeys(), GenerateKeys(), GenerateKeys()
	p, err := newPlayer(PlayerConfig{Keys: me, Server: server.Pub, Channel: ChannelTonpu, Relays: []string{"ws://127.0.0.1:1"}, Strategy: firstLegal{}})
	if err != nil {
		t.Fatal(err)
	}
	p.pool = NewPool(ctx, PoolConfig{}) // no relays: Send only queues
	sent := func() int {
		p.pool.mu.Lock()
		defer p.pool.mu.Unlock()
		return len(p.pool.pending)
	}
	event := func(kind int, content string, tags gn.Tags) *gn.Event {
		e := gn.Event{Kind: kind, CreatedAt: gn.Now(), Content: content, Tags: tags}
		if err := server.Sign(&e); err != nil {
			t.Fatal(err)
		}
		return &e
	}
	hand := ":mahjong_m1::mahjong_m2::mahjong_m3::mahjong_m4::mahjong_m5::mahjong_m6::mahjong_m7::mahjong_m8::mahjong_m9::mahjong_p1::mahjong_p2::mahjong_p3::mahjong_p4: :mahjong_p5:"
	prompt := hand + "\nnostr:" + me.Npub + " GET sutehai?"

	steps := []struct {
		name string
		e    *gn.Event
		sent int
	}{
		{"status of another table", event(KindStatus, "募集中 1/4", gn.Tags{{"d", ChannelHanchan}}), 0},
		{"prompt p-tagged to another player", event(KindChannel, prompt, gn.Tags{RootTag(ChannelTonpu), {"p", other.Pub}}), 0},
		{"prompt on another channel", event(KindChannel, prompt, gn.Tags{RootTag(ChannelHanchan), {"p", me.Pub}}), 0},
		{"our prompt before our gamestart", event(KindChannel, prompt, gn.Tags{RootTag(ChannelTonpu), {"p", me.Pub}}), 0},
		{"our status", event(KindStatus, "募集中 1/4", gn.Tags{{"d", ChannelTonpu}}), 1},
		{"our gamestart", event(KindChannel, "nostr:"+me.Npub+" #gamestart NOTIFY gamestart 東 nostr:"+me.Npub+" nostr:"+other.Npub+
			" nostr:"+o2.Npub+" nostr:"+o3.Npub, gn.Tags{RootTag(ChannelTonpu), {"p", me.Pub}}), 1},
		{"our prompt", event(KindChannel, prompt, gn.Tags{RootTag(ChannelTonpu), {"p", me.Pub}}), 2},
	}
	for _, s := range steps {
		p.handle(ctx, s.e)
		if got := sent(); got != s.sent {
			t.Fatalf("after %s: %d events sent, want %d", s.name, got, s.sent)
		}
	}
	p.handle(ctx, steps[6].e) // the same prompt again (a second relay)
	if got := sent(); got != 2 || p.stats.Turns != 1 {
		t.Fatalf("a prompt delivered twice: %d sent, %d turns", got, p.stats.Turns)
	}
}

// FuzzPlayerPrompt seats the player (NOTIFY gamestart) and hands it a
// server-signed prompt with an arbitrary hand line and GET tail: whatever
// the server writes (five of a tile, twenty tiles, odd melds, unknown
// options), the player must not panic, and it answers a prompt at most
// once.
func FuzzPlayerPrompt(f *testing.F) {
	server, me, o1, o2, o3 := GenerateKeys(), GenerateKeys(), GenerateKeys(), GenerateKeys(), GenerateKeys()
	m := ":mahjong_m1:"
	f.Add(m+m+m+m+":mahjong_m2::mahjong_m3: :mahjong_m5:", "sutehai?")
	f.Add(m+m+m+m+m+m+m+m+m+m+m+m+m+m+m+m+m+m+m+m, "sutehai?")
	f.Add(m+m+"<:mahjong_p3::mahjong_p3::mahjong_p3:>(:mahjong_red::mahjong_red::mahjong_red::mahjong_red:) "+m, "naku? ron pon kan chi")
	f.Add(":mahjong_east::mahjong_east: :mahjong_east:", "naku? ron")
	f.Add(":mahjong_m9::mahjong_m8: :mahjong_m7:", "naku? chi")
	f.Add("", "sutehai?")
	warmEngine()
	f.Fuzz(func(t *testing.T, hand, tail string) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		p, err := newPlayer(PlayerConfig{Keys: me, Server: server.Pub, Channel: ChannelTonpu, Relays: []string{"ws://127.0.0.1:1"}, Strategy: firstLegal{}})
		if err != nil {
			t.Fatal(err)
		}
		p.pool = NewPool(ctx, PoolConfig{})
		send := func(content string) {
			e := gn.Event{Kind: KindChannel, CreatedAt: gn.Now(), Content: content, Tags: gn.Tags{RootTag(ChannelTonpu), {"p", me.Pub}}}
			if err := server.Sign(&e); err != nil {
				t.Fatal(err)
			}
			p.handle(ctx, &e)
			p.handle(ctx, &e) // delivered twice
		}
		n := "nostr:"
		send(n + me.Npub + " #gamestart NOTIFY gamestart 東 " + n + me.Npub + " " + n + o1.Npub + " " + n + o2.Npub + " " + n + o3.Npub)
		send(hand + "\n" + n + me.Npub + " GET " + tail)
		p.pool.mu.Lock()
		sent := len(p.pool.pending)
		p.pool.mu.Unlock()
		if sent > 1 {
			t.Fatalf("%d answers to one prompt", sent)
		}
	})
}
