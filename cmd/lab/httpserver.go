package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync"
	"time"
)

// httpServer is an http.Server that shuts down without waiting for
// connections that never carried a request. A client's transport can dial
// a spare keep-alive connection and then not use it (another connection
// freed up first); net/http counts such a connection as idle only after
// 5 s, so a graceful Shutdown waited 5 s for it (seen under load in `lab
// serve werewolf`'s test). It tracks those connections and closes them
// once shutdown has begun.
type httpServer struct {
	*http.Server
	mu    sync.Mutex
	fresh map[net.Conn]bool // connections in http.StateNew
}

func newHTTPServer(h http.Handler) *httpServer {
	s := &httpServer{fresh: map[net.Conn]bool{}}
	s.Server = &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ConnState: s.track}
	return s
}

func (s *httpServer) track(c net.Conn, st http.ConnState) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st == http.StateNew {
		s.fresh[c] = true
	} else {
		delete(s.fresh, c)
	}
}

// closeFresh closes the connections that have not carried a request.
func (s *httpServer) closeFresh() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.fresh {
		c.Close() // the server's read fails and the connection ends
		delete(s.fresh, c)
	}
}

// shutdown stops accepting, closes the connections that never carried a
// request, and waits up to grace for the requests in flight; after grace
// it closes what is left and reports forced.
func (s *httpServer) shutdown(grace time.Duration) (forced bool, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.Shutdown(ctx) }()
	// Shutdown closes the listeners first; a connection accepted just
	// before that may still turn up, hence a few passes.
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case err := <-done:
			if errors.Is(err, context.DeadlineExceeded) {
				return true, s.Close()
			}
			return false, err
		case <-tick.C:
			s.closeFresh()
		}
	}
}
