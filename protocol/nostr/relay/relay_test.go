package relay

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/nbd-wtf/go-nostr"
)

// Fixed test keys (never used outside tests).
const (
	skA = "0000000000000000000000000000000000000000000000000000000000000001"
	skB = "0000000000000000000000000000000000000000000000000000000000000002"
)

func signed(t *testing.T, sk string, kind int, at int64, tags nostr.Tags, content string) nostr.Event {
	t.Helper()
	e := nostr.Event{Kind: kind, CreatedAt: nostr.Timestamp(at), Tags: tags, Content: content}
	if err := e.Sign(sk); err != nil {
		t.Fatal(err)
	}
	return e
}

type wsClient struct {
	t    *testing.T
	conn *websocket.Conn
}

func dial(t *testing.T, url string) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.CloseNow() })
	return &wsClient{t: t, conn: c}
}

func (c *wsClient) send(frame string) {
	c.t.Helper()
	if err := c.conn.Write(context.Background(), websocket.MessageText, []byte(frame)); err != nil {
		c.t.Fatal(err)
	}
}

func (c *wsClient) sendEvent(e nostr.Event) {
	c.t.Helper()
	b, _ := json.Marshal(e)
	c.send(`["EVENT",` + string(b) + `]`)
}

// recv returns the next frame as a raw JSON array.
func (c *wsClient) recv() []json.RawMessage {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, data, err := c.conn.Read(ctx)
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	var arr []json.RawMessage
	if err := json.Unmarshal(data, &arr); err != nil {
		c.t.Fatalf("frame %s: %v", data, err)
	}
	return arr
}

// expectNothing checks that no frame arrives within a short time.
func (c *wsClient) expectNothing() {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	defer cancel()
	_, data, err := c.conn.Read(ctx)
	if err == nil {
		c.t.Fatalf("unexpected frame %s", data)
	}
}

func str(r json.RawMessage) string {
	var s string
	_ = json.Unmarshal(r, &s)
	return s
}

func (c *wsClient) expectOK(id string, ok bool, prefix string) {
	c.t.Helper()
	f := c.recv()
	if len(f) != 4 || str(f[0]) != "OK" || str(f[1]) != id || string(f[2]) != fmt.Sprint(ok) || !strings.HasPrefix(str(f[3]), prefix) {
		c.t.Fatalf("want OK %s %v %q, got %s", id, ok, prefix, f)
	}
}

// expectEvents reads EVENT frames for sub until EOSE and returns their ids.
func (c *wsClient) expectStored(sub string) []string {
	c.t.Helper()
	var ids []string
	for {
		f := c.recv()
		switch str(f[0]) {
		case "EOSE":
			if str(f[1]) != sub {
				c.t.Fatalf("EOSE for %s, want %s", f[1], sub)
			}
			return ids
		case "EVENT":
			if str(f[1]) != sub {
				c.t.Fatalf("EVENT for %s, want %s", f[1], sub)
			}
			var e nostr.Event
			if err := json.Unmarshal(f[2], &e); err != nil {
				c.t.Fatal(err)
			}
			ids = append(ids, e.ID)
		default:
			c.t.Fatalf("unexpected frame %s", f)
		}
	}
}

func (c *wsClient) expectEvent(sub, id string) {
	c.t.Helper()
	f := c.recv()
	var e nostr.Event
	if len(f) != 3 || str(f[0]) != "EVENT" || str(f[1]) != sub || json.Unmarshal(f[2], &e) != nil || e.ID != id {
		c.t.Fatalf("want EVENT %s %s, got %s", sub, id, f)
	}
}

