package nostr

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	gn "github.com/nbd-wtf/go-nostr"

	"gamelab/protocol/nostr/wire"
	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// Decider chooses an action from a seat's View and the legal actions; a
// strategies/mahjong Strategy is one.
type Decider interface {
	Decide(v *mahjong.View, legal []mahjong.Action, rng *rand.Rand) mahjong.Action
	Reset()
}

// PlayerConfig configures the live AI player.
type PlayerConfig struct {
	Keys    Keys
	Server  string // server's hex public key
	Channel string
	Relays  []string
	// Strategy decides; Rand is its random source.
	Strategy Decider
	Rand     *rand.Rand
	// Games to play (0 = until ctx ends). Start sends gamestart (and again
	// after each game); otherwise the player joins when the table status
	// shows 募集中. AutoNext sends next after each kyokuend.
	Games    int
	Start    bool
	AutoNext bool
	// CPU sends cpu once the table we opened recruits, so the server's
	// own players fill the three other seats (implies Start).
	CPU bool
	// Reset sends reset first and waits for "Data cleared." before
	// anything else: it frees a stuck table (a silent player stalls it
	// forever; spec 2.5), ending any game on it for everyone.
	Reset bool
	// Since is the first subscription's since. 0: one after the newest
	// server event the relays hold for the channel (see Newest), or now if
	// they hold none; server events up to that one are never answered.
	Since gn.Timestamp
	// QuietWarn: warn when nothing from the server arrived this long after
	// the start or a gamestart/join (a wrong server key or relay list).
	// 0 = 30 s, negative = never.
	QuietWarn              time.Duration
	MinBackoff, MaxBackoff time.Duration
	Log                    *slog.Logger
}

// GameRecord is one finished game as the player saw it.
type GameRecord struct {
	Players [4]string // npubs, join order
	Scores  [4]int
	Seat    int // our index in Players
}

// PlayerStats counts the player's decisions.
type PlayerStats struct {
	Turns, Calls int
	// Fallbacks: the strategy returned an action outside the legal set and
	// a legal one was sent instead.
	Fallbacks int
	// Rejected: error replies from the server; Resent: corrected turn
	// answers sent after one.
	Rejected, Resent int
	// FoldErrors: messages that did not fit the folded state, even after
	// being held for the events a relay delivered late. Held: messages
	// that did not fit when they came and fitted later (out of order).
	FoldErrors, Held int
	// Stale: server events from before our start (at or before the newest
	// server event when we started), ignored. Outside: messages addressed
	// to us outside our own game (before our gamestart, after the
	// gameend), ignored.
	Stale, Outside int
	Pool           PoolStats
}

// Player is the live AI player.
type Player struct {
	cfg     PlayerConfig
	log     *slog.Logger
	pool    *Pool
	fold    *wire.Fold
	srvNpub string

	inGame    bool
	joined    bool // join sent for the current recruitment
	cpuDue    bool // send cpu when our recruitment shows
	resetDue  bool // reset sent, "Data cleared." not seen yet
	games     []GameRecord
	stats     PlayerStats
	answered  map[string]bool // GET event ids answered
	turnReq   *gn.Event       // the GET sutehai? we answered last (for corrections)
	turnSent  mahjong.Action
	turnTried []mahjong.Action
	legal     []mahjong.Action
	// held: messages of our game that did not fit the fold when they came,
	// in arrival order, retried after each message that fits (see apply).
	held []heldMsg

	lastSentAt gn.Timestamp // created_at of our newest event
	floor      gn.Timestamp // server events at or before this are stale
	// quietSince is when we started or sent gamestart/join while nothing
	// from the server has arrived since (zero: something arrived).
	quietSince time.Time
}

