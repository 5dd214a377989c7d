package werewolf

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"time"

	ww "gamelab/sim/werewolf"
)

// Decider is what a Player asks for each decision; every strategy of
// strategies/werewolf satisfies it.
type Decider interface {
	Decide(v *ww.View, legal []ww.Action, rng *rand.Rand) ww.Action
	Reset()
}

// Player plays one seat on a server that speaks the spec, with a strategy:
// it polls status, and when the seat can act it reads the game, its
// messages and results, folds them into the engine's View (Fold), lists
// the legal actions (Legal), asks the strategy and sends its choice. It
// never decides twice on a View it has already decided on in this phase,
// so a wolf whose kill is in does not re-send or flip it while the seer
// thinks.
type Player struct {
	Client   *Client
	Game     string
	Token    string
	Strategy Decider
	Rng      *rand.Rand
	// Poll is the pause between status polls (default 200 ms; the spec's
	// shortest limit is 60 s).
	Poll time.Duration
	Log  *slog.Logger // nil: discard
	// OnAction, if set, is called after each accepted action with its
	// latency (tests and the load test measure with it).
	OnAction func(a ww.Action, latency time.Duration)
	// Tolerant keeps playing when the server answers 400 to an action
	// (logged; the strategy decides again on the next poll). A server
	// without our extensions may hide what makes an action legal (e.g. the
	// pack of a werewolf). Off, a 400 ends Run with the error: on our
	// server it means a bug.
	Tolerant bool
	// Outage is how long the player keeps retrying while the server
	// cannot be reached or answers 5xx (a restart, a network cut): it
	// waits with exponential backoff (0.1 s doubling up to 5 s) and then
	// resumes the same seat with the same token, reading the game afresh.
	// 0: the first such error ends Run.
	Outage time.Duration
}

// Listener is a strategy that reads the players' names and the messages'
// text (an LLM): the engine's View holds neither. A Player calls both
// before each Decide.
type Listener interface {
	SetNames(names []string)
	Hear(msgs []Message)
}

// ErrStrategy reports a strategy that chose an action not in legal.
var ErrStrategy = errors.New("werewolf player: strategy chose an illegal action")

// Run plays until the game is over or ctx ends, and returns the final
// public state of the game.
func (p *Player) Run(ctx context.Context) (GameInfo, error) {
	poll := p.Poll
	if poll <= 0 {
		poll = 200 * time.Millisecond
	}
	lg := p.Log
	if lg == nil {
		lg = slog.New(slog.DiscardHandler)
	}
	rng := p.Rng
	if rng == nil {
		rng = rand.New(rand.NewPCG(1, 2))
	}
	p.Strategy.Reset()
	ts := &turnState{decided: map[ww.View]bool{}, lg: lg, rng: rng}
	var down time.Time // when the current outage began (zero: none)
	backoff := 100 * time.Millisecond
	for {
		info, over, acted, err := p.poll(ctx, ts)
		switch {
		case err == nil:
			if !down.IsZero() {
				lg.Info("server back", "after", time.Since(down).Round(time.Millisecond))
			}
			down, backoff = time.Time{}, 100*time.Millisecond
			if over {
				return info, nil
			}
			if acted {
				continue // read again at once: there may be more to do
			}
		case ctx.Err() != nil:
			return GameInfo{}, ctx.Err()
		case p.Outage > 0 && Transient(err):
			if down.IsZero() {
				down = time.Now()
				lg.Info("server unreachable; retrying", "err", err)
			}
			if time.Since(down) > p.Outage {
				return GameInfo{}, fmt.Errorf("werewolf player: server unreachable for %v: %w", p.Outage, err)
			}
			select {
			case <-ctx.Done():
				return GameInfo{}, ctx.Err()
			case <-time.After(backoff):
			}
			backoff = min(2*backoff, 5*time.Second)
			continue
		default:
			return GameInfo{}, err
		}
		select {
		case <-ctx.Done():
			return GameInfo{}, ctx.Err()
		case <-time.After(poll):
		}
	}
}

// poll reads the seat's status once and, when it can act, plays one
// decision. over reports the end of the game (info is then its final
// state); acted an accepted action.
func (p *Player) poll(ctx context.Context, ts *turnState) (info GameInfo, over, acted bool, err error) {
	st, err := p.Client.Status(ctx, p.Game, p.Token)
	if err != nil {
		return info, false, false, err
	}
	if st.GamePhase == "finished" {
		info, err = p.Client.Game(ctx, p.Game)
		return info, err == nil, false, err
	}
	if !st.CanAct {
		return info, false, false, nil
	}
	seen, err := p.read(ctx, st)
	if err != nil {
		return info, false, false, err
	}
	// The phase may have moved on between the reads: then poll again. (A
	// server without our day_count in status reports 0.)
	if seen.Info.Phase != st.PhaseDetail || (st.DayCount != 0 && seen.Info.DayCount != st.DayCount) {
		return info, false, false, nil
	}
	acted, err = p.turn(ctx, ts, st, seen)
	return info, false, acted, err
}

