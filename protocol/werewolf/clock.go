package werewolf

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

	ww "gamelab/sim/werewolf"
)

// The server owns the clocks; the engine is event-driven. Each game has one
// timer set to its next due moment: the auto start of a waiting game
// (docs/rules/werewolf.md, decision 14), or the earliest deadline of the current phase not yet
// applied (docs/rules/werewolf.md, decision 8: divine, kill and wolf chat count from the night's
// start, discussion from the dawn, vote from the end of the discussion).
// When it fires, every due deadline is applied through State.Expire, in the
// engine's order, and the timer is set again.

// retryAfter is how long a deadline waits after a storage failure.
const retryAfter = time.Second

func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) | 1 // never 0 ("random")
}

// limit is the wall-clock length of deadline d in this game.
func (g *game) limit(d ww.Deadline) time.Duration {
	return g.srv.ruleSeconds(g.data.Rules.Seconds(d))
}

// autoStartAt is when a waiting game starts by itself.
func (g *game) autoStartAt() time.Time {
	return g.data.CreatedAt.Add(g.srv.ruleSeconds(g.data.Rules.AutoStartAfter))
}

// nextDueLocked returns the next moment the timer must fire.
func (g *game) nextDueLocked() (time.Time, bool) {
	if !g.started() {
		return g.autoStartAt(), true
	}
	if g.st.Done() {
		return time.Time{}, false
	}
	var at time.Time
	found := false
	for _, d := range ww.Deadlines(g.st.Phase()) {
		if g.fired[d] {
			continue
		}
		t := g.phaseAt.Add(g.limit(d))
		if !found || t.Before(at) {
			at, found = t, true
		}
	}
	return at, found
}

// phaseEndLocked is the latest moment the current phase can last: what
// time_remaining counts down to. A night lasts until its divine, kill and
// wolf-chat deadlines (the wolves keep their consultation time,
// docs/rules/werewolf.md "The night").
func (g *game) phaseEndLocked() (time.Time, bool) {
	if !g.started() {
		return g.autoStartAt(), true
	}
	switch g.st.Phase() {
	case ww.PhaseNight:
		lim := max(g.limit(ww.DeadlineDivine), g.limit(ww.DeadlineWolfChat))
		if g.st.Day() > 0 || g.data.Rules.FirstNightKill {
			lim = max(lim, g.limit(ww.DeadlineKill))
		}
		return g.phaseAt.Add(lim), true
	case ww.PhaseDiscussion:
		return g.phaseAt.Add(g.limit(ww.DeadlineDiscussion)), true
	case ww.PhaseVote, ww.PhaseRunoff:
		return g.phaseAt.Add(g.limit(ww.DeadlineVote)), true
	}
	return time.Time{}, false
}

// secondsUntil rounds the time left up to whole seconds (0 when past).
func secondsUntil(t time.Time) int {
	d := time.Until(t)
	if d <= 0 {
		return 0
	}
	return int((d + time.Second - 1) / time.Second)
}

// scheduleLocked (re)arms the game's timer.
func (g *game) scheduleLocked() {
	if g.timer != nil {
		g.timer.Stop()
		g.timer = nil
	}
	g.gen++
	if g.stopped {
		return
	}
	at, ok := g.nextDueLocked()
	if !ok {
		return
	}
	g.armLocked(time.Until(at))
}

func (g *game) armLocked(d time.Duration) {
	gen := g.gen
	g.timer = time.AfterFunc(d, func() { g.fire(gen) })
}

// fire applies what is due. A stale generation (the game changed since the
// timer was set) does nothing.
func (g *game) fire(gen int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.stopped || gen != g.gen {
		return
	}
	ctx := context.Background()
	if !g.started() {
		if !time.Now().Before(g.autoStartAt()) {
			if err := g.startLocked(ctx, "auto_start_after"); err != nil {
				g.srv.log.Error("auto start failed", "game", g.id, "err", err)
				g.gen++
				g.armLocked(retryAfter)
			}
			return
		}
		g.scheduleLocked()
		return
	}
	now := time.Now()
	for !g.st.Done() {
		phase := g.nPhase
		var due ww.Deadline
		for _, d := range ww.Deadlines(g.st.Phase()) {
			if !g.fired[d] && !now.Before(g.phaseAt.Add(g.limit(d))) {
				due = d
				break
			}
		}
		if due == ww.DeadlineNone {
			break
		}
		g.fired[due] = true
		if err := g.expireLocked(ctx, due); err != nil {
			delete(g.fired, due)
			g.srv.log.Error("deadline failed", "game", g.id, "deadline", due, "err", err)
			g.gen++
			g.armLocked(retryAfter)
			return
		}
		g.srv.log.Debug("deadline", "game", g.id, "deadline", due, "day", g.st.Day())
		if g.nPhase != phase {
			break // a new phase: its clock starts now
		}
	}
	g.scheduleLocked()
}