// RunPlayer plays until cfg.Games games ended or ctx is done and returns
// the finished games. It returns ctx's error only if no game was asked for
// (Games == 0) or the games are not all done.
func RunPlayer(ctx context.Context, cfg PlayerConfig) ([]GameRecord, PlayerStats, error) {
	p, err := newPlayer(cfg)
	if err != nil {
		return nil, PlayerStats{}, err
	}
	err = p.run(ctx)
	p.stats.Pool = p.pool.Stats()
	return p.games, p.stats, err
}

func newPlayer(cfg PlayerConfig) (*Player, error) {
	if cfg.Strategy == nil || len(cfg.Relays) == 0 || cfg.Server == "" || cfg.Channel == "" {
		return nil, errors.New("nostr: player needs a strategy, relays, a server key and a channel")
	}
	srvNpub, err := EncodeNpub(cfg.Server)
	if err != nil {
		return nil, err
	}
	if cfg.Rand == nil {
		cfg.Rand = rand.New(rand.NewPCG(1, 2))
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	log = log.With("player", cfg.Keys.Npub)
	return &Player{cfg: cfg, log: log, srvNpub: srvNpub, fold: wire.NewFold(cfg.Keys.Npub), answered: map[string]bool{}}, nil
}

// filters are the player's subscriptions (seed §7–8): messages p-tagged to
// us in the channel, and the table status.
func (p *Player) filters(since gn.Timestamp) gn.Filters {
	return gn.Filters{
		{Kinds: []int{KindChannel, KindEphemeral}, Tags: gn.TagMap{"p": {p.cfg.Keys.Pub}, "e": {p.cfg.Channel}}, Since: &since},
		{Kinds: []int{KindStatus}, Tags: gn.TagMap{"d": {p.cfg.Channel}}, Authors: []string{p.cfg.Server}, Limit: 1},
	}
}

// startAt returns the first subscription's since when none is configured:
// one after the newest server event in the channel, so that a previous
// game stamped ahead of our clock is not replayed to us. Our own events
// are stamped after that event too, so the server's answers to them
// (created_at = max(its last, ours) + 1) always come after it, even after
// a reset moved the server's clock back.
func (p *Player) startAt(ctx context.Context) gn.Timestamp {
	qctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	f := gn.Filter{Kinds: []int{KindChannel, KindEphemeral}, Authors: []string{p.cfg.Server}, Tags: gn.TagMap{"e": {p.cfg.Channel}}, Limit: 1}
	newest, err := Newest(qctx, p.cfg.Relays, f, func(e *gn.Event) bool { return e.PubKey == p.cfg.Server })
	now := gn.Now()
	if err != nil {
		p.log.Warn("cannot read the server's newest event; starting from now", "err", err)
	}
	if newest == 0 {
		return now
	}
	p.floor = newest
	p.lastSentAt = max(p.lastSentAt, newest)
	if newest > now {
		p.log.Info("the server's clock is ahead of ours; starting after its newest event", "ahead_s", int64(newest-now))
	}
	return newest + 1
}

func (p *Player) run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	since := p.cfg.Since
	if since == 0 {
		since = p.startAt(ctx)
	}
	quiet := p.cfg.QuietWarn
	if quiet == 0 {
		quiet = 30 * time.Second
	}
	tick := time.NewTicker(max(quiet/4, 10*time.Millisecond))
	defer tick.Stop()
	p.quietSince = time.Now()
	p.pool = NewPool(ctx, PoolConfig{
		Relays: p.cfg.Relays, Filters: p.filters, Since: since, Log: p.log,
		MinBackoff: p.cfg.MinBackoff, MaxBackoff: p.cfg.MaxBackoff,
		// Only the server's signed events count (forged ones are dropped).
		Accept: func(e *gn.Event) bool { return e.PubKey == p.cfg.Server },
	})
	if p.cfg.Reset {
		p.resetDue = true
		p.command(ctx, KindChannel, "reset")
	} else {
		p.open(ctx)
	}
	for {
		select {
		case <-ctx.Done():
			if p.cfg.Games > 0 && len(p.games) >= p.cfg.Games {
				return nil
			}
			return ctx.Err()
		case <-tick.C:
			if quiet > 0 && !p.quietSince.IsZero() && time.Since(p.quietSince) >= quiet {
				p.log.Warn("nothing from the server yet: is the server npub right? (and the relays, the channel?)",
					"waited", time.Since(p.quietSince).Round(time.Second), "server", p.srvNpub)
				p.quietSince = time.Time{}
			}
		case e, ok := <-p.pool.Events():
			if !ok {
				return ctx.Err()
			}
			p.quietSince = time.Time{}
			if done := p.handle(ctx, e); done {
				return nil
			}
		}
	}
}

