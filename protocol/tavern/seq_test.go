package tavern

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// seatEcho answers the choice whose id names its seat and match, so an
// answer given for another request shows.
type seatEcho struct{ n atomic.Int64 }

func (p *seatEcho) Decide(_ context.Context, d *Decision) (Reply, error) {
	p.n.Add(1)
	return Reply{Choice: fmt.Sprintf("%s/%d/%d", d.MatchID, d.You.Seat, *d.TurnID)}, nil
}

// echoBody is a decision for seat in match at turn with seq, whose choices
// hold the answer seatEcho must give.
func echoBody(seq int64, match string, seat int, turn int64) map[string]any {
	body := decisionBody(seq, turn, match)
	body["you"] = map[string]any{"seat": seat, "name": "lab"}
	body["choices"] = []map[string]string{{"id": fmt.Sprintf("%s/%d/%d", match, seat, turn)}, {"id": "other"}}
	return body
}

func newEchoBot(t *testing.T) (*Bot, *seatEcho, http.Handler) {
	p := &seatEcho{}
	b := &Bot{Secret: []byte("secret"), Players: map[string]Player{GameLiarsBar: p}}
	return b, p, b.Handler("/tavern")
}

// serve signs and serves one decision without a network.
func serve(t *testing.T, h http.Handler, secret []byte, body map[string]any) (int, Reply) {
	t.Helper()
	raw, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	path := "/tavern" + decisionPath(body["match_id"].(string), body["turn_id"].(int64))
	req := httptest.NewRequest("POST", path, strings.NewReader(string(raw)))
	ts := time.Now().Unix()
	req.Header.Set(HeaderTimestamp, fmt.Sprint(ts))
	req.Header.Set(HeaderSignature, Sign(secret, ts, "POST", path, raw))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var rep Reply
	if rec.Code == http.StatusOK {
		if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil {
			t.Fatal(err)
		}
	}
	return rec.Code, rep
}

func wantEcho(t *testing.T, what string, code int, rep Reply, match string, seat int, turn int64) {
	t.Helper()
	if want := fmt.Sprintf("%s/%d/%d", match, seat, turn); code != http.StatusOK || rep.Choice != want {
		t.Errorf("%s: status %d choice %q, want 200 %q", what, code, rep.Choice, want)
	}
}

func TestSeqReplayFromCache(t *testing.T) {
	b, p, h := newEchoBot(t)
	for range 3 {
		code, rep := serve(t, h, b.Secret, echoBody(5, "m", 1, 7))
		wantEcho(t, "replay", code, rep, "m", 1, 7)
	}
	if p.n.Load() != 1 {
		t.Errorf("%d decisions for one request replayed 3 times, want 1", p.n.Load())
	}
}

func TestSeqDealerRestartResets(t *testing.T) {
	b, p, h := newEchoBot(t)
	for seq := int64(1); seq <= 5; seq++ {
		code, rep := serve(t, h, b.Secret, echoBody(seq, "m", 1, seq))
		wantEcho(t, "first run", code, rep, "m", 1, seq)
	}
	// Restart with a different seq 1, then seqs the first run used, with
	// other bodies: all answered afresh.
	for seq := int64(1); seq <= 5; seq++ {
		code, rep := serve(t, h, b.Secret, echoBody(seq, "m", 1, 100+seq))
		wantEcho(t, "after a restart", code, rep, "m", 1, 100+seq)
	}
	// Restart with an identical seq 1: its cached answer, and seq 2 of
	// the first run's body is answered again (the window was reset).
	n := p.n.Load()
	code, rep := serve(t, h, b.Secret, echoBody(1, "m", 1, 101))
	wantEcho(t, "identical seq 1", code, rep, "m", 1, 101)
	code, rep = serve(t, h, b.Secret, echoBody(2, "m", 1, 2))
	wantEcho(t, "seq 2 after an identical seq 1", code, rep, "m", 1, 2)
	if got := p.n.Load() - n; got != 1 {
		t.Errorf("%d decisions after the identical restart, want 1 (seq 1 cached, seq 2 fresh)", got)
	}
}

func TestSeqForwardJumpDoesNotLockLowerSeqs(t *testing.T) {
	b, _, h := newEchoBot(t)
	code, rep := serve(t, h, b.Secret, echoBody(2, "m", 0, 0))
	wantEcho(t, "seq 2", code, rep, "m", 0, 0)
	code, rep = serve(t, h, b.Secret, echoBody(10*seqWindow, "m", 0, 1))
	wantEcho(t, "a jump forward", code, rep, "m", 0, 1)
	for i, seq := range []int64{3, 4, 10*seqWindow - 1} {
		code, rep := serve(t, h, b.Secret, echoBody(seq, "m", 0, int64(2+i)))
		wantEcho(t, fmt.Sprintf("unseen seq %d below the jump", seq), code, rep, "m", 0, int64(2+i))
	}
}

// TestSeqSameBotSeatedTwice: one dealer, one bot at seats 0 and 2 of one
// match, numbered by one counter (so each seat sees gaps) and by two
// counters (so both seats send the same seqs with other bodies).
func TestSeqSameBotSeatedTwice(t *testing.T) {
	b, _, h := newEchoBot(t)
	seq := int64(0)
	for turn := range int64(6) {
		seat := []int{0, 2}[turn%2]
		seq++
		code, rep := serve(t, h, b.Secret, echoBody(seq, "m1", seat, turn))
		wantEcho(t, "one counter", code, rep, "m1", seat, turn)
	}
	for s := int64(1); s <= 4; s++ {
		for _, seat := range []int{0, 2} {
			code, rep := serve(t, h, b.Secret, echoBody(s, "m2", seat, s*10+int64(seat)))
			wantEcho(t, "two counters", code, rep, "m2", seat, s*10+int64(seat))
		}
	}
}

// TestSeqTwoDealersAtOnce: two dealers, each numbering from 1, send
// interleaved and concurrent requests for their own matches.
func TestSeqTwoDealersAtOnce(t *testing.T) {
	b, p, h := newEchoBot(t)
	var wg sync.WaitGroup
	for _, match := range []string{"dealerA", "dealerB"} {
		wg.Go(func() {
			for seq := int64(1); seq <= 20; seq++ {
				code, rep := serve(t, h, b.Secret, echoBody(seq, match, 1, seq))
				wantEcho(t, match, code, rep, match, 1, seq)
			}
		})
	}
	wg.Wait()
	if p.n.Load() != 40 {
		t.Errorf("%d decisions, want 40", p.n.Load())
	}
}

// TestSeqStreamsBounded: a long-running bot keeps at most maxStreams
// streams and seqWindow answers a stream.
func TestSeqStreamsBounded(t *testing.T) {
	b, _, h := newEchoBot(t)
	for i := range maxStreams + 10 {
		serve(t, h, b.Secret, echoBody(1, fmt.Sprintf("m%d", i), 0, 0))
	}
	for seq := int64(2); seq <= seqWindow+50; seq++ {
		serve(t, h, b.Secret, echoBody(seq, "long", 0, seq))
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.streams) > maxStreams {
		t.Errorf("%d streams kept, at most %d", len(b.streams), maxStreams)
	}
	if n := len(b.streams[streamKey{"long", 0}].answers); n > seqWindow {
		t.Errorf("%d answers kept in a stream, at most %d", n, seqWindow)
	}
}
