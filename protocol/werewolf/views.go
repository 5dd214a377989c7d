package werewolf

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"gamelab/sim"
	ww "gamelab/sim/werewolf"
)

// What each reader may see. Players and spectators get public facts only
// (who lives, the public talk, deaths, votes after the tally); a player
// also gets its own role, its own results and, for a werewolf, the pack
// and the wolf chat. When the game is over everything is public
// (docs/rules/werewolf.md, decision 12).

func simSeat(i int) sim.Seat { return sim.Seat(i) }

func lifeWord(alive bool) string {
	if alive {
		return "alive"
	}
	return "dead"
}

func (g *game) playersLocked() []PublicPlayer {
	out := make([]PublicPlayer, len(g.names))
	done := g.st.Done()
	for i, n := range g.names {
		p := PublicPlayer{Name: n, Status: lifeWord(g.st.Alive(simSeat(i))), Role: "hidden"}
		if done {
			p.Role = g.st.Role(simSeat(i)).SpecName()
		}
		out[i] = p
	}
	return out
}

// phaseResultsLocked lists each night's victim and each day's execution
// with its votes, from public events only.
func (g *game) phaseResultsLocked() []PhaseResult {
	out := []PhaseResult{}
	var votes []Vote
	auto := map[sim.Seat]bool{}
	nameOrNil := func(s sim.Seat) *string {
		if s == sim.NoSeat {
			return nil
		}
		n := g.name(s)
		return &n
	}
	for _, e := range g.st.Events() {
		switch e.Kind {
		case ww.EvDawn:
			out = append(out, PhaseResult{Phase: "night_" + strconv.Itoa(int(e.Day)-1), Killed: nameOrNil(e.Target)})
		case ww.EvVote:
			// Secret until the tally; only whether it was automatic is
			// taken here, and shown with the tally.
			auto[e.Seat] = e.Auto
		case ww.EvTally:
			votes = append(votes, Vote{Voter: g.name(e.Seat), Target: g.name(e.Target), Auto: auto[e.Seat]})
		case ww.EvExecute:
			out = append(out, PhaseResult{Phase: "day_" + strconv.Itoa(int(e.Day)), Executed: nameOrNil(e.Target), Votes: votes})
			votes = nil
			clear(auto)
		}
	}
	return out
}

func (g *game) info() GameInfo {
	g.mu.Lock()
	defer g.mu.Unlock()
	st, ph := g.statusWords()
	gi := GameInfo{GameID: g.id, Status: st, Phase: ph, DayCount: g.st.Day(), Players: g.playersLocked(), PhaseResults: g.phaseResultsLocked()}
	if end, ok := g.phaseEndLocked(); ok {
		gi.TimeRemaining = secondsUntil(end)
	}
	if g.st.Done() {
		gi.Winner, gi.Reason = g.st.Winner().String(), g.st.Reason()
	}
	gi.RoleCounts = map[string]int{}
	for r := ww.RoleVillager; r < ww.NumRoles; r++ {
		gi.RoleCounts[r.SpecName()] = g.data.Rules.Count(r)
	}
	rules := g.data.Rules
	gi.Config, gi.TimeScale = &rules, g.srv.opt.TimeScale
	return gi
}

func (g *game) summary() GameSummary {
	g.mu.Lock()
	defer g.mu.Unlock()
	st, _ := g.statusWords()
	return GameSummary{GameID: g.id, Status: st, Players: len(g.names), DayCount: g.st.Day(), CreatedAt: g.data.CreatedAt.Format(time.RFC3339)}
}

func (g *game) currentPhaseLocked() string {
	if !g.started() {
		return "waiting"
	}
	switch g.st.Phase() {
	case ww.PhaseNight:
		return "night"
	case ww.PhaseDiscussion:
		return "day_discussion"
	case ww.PhaseVote, ww.PhaseRunoff:
		return "day_voting"
	}
	return "finished"
}