// open sends gamestart if we open tables (and arms cpu).
func (p *Player) open(ctx context.Context) {
	if p.cfg.Start || p.cfg.CPU {
		p.cpuDue = p.cfg.CPU
		p.command(ctx, KindChannel, "gamestart")
	}
}

// command sends gamestart/join/next/cpu/reset.
func (p *Player) command(ctx context.Context, kind int, verb string) {
	content, err := wire.RenderCommand(p.srvNpub, wire.Command{Verb: verb})
	if err != nil {
		p.log.Error("cannot render command", "verb", verb, "err", err)
		return
	}
	e := CommandEvent(kind, p.cfg.Channel, p.cfg.Server, content)
	if (verb == "gamestart" || verb == "join" || verb == "reset") && p.quietSince.IsZero() {
		p.quietSince = time.Now()
	}
	// Two equal commands in one second would be one event id (and one
	// command) for the relays: keep our commands' created_at increasing.
	if e.CreatedAt <= p.lastSentAt {
		e.CreatedAt = p.lastSentAt + 1
	}
	p.publish(ctx, e, "command", verb)
}

func (p *Player) publish(ctx context.Context, e gn.Event, what, text string) {
	// Our created_at never goes back: a reader that resubscribes with
	// since = the newest it saw from us must not miss the next one.
	if e.CreatedAt < p.lastSentAt {
		e.CreatedAt = p.lastSentAt
	}
	p.lastSentAt = e.CreatedAt
	if err := p.cfg.Keys.Sign(&e); err != nil {
		p.log.Error("cannot sign", "err", err)
		return
	}
	p.log.Info("send", "what", what, "text", text, "kind", e.Kind, "id", e.ID)
	p.pool.Send(ctx, e) // re-sent by the pool until the relays accept it
}

