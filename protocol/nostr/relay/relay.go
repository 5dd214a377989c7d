package relay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/coder/websocket"
	"github.com/nbd-wtf/go-nostr"
)

// Relay is an in-memory NIP-01 relay. The zero value is not usable; call New.
type Relay struct {
	log *slog.Logger

	mu      sync.Mutex
	events  []*nostr.Event          // stored events, in arrival order
	byID    map[string]*nostr.Event // stored and ephemeral ids seen (duplicates)
	clients map[*client]struct{}
}

// New returns an empty relay logging to log (nil = discard).
func New(log *slog.Logger) *Relay {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Relay{log: log, byID: map[string]*nostr.Event{}, clients: map[*client]struct{}{}}
}

// maxQueue is how many outgoing frames a client may have pending before the
// relay gives up on it and closes its connection.
const maxQueue = 4096

type client struct {
	conn *websocket.Conn
	out  chan []byte
	subs map[string]nostr.Filters // guarded by Relay.mu
	done chan struct{}
	once sync.Once
}

func (c *client) close() { c.once.Do(func() { close(c.done) }) }

// closed reports whether the client was closed.
func (c *client) closed() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

// send queues a frame; a client whose queue is full is closed (a slow
// consumer must not stall the relay). Called with Relay.mu held. Nothing is
// queued after close: a dropped connection delivers a prefix of the frames,
// never a later frame without an earlier one (a select over a ready queue
// and a closed done picks either at random).
func (c *client) send(frame []byte) {
	if frame == nil || c.closed() {
		return // not encodable (logged by Relay.frame), or closed
	}
	select {
	case c.out <- frame:
	default:
		c.close()
	}
}

// ServeHTTP upgrades the request to a websocket and serves NIP-01 on it.
func (r *Relay) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	conn, err := websocket.Accept(w, req, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		r.log.Debug("relay: accept failed", "err", err)
		return
	}
	conn.SetReadLimit(1 << 20)
	c := &client{conn: conn, out: make(chan []byte, maxQueue), subs: map[string]nostr.Filters{}, done: make(chan struct{})}
	r.mu.Lock()
	r.clients[c] = struct{}{}
	r.mu.Unlock()
	ctx, cancel := context.WithCancel(req.Context())
	defer func() {
		cancel()
		r.mu.Lock()
		delete(r.clients, c)
		r.mu.Unlock()
		c.close()
		conn.Close(websocket.StatusNormalClosure, "")
	}()
	go func() { // writer: one goroutine keeps the frame order per client
		for {
			select {
			case f := <-c.out:
				if c.closed() { // dropped: write no frame after the drop
					cancel()
					return
				}
				if err := conn.Write(ctx, websocket.MessageText, f); err != nil {
					c.close()
					return
				}
			case <-c.done:
				cancel()
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return
		}
		r.handle(c, string(data))
	}
}

var parser = nostr.NewMessageParser()

// handle processes one client frame. A frame that is not a JSON array is
// answered with a NOTICE before go-nostr's parser sees it: that parser
// reads some malformed frames as envelopes (`["EVENT"{"id":"\x00"}`).
func (r *Relay) handle(c *client, msg string) {
	if !json.Valid([]byte(msg)) || !strings.HasPrefix(strings.TrimLeft(msg, " \t\r\n"), "[") {
		r.notice(c, "error: a frame must be a JSON array")
		return
	}
	env, err := parser.ParseMessage(msg)
	if err != nil || env == nil {
		r.notice(c, "error: could not parse message")
		return
	}
	switch e := env.(type) {
	case *nostr.EventEnvelope:
		ok, reason := r.accept(&e.Event)
		frame := r.frame("OK", e.Event.ID, ok, reason)
		r.mu.Lock()
		c.send(frame)
		r.mu.Unlock()
	case *nostr.ReqEnvelope:
		r.subscribe(c, e.SubscriptionID, e.Filters)
	case *nostr.CloseEnvelope:
		r.mu.Lock()
		delete(c.subs, string(*e))
		r.mu.Unlock()
	default:
		r.notice(c, "error: unsupported message "+env.Label())
	}
}

func (r *Relay) notice(c *client, text string) {
	frame := r.frame("NOTICE", text)
	r.mu.Lock()
	c.send(frame)
	r.mu.Unlock()
}

// Ephemeral reports whether events of kind k are forwarded but not stored.
func Ephemeral(k int) bool { return k >= 20000 && k < 30000 }

// replaceKey returns the key under which an event of this kind replaces
// older ones, or "" if the kind is a regular stored kind.
func replaceKey(e *nostr.Event) string {
	switch {
	case e.Kind == 0 || e.Kind == 3 || (e.Kind >= 10000 && e.Kind < 20000):
		return fmt.Sprintf("%s:%d", e.PubKey, e.Kind)
	case e.Kind >= 30000 && e.Kind < 40000:
		return fmt.Sprintf("%s:%d:%s", e.PubKey, e.Kind, e.Tags.GetD())
	}
	return ""
}

// newer reports whether a replaces b under NIP-01's rule: later created_at,
// or on a tie the lexically lower id.
func newer(a, b *nostr.Event) bool {
	if a.CreatedAt != b.CreatedAt {
		return a.CreatedAt > b.CreatedAt
	}
	return a.ID < b.ID
}