func (g *game) spectate() Spectate {
	g.mu.Lock()
	defer g.mu.Unlock()
	done := g.st.Done()
	st, _ := g.statusWords()
	sp := Spectate{GameID: g.id, CurrentPhase: g.currentPhaseLocked(), DayCount: g.st.Day(), Players: g.playersLocked(),
		PublicMessages: []PublicMessage{}, PhaseResults: g.phaseResultsLocked(), Status: st}
	for _, m := range g.msgs {
		if m.Target == "all" || done {
			sp.PublicMessages = append(sp.PublicMessages, PublicMessage{ID: m.ID, Speaker: m.Speaker, Message: m.Message.Message, Timestamp: m.Timestamp, Target: m.Target, Day: m.Day, Phase: m.Phase})
		}
	}
	if end, ok := g.phaseEndLocked(); ok && !done {
		sp.TimeRemaining = secondsUntil(end)
		sp.Deadline = end.UTC().Format(time.RFC3339Nano)
	}
	if done {
		sp.Winner, sp.Reason = g.st.Winner().String(), g.st.Reason()
		sp.Log = g.logLocked()
	}
	return sp
}

// logLocked renders the whole event log but the talk (which is in the
// messages); only for a finished game.
func (g *game) logLocked() []LogEntry {
	var out []LogEntry
	phase := ww.PhaseNight
	for i, e := range g.st.Events() {
		if e.Kind == ww.EvPhase {
			phase = e.Phase
		}
		switch e.Kind {
		case ww.EvTalk, ww.EvWhisper, ww.EvStart, ww.EvSetup:
			continue
		}
		le := LogEntry{Seq: i, Day: int(e.Day), Phase: phase.String(), Actor: g.name(e.Seat), Action: e.Kind.String(), Target: g.name(e.Target), Auto: e.Auto}
		switch e.Kind {
		case ww.EvDeal, ww.EvReveal:
			le.Result = e.Role.SpecName()
		case ww.EvDivine, ww.EvMedium:
			le.Result = e.Role.String()
		case ww.EvPhase:
			le.Result = e.Phase.String()
		case ww.EvTimeout:
			le.Result = e.Deadline.String()
		case ww.EvEnd:
			le.Result = e.Team.String()
		}
		out = append(out, le)
	}
	return out
}

