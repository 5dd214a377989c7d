package relay

import (
	"encoding/json"
	"testing"

	"github.com/nbd-wtf/go-nostr"
)

// FuzzHandle feeds arbitrary client frames (EVENT, REQ, CLOSE, junk) to one
// client of a relay that already stores events and has a live
// subscription: nothing a client sends may panic the relay, every frame
// it queues back is a valid JSON array with a NIP-01 label, and a frame
// that is not JSON is answered with a NOTICE only.
func FuzzHandle(f *testing.F) {
	e := nostr.Event{Kind: 42, CreatedAt: 1000, Tags: nostr.Tags{{"e", "x", "", "root"}, {"p", "y"}, {"d", "z"}}, Content: "hi"}
	if err := e.Sign(skA); err != nil {
		f.Fatal(err)
	}
	b, err := json.Marshal(e)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{
		`["EVENT",` + string(b) + `]`,
		`["REQ","s",{"kinds":[42],"#e":["x"],"since":1,"limit":2},{"ids":["` + e.ID + `"]}]`,
		`["REQ","s",{"limit":0}]`, `["CLOSE","s"]`, `["EVENT",{}]`, `["REQ"]`, `[]`, `{}`, `null`, `["AUTH","x"]`,
		`["EVENT",{"id":"` + e.ID + `","pubkey":"zz","sig":"00","kind":30315,"tags":[["d"]],"content":""}]`,
		"[\"EVENT\"{\"id\":\"\x00\"}", // not JSON, yet go-nostr's parser takes it for an EVENT (found by fuzzing)
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, frame string) {
		r := New(nil)
		stored := e
		if ok, reason := r.accept(&stored); !ok {
			t.Fatal(reason)
		}
		c := &client{out: make(chan []byte, maxQueue), subs: map[string]nostr.Filters{}, done: make(chan struct{})}
		r.clients[c] = struct{}{}
		r.handle(c, `["REQ","live",{}]`)
		for len(c.out) > 0 { // the stored event and EOSE
			<-c.out
		}
		r.handle(c, frame)
		r.handle(c, frame) // again: duplicates and replaced subscriptions
		for len(c.out) > 0 {
			out := <-c.out
			var arr []json.RawMessage
			var label string
			if !json.Valid(out) || json.Unmarshal(out, &arr) != nil || len(arr) < 2 || json.Unmarshal(arr[0], &label) != nil {
				t.Fatalf("frame %q answered with %q", frame, out)
			}
			switch {
			case !json.Valid([]byte(frame)) && label != "NOTICE":
				t.Fatalf("malformed frame %q answered with %q, want a NOTICE", frame, out)
			case label != "NOTICE" && label != "OK" && label != "EVENT" && label != "EOSE":
				t.Fatalf("frame %q answered with %q", frame, out)
			}
		}
	})
}