// handle processes one server event; it returns true when the asked number
// of games is done.
func (p *Player) handle(ctx context.Context, e *gn.Event) bool {
	if e.Kind == KindStatus {
		if e.Tags.GetD() != p.cfg.Channel {
			return false // another table's status (a relay may send more than asked)
		}
		st, err := wire.ParseStatus(e.Content)
		if err != nil {
			p.log.Debug("unknown status", "content", e.Content)
			return false
		}
		p.log.Debug("status", "status", st.Text)
		if st.Joined == 0 && !p.inGame {
			p.joined = false // that recruitment is over (e.g. we were refused): join the next
		}
		if p.cpuDue && st.Joined > 0 && st.Joined < 4 && !p.inGame && !p.resetDue {
			p.cpuDue = false
			p.command(ctx, KindChannel, "cpu")
		}
		if !p.cfg.Start && !p.cfg.CPU && !p.resetDue && st.Joined > 0 && st.Joined < 4 && !p.inGame && !p.joined && p.wantGame() {
			p.joined = true
			p.command(ctx, KindChannel, "join")
		}
		return false
	}
	if Channel(e) != p.cfg.Channel || !HasP(e, p.cfg.Keys.Pub) {
		return false // not addressed to us: fair play, never read
	}
	if e.CreatedAt <= p.floor {
		p.stats.Stale++ // from before we started (a relay that ignores since)
		return false
	}
	m, err := wire.Parse(e.Content)
	if err != nil {
		if errors.Is(err, wire.ErrUnknown) {
			p.log.Debug("ignored message", "content", e.Content)
		} else {
			p.log.Warn("unreadable server message", "err", err, "id", e.ID)
		}
		return false
	}
	if gs, ok := m.(wire.GameStart); !p.inGame && (!ok || gs.To != p.cfg.Keys.Npub) {
		// Not in our game: a previous game's prompt or gameend is never
		// answered or recorded; only error replies are worth a line.
		if r, ok := m.(wire.Reply); ok {
			p.replyOutside(ctx, r)
		} else {
			p.stats.Outside++
			p.log.Debug("not in a game; ignored", "msg", m.Name(), "id", e.ID)
		}
		return false
	}
	fit := p.apply(m, e.ID)
	switch m := m.(type) {
	case wire.GameStart:
		if m.To == p.cfg.Keys.Npub && p.fold.Seat != sim.NoSeat {
			p.inGame = true
			p.turnReq = nil
			p.cfg.Strategy.Reset()
			p.log.Info("game start", "seat", wire.Winds[m.Seat])
		}
	case wire.AskSutehai:
		if m.Player == p.cfg.Keys.Npub && !p.answered[e.ID] {
			p.answered[e.ID] = true
			if fit {
				p.resync(m.Hand, m.Drawn, m.HasDrawn)
				p.turn(ctx, e)
				break
			}
			// Decide on the prompt's hand but keep the fold as it is: the
			// events it waits for may still come and fit.
			saved := p.fold.View
			p.resync(m.Hand, m.Drawn, m.HasDrawn)
			p.turn(ctx, e)
			p.fold.View = saved
		}
	case wire.AskNaku:
		if m.Player == p.cfg.Keys.Npub && !p.answered[e.ID] {
			p.answered[e.ID] = true
			p.call(ctx, e, m)
		}
	case wire.Reply:
		if m.Error {
			p.rejected(ctx, e, m)
		}
	case wire.KyokuEnd:
		p.turnReq = nil
		if p.cfg.AutoNext {
			p.command(ctx, e.Kind, "next")
		}
	case wire.GameEnd:
		p.dropHeld("the game ended")
		rec := GameRecord{Players: m.Players, Scores: m.Scores, Seat: int(p.fold.Seat)}
		p.games = append(p.games, rec)
		p.inGame, p.joined, p.turnReq = false, false, nil
		p.log.Info("game end", "scores", m.Scores, "seat", rec.Seat, "games", len(p.games))
		if !p.wantGame() {
			return true
		}
		p.open(ctx)
	}
	return false
}

// maxHeld bounds the messages held for late events; past it the oldest
// is forced in.
const maxHeld = 64

type heldMsg struct {
	m   wire.Message
	id  string
	err error
}

// apply folds m and reports whether it fitted. The pool merges several
// relays, each in order, but a relay that missed an event delivers the
// next ones before a slower relay delivers the missed one: a message that
// does not fit is therefore held (the fold unchanged) and retried after
// each message that fits. When a prompt of ours is held and our next
// prompt does not fit either, nothing more is coming: what is held is
// forced in as before (the prompt resyncs our hand). A new hand or game
// drops what is held.
func (p *Player) apply(m wire.Message, id string) bool {
	switch m := m.(type) {
	case wire.GameStart:
		if m.To == p.cfg.Keys.Npub {
			p.dropHeld("a new game started")
		}
	case wire.KyokuStart:
		p.dropHeld("a new hand started")
	case wire.AskSutehai, wire.AskNaku:
		if p.isOurPrompt(m) && slices.ContainsFunc(p.held, func(h heldMsg) bool { return p.isOurPrompt(h.m) }) {
			if p.try(m) {
				return true // applied (and what it let fit after it)
			}
			// A prompt of ours still waits and the next one does not fit
			// either: what is held was not a reordering. Force it in,
			// then this one.
			p.forceHeld(len(p.held))
			p.force(heldMsg{m: m, id: id, err: p.fold.Apply(m)})
			if am, ok := m.(wire.AskSutehai); ok {
				p.resync(am.Hand, am.Drawn, am.HasDrawn)
			}
			return true
		}
	}
	saved := *p.fold
	err := p.fold.Apply(m)
	if err == nil {
		p.retryHeld()
		return true
	}
	*p.fold = saved
	p.log.Debug("message does not fit our state yet; held", "err", err, "msg", m.Name(), "id", id)
	p.held = append(p.held, heldMsg{m: m, id: id, err: err})
	if len(p.held) > maxHeld {
		p.forceHeld(1)
	}
	return false
}

