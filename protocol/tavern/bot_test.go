package tavern

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// countingPlayer answers the first choice and counts its decisions.
type countingPlayer struct{ n atomic.Int64 }

func (p *countingPlayer) Decide(ctx context.Context, d *Decision) (Reply, error) {
	p.n.Add(1)
	return Reply{Choice: d.Choices[len(d.Choices)-1].ID, Line: "hi"}, nil
}

func newTestBot(t *testing.T) (*Bot, *countingPlayer, *Remote) {
	t.Helper()
	p := &countingPlayer{}
	b := &Bot{Secret: []byte("secret"), Name: "lab", Players: map[string]Player{GameLiarsBar: p}}
	srv := httptest.NewServer(b.Handler("/tavern"))
	t.Cleanup(srv.Close)
	return b, p, &Remote{BaseURL: srv.URL + "/tavern", Secret: []byte("secret")}
}

func decisionBody(seq, turn int64, match string) map[string]any {
	return map[string]any{
		"protocol": 1, "seq": seq, "game": "liars_bar", "match_id": match, "chat_id": "c",
		"turn_id": turn, "you": map[string]any{"seat": 1, "name": "lab"},
		"ask": "move", "prompt": "p", "rules": "r", "deadline_ms": 2000,
		"choices": []map[string]string{{"id": "play:0", "say": "a"}, {"id": "challenge", "say": "b"}},
	}
}

func decisionPath(match string, turn int64) string {
	return fmt.Sprintf("/v1/games/liars_bar/matches/%s/turns/%d/decision", match, turn)
}

