package tavern

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"gamelab/sim"
)

// Table is one match of one of our engines as the dealer runs it: the
// per-game adapter between an engine and the wire (see liarsbar.go and
// bulletpoker.go).
type Table interface {
	// Game is the protocol's game key.
	Game() string
	// Seats is the number of seats.
	Seats() int
	Done() bool
	Result() sim.Result
	// Next lists the seats that must decide now.
	Next() []sim.Seat
	// Round is the current round (hand) number, from 1.
	Round() int
	// Private is the seat's private information of the current round.
	Private(seat sim.Seat) json.RawMessage
	// Ask describes the seat's open decision: what is asked ("move",
	// "aim"), a one-line prompt, and every legal choice with its say text,
	// in lang ("zh" or "en").
	Ask(seat sim.Seat, lang string) (ask, prompt string, choices []Choice)
	// Log gives the seat's View at the start of the current round (JSON;
	// nil before the first round) and the events the seat may see since, in
	// tavern form.
	Log(seat sim.Seat) (base json.RawMessage, log []json.RawMessage)
	// Public lists the public events from index from on, in tavern form.
	Public(from int) []json.RawMessage
	// Apply plays a bot's reply (a choice id or the per-game action form)
	// for seat; an illegal reply is an error and changes nothing.
	Apply(seat sim.Seat, r Reply) error
	// Default is the safe id the dealer plays for a bot that timed out or
	// answered an illegal id.
	Default(seat sim.Seat) string
	// DecideLocal lets the seat's own strategy (a --fill seat) choose.
	DecideLocal(seat sim.Seat) (string, error)
	// RulesText explains the match's rules in plain language, in lang.
	RulesText(lang string) string
	// Setup is the match's structured rules (the engine's Rules as JSON).
	Setup() json.RawMessage
}

// SeatPlayer is who sits at a dealer's seat: a remote bot, or (Bot ==
// nil) the table's own strategy.
type SeatPlayer struct {
	Name string
	Bot  *Remote
}

// Dealer runs matches of our engines against player bots over HTTP.
type Dealer struct {
	MatchID string
	ChatID  string
	// Lang of prompts, rules and say texts: "zh" (the seed's) or "en".
	Lang string
	// Deadline is each decision's deadline_ms; a bot that has not answered
	// by then (plus a small grace) gets the safe default.
	Deadline time.Duration
	Log      *slog.Logger
	// Defaults counts the decisions the dealer had to take for a bot.
	Defaults int
	// GenericOnly sends decision requests with only the fields the
	// protocol document lists (no setup, private, base or log): how a
	// dealer other than ours may talk, for testing a bot against it.
	GenericOnly bool

	turn    int64
	round   int
	flushed int
	mu      sync.Mutex // guards Defaults while bots are asked at once
}

// ErrDeclined reports a bot that refused its invitation.
var ErrDeclined = errors.New("tavern: bot declined the invitation")

func (d *Dealer) logger() *slog.Logger {
	if d.Log != nil {
		return d.Log
	}
	return slog.New(slog.DiscardHandler)
}

// common fills the fields section 五 lists for every request but the
// invitation: protocol, seq, game, match_id, chat_id, turn_id (the
// current turn: requests of one turn share it) and you.
func (d *Dealer) common(r *Remote, t Table, seat sim.Seat, name string) Common {
	turn := d.turn
	return Common{Protocol: 1, Seq: r.NextSeq(), Game: t.Game(), MatchID: d.MatchID, ChatID: d.ChatID,
		TurnID: &turn, You: &You{Seat: int(seat), Name: name}}
}

