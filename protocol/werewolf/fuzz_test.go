package werewolf

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzRequestBodies sends arbitrary bodies to every POST endpoint (and
// arbitrary ids and tokens to the GET ones) of a server with a game in
// progress: the server never panics, never answers 5xx, and every error is
// the JSON {"success": false, "error": …} with a message.
func FuzzRequestBodies(f *testing.F) {
	for _, s := range []struct {
		ep   uint8
		body string
	}{
		{0, `{"player_count":5}`},
		{0, `{"player_count":5,"config":{"villagers":2,"fortune_teller":1,"werewolves":1,"madman":1}}`},
		{0, `{"player_count":9,"config":{"villagers":4,"fortune_teller":1,"psychic":1,"werewolves":2,"madman":1,"tie":"no_execution"}}`},
		{0, `{"player_count":-1,"config":{"villagers":-3}}`},
		{0, `{"config":{"speaks":1e9}}`},
		{1, `{"message":"hello","target":"all"}`},
		{1, `{"message":"[co seer] I am","target":"all"}`},
		{1, `{"message":"[vote Bear]","target":"werewolf"}`},
		{1, `{"message":"` + strings.Repeat("x", 5000) + `"}`},
		{1, `{"message":"\ud800"}`},
		{2, `{"target_player":"Fox"}`},
		{3, `{"target_player":"Bear"}`},
		{4, `{"target_player":""}`},
		{4, `{"target_player":null}`},
		{5, `{}`},
		{6, ``},
		{2, `[]`},
		{3, `"x"`},
		{1, `{"message":1}`},
		{7, `x`},
	} {
		f.Add(s.ep, s.body)
	}
	store, err := OpenStore(filepath.Join(f.TempDir(), "fuzz.db"), StoreOptions{Fast: true})
	if err != nil {
		f.Fatal(err)
	}
	defer store.Close()
	srv, err := NewServer(context.Background(), Options{Store: store})
	if err != nil {
		f.Fatal(err)
	}
	defer srv.Close()
	do := func(method, path, body string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		req, err := http.NewRequest(method, "http://127.0.0.1"+path, strings.NewReader(body))
		if err != nil {
			return nil // not a URL a client could send
		}
		srv.ServeHTTP(rec, req)
		return rec
	}
	rec := do("POST", "/api/games", `{"player_count":9}`)
	var g CreateGameResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &g); err != nil {
		f.Fatal(err)
	}
	if rec := do("POST", "/api/games/"+g.GameID+"/start", ""); rec.Code != 200 {
		f.Fatalf("start: %d %s", rec.Code, rec.Body)
	}
	f.Fuzz(func(t *testing.T, ep uint8, body string) {
		p := g.Players[int(ep)%len(g.Players)]
		base := "/api/games/" + g.GameID + "/players/" + p.Token + "/"
		var method, path string
		switch ep % 8 {
		case 0:
			method, path = "POST", "/api/games"
		case 1:
			method, path = "POST", base+"speak"
		case 2:
			method, path = "POST", base+"divine"
		case 3:
			method, path = "POST", base+"kill"
		case 4:
			method, path = "POST", base+"vote"
		case 5:
			method, path = "POST", base+"pass"
		case 6:
			method, path = "POST", "/api/games/"+g.GameID+"/start"
		case 7:
			// Arbitrary ids and tokens in the path.
			seg := strings.Map(func(r rune) rune {
				if r == '/' || r == '?' || r == '#' || r == '%' || r <= ' ' || r == 0x7f {
					return 'x'
				}
				return r
			}, body)
			if seg == "" {
				seg = "x"
			}
			method, path = "GET", "/api/games/"+seg+"/players/"+seg+"/status"
		}
		rec := do(method, path, body)
		if rec == nil {
			return
		}
		if rec.Code >= 300 && rec.Code < 400 && ep%8 == 7 {
			return // the mux redirects to the cleaned path ("/./" etc.)
		}
		if rec.Code >= 500 {
			t.Fatalf("%s %s %q: %d %s", method, path, body, rec.Code, rec.Body)
		}
		if rec.Code >= 400 {
			var e ErrorResponse
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Success || e.Error == "" {
				t.Fatalf("%s %s %q: error body %q", method, path, body, rec.Body)
			}
		} else if rec.Code != http.StatusOK && rec.Code != http.StatusCreated {
			t.Fatalf("%s %s: status %d", method, path, rec.Code)
		}
	})
}