// try applies m if it fits and reports whether it did.
func (p *Player) try(m wire.Message) bool {
	saved := *p.fold
	if p.fold.Apply(m) != nil {
		*p.fold = saved
		return false
	}
	p.retryHeld()
	return true
}

func (p *Player) isOurPrompt(m wire.Message) bool {
	switch m := m.(type) {
	case wire.AskSutehai:
		return m.Player == p.cfg.Keys.Npub
	case wire.AskNaku:
		return m.Player == p.cfg.Keys.Npub
	}
	return false
}

// retryHeld applies the held messages that fit now, oldest first, until
// none does.
func (p *Player) retryHeld() {
	for again := true; again; {
		again = false
		for i, h := range p.held {
			saved := *p.fold
			if p.fold.Apply(h.m) != nil {
				*p.fold = saved
				continue
			}
			p.stats.Held++
			p.log.Debug("held message fits now", "msg", h.m.Name(), "id", h.id)
			p.held = slices.Delete(p.held, i, i+1)
			again = true
			break
		}
	}
}

// forceHeld applies the n oldest held messages whether they fit or not.
func (p *Player) forceHeld(n int) {
	for _, h := range p.held[:n] {
		h.err = p.fold.Apply(h.m)
		p.force(h)
	}
	p.held = slices.Delete(p.held, 0, n)
}

// force counts and logs a message that was applied although it did not fit.
func (p *Player) force(h heldMsg) {
	if h.err == nil {
		return
	}
	p.stats.FoldErrors++
	p.log.Warn("message does not fit our state", "err", h.err, "msg", h.m.Name(), "id", h.id)
}

// dropHeld discards what is held (it belongs to a hand that is over).
func (p *Player) dropHeld(why string) {
	for _, h := range p.held {
		p.stats.FoldErrors++
		p.log.Warn("message never fitted our state; dropped", "why", why, "err", h.err, "msg", h.m.Name(), "id", h.id)
	}
	p.held = p.held[:0]
}

// replyOutside logs a server reply that came while we are not in a game
// (an answer to our gamestart/join), with the way out of a stuck table.
func (p *Player) replyOutside(ctx context.Context, r wire.Reply) {
	switch {
	case strings.HasPrefix(r.Text, "Playing now."):
		p.log.Warn("the table is busy: wait for its game to end, or free a stuck table with `lab live mahjong --reset`", "reply", r.Text)
	case r.Text == "Data cleared." && p.resetDue:
		p.resetDue = false
		p.log.Info("table reset", "reply", r.Text)
		p.open(ctx)
	case r.Error:
		p.stats.Rejected++
		p.log.Warn("server refused", "reply", r.Text)
	default:
		p.log.Info("server reply", "reply", r.Text)
	}
}

func (p *Player) wantGame() bool { return p.cfg.Games == 0 || len(p.games) < p.cfg.Games }

// resync makes the folded hand agree with the prompt if they differ (the
// prompt is the server's truth); the fold already logged the mismatch.
func (p *Player) resync(h wire.Hand, drawn wire.Tile, hasDrawn bool) {
	v := &p.fold.View
	var want [mahjong.NumTiles]uint8
	for _, t := range h.Concealed {
		want[t]++
	}
	if hasDrawn {
		want[drawn]++
	}
	if want != v.Hand {
		v.Hand = want
	}
	if hasDrawn {
		v.Drawn = drawn
	} else {
		v.Drawn = mahjong.NoTile
	}
}