// Run plays one match to its end and returns its result. seats[i] sits at
// seat i. Bots are invited first; one that declines ends the run with
// ErrDeclined. A bot's errors never stop the match: it gets the default.
func (d *Dealer) Run(ctx context.Context, t Table, seats []SeatPlayer) (sim.Result, error) {
	if len(seats) != t.Seats() {
		return sim.Result{}, fmt.Errorf("tavern: %d players for %d seats", len(seats), t.Seats())
	}
	if d.Lang == "" {
		d.Lang = "zh"
	}
	if d.Deadline <= 0 {
		d.Deadline = 58 * time.Second
	}
	// Arrays, never null (section 五): no humans at our table.
	humans, bots := []string{}, []string{}
	for _, s := range seats {
		bots = append(bots, s.Name)
	}
	for i, s := range seats {
		if s.Bot == nil {
			continue
		}
		inv := Invitation{Protocol: 1, Seq: s.Bot.NextSeq(), Game: t.Game(), MatchID: d.MatchID, ChatID: d.ChatID,
			Humans: humans, Bots: bots[:i], SeatsLeft: len(seats) - i}
		var rep InvitationReply
		ictx, cancel := context.WithTimeout(ctx, 30*time.Second)
		err := s.Bot.Call(ictx, "POST", "/v1/games/"+t.Game()+"/invitations", inv, &rep)
		cancel()
		if err != nil {
			return sim.Result{}, fmt.Errorf("inviting %s: %w", s.Name, err)
		}
		if !rep.Accept {
			return sim.Result{}, fmt.Errorf("%w: %s", ErrDeclined, s.Name)
		}
	}
	for !t.Done() {
		if err := ctx.Err(); err != nil {
			return sim.Result{}, err
		}
		if r := t.Round(); r != d.round {
			d.round = r
			d.flush(ctx, t, seats)
			for i, s := range seats {
				if s.Bot == nil {
					continue
				}
				rs := RoundStart{Common: d.common(s.Bot, t, sim.Seat(i), s.Name), Round: r, Private: t.Private(sim.Seat(i))}
				if err := s.Bot.Call(ctx, "PUT", fmt.Sprintf("/v1/games/%s/matches/%s/rounds/%d", t.Game(), d.MatchID, r), rs, nil); err != nil {
					d.logger().Warn("round start not delivered", "bot", s.Name, "err", err)
				}
			}
		}
		d.flush(ctx, t, seats)
		// The table is not safe for concurrent use: build every request
		// (and take every local decision) first, then call the bots at
		// once — several decisions can be open together (chaos aims,
		// all-in answers) — and apply the answers in seat order.
		next := append([]sim.Seat(nil), t.Next()...)
		replies := make([]Reply, len(next))
		reqs := make([]*Decision, len(next))
		defs := make([]string, len(next))
		for k, seat := range next {
			if seats[seat].Bot == nil {
				replies[k] = d.decideLocal(t, seat)
			} else {
				reqs[k], defs[k] = d.request(t, seats[seat], seat), t.Default(seat)
			}
		}
		game := t.Game()
		var wg sync.WaitGroup
		for k, seat := range next {
			if reqs[k] != nil {
				wg.Go(func() { replies[k] = d.decideRemote(ctx, game, seats[seat], reqs[k], defs[k]) })
			}
		}
		wg.Wait()
		for k, seat := range next {
			if err := t.Apply(seat, replies[k]); err != nil {
				d.logger().Warn("illegal answer; playing the default", "seat", seat, "reply", replies[k], "err", err)
				d.Defaults++
				if err := t.Apply(seat, Reply{Choice: t.Default(seat)}); err != nil {
					return sim.Result{}, fmt.Errorf("tavern: default %q for seat %d refused: %w", t.Default(seat), seat, err)
				}
			}
		}
		d.turn++
	}
	d.flush(ctx, t, seats)
	return t.Result(), nil
}

// decideLocal lets the table's own strategy choose for a --fill seat.
func (d *Dealer) decideLocal(t Table, seat sim.Seat) Reply {
	id, err := t.DecideLocal(seat)
	if err != nil {
		d.logger().Error("local strategy failed; playing the default", "seat", seat, "err", err)
		return Reply{Choice: t.Default(seat)}
	}
	return Reply{Choice: id}
}