// Transient reports whether err is worth retrying: the server could not
// be reached or answered 5xx (500, 502, 503, 504: a restart, a proxy, a
// storage hiccup). A 4xx answer or a decoding error is not.
func Transient(err error) bool {
	if err == nil {
		return false
	}
	switch StatusOf(err) {
	case 0:
		var te *transportError
		return errors.As(err, &te)
	case http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// turnState is what a Player keeps between polls.
type turnState struct {
	decided map[ww.View]bool // views decided on in the current phase
	phase   [2]int           // day and phase of those views
	noPass  bool             // the server has no pass endpoint
	silent  [2]int           // passed in this phase (day+1, phase) on a server without pass
	legal   []ww.Action
	lg      *slog.Logger
	rng     *rand.Rand
}

// turn folds what the seat has read, asks the strategy and sends its
// choice; acted reports an accepted action.
func (p *Player) turn(ctx context.Context, ts *turnState, st PlayerStatus, seen Seen) (acted bool, _ error) {
	v, names, err := Fold(seen)
	if err != nil {
		return false, err
	}
	ts.legal = Legal(&v, st, ts.legal)
	now := [2]int{int(v.Day), int(v.Phase)}
	if now != ts.phase {
		ts.phase = now
		clear(ts.decided)
	}
	if len(ts.legal) == 0 || ts.decided[v] || ts.silent == [2]int{now[0] + 1, now[1]} {
		return false, nil
	}
	if l, ok := p.Strategy.(Listener); ok {
		l.SetNames(names)
		l.Hear(seen.Messages)
	}
	a := p.Strategy.Decide(&v, ts.legal, ts.rng)
	if !isLegal(a, ts.legal) {
		return false, fmt.Errorf("%w: %v (legal %v)", ErrStrategy, a, ts.legal)
	}
	ts.decided[v] = true
	lg := ts.lg
	if a.Kind == ww.ActPass && ts.noPass {
		// Without a pass endpoint, passing is keeping quiet for the rest
		// of the discussion.
		ts.silent = [2]int{now[0] + 1, now[1]}
		return false, nil
	}
	t0 := time.Now()
	err = p.send(ctx, a, names)
	switch code := StatusOf(err); {
	case err == nil:
		if p.OnAction != nil {
			p.OnAction(a, time.Since(t0))
		}
		lg.Debug("acted", "player", st.PlayerName, "action", a.String())
		return true, nil
	case a.Kind == ww.ActPass && (code == http.StatusNotFound || code == http.StatusMethodNotAllowed):
		ts.noPass = true // a server without the extension: keep quiet instead
		ts.silent = [2]int{now[0] + 1, now[1]}
	case code == http.StatusConflict || code == http.StatusForbidden || (p.Tolerant && code == http.StatusBadRequest):
		// The phase moved on between reading and acting (or, tolerant, the
		// server knows better): decide again on the next poll.
		delete(ts.decided, v)
		lg.Debug("refused", "player", st.PlayerName, "action", a.String(), "err", err)
	default:
		if Transient(err) {
			delete(ts.decided, v) // unknown whether it landed: decide again on what we read next
		}
		return false, err
	}
	return false, nil
}

// read fetches what the seat may read.
func (p *Player) read(ctx context.Context, st PlayerStatus) (Seen, error) {
	s := Seen{Status: st}
	var err error
	if s.Info, err = p.Client.Game(ctx, p.Game); err != nil {
		return s, err
	}
	m, err := p.Client.Messages(ctx, p.Game, p.Token)
	if err != nil {
		return s, err
	}
	s.Messages = m.Messages
	switch st.Role {
	case "fortune_teller":
		r, err := p.Client.DivineResults(ctx, p.Game, p.Token)
		if err != nil {
			return s, err
		}
		s.Divines = r.Results
	case "psychic":
		r, err := p.Client.PsychicResults(ctx, p.Game, p.Token)
		if err != nil {
			return s, err
		}
		s.Psychic = r.Results
	}
	return s, nil
}

// send carries out a on the server.
func (p *Player) send(ctx context.Context, a ww.Action, names []string) error {
	name := func() string {
		if a.Target >= 0 && int(a.Target) < len(names) {
			return names[a.Target]
		}
		return ""
	}
	var err error
	switch a.Kind {
	case ww.ActTalk, ww.ActWhisper:
		// A bot's own text names seats, which the API never shows: say
		// players' names instead.
		text := NameSeats(a.Text, names)
		if text == "" {
			text = Say(a.Content, names)
		}
		if text == "" {
			text = "…"
		}
		target := "all"
		if a.Kind == ww.ActWhisper {
			target = "werewolf"
		}
		_, err = p.Client.Speak(ctx, p.Game, p.Token, FormatTalk(a.Content, text, names), target)
	case ww.ActPass:
		err = p.Client.Pass(ctx, p.Game, p.Token)
	case ww.ActDivine:
		_, err = p.Client.Divine(ctx, p.Game, p.Token, name())
	case ww.ActKill:
		_, err = p.Client.Kill(ctx, p.Game, p.Token, name())
	case ww.ActVote:
		_, err = p.Client.Vote(ctx, p.Game, p.Token, name())
	default:
		err = fmt.Errorf("%w: %v", ErrStrategy, a)
	}
	return err
}

// isLegal reports whether a is in legal, ignoring message text (any text
// may be added to a listed message).
func isLegal(a ww.Action, legal []ww.Action) bool {
	b := a
	b.Text = ""
	for _, l := range legal {
		if l == b {
			return true
		}
	}
	return false
}
