package nostr

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/coder/websocket"
	gn "github.com/nbd-wtf/go-nostr"
)

// Newest asks every relay once for the stored events matching filter and
// returns the newest created_at among those that verify and that accept
// lets through (0 if there are none). Relays that cannot be reached or do
// not answer before ctx ends are skipped; the error joins their failures
// and is nil if at least one relay answered.
//
// The player uses it to start after the server's newest event: a server
// whose clock runs ahead of ours (our own referee without pacing, or any
// fast server) stamps the previous game's events after our "now", so a
// subscription with since = now would replay that game.
func Newest(ctx context.Context, relays []string, filter gn.Filter, accept func(*gn.Event) bool) (gn.Timestamp, error) {
	var (
		mu     sync.Mutex
		newest gn.Timestamp
		errs   []error
		wg     sync.WaitGroup
	)
	answered := false
	for _, url := range relays {
		wg.Add(1)
		go func() {
			defer wg.Done()
			at, err := newestOn(ctx, url, filter, accept)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
				return
			}
			answered = true
			newest = max(newest, at)
		}()
	}
	wg.Wait()
	if answered {
		return newest, nil
	}
	return 0, errors.Join(errs...)
}

func newestOn(ctx context.Context, url string, filter gn.Filter, accept func(*gn.Event) bool) (gn.Timestamp, error) {
	conn, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return 0, err
	}
	defer conn.CloseNow()
	conn.SetReadLimit(4 << 20)
	const id = "newest"
	req, err := gn.ReqEnvelope{SubscriptionID: id, Filters: gn.Filters{filter}}.MarshalJSON()
	if err != nil {
		return 0, err
	}
	if err := conn.Write(ctx, websocket.MessageText, req); err != nil {
		return 0, err
	}
	var newest gn.Timestamp
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return 0, err
		}
		env, err := parser.ParseMessage(string(data))
		if err != nil {
			continue
		}
		switch e := env.(type) {
		case *gn.EventEnvelope:
			ev := e.Event
			if e.SubscriptionID == nil || *e.SubscriptionID != id || !ev.CheckID() {
				continue
			}
			// A forged event far in the future must not move our start.
			if ok, err := ev.CheckSignature(); !ok || err != nil || (accept != nil && !accept(&ev)) {
				continue
			}
			newest = max(newest, ev.CreatedAt)
		case *gn.EOSEEnvelope:
			frame, _ := gn.CloseEnvelope(id).MarshalJSON()
			wctx, cancel := context.WithTimeout(ctx, time.Second)
			_ = conn.Write(wctx, websocket.MessageText, frame) // best effort: we hang up next
			cancel()
			conn.Close(websocket.StatusNormalClosure, "")
			return newest, nil
		case *gn.ClosedEnvelope:
			return 0, errors.New("relay " + url + " closed the query: " + e.Reason)
		}
	}
}