func start(t *testing.T) *Server {
	t.Helper()
	s, err := Listen("127.0.0.1:0", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

const chanID = "06ddcb27b27f667d6487b5128625f25cb2148cf87bff0502aaffe5ca705dc626"

func TestEventOKAndSignature(t *testing.T) {
	s := start(t)
	c := dial(t, s.URL)
	e := signed(t, skA, 42, 100, nostr.Tags{{"e", chanID, "", "root"}}, "hello")
	c.sendEvent(e)
	c.expectOK(e.ID, true, "")
	c.sendEvent(e)
	c.expectOK(e.ID, true, "duplicate:")

	bad := e
	bad.Content = "tampered"
	c.sendEvent(bad)
	c.expectOK(bad.ID, false, "invalid:")

	forged := signed(t, skB, 42, 100, nil, "x")
	pkA, _ := nostr.GetPublicKey(skA)
	forged.PubKey = pkA // claims A, signed by B
	forged.ID = forged.GetID()
	c.sendEvent(forged)
	c.expectOK(forged.ID, false, "invalid:")

	c.send(`["NOPE"]`)
	if f := c.recv(); str(f[0]) != "NOTICE" {
		t.Fatalf("want NOTICE, got %s", f)
	}
	if n := len(s.Stored()); n != 1 {
		t.Fatalf("stored %d events, want 1", n)
	}
}

func TestReqFilters(t *testing.T) {
	s := start(t)
	pub := dial(t, s.URL)
	pkA, _ := nostr.GetPublicKey(skA)
	pkB, _ := nostr.GetPublicKey(skB)
	other := strings.Repeat("ab", 32)
	evs := []nostr.Event{
		signed(t, skA, 42, 100, nostr.Tags{{"e", chanID, "", "root"}, {"p", pkB}}, "0"),
		signed(t, skA, 42, 101, nostr.Tags{{"e", other, "", "root"}, {"p", pkB}}, "1"),
		signed(t, skB, 42, 102, nostr.Tags{{"e", chanID, "", "root"}, {"p", pkA}}, "2"),
		signed(t, skB, 1, 103, nil, "3"),
		signed(t, skA, 42, 104, nostr.Tags{{"e", chanID, "", "root"}, {"p", pkB, ""}}, "4"),
	}
	for _, e := range evs {
		pub.sendEvent(e)
		pub.expectOK(e.ID, true, "")
	}
	id := func(i ...int) []string {
		var out []string
		for _, j := range i {
			out = append(out, evs[j].ID)
		}
		return out
	}
	cases := []struct {
		filter string
		want   []string
	}{
		{`{"kinds":[42]}`, id(4, 2, 1, 0)},
		{`{"kinds":[42],"#p":["` + pkB + `"],"#e":["` + chanID + `"]}`, id(4, 0)},
		{`{"authors":["` + pkB + `"]}`, id(3, 2)},
		{`{"ids":["` + evs[1].ID + `"]}`, id(1)},
		{`{"since":102}`, id(4, 3, 2)},
		{`{"until":101}`, id(1, 0)},
		{`{"kinds":[42],"limit":2}`, id(4, 2)},
		{`{"kinds":[42],"limit":0}`, nil},
		{`{"#e":["` + other + `"]}`, id(1)},
	}
	c := dial(t, s.URL)
	for i, tc := range cases {
		sub := fmt.Sprint("s", i)
		c.send(`["REQ","` + sub + `",` + tc.filter + `]`)
		got := c.expectStored(sub)
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("%s: got %v, want %v", tc.filter, got, tc.want)
		}
		c.send(`["CLOSE","` + sub + `"]`)
	}
	// Two filters in one REQ: union without duplicates.
	c.send(`["REQ","u",{"kinds":[1]},{"authors":["` + pkB + `"]}]`)
	if got := c.expectStored("u"); strings.Join(got, ",") != strings.Join(id(3, 2), ",") {
		t.Errorf("union: got %v", got)
	}
}

func TestLiveDeliveryCloseAndEphemeral(t *testing.T) {
	s := start(t)
	sub := dial(t, s.URL)
	pub := dial(t, s.URL)
	pkB, _ := nostr.GetPublicKey(skB)
	sub.send(`["REQ","live",{"kinds":[42,20000],"#p":["` + pkB + `"]}]`)
	sub.expectStored("live")

	e1 := signed(t, skA, 20000, 200, nostr.Tags{{"p", pkB}}, "ephemeral")
	pub.sendEvent(e1)
	pub.expectOK(e1.ID, true, "")
	sub.expectEvent("live", e1.ID)
	if n := len(s.Stored()); n != 0 {
		t.Fatalf("ephemeral event stored (%d events)", n)
	}
	miss := signed(t, skA, 42, 201, nostr.Tags{{"p", "00"}}, "not for B")
	pub.sendEvent(miss)
	pub.expectOK(miss.ID, true, "")
	e2 := signed(t, skA, 42, 202, nostr.Tags{{"p", pkB}}, "stored")
	pub.sendEvent(e2)
	pub.expectOK(e2.ID, true, "")
	sub.expectEvent("live", e2.ID)

	sub.send(`["CLOSE","live"]`)
	time.Sleep(50 * time.Millisecond) // let the relay read CLOSE before the next EVENT
	e3 := signed(t, skA, 42, 203, nostr.Tags{{"p", pkB}}, "after close")
	pub.sendEvent(e3)
	pub.expectOK(e3.ID, true, "")
	sub.expectNothing()
}

func TestReplaceableStatus(t *testing.T) {
	s := start(t)
	c := dial(t, s.URL)
	pkA, _ := nostr.GetPublicKey(skA)
	other := strings.Repeat("cd", 32)
	st1 := signed(t, skA, 30315, 300, nostr.Tags{{"d", chanID}}, "募集中 1/4")
	st2 := signed(t, skA, 30315, 301, nostr.Tags{{"d", chanID}}, "対局中")
	old := signed(t, skA, 30315, 299, nostr.Tags{{"d", chanID}}, "stale")
	st3 := signed(t, skA, 30315, 300, nostr.Tags{{"d", other}}, "next待ち")
	for _, e := range []nostr.Event{st1, st2, old, st3} {
		c.sendEvent(e)
		reason := ""
		if e.ID == old.ID {
			reason = "duplicate:"
		}
		c.expectOK(e.ID, true, reason)
	}
	c.send(`["REQ","st",{"kinds":[30315],"#d":["` + chanID + `","` + other + `"],"authors":["` + pkA + `"],"limit":2}]`)
	got := c.expectStored("st")
	if strings.Join(got, ",") != st2.ID+","+st3.ID {
		t.Fatalf("status events %v, want [%s %s]", got, st2.ID, st3.ID)
	}
}

func TestDropClosesConnections(t *testing.T) {
	s := start(t)
	c := dial(t, s.URL)
	e := signed(t, skA, 42, 100, nil, "kept")
	c.sendEvent(e)
	c.expectOK(e.ID, true, "")
	s.Drop()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, _, err := c.conn.Read(ctx); err == nil {
		t.Fatal("connection still open after Drop")
	}
	c2 := dial(t, s.URL)
	c2.send(`["REQ","x",{"ids":["` + e.ID + `"]}]`)
	if got := c2.expectStored("x"); len(got) != 1 {
		t.Fatalf("event lost across Drop: %v", got)
	}
}

// TestClosedClientQueuesNothing: a dropped connection must deliver a prefix
// of its frames. Before the fix, send raced a ready queue against the closed
// done channel, so a frame sent after the drop could still be queued and
// written after earlier ones were skipped: a reader saw a gap.
func TestClosedClientQueuesNothing(t *testing.T) {
	c := &client{out: make(chan []byte, maxQueue), done: make(chan struct{})}
	c.send([]byte("before"))
	c.close()
	for range 200 {
		c.send([]byte("after"))
	}
	if len(c.out) != 1 {
		t.Fatalf("%d frames queued, want only the one sent before the drop", len(c.out))
	}
}