// request builds the decision request for a bot's seat.
func (d *Dealer) request(t Table, s SeatPlayer, seat sim.Seat) *Decision {
	ask, prompt, choices := t.Ask(seat, d.Lang)
	base, log := t.Log(seat)
	req := &Decision{Common: d.common(s.Bot, t, seat, s.Name), Ask: ask, Prompt: prompt, Rules: t.RulesText(d.Lang),
		Choices: choices, DeadlineMS: d.Deadline.Milliseconds(), Round: t.Round(), Setup: t.Setup(), Private: t.Private(seat), Base: base, Log: log}
	if d.GenericOnly {
		req.Setup, req.Private, req.Base, req.Log = nil, nil, nil, nil
	}
	return req
}

// decideRemote sends one decision request; any failure gives def, the
// table's safe default for the seat.
func (d *Dealer) decideRemote(ctx context.Context, game string, s SeatPlayer, req *Decision, def string) Reply {
	dctx, cancel := context.WithTimeout(ctx, d.Deadline+time.Second)
	defer cancel()
	turn := *req.TurnID
	var rep Reply
	err := s.Bot.Call(dctx, "POST", fmt.Sprintf("/v1/games/%s/matches/%s/turns/%d/decision", game, d.MatchID, turn), req, &rep)
	switch {
	case err != nil:
		d.logger().Warn("bot gave no decision; playing the default", "bot", s.Name, "seat", req.You.Seat, "err", err)
	case rep.TurnID != turn:
		d.logger().Warn("bot answered another turn; playing the default", "bot", s.Name, "turn", rep.TurnID, "want", turn)
	default:
		return rep
	}
	d.mu.Lock()
	d.Defaults++
	d.mu.Unlock()
	return Reply{Choice: def}
}

// flush sends the public events not yet delivered to every bot.
func (d *Dealer) flush(ctx context.Context, t Table, seats []SeatPlayer) {
	evs := t.Public(d.flushed)
	if len(evs) == 0 {
		return
	}
	d.flushed += len(evs)
	for i, s := range seats {
		if s.Bot == nil {
			continue
		}
		eb := EventBatch{Common: d.common(s.Bot, t, sim.Seat(i), s.Name), Events: evs}
		if err := s.Bot.Call(ctx, "POST", fmt.Sprintf("/v1/games/%s/matches/%s/events", t.Game(), d.MatchID), eb, nil); err != nil {
			d.logger().Warn("events not delivered", "bot", s.Name, "err", err)
		}
	}
}

// SampleDecision is a decision request as our dealer would send it, for
// checking a bot end to end (lab tavern check): a match of game under its
// first preset on 4 seats from seed, moves steps decisions in by random
// play, for the seat to move then. It also returns that seat's round
// start. The common fields (seq, match_id, chat_id, you's name) are left
// to the caller.
func SampleDecision(game string, seed uint64, steps int, lang string) (*Decision, RoundStart, error) {
	t, err := NewTable(game, "", 4, seed, "random")
	if err != nil {
		return nil, RoundStart{}, err
	}
	for range steps {
		if t.Done() {
			break
		}
		seat := t.Next()[0]
		id, err := t.DecideLocal(seat)
		if err != nil {
			return nil, RoundStart{}, err
		}
		if err := t.Apply(seat, Reply{Choice: id}); err != nil {
			return nil, RoundStart{}, err
		}
	}
	if t.Done() {
		return nil, RoundStart{}, fmt.Errorf("tavern: the sample match of %s ended within %d steps", game, steps)
	}
	seat := t.Next()[0]
	d := &Dealer{Lang: lang, Deadline: 58 * time.Second, turn: int64(steps)}
	req := d.request(t, SeatPlayer{Name: "you", Bot: &Remote{}}, seat)
	rs := RoundStart{Common: req.Common, Round: t.Round(), Private: t.Private(seat)}
	return req, rs, nil
}
