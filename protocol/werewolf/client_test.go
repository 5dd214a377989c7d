package werewolf

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestClientErrorsHideToken: a failed request's error (refused connection,
// or a server that echoes the request path) never contains the player's
// token, and a server's answer keeps its status.
func TestClientErrorsHideToken(t *testing.T) {
	const token = "s3cr3t-token-0123456789abcdef"
	// A port nothing listens on: bind, note it, close.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + ln.Addr().String()
	ln.Close()
	echo := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"success":false,"error":"unknown path `+r.URL.Path+`"}`, http.StatusNotFound)
	}))
	defer echo.Close()
	ctx := context.Background()
	for _, base := range []string{dead, echo.URL} {
		c := NewClient(base, nil)
		_, err1 := c.Status(ctx, "g1", token)
		_, err2 := c.Vote(ctx, "g1", token, "Alice")
		err3 := c.Pass(ctx, "g1", token)
		for _, err := range []error{err1, err2, err3} {
			if err == nil {
				t.Fatalf("%s: no error", base)
			}
			if strings.Contains(err.Error(), token) {
				t.Errorf("%s: error names the token: %v", base, err)
			}
			if base == echo.URL && StatusOf(err) != http.StatusNotFound {
				t.Errorf("%s: status %d lost: %v", base, StatusOf(err), err)
			}
		}
	}
	if shown, tok := redactPath("/api/games/g/players/" + token + "/vote"); shown != "/api/games/g/players/<token>/vote" || tok != token {
		t.Errorf("redactPath = %q, %q", shown, tok)
	}
}
