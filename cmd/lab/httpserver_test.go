package main

import (
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

// A connection that never sends a request (a client's spare keep-alive
// dial) does not hold up the shutdown: net/http alone would wait 5 s for
// it. A request in flight is still waited for and answered.
func TestHTTPServerShutdownSkipsUnusedConnections(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	started := make(chan struct{})
	hs := newHTTPServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			close(started)
			<-release
		}
		io.WriteString(w, "ok")
	}))
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()

	idle, err := net.Dial("tcp", ln.Addr().String()) // connects, never sends
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	slow := make(chan string, 1)
	go func() {
		resp, err := http.Get("http://" + ln.Addr().String() + "/slow")
		if err != nil {
			slow <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		slow <- string(b)
	}()
	<-started
	// Let the server see the idle connection before the shutdown starts.
	for range 100 {
		hs.mu.Lock()
		n := len(hs.fresh)
		hs.mu.Unlock()
		if n > 0 {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}

	t0 := time.Now()
	type result struct {
		forced bool
		err    error
	}
	done := make(chan result, 1)
	go func() {
		f, err := hs.shutdown(10 * time.Second)
		done <- result{f, err}
	}()
	time.Sleep(100 * time.Millisecond) // the slow request is still running
	close(release)
	r := <-done
	if r.forced || r.err != nil {
		t.Fatalf("shutdown forced %v, err %v", r.forced, r.err)
	}
	if d := time.Since(t0); d > 3*time.Second {
		t.Errorf("shutdown took %v with an unused connection open (net/http alone waits 5 s)", d)
	}
	if got := <-slow; got != "ok" {
		t.Errorf("request in flight during shutdown got %q, want ok", got)
	}
	if err := <-served; err != http.ErrServerClosed {
		t.Errorf("Serve returned %v", err)
	}
	// The unused connection was closed by the server.
	idle.SetReadDeadline(time.Now().Add(2 * time.Second))
	if _, err := idle.Read(make([]byte, 1)); err == nil {
		t.Error("the unused connection is still open")
	}
}