// decide asks the strategy and enforces the legal set.
func (p *Player) decide(legal []mahjong.Action, fallback mahjong.Action) mahjong.Action {
	v := p.fold.View
	a := p.cfg.Strategy.Decide(&v, slices.Clone(legal), p.cfg.Rand)
	if !slices.Contains(legal, a) {
		p.stats.Fallbacks++
		p.log.Warn("strategy chose an illegal action; sending a legal one", "chose", a.String(), "sent", fallback.String())
		return fallback
	}
	return a
}

// safeDiscard is the fallback turn answer: tsumogiri if possible.
func safeDiscard(legal []mahjong.Action, drawn mahjong.Tile) mahjong.Action {
	for _, a := range legal {
		if a.Kind == mahjong.ActDiscard && a.Tile == drawn {
			return a
		}
	}
	for _, a := range legal {
		if a.Kind == mahjong.ActDiscard {
			return a
		}
	}
	return legal[0]
}

func (p *Player) turn(ctx context.Context, req *gn.Event) {
	p.stats.Turns++
	p.legal = TurnLegal(&p.fold.View, p.fold.Rinshan(), p.legal[:0])
	if len(p.legal) == 0 {
		p.log.Error("no legal turn action", "hand", fmt.Sprint(p.fold.View.Hand))
		return
	}
	a := p.decide(p.legal, safeDiscard(p.legal, p.fold.View.Drawn))
	p.turnReq, p.turnSent, p.turnTried = req, a, []mahjong.Action{a}
	p.answer(ctx, req, a)
}

func (p *Player) call(ctx context.Context, req *gn.Event, ask wire.AskNaku) {
	p.stats.Calls++
	chankan := p.fold.Chankan()
	p.legal = CallLegal(&p.fold.View, ask, chankan, p.legal[:0])
	var a mahjong.Action
	if chankan {
		a = p.legal[0] // always take the chankan: declining deadlocks the server
	} else {
		a = p.decide(p.legal, mahjong.Action{Kind: mahjong.ActPass})
	}
	p.answer(ctx, req, a)
}

func (p *Player) answer(ctx context.Context, req *gn.Event, a mahjong.Action) {
	cmd, ok := ToCommand(a)
	if !ok {
		p.log.Error("action has no wire form", "action", a.String())
		return
	}
	content, err := wire.RenderCommand(p.srvNpub, cmd)
	if err != nil {
		p.log.Error("cannot render answer", "err", err)
		return
	}
	e := ReplyEvent(req, p.cfg.Channel, p.cfg.Keys.Pub, p.cfg.Server, content)
	p.publish(ctx, e, "answer", a.String())
}

// rejected handles an error reply. After a turn error the server keeps
// waiting for the same player without a new prompt, so a corrected answer
// is sent; after a call error the call is simply dropped.
func (p *Player) rejected(ctx context.Context, e *gn.Event, r wire.Reply) {
	p.stats.Rejected++
	p.log.Warn("server rejected our answer", "reply", r.Text)
	turnErr := r.Action == "sutehai" || r.Action == "richi" || r.Action == "ankan" || r.Action == "kakan" || r.Action == "tsumo"
	if !turnErr || p.turnReq == nil {
		return
	}
	var alt []mahjong.Action
	for _, a := range p.legal {
		if !slices.Contains(p.turnTried, a) && (a.Kind == mahjong.ActDiscard) {
			alt = append(alt, a)
		}
	}
	if len(alt) == 0 {
		p.log.Error("no corrected answer left to send")
		return
	}
	a := safeDiscard(alt, p.fold.View.Drawn)
	p.turnTried = append(p.turnTried, a)
	p.stats.Resent++
	p.answer(ctx, p.turnReq, a)
}
