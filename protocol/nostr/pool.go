package nostr

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	gn "github.com/nbd-wtf/go-nostr"
)

// PoolConfig configures a Pool.
type PoolConfig struct {
	// Relays are websocket URLs (ws:// or wss://).
	Relays []string
	// Filters returns the subscription filters for a (re)subscription
	// starting at since (unix seconds).
	Filters func(since gn.Timestamp) gn.Filters
	// Since is the first subscription's since (0 = now).
	Since gn.Timestamp
	// KeepSince resubscribes with Since instead of the newest created_at
	// seen. Use it when the events come from several authors whose clocks
	// differ (a server listening to players, like the live bot's
	// since = boot time): resubscribing at one author's newest time could
	// hide another's slightly older events. Duplicates are dropped anyway.
	KeepSince bool
	// Accept decides which verified events are delivered (e.g. only the
	// server's). nil accepts all.
	Accept func(*gn.Event) bool
	// MinBackoff and MaxBackoff bound the reconnection delay (defaults
	// 200 ms and 10 s); it doubles after each failed attempt, with jitter.
	MinBackoff, MaxBackoff time.Duration
	Log                    *slog.Logger
}

// Pool keeps connections to several relays with one subscription on each.
// It reconnects with backoff and resubscribes with since = the newest
// created_at delivered so far; it verifies ids and signatures, drops events
// Accept refuses, delivers each event id once (whichever relay is first)
// and re-sends every published event until a relay accepted it.
type Pool struct {
	cfg    PoolConfig
	events chan *gn.Event
	log    *slog.Logger

	dmu      sync.Mutex // serialises delivery (see deliver)
	mu       sync.Mutex
	seen     map[string]bool
	lastSeen gn.Timestamp
	pending  []*pendingEvent // published, not yet accepted by any relay
	conns    map[string]*relayConn
	stats    PoolStats
	wg       sync.WaitGroup
}

// PoolStats counts what the pool did (for logs and tests).
type PoolStats struct {
	Connects, Delivered, Duplicates, BadSignature, Refused int
}

type pendingEvent struct {
	ev    gn.Event
	done  chan error
	once  sync.Once
	acked map[string]bool // relays that accepted it (guarded by Pool.mu)
}

func (p *pendingEvent) resolve(err error) {
	p.once.Do(func() { p.done <- err; close(p.done) })
}

type relayConn struct {
	url  string
	conn *websocket.Conn
	wmu  sync.Mutex
}

func (c *relayConn) write(ctx context.Context, frame []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.conn.Write(ctx, websocket.MessageText, frame)
}

// NewPool starts one supervised connection per relay; they stop when ctx
// is done, after which Events is closed.
func NewPool(ctx context.Context, cfg PoolConfig) *Pool {
	if cfg.MinBackoff <= 0 {
		cfg.MinBackoff = 200 * time.Millisecond
	}
	if cfg.MaxBackoff < cfg.MinBackoff {
		cfg.MaxBackoff = max(10*time.Second, cfg.MinBackoff)
	}
	if cfg.Since == 0 {
		cfg.Since = gn.Now()
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	p := &Pool{cfg: cfg, events: make(chan *gn.Event, 4096), log: log, seen: map[string]bool{},
		lastSeen: cfg.Since, conns: map[string]*relayConn{}}
	for _, url := range cfg.Relays {
		p.wg.Add(1)
		go p.supervise(ctx, url)
	}
	go func() { p.wg.Wait(); close(p.events) }()
	return p
}

// Events delivers verified, accepted, deduplicated events in arrival order.
func (p *Pool) Events() <-chan *gn.Event { return p.events }

// Stats returns a snapshot of the counters.
func (p *Pool) Stats() PoolStats {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stats
}

// Connected returns the number of relays currently connected.
func (p *Pool) Connected() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.conns)
}

const subID = "mahjong"