// Validate checks an event's id and signature; it returns a NIP-01
// "invalid: …" reason or "".
func Validate(e *nostr.Event) string {
	if len(e.ID) != 64 || !e.CheckID() {
		return "invalid: event id does not match its content"
	}
	ok, err := e.CheckSignature()
	if err != nil {
		return "invalid: " + err.Error()
	}
	if !ok {
		return "invalid: signature does not verify"
	}
	return ""
}

// accept validates, stores and broadcasts an event.
func (r *Relay) accept(e *nostr.Event) (bool, string) {
	if reason := Validate(e); reason != "" {
		r.log.Debug("relay: rejected event", "id", e.ID, "reason", reason)
		return false, reason
	}
	ev := *e
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.byID[ev.ID]; dup {
		return true, "duplicate: already have this event"
	}
	if !Ephemeral(ev.Kind) {
		if key := replaceKey(&ev); key != "" {
			for i, old := range r.events {
				if replaceKey(old) != key {
					continue
				}
				if !newer(&ev, old) {
					return true, "duplicate: have a newer version of this event"
				}
				r.events = slices.Delete(r.events, i, i+1)
				break
			}
		}
		r.events = append(r.events, &ev)
	}
	r.byID[ev.ID] = &ev
	for c := range r.clients {
		for id, fs := range c.subs {
			if fs.Match(&ev) {
				c.send(r.eventFrame(id, &ev))
			}
		}
	}
	return true, ""
}

func (r *Relay) eventFrame(sub string, e *nostr.Event) []byte {
	return r.frame("EVENT", sub, wireEvent{ID: e.ID, PubKey: e.PubKey, CreatedAt: int64(e.CreatedAt), Kind: e.Kind,
		Tags: e.Tags, Content: e.Content, Sig: e.Sig})
}

// wireEvent is an event as NIP-01 writes it, encoded by encoding/json (not
// by go-nostr's hand-written encoder, which copies some strings unescaped).
type wireEvent struct {
	ID        string     `json:"id"`
	PubKey    string     `json:"pubkey"`
	CreatedAt int64      `json:"created_at"`
	Kind      int        `json:"kind"`
	Tags      nostr.Tags `json:"tags"`
	Content   string     `json:"content"`
	Sig       string     `json:"sig"`
}

// frame encodes an outgoing frame, a JSON array of parts, with
// encoding/json: whatever a client sent that the relay echoes (an id, a
// subscription id, a reason) comes out escaped, so every frame is valid
// JSON. Parts are strings, bools and wireEvents, which always encode; if
// one ever did not, the error is logged and an empty frame (which send
// skips) is returned.
func (r *Relay) frame(parts ...any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(parts); err != nil {
		r.log.Error("relay: cannot encode a frame", "err", err)
		return nil
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// subscribe replaces the client's subscription id, sends the stored matches
// (each filter's limit applied to its newest matches) and EOSE.
func (r *Relay) subscribe(c *client, id string, fs nostr.Filters) {
	r.mu.Lock()
	defer r.mu.Unlock()
	c.subs[id] = fs
	seen := map[string]bool{}
	var out []*nostr.Event
	for _, f := range fs {
		if f.LimitZero {
			continue
		}
		var m []*nostr.Event
		for _, e := range r.events {
			if f.Matches(e) {
				m = append(m, e)
			}
		}
		sortNewestFirst(m)
		if f.Limit > 0 && len(m) > f.Limit {
			m = m[:f.Limit]
		}
		for _, e := range m {
			if !seen[e.ID] {
				seen[e.ID] = true
				out = append(out, e)
			}
		}
	}
	sortNewestFirst(out)
	for _, e := range out {
		c.send(r.eventFrame(id, e))
	}
	c.send(r.frame("EOSE", id))
}

// sortNewestFirst orders events by created_at descending, then by id
// ascending (the order NIP-01 asks for, made total).
func sortNewestFirst(es []*nostr.Event) {
	slices.SortStableFunc(es, func(a, b *nostr.Event) int {
		if a.CreatedAt != b.CreatedAt {
			if a.CreatedAt > b.CreatedAt {
				return -1
			}
			return 1
		}
		return strings.Compare(a.ID, b.ID)
	})
}

// Stored returns a copy of the stored events in arrival order.
func (r *Relay) Stored() []nostr.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]nostr.Event, len(r.events))
	for i, e := range r.events {
		out[i] = *e
	}
	return out
}

// Drop closes every client connection; stored events stay. Clients see a
// dropped connection and must reconnect and resubscribe.
func (r *Relay) Drop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for c := range r.clients {
		c.close()
	}
}

// Clients returns the number of connected clients.
func (r *Relay) Clients() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.clients)
}

// Server is a relay listening on a TCP address.
type Server struct {
	*Relay
	URL  string // ws://host:port
	srv  *http.Server
	ln   net.Listener
	done chan error
}

// Listen starts a relay on addr (e.g. "127.0.0.1:0") and serves it until
// Close.
func Listen(addr string, log *slog.Logger) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("relay: listen %s: %w", addr, err)
	}
	s := &Server{Relay: New(log), ln: ln, URL: "ws://" + ln.Addr().String(), done: make(chan error, 1)}
	s.srv = &http.Server{Handler: s.Relay}
	go func() { s.done <- s.srv.Serve(ln) }()
	return s, nil
}

// Close stops the listener and closes every connection.
func (s *Server) Close() error {
	s.Drop()
	err := s.srv.Close()
	if e := <-s.done; e != nil && !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	return err
}
