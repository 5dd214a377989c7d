package nostr

import (
	"fmt"
	"testing"

	gn "github.com/nbd-wtf/go-nostr"
)

// TestEventTags checks the tags and kinds of the seed (§9–10): commands
// carry the 4-element root tag and p server; replies keep the request's
// kind (42 or 20000) and add the reply e tag and p tags.
func TestEventTags(t *testing.T) {
	me, server := GenerateKeys(), GenerateKeys()
	cmd := CommandEvent(KindChannel, ChannelHanchan, server.Pub, "nostr:"+server.Npub+" join")
	if want := fmt.Sprint(gn.Tags{{"e", ChannelHanchan, "", "root"}, {"p", server.Pub}}); fmt.Sprint(cmd.Tags) != want || cmd.Kind != 42 {
		t.Fatalf("command %d %v, want %s", cmd.Kind, cmd.Tags, want)
	}
	for _, kind := range []int{KindChannel, KindEphemeral} {
		req := gn.Event{ID: "ab", PubKey: server.Pub, Kind: kind}
		rep := ReplyEvent(&req, ChannelHanchan, me.Pub, server.Pub, "x")
		want := fmt.Sprint(gn.Tags{{"e", ChannelHanchan, "", "root"}, {"e", "ab", "", "reply", server.Pub}, {"p", me.Pub}, {"p", server.Pub}})
		if rep.Kind != kind || fmt.Sprint(rep.Tags) != want {
			t.Fatalf("reply to kind %d: kind %d tags %v", kind, rep.Kind, rep.Tags)
		}
		if Channel(&rep) != ChannelHanchan || ReplyTo(&rep) != "ab" || !HasP(&rep, me.Pub) || !HasP(&rep, server.Pub) {
			t.Fatal("tag helpers disagree")
		}
	}
	if Rounds(ChannelTonpu) != 1 || Rounds(ChannelHanchan) != 2 {
		t.Fatal("rounds per channel")
	}
}
