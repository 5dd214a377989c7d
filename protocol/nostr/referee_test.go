package nostr

import (
	"context"
	"strings"
	"testing"
	"time"

	gn "github.com/nbd-wtf/go-nostr"

	"gamelab/protocol/nostr/wire"
)

// TestRefereeLobby drives the referee with raw commands and checks the
// live server's replies, kinds and tags (spec 2.2–2.5).
func TestRefereeLobby(t *testing.T) {
	r := startRelay(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	server := GenerateKeys()
	go RunReferee(ctx, RefereeConfig{Keys: server, Channel: ChannelTonpu, Relays: []string{r.URL}, Since: gn.Now() - 5,
		MinBackoff: 10 * time.Millisecond})
	var ps [4]Keys
	var pubs []string
	for i := range ps {
		ps[i] = GenerateKeys()
		pubs = append(pubs, ps[i].Pub)
	}
	// One listener for everything the server sends in the channel.
	lis := NewPool(ctx, PoolConfig{Relays: []string{r.URL}, Since: gn.Now() - 5,
		Filters: func(since gn.Timestamp) gn.Filters {
			return gn.Filters{{Authors: []string{server.Pub}, Since: &since}}
		}})
	waitFor(t, "listener", func() bool { return lis.Connected() == 1 })
	srvNpub := server.Npub
	at := gn.Now()
	say := func(k Keys, kind int, verb string) *gn.Event {
		at++
		e := CommandEvent(kind, ChannelTonpu, server.Pub, "nostr:"+srvNpub+" "+verb)
		e.CreatedAt = at
		if err := k.Sign(&e); err != nil {
			t.Fatal(err)
		}
		if err := lis.Publish(ctx, e); err != nil {
			t.Fatal(err)
		}
		return &e
	}
	expect := func(req *gn.Event, want ...string) []*gn.Event {
		t.Helper()
		var got []*gn.Event
		for len(got) < len(want) {
			select {
			case e := <-lis.Events():
				got = append(got, e)
			case <-ctx.Done():
				t.Fatalf("waiting for %q", want)
			}
		}
		for i, e := range got {
			if !strings.HasPrefix(e.Content, want[i]) {
				t.Fatalf("reply %d to %q: %q, want %q", i, req.Content, e.Content, want[i])
			}
			if e.Kind != KindStatus {
				if e.Kind != req.Kind || Channel(e) != ChannelTonpu || ReplyTo(e) != req.ID {
					t.Fatalf("reply %q: kind %d tags %v", e.Content, e.Kind, e.Tags)
				}
			} else if e.Tags.GetD() != ChannelTonpu {
				t.Fatalf("status tags %v", e.Tags)
			}
		}
		return got
	}
	req := say(ps[1], KindChannel, "join")
	rep := expect(req, "Not looking for players.")
	if !HasP(rep[0], ps[1].Pub) || !HasP(rep[0], server.Pub) {
		t.Fatalf("error reply p tags %v", rep[0].Tags)
	}
	expect(say(ps[0], KindEphemeral, "next"), "We cannot go to the next stage yet.")
	req = say(ps[0], KindChannel, "gamestart")
	expect(req, "募集中 1/4", wire.RecruitFirst)
	expect(say(ps[2], KindChannel, "debug 1m2m3m"), "Debug wall refused")
	wall := debugCommand(t, doubleRonWall)
	expect(say(ps[2], KindChannel, "debug "+wire.TilesString(wall.Tiles)), "Debug mode.")
	expect(say(ps[0], KindChannel, "gamestart"), "Playing now. Please reset first.")
	expect(say(ps[1], KindChannel, "join"), "募集中 2/4", "2/4 joined.")
	expect(say(ps[1], KindChannel, "join"), "You have already joined.")
	expect(say(ps[2], KindChannel, "join"), "募集中 3/4", "3/4 joined.")
	expect(say(ps[0], KindChannel, "sutehai? sutehai 1m"), `You are not required to send "sutehai?"`)
	// The fourth join starts the game: 4× gamestart, status, kyokustart, 4× point, 4× haipai, dora, tsumo, GET.
	start := expect(say(ps[3], KindEphemeral, "join"), "nostr:", "nostr:", "nostr:", "nostr:", "対局中", "nostr:",
		"nostr:", "nostr:", "nostr:", "nostr:", "nostr:", "nostr:", "nostr:", "nostr:", "nostr:", "nostr:", ":mahjong_")
	for i, e := range start[:4] {
		m, err := wire.Parse(e.Content)
		if err != nil || m.(wire.GameStart).To != ps[i].Npub || !HasP(e, pubs[i]) || e.Kind != KindEphemeral {
			t.Fatalf("gamestart %d: %q %v kind %d", i, e.Content, err, e.Kind)
		}
	}
	// One batch: equal created_at, ids descending in emission order.
	for i := 1; i < len(start); i++ {
		if start[i].CreatedAt != start[0].CreatedAt || start[i].ID >= start[i-1].ID {
			t.Fatalf("batch order: event %d at %d id %s after %s", i, start[i].CreatedAt, start[i].ID[:8], start[i-1].ID[:8])
		}
	}
	get, err := wire.Parse(start[len(start)-1].Content)
	if err != nil || get.(wire.AskSutehai).Player != ps[0].Npub {
		t.Fatalf("first prompt %q: %v", start[len(start)-1].Content, err)
	}
	if h := start[len(start)-1].Content; !strings.HasPrefix(h, ":mahjong_m1::mahjong_m2:") || !strings.Contains(h, " :mahjong_east:\n") {
		t.Fatalf("first prompt %q: not the debug wall's hand 123456789m23p55s + 1z", h)
	}
	expect(say(ps[1], KindChannel, "sutehai? sutehai 1m"), `You are not required to send "sutehai?"`)
	expect(say(ps[0], KindChannel, "sutehai? sutehai"), wire.UsageSutehai)
	// A tile the dealer does not hold: refused, and the server keeps waiting.
	var absent wire.Tile
	ask := get.(wire.AskSutehai)
	held := map[wire.Tile]bool{ask.Drawn: true}
	for _, x := range ask.Hand.Concealed {
		held[x] = true
	}
	for held[absent] {
		absent++
	}
	expect(say(ps[0], KindChannel, "sutehai? sutehai "+wire.TileString(absent)), "You cannot sutehai "+wire.TileString(absent)+" .")
	expect(say(ps[0], KindChannel, "reset"), "Data cleared.", "")
}
