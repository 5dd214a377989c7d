package nostr

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"time"

	gn "github.com/nbd-wtf/go-nostr"

	"gamelab/protocol/nostr/wire"
	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// RefereeConfig configures the referee (our engine as the 地鳳 server).
type RefereeConfig struct {
	Keys    Keys
	Channel string
	Relays  []string
	// Rules default to Dihou() with Winds from the channel (東風 = 1).
	Rules *mahjong.Rules
	// Seed: game g (0-based) uses sim.Seed(Seed, g).
	Seed uint64
	// Games to referee before returning (0 = until ctx ends).
	Games int
	// Pace waits until now ≥ created_at before sending each batch, as the
	// live server does (about one answered request per second). Off, the
	// batches go out at once with created_at still increasing per batch.
	Pace                   bool
	Since                  gn.Timestamp
	MinBackoff, MaxBackoff time.Duration
	Log                    *slog.Logger
}

// RefereeGame is one game the referee finished.
type RefereeGame struct {
	Players [4]string // npubs, join order = seats
	Result  sim.Result
	Seed    uint64
}

// Referee runs tables on one channel.
type Referee struct {
	cfg   RefereeConfig
	log   *slog.Logger
	pool  *Pool
	rules mahjong.Rules

	players    []string // hex pubkeys, join order
	recruiting bool
	table      *Table
	games      []RefereeGame
	lastAt     gn.Timestamp
	debugWall  *[136]mahjong.TileID // debug wall for the next game's first hand
}

// RunReferee serves the channel until cfg.Games games ended or ctx ends.
func RunReferee(ctx context.Context, cfg RefereeConfig) ([]RefereeGame, error) {
	if len(cfg.Relays) == 0 || cfg.Channel == "" {
		return nil, errors.New("nostr: referee needs relays and a channel")
	}
	r := &Referee{cfg: cfg, log: cfg.Log}
	if r.log == nil {
		r.log = slog.New(slog.DiscardHandler)
	}
	r.log = r.log.With("referee", cfg.Keys.Npub)
	if cfg.Rules != nil {
		r.rules = *cfg.Rules
	} else {
		r.rules = mahjong.Dihou()
		r.rules.Winds = Rounds(cfg.Channel)
	}
	if err := r.rules.Validate(); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r.pool = NewPool(ctx, PoolConfig{
		Relays: cfg.Relays, Since: cfg.Since, KeepSince: true, Log: r.log, MinBackoff: cfg.MinBackoff, MaxBackoff: cfg.MaxBackoff,
		Filters: func(since gn.Timestamp) gn.Filters {
			return gn.Filters{{Kinds: []int{KindChannel, KindEphemeral}, Tags: gn.TagMap{"p": {cfg.Keys.Pub}, "e": {cfg.Channel}}, Since: &since}}
		},
		Accept: func(e *gn.Event) bool { return e.PubKey != cfg.Keys.Pub }, // never answer ourselves
	})
	for {
		select {
		case <-ctx.Done():
			return r.games, ctx.Err()
		case e, ok := <-r.pool.Events():
			if !ok {
				return r.games, ctx.Err()
			}
			r.handle(ctx, e)
			if cfg.Games > 0 && len(r.games) >= cfg.Games {
				r.drain(ctx)
				return r.games, nil
			}
		}
	}
}