func (p *Pool) supervise(ctx context.Context, url string) {
	defer p.wg.Done()
	backoff := p.cfg.MinBackoff
	for ctx.Err() == nil {
		err := p.session(ctx, url)
		if ctx.Err() != nil {
			return
		}
		d := backoff/2 + time.Duration(rand.Int64N(int64(backoff)))
		p.log.Warn("relay connection lost; reconnecting", "relay", url, "err", err, "in", d.Round(time.Millisecond))
		select {
		case <-ctx.Done():
			return
		case <-time.After(d):
		}
		if errors.Is(err, errSessionWasUp) {
			backoff = p.cfg.MinBackoff
		} else {
			backoff = min(2*backoff, p.cfg.MaxBackoff)
		}
	}
}

var errSessionWasUp = errors.New("connection dropped")

// session runs one connection until it fails.
func (p *Pool) session(ctx context.Context, url string) error {
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	conn, _, err := websocket.Dial(dctx, url, nil)
	cancel()
	if err != nil {
		return err
	}
	conn.SetReadLimit(4 << 20)
	c := &relayConn{url: url, conn: conn}
	defer conn.CloseNow()

	// Hold the connection's write lock until the pending events are
	// re-sent, so that events Sent meanwhile reach this relay after them:
	// every relay must see the events in the order they were sent.
	c.wmu.Lock()
	p.mu.Lock()
	since := p.lastSeen
	if p.cfg.KeepSince {
		since = p.cfg.Since
	}
	p.stats.Connects++
	p.conns[url] = c
	var pending []*pendingEvent
	for _, pe := range p.pending {
		if !pe.acked[url] {
			pending = append(pending, pe)
		}
	}
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		if p.conns[url] == c {
			delete(p.conns, url)
		}
		p.mu.Unlock()
	}()
	p.log.Info("relay connected", "relay", url, "since", int64(since))

	req, err := gn.ReqEnvelope{SubscriptionID: subID, Filters: p.cfg.Filters(since)}.MarshalJSON()
	if err == nil {
		err = conn.Write(ctx, websocket.MessageText, req)
	}
	for _, pe := range pending {
		if err != nil {
			break
		}
		var frame []byte
		if frame, err = json.Marshal([]any{"EVENT", pe.ev}); err == nil {
			err = conn.Write(ctx, websocket.MessageText, frame)
		}
	}
	c.wmu.Unlock()
	if err != nil {
		return err
	}
	var stored []*gn.Event // events before EOSE, delivered oldest first at EOSE
	eose := false
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return errors.Join(errSessionWasUp, err)
		}
		env, perr := parser.ParseMessage(string(data))
		if perr != nil {
			p.log.Debug("relay sent an unreadable frame", "relay", url, "err", perr)
			continue
		}
		switch e := env.(type) {
		case *gn.EventEnvelope:
			if e.SubscriptionID == nil || *e.SubscriptionID != subID {
				continue
			}
			ev := e.Event
			if !eose {
				stored = append(stored, &ev)
				continue
			}
			p.deliver(ctx, url, &ev)
		case *gn.EOSEEnvelope:
			if eose {
				continue
			}
			eose = true
			SortEmission(stored)
			for _, ev := range stored {
				p.deliver(ctx, url, ev)
			}
			stored = nil
		case *gn.OKEnvelope:
			p.settle(url, e)
		case *gn.ClosedEnvelope:
			return errors.New("relay closed the subscription: " + e.Reason)
		case *gn.NoticeEnvelope:
			p.log.Info("relay notice", "relay", url, "notice", string(*e))
		}
	}
}

var parser = gn.NewMessageParser()

// SortEmission orders events as the server emitted them: created_at
// ascending, and within one created_at by descending id (the server mines
// nonces so that its batches sort that way; spec 2.1).
func SortEmission(es []*gn.Event) {
	slices.SortStableFunc(es, func(a, b *gn.Event) int {
		if a.CreatedAt != b.CreatedAt {
			if a.CreatedAt < b.CreatedAt {
				return -1
			}
			return 1
		}
		return -strings.Compare(a.ID, b.ID)
	})
}