// status serves GET …/status. While the game waits, the first call of
// each player counts as "ready"; when all are, the game starts.
func (g *game) status(ctx context.Context, seat int) (PlayerStatus, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.started() && !g.data.Seen[seat] {
		g.data.Seen[seat] = true
		all := true
		for _, s := range g.data.Seen {
			all = all && s
		}
		var err error
		if all {
			err = g.startLocked(ctx, "every player ready")
		} else {
			err = g.saveLocked(ctx)
		}
		if err != nil {
			g.data.Seen[seat] = false
			return PlayerStatus{}, err
		}
	}
	s := simSeat(seat)
	role := g.st.Role(s)
	_, detail := g.statusWords()
	ps := PlayerStatus{PlayerName: g.names[seat], Role: role.SpecName(), Status: lifeWord(g.st.Alive(s)),
		PhaseDetail: detail, DayCount: g.st.Day(), ActionsAvailable: []string{}}
	switch {
	case !g.started():
		ps.GamePhase = "waiting"
	case g.st.Done():
		ps.GamePhase = "finished"
	case g.st.Phase() == ww.PhaseNight:
		ps.GamePhase = "night"
	default:
		ps.GamePhase = "day"
	}
	if end, ok := g.phaseEndLocked(); ok && !g.st.Done() {
		if g.started() && g.st.Phase() == ww.PhaseNight && role == ww.RoleSeer {
			if t := g.phaseAt.Add(g.limit(ww.DeadlineDivine)); t.Before(end) {
				end = t
			}
		}
		ps.TimeRemaining = secondsUntil(end)
	}
	if role == ww.RoleWerewolf {
		for i := range g.names {
			if g.st.Role(simSeat(i)) == ww.RoleWerewolf {
				ps.Werewolves = append(ps.Werewolves, g.names[i])
			}
		}
	}
	if g.started() && !g.st.Done() {
		ps.RemainingSpeaks = g.st.SpeaksLeft(s)
		var have [8]bool
		for _, a := range g.st.Legal(s, nil) {
			have[a.Kind] = true
		}
		for _, k := range []struct {
			kind ww.ActionKind
			word string
		}{{ww.ActTalk, "speak"}, {ww.ActWhisper, "speak"}, {ww.ActPass, "pass"}, {ww.ActDivine, "divine"}, {ww.ActKill, "kill"}, {ww.ActVote, "vote"}} {
			if have[k.kind] && (len(ps.ActionsAvailable) == 0 || ps.ActionsAvailable[len(ps.ActionsAvailable)-1] != k.word) {
				ps.ActionsAvailable = append(ps.ActionsAvailable, k.word)
			}
		}
		ps.CanAct = len(ps.ActionsAvailable) > 0
	}
	if g.started() {
		// What this seat already did: its vote in the current phase, its
		// divine and kill choice in the latest night.
		evs := g.st.Events()
		for i, votePhase := len(evs)-1, true; i >= 0; i-- {
			e := evs[i]
			if e.Kind == ww.EvPhase {
				if e.Phase == ww.PhaseNight {
					break
				}
				votePhase = false
				continue
			}
			if e.Seat != s {
				continue
			}
			switch {
			case e.Kind == ww.EvVote && votePhase && ps.Voted == "":
				ps.Voted = g.name(e.Target)
			case e.Kind == ww.EvDivine && ps.Divined == "":
				ps.Divined = g.name(e.Target)
			case e.Kind == ww.EvKillVote && ps.KillTarget == "":
				ps.KillTarget = g.name(e.Target)
			}
		}
	}
	return ps, nil
}

// messagesFor serves GET …/messages: the public talk, plus the wolf chat
// for a werewolf; everything once the game is over.
func (g *game) messagesFor(seat int) MessagesResponse {
	g.mu.Lock()
	defer g.mu.Unlock()
	wolf := g.st.Role(simSeat(seat)) == ww.RoleWerewolf
	out := MessagesResponse{Messages: []Message{}}
	for _, m := range g.msgs {
		if m.Target == "all" || wolf || g.st.Done() {
			out.Messages = append(out.Messages, m.Message)
		}
	}
	return out
}

// divineResults serves GET …/divine_results: the fortune teller's own
// results. Day is the night's number, as in messages and phase_results
// (a divine on night N has day N: docs/rules/werewolf.md, "Day numbers").
func (g *game) divineResults(seat int) (DivineResults, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	s := simSeat(seat)
	if g.st.Role(s) != ww.RoleSeer {
		return DivineResults{}, apiErr(http.StatusForbidden, "only the fortune teller has divine results")
	}
	out := DivineResults{Results: []DivineResult{}}
	for _, e := range g.st.Events() {
		if e.Kind == ww.EvDivine && e.Seat == s {
			out.Results = append(out.Results, DivineResult{Day: int(e.Day), Target: g.name(e.Target), Result: e.Role.String()})
		}
	}
	return out, nil
}

// psychicResults serves GET …/psychic_results: the medium's own results
// (the result for day N's execution has day N: docs/rules/werewolf.md,
// "Day numbers").
func (g *game) psychicResults(seat int) (PsychicResults, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	s := simSeat(seat)
	if g.st.Role(s) != ww.RoleMedium {
		return PsychicResults{}, apiErr(http.StatusForbidden, "only the psychic (medium) has psychic results")
	}
	out := PsychicResults{Results: []PsychicResult{}}
	for _, e := range g.st.Events() {
		if e.Kind == ww.EvMedium && e.Seat == s {
			out.Results = append(out.Results, PsychicResult{Day: int(e.Day), ExecutedPlayer: g.name(e.Target), Result: e.Role.String()})
		}
	}
	return out, nil
}
