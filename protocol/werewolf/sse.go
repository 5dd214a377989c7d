package werewolf

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// sseHeartbeat is how often an idle stream sends a comment line, so
// proxies and browsers keep it open.
const sseHeartbeat = 15 * time.Second

// events serves GET /api/games/{id}/events: a Server-Sent Events stream
// whose "spectate" events each carry the whole public view (the body of
// /spectate), sent at once and after every change. Changes that come
// faster than the client reads are coalesced: a slow spectator never
// slows a game. When the game is over the stream sends the final view and
// an "end" event, then closes.
func (s *Server) events(w http.ResponseWriter, r *http.Request, g *game) {
	fl, ok := w.(http.Flusher)
	if !ok {
		writeErr(w, apiErr(http.StatusInternalServerError, "streaming unsupported"))
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)

	ch, cancel := g.subscribe()
	defer cancel()
	beat := time.NewTicker(sseHeartbeat)
	defer beat.Stop()
	send := func() (done bool) {
		v := g.spectate()
		b, err := json.Marshal(v)
		if err != nil {
			return true
		}
		if _, err := fmt.Fprintf(w, "event: spectate\ndata: %s\n\n", b); err != nil {
			return true
		}
		if v.Status == statusFinished {
			fmt.Fprint(w, "event: end\ndata: {}\n\n")
			fl.Flush()
			return true
		}
		fl.Flush()
		return false
	}
	if send() {
		return
	}
	for {
		select {
		case <-r.Context().Done():
			return
		case _, ok := <-ch:
			if !ok {
				return // the server is closing
			}
			if send() {
				return
			}
		case <-beat.C:
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil {
				return
			}
			fl.Flush()
		}
	}
}