func TestBotDecisionAndIdempotentReplay(t *testing.T) {
	_, p, r := newTestBot(t)
	ctx := context.Background()
	var rep Reply
	body := decisionBody(1, 0, "m1")
	if err := r.Call(ctx, "POST", decisionPath("m1", 0), body, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Choice != "challenge" || rep.TurnID != 0 || rep.Line != "hi" {
		t.Errorf("reply %+v", rep)
	}
	// The same seq and body again: the same answer, no second decision.
	var again Reply
	if err := r.Call(ctx, "POST", decisionPath("m1", 0), body, &again); err != nil {
		t.Fatal(err)
	}
	if again.Choice != rep.Choice || p.n.Load() != 1 {
		t.Errorf("replay: %+v, decisions %d", again, p.n.Load())
	}
	// A seq reused with another body is answered afresh, never refused
	// (seq 1 would be read as a dealer restart, so use seq 2).
	if err := r.Call(ctx, "POST", decisionPath("m1", 1), decisionBody(2, 1, "m1"), nil); err != nil {
		t.Fatal(err)
	}
	if err := r.Call(ctx, "POST", decisionPath("m1", 2), decisionBody(2, 2, "m1"), nil); err != nil {
		t.Errorf("reused seq: %v, want an answer", err)
	}
	if p.n.Load() != 3 {
		t.Errorf("%d decisions, want 3", p.n.Load())
	}
}

func TestBotConcurrentDecisions(t *testing.T) {
	_, p, r := newTestBot(t)
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for i := range 20 {
		wg.Go(func() {
			// seq arrives out of order: all must be answered exactly once.
			errs <- r.Call(context.Background(), "POST", decisionPath("m", int64(i)), decisionBody(int64(20-i), int64(i), "m"), nil)
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if p.n.Load() != 20 {
		t.Errorf("%d decisions, want 20", p.n.Load())
	}
}

// raw sends a hand-made request, for the refusals.
func raw(t *testing.T, r *Remote, method, path string, body []byte, ts int64, sig string) int {
	t.Helper()
	req, _ := http.NewRequest(method, r.BaseURL+path, strings.NewReader(string(body)))
	req.Header.Set(HeaderTimestamp, fmt.Sprint(ts))
	req.Header.Set(HeaderSignature, sig)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func TestBotRefusals(t *testing.T) {
	b, p, r := newTestBot(t)
	now := time.Now().Unix()
	full := "/tavern" + decisionPath("m", 0)
	good, _ := json.Marshal(decisionBody(1, 0, "m"))
	sign := func(ts int64, body []byte) string { return Sign([]byte("secret"), ts, "POST", full, body) }
	big := make([]byte, MaxBody+10)
	for i := range big {
		big[i] = ' '
	}
	cases := []struct {
		name   string
		path   string
		body   []byte
		ts     int64
		sig    string
		status int
	}{
		{"wrong signature", decisionPath("m", 0), good, now, Sign([]byte("nope"), now, "POST", full, good), 401},
		{"stale timestamp", decisionPath("m", 0), good, now - 400, sign(now-400, good), 401},
		{"oversized body", decisionPath("m", 0), big, now, sign(now, big), 413},
		{"malformed body", decisionPath("m", 0), []byte(`{"protocol":1,`), now, sign(now, []byte(`{"protocol":1,`)), 400},
		{"no choices and no seat", decisionPath("m", 0), []byte(`{"protocol":1}`), now, sign(now, []byte(`{"protocol":1}`)), 400},
	}
	for _, c := range cases {
		if got := raw(t, r, "POST", c.path, c.body, c.ts, c.sig); got != c.status {
			t.Errorf("%s: status %d, want %d", c.name, got, c.status)
		}
	}
	if p.n.Load() != 0 {
		t.Errorf("refused requests reached the strategy %d times", p.n.Load())
	}
	if _, ok := b.Match("m"); ok {
		t.Errorf("refused requests changed the match log")
	}
	// After all that, the genuine request still works as seq 1.
	if got := raw(t, r, "POST", decisionPath("m", 0), good, now, sign(now, good)); got != 200 {
		t.Errorf("genuine request after refusals: %d", got)
	}
}

func TestBotInvitationRoundAndEvents(t *testing.T) {
	b, _, r := newTestBot(t)
	ctx := context.Background()
	var inv InvitationReply
	if err := r.Call(ctx, "POST", "/v1/games/liars_bar/invitations", Invitation{Protocol: 1, Seq: r.NextSeq(), Game: "liars_bar", MatchID: "m", SeatsLeft: 2}, &inv); err != nil || !inv.Accept {
		t.Fatalf("invitation: %v %v", inv, err)
	}
	// A game without a strategy is played from choices (section 七).
	if err := r.Call(ctx, "POST", "/v1/games/chess/invitations", Invitation{Protocol: 1, Seq: r.NextSeq(), Game: "chess", MatchID: "m2", SeatsLeft: 2}, &inv); err != nil || !inv.Accept {
		t.Fatalf("invitation to a game without a strategy: %v %v", inv, err)
	}
	if err := r.Call(ctx, "POST", "/v1/games/liars_bar/invitations", Invitation{Protocol: 1, Seq: r.NextSeq(), Game: "liars_bar", MatchID: "m3", SeatsLeft: 0}, &inv); err != nil || inv.Accept {
		t.Fatalf("invitation to a full table: %v %v", inv, err)
	}
	rs := RoundStart{Common: Common{Protocol: 1, Seq: r.NextSeq(), Game: "liars_bar", MatchID: "m"}, Round: 1, Private: json.RawMessage(`{"hand":["Q","K"]}`)}
	if err := r.Call(ctx, "PUT", "/v1/games/liars_bar/matches/m/rounds/1", rs, nil); err != nil {
		t.Fatal(err)
	}
	eb := EventBatch{Common: Common{Protocol: 1, Seq: r.NextSeq(), Game: "liars_bar", MatchID: "m"}, Events: []json.RawMessage{json.RawMessage(`{"type":"play"}`)}}
	if err := r.Call(ctx, "POST", "/v1/games/liars_bar/matches/m/events", eb, nil); err != nil {
		t.Fatal(err)
	}
	m, ok := b.Match("m")
	if !ok || string(m.Rounds[1]) != `{"hand":["Q","K"]}` || len(m.Events) != 1 {
		t.Errorf("match log %+v", m)
	}
}

func TestReplyForms(t *testing.T) {
	for _, s := range []string{`{"turn_id":3,"choice":"aim:1","line":"bang"}`, `{"turn_id":4,"action":"play","cards":[0,2]}`} {
		var r Reply
		if err := json.Unmarshal([]byte(s), &r); err != nil {
			t.Fatal(err)
		}
		out, _ := json.Marshal(r)
		var a, b map[string]any
		json.Unmarshal([]byte(s), &a)
		json.Unmarshal(out, &b)
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("round trip %s -> %s", s, out)
		}
	}
	var r Reply
	if err := json.Unmarshal([]byte(`{"turn_id":"x"}`), &r); err == nil {
		t.Errorf("bad turn_id accepted")
	}
}

func TestBotSecretRotation(t *testing.T) {
	b, p, r := newTestBot(t)
	b.OldSecrets = [][]byte{[]byte("old-secret")}
	old := &Remote{BaseURL: r.BaseURL, Secret: []byte("old-secret")}
	if err := old.Call(context.Background(), "POST", decisionPath("m", 0), decisionBody(1, 0, "m"), nil); err != nil {
		t.Fatalf("old secret refused during rotation: %v", err)
	}
	if err := r.Call(context.Background(), "POST", decisionPath("m", 1), decisionBody(2, 1, "m"), nil); err != nil {
		t.Fatalf("new secret refused: %v", err)
	}
	b.OldSecrets = nil
	if err := old.Call(context.Background(), "POST", decisionPath("m", 2), decisionBody(3, 2, "m"), nil); err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("old secret still accepted after rotation: %v", err)
	}
	if p.n.Load() != 2 {
		t.Errorf("%d decisions, want 2", p.n.Load())
	}
}

func TestWithinDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start := time.Now()
	got, _ := within(ctx, "fallback", func() string { time.Sleep(2 * time.Second); return "slow" })
	if got != "fallback" || time.Since(start) > time.Second {
		t.Errorf("within returned %q after %v", got, time.Since(start))
	}
	got, _ = within(context.Background(), "fallback", func() string { return "fast" })
	if got != "fast" {
		t.Errorf("within returned %q", got)
	}
	got, err := within(context.Background(), "fallback", func() string { panic("boom") })
	if got != "fallback" || !errors.Is(err, ErrBadRequest) || !errors.Is(err, errStrategyPanic) {
		t.Errorf("a panicking decision: %q, %v; want the fallback and a bad-request error", got, err)
	}
}

// FuzzDecision feeds arbitrary bodies through the decision decoder and the
// view folds of both games: errors are fine, panics are not.
func FuzzDecision(f *testing.F) {
	f.Add([]byte(`{"protocol":1,"seq":1,"game":"liars_bar","match_id":"m","turn_id":0,"you":{"seat":0,"name":"x"},"ask":"move","setup":{"variant":"basic","players":4,"hand_size":5,"max_play":3,"max_rounds":200},"log":[{"type":"round_start","round":1,"table_card":"K","first":0},{"type":"hand","round":1,"seat":0,"cards":["Q","K"]},{"type":"play","round":1,"seat":0,"count":2}]}`))
	f.Add([]byte(`{"protocol":1,"seq":1,"game":"bullet_poker","match_id":"m","turn_id":0,"you":{"seat":1,"name":"x"},"ask":"move","setup":{"players":3,"hand_cap":200},"log":[{"type":"start","seat":-1,"count":3},{"type":"deal","seat":-1,"hand":1,"alive":7,"street":"preflop"},{"type":"board","seat":-1,"count":3,"cards":["Ah","Kd","2c","2c"]}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var d Decision
		if json.Unmarshal(body, &d) != nil || d.You == nil {
			return
		}
		LiarsBarView(&d)
		BulletPokerView(&d)
	})
}

func TestBotForgetsOldMatches(t *testing.T) {
	b, _, r := newTestBot(t)
	now := time.Now()
	b.Now = func() time.Time { return now }
	ctx := context.Background()
	ev := func(seq int64, match string) EventBatch {
		return EventBatch{Common: Common{Protocol: 1, Seq: seq, Game: "liars_bar", MatchID: match}, Events: []json.RawMessage{json.RawMessage(`{}`)}}
	}
	// Signatures are checked against the bot's clock: sign with the same one.
	r.Now = b.Now
	if err := r.Call(ctx, "POST", "/v1/games/liars_bar/matches/old/events", ev(1, "old"), nil); err != nil {
		t.Fatal(err)
	}
	now = now.Add(matchTTL + time.Minute)
	if err := r.Call(ctx, "POST", "/v1/games/liars_bar/matches/new/events", ev(2, "new"), nil); err != nil {
		t.Fatal(err)
	}
	if _, ok := b.Match("old"); ok {
		t.Error("a match idle for longer than the TTL is still kept")
	}
	if _, ok := b.Match("new"); !ok {
		t.Error("the new match is not logged")
	}
}