// drain waits (briefly) until the relays accepted what we sent.
func (r *Referee) drain(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	for ctx.Err() == nil {
		r.pool.mu.Lock()
		n := len(r.pool.pending)
		r.pool.mu.Unlock()
		if n == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// npub writes a verified event's author as npub (the pool verified the
// signature, so the key is well formed; an error is logged all the same).
func (r *Referee) npub(pub string) string {
	n, err := EncodeNpub(pub)
	if err != nil {
		r.log.Error("author key has no npub form", "pub", pub, "err", err)
	}
	return n
}

func (r *Referee) seatOf(pub string) sim.Seat {
	i := slices.Index(r.players, pub)
	if i < 0 || r.table == nil {
		return sim.NoSeat
	}
	return sim.Seat(i)
}

// handle answers one player event like the live server (spec 2.2).
func (r *Referee) handle(ctx context.Context, e *gn.Event) {
	if Channel(e) != r.cfg.Channel {
		return // the live server drops events without the 4-element root tag
	}
	c, ok := wire.ParseCommand(e.Content)
	if !ok || !c.Valid() {
		return
	}
	r.log.Debug("command", "from", r.npub(e.PubKey), "verb", c.Verb, "action", c.Action)
	text := func(s string) []Out { return []Out{{Msg: wire.Reply{Text: s}, Reply: true}} }
	var out []Out
	switch c.Verb {
	case "ping":
		out = text("pong")
	case "gamestart":
		if r.recruiting || r.table != nil {
			out = text("Playing now. Please reset first.")
			break
		}
		r.players, r.recruiting, r.debugWall = []string{e.PubKey}, true, nil
		out = []Out{{Status: true, Msg: wire.Status{Text: "募集中 1/4", Joined: 1}}, {Msg: wire.Recruit{Joined: 1}}}
	case "join":
		switch {
		case !r.recruiting:
			out = text("Not looking for players.")
		case slices.Contains(r.players, e.PubKey):
			out = text("You have already joined.")
		case len(r.players) == 4:
			out = text("Sorry, we are full.")
		default:
			r.players = append(r.players, e.PubKey)
			n := len(r.players)
			if n < 4 {
				out = []Out{{Status: true, Msg: wire.Status{Text: fmt.Sprintf("募集中 %d/4", n), Joined: n}}, {Msg: wire.Recruit{Joined: n}}}
				break
			}
			r.recruiting = false
			var np [4]string
			for i, p := range r.players {
				np[i] = r.npub(p)
			}
			seed := sim.Seed(r.cfg.Seed, uint64(len(r.games)))
			r.table, out = NewTableWall(np, r.rules, seed, r.debugWall)
			r.debugWall = nil
			r.log.Info("game start", "players", np, "seed", seed)
		}
	case "next":
		if r.table == nil || !r.table.Holding() {
			out = text("We cannot go to the next stage yet.")
			break
		}
		out, _ = r.table.Next()
		if r.table.Done() {
			g := RefereeGame{Players: r.table.Players, Result: r.table.State.Result(), Seed: sim.Seed(r.cfg.Seed, uint64(len(r.games)))}
			r.games = append(r.games, g)
			r.log.Info("game end", "scores", r.table.State.Scores())
			defer func() { r.table, r.players = nil, nil }() // after the batch went out
		}
	case "debug":
		// The next hand's wall (spec 2.2 row 9; the server also forces
		// dealer = first joiner, which the referee always does).
		w, err := DebugWall(c.Tiles)
		if err != nil {
			// The live server takes any list; our engine needs a full set.
			r.log.Info("debug wall refused", "err", err)
			out = text("Debug wall refused: want 136 tiles, four of each kind.")
			break
		}
		if r.table != nil {
			r.table.SetWall(w)
		} else {
			r.debugWall = &w
		}
		out = text("Debug mode.")
	case "reset":
		r.table, r.players, r.recruiting, r.debugWall = nil, nil, false, nil
		out = []Out{{Msg: wire.Reply{Text: "Data cleared."}, Reply: true}, {Status: true, Msg: wire.Status{}}}
	case "sutehai?", "naku?":
		s := r.seatOf(e.PubKey)
		if s == sim.NoSeat {
			out = text(`You are not required to send "` + c.Verb + `"`)
			break
		}
		out = r.table.Act(s, c)
	default:
		r.log.Info("command not supported by the referee", "verb", c.Verb)
	}
	r.send(ctx, e, out)
}

// send signs and publishes a batch answering req (spec 2.1 tags, kinds,
// created_at and id order).
func (r *Referee) send(ctx context.Context, req *gn.Event, out []Out) {
	if len(out) == 0 {
		return // e.g. a naku? answer that is not the last awaited one
	}
	at := max(r.lastAt, req.CreatedAt) + 1
	r.lastAt = at
	if r.cfg.Pace {
		if d := time.Until(at.Time()); d > 0 {
			select {
			case <-ctx.Done():
				return
			case <-time.After(d):
			}
		}
	}
	root := RootTag(r.cfg.Channel)
	for i, o := range out {
		ev := gn.Event{Kind: req.Kind, CreatedAt: at, Content: wire.Render(o.Msg)}
		if o.Status {
			ev.Kind = KindStatus
			ev.Tags = gn.Tags{{"d", r.cfg.Channel}}
		} else {
			ev.Tags = gn.Tags{root, {"e", req.ID, "", "reply", req.PubKey}}
			if o.Reply {
				for _, t := range req.Tags {
					if len(t) >= 2 && t[0] == "p" && t[1] != req.PubKey {
						ev.Tags = append(ev.Tags, t)
					}
				}
				ev.Tags = append(ev.Tags, gn.Tag{"p", req.PubKey, ""})
			}
			for _, s := range o.To {
				ev.Tags = append(ev.Tags, gn.Tag{"p", r.players[s], ""})
			}
			if o.T != "" {
				ev.Tags = append(ev.Tags, gn.Tag{"t", o.T})
			}
			seen := map[mahjong.Tile]bool{}
			for _, t := range o.Emoji {
				if !seen[t] {
					seen[t] = true
					ev.Tags = append(ev.Tags, gn.Tag{"emoji", wire.Emoji(t), wire.EmojiURL(t), wire.EmojiSet})
				}
			}
		}
		if err := r.mine(&ev, i, len(out)); err != nil {
			r.log.Error("cannot sign", "err", err)
			return
		}
		r.pool.Send(ctx, ev)
	}
}

// mine signs ev with a nonce tag such that the batch's ids descend in
// emission order (the i-th of n falls in the (n−1−i)-th slice of the id
// space), as the live server's mineNonceForSort does.
func (r *Referee) mine(ev *gn.Event, i, n int) error {
	base := ev.Tags
	ev.PubKey = r.cfg.Keys.Pub // part of the id
	lo := uint64(n-1-i) * 65536 / uint64(n)
	hi := uint64(n-i) * 65536 / uint64(n)
	for nonce := 0; ; nonce++ {
		ev.Tags = append(base[:len(base):len(base)], gn.Tag{"nonce", strconv.Itoa(nonce)})
		id := ev.GetID()
		b, _ := hex.DecodeString(id[:4])
		v := uint64(b[0])<<8 | uint64(b[1])
		if v >= lo && v < hi {
			return r.cfg.Keys.Sign(ev)
		}
		if nonce > 1<<20 {
			return errors.New("nostr: nonce mining did not converge")
		}
	}
}