func (p *Pool) deliver(ctx context.Context, url string, ev *gn.Event) {
	p.mu.Lock()
	dup := p.seen[ev.ID]
	if dup {
		p.stats.Duplicates++
	}
	p.mu.Unlock()
	if dup {
		return
	}
	if !ev.CheckID() {
		p.countBad(url, ev, "id does not match")
		return
	}
	if ok, err := ev.CheckSignature(); !ok || err != nil {
		p.countBad(url, ev, "bad signature")
		return
	}
	if p.cfg.Accept != nil && !p.cfg.Accept(ev) {
		p.mu.Lock()
		p.stats.Refused++
		p.mu.Unlock()
		p.log.Debug("event refused", "relay", url, "id", ev.ID, "author", ev.PubKey)
		return
	}
	// Marking an id seen and handing the event on happen under one lock:
	// otherwise a later event from another relay could overtake it.
	p.dmu.Lock()
	defer p.dmu.Unlock()
	p.mu.Lock()
	if p.seen[ev.ID] { // another relay delivered it meanwhile
		p.stats.Duplicates++
		p.mu.Unlock()
		return
	}
	p.seen[ev.ID] = true
	if ev.CreatedAt > p.lastSeen {
		p.lastSeen = ev.CreatedAt
	}
	p.stats.Delivered++
	p.mu.Unlock()
	select {
	case p.events <- ev:
	case <-ctx.Done():
	}
}

func (p *Pool) countBad(url string, ev *gn.Event, why string) {
	p.mu.Lock()
	p.stats.BadSignature++
	p.mu.Unlock()
	p.log.Warn("dropped an event that fails verification", "relay", url, "id", ev.ID, "why", why)
}

// sendTo writes one pending event to one relay.
func (p *Pool) sendTo(ctx context.Context, c *relayConn, pe *pendingEvent) {
	frame, err := json.Marshal([]any{"EVENT", pe.ev})
	if err != nil {
		p.log.Error("cannot encode an event to publish", "id", pe.ev.ID, "err", err)
		return
	}
	if err := c.write(ctx, frame); err != nil {
		p.log.Debug("publish write failed; will resend on reconnect", "relay", c.url, "id", pe.ev.ID, "err", err)
	}
}

// settle resolves a pending event on an OK frame.
func (p *Pool) settle(url string, ok *gn.OKEnvelope) {
	p.mu.Lock()
	i := slices.IndexFunc(p.pending, func(pe *pendingEvent) bool { return pe.ev.ID == ok.EventID })
	if i < 0 {
		p.mu.Unlock()
		return
	}
	pe := p.pending[i]
	accepted := ok.OK || strings.HasPrefix(ok.Reason, "duplicate:")
	if accepted {
		pe.acked[url] = true
	}
	// Keep re-sending to the relays that have not accepted it yet: a
	// reader connected to only one of them must still get it.
	if len(pe.acked) == len(p.cfg.Relays) || strings.HasPrefix(ok.Reason, "invalid:") {
		p.pending = slices.Delete(p.pending, i, i+1)
	}
	p.mu.Unlock()
	switch {
	case accepted:
		pe.resolve(nil)
	case strings.HasPrefix(ok.Reason, "invalid:"):
		pe.resolve(errors.New("relay " + url + " rejected the event: " + ok.Reason))
	default:
		p.log.Warn("relay refused an event; will retry elsewhere or on reconnect", "relay", url, "id", ok.EventID, "reason", ok.Reason)
	}
}

// Send queues a signed event for every relay: it is written to the
// connected ones now and to each other one when it (re)connects, until
// every relay accepted it. The returned channel yields nil once the first
// relay accepted it, or an error if a relay calls it invalid.
func (p *Pool) Send(ctx context.Context, ev gn.Event) <-chan error {
	pe := &pendingEvent{ev: ev, done: make(chan error, 1), acked: map[string]bool{}}
	p.mu.Lock()
	p.pending = append(p.pending, pe)
	conns := make([]*relayConn, 0, len(p.conns))
	for _, c := range p.conns {
		conns = append(conns, c)
	}
	p.mu.Unlock()
	for _, c := range conns {
		p.sendTo(ctx, c, pe)
	}
	return pe.done
}

// Publish sends ev (see Send) and waits until a relay accepted it.
func (p *Pool) Publish(ctx context.Context, ev gn.Event) error {
	select {
	case err := <-p.Send(ctx, ev):
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}
