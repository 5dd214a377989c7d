package tavern

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// recordingPolicy is the generic policy, noting which seqs it answered.
type recordingPolicy struct {
	mu  sync.Mutex
	seq map[int64]bool
}

func (p *recordingPolicy) Choose(ctx context.Context, d *Decision) (string, error) {
	p.mu.Lock()
	p.seq[d.Seq] = true
	p.mu.Unlock()
	return SayPolicy{}.Choose(ctx, d)
}

// signedPost sends body as the dealer would (section 四) and returns the
// status and answer.
func signedPost(t *testing.T, base, path string, secret, body []byte) (int, []byte) {
	t.Helper()
	u := base + path
	req, err := http.NewRequest("POST", u, strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	ts := time.Now().Unix()
	req.Header.Set(HeaderTimestamp, fmt.Sprint(ts))
	req.Header.Set(HeaderSignature, Sign(secret, ts, "POST", req.URL.Path, body))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	ans, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, ans
}

// TestDocumentOnlyRequests sends decision requests written from the
// protocol document's text alone (seeds/001, sections 五 and 七: the common
// fields, ask/prompt/rules/choices, no setup, no log; testdata/docrequests)
// to our bot with its real strategies. Each must be answered 200, within
// deadline_ms, with turn_id and an id from its choices; the ones that
// carry enough to build a View are decided by the strategy, the rest by
// the generic policy.
func TestDocumentOnlyRequests(t *testing.T) {
	secret := []byte("双方约定的密钥")
	lb, err := NewPlayer(GameLiarsBar, "bayes")
	if err != nil {
		t.Fatal(err)
	}
	bp, err := NewPlayer(GameBulletPoker, "equity")
	if err != nil {
		t.Fatal(err)
	}
	generic := &recordingPolicy{seq: map[int64]bool{}}
	bot := &Bot{Secret: secret, Name: "小机", Generic: generic,
		Players: map[string]Player{GameLiarsBar: lb, GameBulletPoker: bp}}
	srv := httptest.NewServer(bot.Handler("/tavern"))
	defer srv.Close()

	// Who must decide: the strategy when the request carries what it
	// needs (a hand in the say texts, hole cards), else the generic policy.
	cases := []struct {
		file    string
		generic bool
		want    string // the one right answer, when there is one
	}{
		{file: "lb_basic.json"},
		{file: "lb_equal_cards_other_indices.json", want: "play:0,3"}, // both Ks: listed as 0 and 3
		{file: "lb_fewer_plays_offered.json", want: "play:2"},         // wants K+Joker, only singles offered: the first true single
		{file: "lb_devil.json"},
		{file: "lb_chaos_move.json"},
		{file: "lb_chaos_aim.json"},
		{file: "lb_mixed_mode_ids.json"},
		{file: "unknown_fields.json"},
		{file: "bp_classic_with_board.json"},
		{file: "bp_classic.json", generic: true, want: "call"},
		{file: "bp_liarstexas.json", generic: true, want: "raise"},
		{file: "bp_simultaneous.json", generic: true, want: "fold"},
		{file: "unknown_game.json", generic: true},
		{file: "lb_new_mode_ids.json", generic: true},
	}
	for _, c := range cases {
		body, err := os.ReadFile(filepath.Join("testdata", "docrequests", c.file))
		if err != nil {
			t.Fatal(err)
		}
		// Read the request as a stranger would: plain JSON, not our types.
		var req struct {
			Seq     int64  `json:"seq"`
			Game    string `json:"game"`
			MatchID string `json:"match_id"`
			TurnID  int64  `json:"turn_id"`
			Choices []struct {
				ID any `json:"id"`
			} `json:"choices"`
		}
		if err := json.Unmarshal(body, &req); err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		path := fmt.Sprintf("/tavern/v1/games/%s/matches/%s/turns/%d/decision", req.Game, req.MatchID, req.TurnID)
		start := time.Now()
		status, ans := signedPost(t, srv.URL, path, secret, body)
		if time.Since(start) > 58*time.Second {
			t.Errorf("%s: answered after %v", c.file, time.Since(start))
		}
		if status != http.StatusOK {
			t.Errorf("%s: status %d: %s", c.file, status, ans)
			continue
		}
		var rep struct {
			TurnID *int64 `json:"turn_id"`
			Choice string `json:"choice"`
		}
		if err := json.Unmarshal(ans, &rep); err != nil || rep.TurnID == nil || *rep.TurnID != req.TurnID {
			t.Errorf("%s: answer %s", c.file, ans)
		}
		offered := false
		for _, ch := range req.Choices {
			offered = offered || ch.ID == rep.Choice
		}
		if !offered {
			t.Errorf("%s: answered %q, not offered", c.file, rep.Choice)
		}
		if c.want != "" && rep.Choice != c.want {
			t.Errorf("%s: answered %q, want %q", c.file, rep.Choice, c.want)
		}
		generic.mu.Lock()
		used := generic.seq[req.Seq]
		generic.mu.Unlock()
		if used != c.generic {
			t.Errorf("%s: generic policy used %v, want %v", c.file, used, c.generic)
		}
	}
}