// stop disarms the game for good (Server.Close).
func (g *game) stop() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.stopped = true
	g.gen++
	if g.timer != nil {
		g.timer.Stop()
	}
	for ch := range g.subs {
		close(ch)
		delete(g.subs, ch)
	}
}

// subscribe returns a channel that receives a signal after every change
// (coalesced: capacity one) and a cancel function.
func (g *game) subscribe() (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.stopped {
		close(ch)
		return ch, func() {}
	}
	g.subs[ch] = struct{}{}
	return ch, func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		delete(g.subs, ch)
	}
}

func (g *game) notifyLocked() {
	for ch := range g.subs {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// saveLocked writes g.data alone (e.g. a player seen while waiting).
func (g *game) saveLocked(ctx context.Context) error {
	b, err := json.Marshal(g.data)
	if err != nil {
		return apiErr(500, "storage failure: %v", err)
	}
	if err := g.srv.store.Commit(context.WithoutCancel(ctx), g.id, Batch{Game: b}, time.Now()); err != nil {
		return apiErr(500, "storage failure: %v", err)
	}
	return nil
}

// parseDeadline reads a deadline's name.
func parseDeadline(s string) (ww.Deadline, error) {
	for d := ww.DeadlineDivine; d <= ww.DeadlineVote; d++ {
		if d.String() == s {
			return d, nil
		}
	}
	return ww.DeadlineNone, fmt.Errorf("unknown deadline %q", s)
}

// resume rebuilds every game in the store by replaying its actions, then
// arms its clock: a deadline that passed while the server was down fires
// at once.
func (s *Server) resume(ctx context.Context) error {
	rows, err := s.store.Games(ctx)
	if err != nil {
		return err
	}
	for _, row := range rows {
		g, err := s.restore(ctx, row)
		if err != nil {
			return fmt.Errorf("werewolf: resume game %s: %w", row.ID, err)
		}
		if !s.add(g) {
			return nil
		}
		g.mu.Lock()
		g.scheduleLocked()
		g.mu.Unlock()
	}
	if len(rows) > 0 {
		s.log.Info("resumed games", "count", len(rows))
	}
	return nil
}

func (s *Server) restore(ctx context.Context, row StoredGame) (*game, error) {
	var d gameData
	if err := json.Unmarshal(row.Data, &d); err != nil {
		return nil, fmt.Errorf("game_data: %w", err)
	}
	if err := d.Rules.Validate(); err != nil {
		return nil, err
	}
	if len(d.Players) != d.Rules.Players || len(d.Seen) != d.Rules.Players {
		return nil, fmt.Errorf("game_data: %d players for %d seats", len(d.Players), d.Rules.Players)
	}
	g := s.newGame(d)
	acts, err := s.store.Rows(ctx, "actions", d.ID)
	if err != nil {
		return nil, err
	}
	for _, b := range acts {
		var a actionData
		if err := json.Unmarshal(b, &a); err != nil {
			return nil, fmt.Errorf("action row: %w", err)
		}
		switch a.Kind {
		case "start":
		case "expire":
			dl, err := parseDeadline(a.Deadline)
			if err != nil {
				return nil, fmt.Errorf("action %d: %w", a.Seq, err)
			}
			if err := g.st.Expire(dl); err != nil {
				return nil, fmt.Errorf("action %d: %w", a.Seq, err)
			}
		default:
			act, err := ww.ParseAction(a.Action)
			if err != nil {
				return nil, fmt.Errorf("action %d: %w", a.Seq, err)
			}
			if err := g.st.Apply(simSeat(a.Seat), act); err != nil {
				return nil, fmt.Errorf("action %d (%s): %w", a.Seq, a.Action, err)
			}
		}
		g.seq = a.Seq
	}
	msgs, err := s.store.Rows(ctx, "messages", d.ID)
	if err != nil {
		return nil, err
	}
	for _, b := range msgs {
		var m messageData
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, fmt.Errorf("message row: %w", err)
		}
		g.msgs = append(g.msgs, m)
	}
	g.nPhase = countPhases(g.st.Events())
	g.phaseAt = d.CreatedAt
	if d.PhaseStartedAt != nil {
		g.phaseAt = *d.PhaseStartedAt
	}
	g.snapshot()
	return g, nil
}
