package tavern

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestSlowBodyCannotHoldConnection: a client that sends its headers and
// then trickles the body is cut off after BodyTimeout, not held as long
// as it likes.
func TestSlowBodyCannotHoldConnection(t *testing.T) {
	b := &Bot{Secret: []byte("secret"), BodyTimeout: 300 * time.Millisecond, Players: map[string]Player{}}
	srv := httptest.NewServer(b.Handler("/tavern"))
	defer srv.Close()
	c, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /tavern/v1/games/liars_bar/invitations HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{")
	start := time.Now()
	stop := make(chan struct{})
	go func() { // one byte every 100 ms: never a whole body
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
				if _, err := c.Write([]byte(" ")); err != nil {
					return
				}
			}
		}
	}()
	defer close(stop)
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err == nil {
		resp.Body.Close()
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("a trickling body held the connection %v (BodyTimeout 300 ms)", took)
	}
	if err == nil && resp.StatusCode != http.StatusBadRequest {
		t.Errorf("status %d, want 400 (cannot read body)", resp.StatusCode)
	}
}

// TestSlowDecisionNotCancelledByBodyDeadline: a decision that takes longer
// than BodyTimeout still answers with the strategy's choice (the body
// deadline is lifted once the body is read).
func TestSlowDecisionNotCancelledByBodyDeadline(t *testing.T) {
	slow := playerFunc(func(ctx context.Context, d *Decision) (Reply, error) {
		select {
		case <-time.After(500 * time.Millisecond):
			return Reply{Choice: "challenge"}, nil
		case <-ctx.Done():
			return Reply{}, ctx.Err()
		}
	})
	b := &Bot{Secret: []byte("secret"), BodyTimeout: 100 * time.Millisecond, Players: map[string]Player{GameLiarsBar: slow}}
	r := newRemote(t, b)
	var rep Reply
	if err := r.Call(context.Background(), "POST", decisionPath("m", 0), decisionBody(1, 0, "m"), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Choice != "challenge" {
		t.Errorf("choice %q, want the slow strategy's challenge", rep.Choice)
	}
}

type playerFunc func(ctx context.Context, d *Decision) (Reply, error)

func (f playerFunc) Decide(ctx context.Context, d *Decision) (Reply, error) { return f(ctx, d) }

// TestBehindPathRewritingProxy: the dealer signs /tavern/v1/…; a proxy
// strips /tavern before the bot. Without SignedBase every request is
// refused (401); with SignedBase "/tavern" they verify.
func TestBehindPathRewritingProxy(t *testing.T) {
	for _, signedBase := range []string{"", "/tavern"} {
		b := &Bot{Secret: []byte("secret"), SignedBase: signedBase, Players: map[string]Player{GameLiarsBar: &countingPlayer{}}}
		bot := httptest.NewServer(b.Handler(""))
		target, _ := url.Parse(bot.URL)
		proxy := httptest.NewServer(&httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			pr.Out.URL.Path = strings.TrimPrefix(pr.In.URL.Path, "/tavern")
			pr.Out.URL.RawPath = ""
		}})
		r := &Remote{BaseURL: proxy.URL + "/tavern", Secret: b.Secret}
		err := r.Call(context.Background(), "POST", decisionPath("m", 0), decisionBody(1, 0, "m"), nil)
		switch {
		case signedBase == "" && (err == nil || !strings.Contains(err.Error(), "401")):
			t.Errorf("rewritten path without SignedBase: %v, want 401", err)
		case signedBase != "" && err != nil:
			t.Errorf("rewritten path with SignedBase %q: %v", signedBase, err)
		}
		proxy.Close()
		bot.Close()
	}
}

// TestDeadlineKeptWhenPlayerHangs: a Player that ignores its context and
// never answers (a hung remote model) still gets the turn answered, with
// an offered id, within deadline_ms.
func TestDeadlineKeptWhenPlayerHangs(t *testing.T) {
	hang := make(chan struct{})
	defer close(hang)
	p := playerFunc(func(context.Context, *Decision) (Reply, error) { <-hang; return Reply{}, nil })
	r := newRemote(t, &Bot{Secret: []byte("secret"), Players: map[string]Player{GameLiarsBar: p}})
	body := decisionBody(1, 0, "m")
	body["deadline_ms"] = 600
	start := time.Now()
	var rep Reply
	if err := r.Call(context.Background(), "POST", decisionPath("m", 0), body, &rep); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 600*time.Millisecond {
		t.Errorf("answered after %v, deadline_ms 600", took)
	}
	if rep.Choice != "play:0" && rep.Choice != "challenge" {
		t.Errorf("choice %q not offered", rep.Choice)
	}
}
