package tavern

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"gamelab/sim"
)

// docFields reads testdata/section5_fields.txt: the fields the document
// lists per request kind.
func docFields(t *testing.T) map[string][]string {
	t.Helper()
	f, err := os.Open("testdata/section5_fields.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		kind, fields, ok := strings.Cut(line, ":")
		if !ok {
			t.Fatalf("bad line %q", line)
		}
		out[kind] = strings.Fields(fields)
	}
	return out
}

// recorded is one request a recording bot received.
type recorded struct {
	method, path string
	body         map[string]json.RawMessage
}

// TestDealerRequestsFollowSection5 plays a match of every preset with a
// recording bot and checks every request our dealer sent against the
// document's field list: every listed field present and not null, of the
// documented type (humans/bots arrays, you an object with seat and name),
// game/match_id/turn_id equal to the path's, seq strictly increasing from
// 1, turn_id never decreasing.
func TestDealerRequestsFollowSection5(t *testing.T) {
	want := docFields(t)
	var mu sync.Mutex
	var reqs []recorded
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var body map[string]json.RawMessage
		if err := json.Unmarshal(raw, &body); err != nil {
			t.Errorf("%s %s: body not an object: %v", r.Method, r.URL.Path, err)
		}
		mu.Lock()
		reqs = append(reqs, recorded{r.Method, r.URL.Path, body})
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch {
		case strings.HasSuffix(r.URL.Path, "/invitations"):
			fmt.Fprint(w, `{"accept":true}`)
		case strings.HasSuffix(r.URL.Path, "/decision"):
			var cs []Choice
			json.Unmarshal(body["choices"], &cs)
			var turn int64
			json.Unmarshal(body["turn_id"], &turn)
			json.NewEncoder(w).Encode(map[string]any{"turn_id": turn, "choice": cs[0].ID})
		default:
			fmt.Fprint(w, `{}`)
		}
	}))
	defer srv.Close()

	for i, m := range everyMode() {
		reqs = nil
		tb, err := NewTable(m.game, m.preset, 3, sim.Seed(5, uint64(i)), "random")
		if err != nil {
			t.Fatal(err)
		}
		d := &Dealer{MatchID: fmt.Sprintf("s5m%d", i), ChatID: "oc_test", Deadline: 5 * time.Second}
		bot := &Remote{BaseURL: srv.URL + "/tavern", Secret: []byte("k")}
		if _, err := d.Run(context.Background(), tb, []SeatPlayer{{Name: "fill"}, {Name: "bot", Bot: bot}, {Name: "fill2"}}); err != nil {
			t.Fatalf("%s/%s: %v", m.game, m.preset, err)
		}
		kinds := map[string]int{}
		lastSeq, lastTurn := int64(0), int64(-1)
		for _, r := range reqs {
			kind, pathTurn := requestKind(r.path)
			kinds[kind]++
			where := fmt.Sprintf("%s/%s %s %s", m.game, m.preset, r.method, r.path)
			for _, f := range want[kind] {
				if v, ok := r.body[f]; !ok || string(v) == "null" {
					t.Errorf("%s: field %q missing or null", where, f)
				}
			}
			var c struct {
				Protocol int    `json:"protocol"`
				Seq      int64  `json:"seq"`
				Game     string `json:"game"`
				MatchID  string `json:"match_id"`
				TurnID   *int64 `json:"turn_id"`
				You      *struct {
					Seat *int    `json:"seat"`
					Name *string `json:"name"`
				} `json:"you"`
				Humans []string `json:"humans"`
				Bots   []string `json:"bots"`
			}
			raw, _ := json.Marshal(r.body)
			if err := json.Unmarshal(raw, &c); err != nil {
				t.Errorf("%s: field of the wrong type: %v", where, err)
				continue
			}
			if c.Protocol != 1 || c.Game != m.game || c.MatchID != d.MatchID {
				t.Errorf("%s: protocol %d game %q match %q", where, c.Protocol, c.Game, c.MatchID)
			}
			if c.Seq != lastSeq+1 {
				t.Errorf("%s: seq %d after %d", where, c.Seq, lastSeq)
			}
			lastSeq = c.Seq
			if kind == "invitation" {
				continue
			}
			if c.You == nil || c.You.Seat == nil || c.You.Name == nil || *c.You.Seat != 1 {
				t.Errorf("%s: you %s", where, r.body["you"])
			}
			if c.TurnID == nil || *c.TurnID < lastTurn || (pathTurn >= 0 && *c.TurnID != pathTurn) {
				t.Errorf("%s: turn_id %v after %d (path %d)", where, c.TurnID, lastTurn, pathTurn)
			} else {
				lastTurn = *c.TurnID
			}
		}
		for _, k := range []string{"invitation", "round", "decision", "events"} {
			if kinds[k] == 0 {
				t.Errorf("%s/%s: no %s request sent", m.game, m.preset, k)
			}
		}
	}
}

// requestKind names a request by its path (section 三) and gives the
// path's turn_id for a decision (-1 otherwise).
func requestKind(path string) (string, int64) {
	switch {
	case strings.HasSuffix(path, "/invitations"):
		return "invitation", -1
	case strings.Contains(path, "/rounds/"):
		return "round", -1
	case strings.HasSuffix(path, "/events"):
		return "events", -1
	}
	var turn int64 = -1
	if i := strings.Index(path, "/turns/"); i >= 0 {
		fmt.Sscanf(path[i+len("/turns/"):], "%d", &turn)
	}
	return "decision", turn
}
