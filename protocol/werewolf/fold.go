package werewolf

import (
	"fmt"
	"strconv"
	"strings"

	"gamelab/sim"
	ww "gamelab/sim/werewolf"
)

// Seen is everything one player has read from a server: the public game
// (GET /api/games/{id}), its own status, the messages it may read and its
// own results.
type Seen struct {
	Info     GameInfo
	Status   PlayerStatus
	Messages []Message
	Divines  []DivineResult
	Psychic  []PsychicResult
}

// maxFoldDay is the largest day Fold accepts (ww.Event.Day is a uint8).
const maxFoldDay = 255

// Fold rebuilds the engine's View of the reading player from what it has
// read, by turning the wire data back into the engine's Events, in the
// engine's order, and folding them (View.Apply). It also returns the
// players' names by seat. On our server the result equals the engine's
// View(seat) except for what the spec's API does not carry: which other
// players have passed, the other wolves' kill choices, and runoff
// candidates (see TestFoldMatchesEngine).
func Fold(s Seen) (ww.View, []string, error) {
	n := len(s.Info.Players)
	names := make([]string, n)
	self := sim.NoSeat
	for i, p := range s.Info.Players {
		names[i] = p.Name
		if p.Name == s.Status.PlayerName {
			self = sim.Seat(i)
		}
	}
	if n == 0 || n > ww.MaxPlayers {
		return ww.View{}, nil, fmt.Errorf("werewolf fold: %d players", n)
	}
	if self == sim.NoSeat {
		return ww.View{}, nil, fmt.Errorf("werewolf fold: player %q not in the game", s.Status.PlayerName)
	}
	seatOf := func(name string) sim.Seat {
		for i, nm := range names {
			if nm == name {
				return sim.Seat(i)
			}
		}
		return sim.NoSeat
	}
	role, err := ww.ParseRole(s.Status.Role)
	if err != nil {
		return ww.View{}, nil, fmt.Errorf("werewolf fold: %w", err)
	}
	v := ww.NewView(self)
	ev := func(k ww.EventKind, day int, seat, target sim.Seat) ww.Event {
		return ww.Event{Kind: k, Day: uint8(day), Seat: seat, Target: target, Content: ww.NoContent}
	}
	start := ev(ww.EvStart, 0, sim.NoSeat, sim.NoSeat)
	start.Count = int8(n)
	v.Apply(start)
	counts := s.Info.RoleCounts
	if len(counts) == 0 {
		if r, err := ww.Preset(strconv.Itoa(n)); err == nil {
			counts = map[string]int{}
			for role := ww.RoleVillager; role < ww.NumRoles; role++ {
				counts[role.SpecName()] = r.Count(role)
			}
		}
	}
	for r := ww.RoleVillager; r < ww.NumRoles; r++ {
		e := ev(ww.EvSetup, 0, sim.NoSeat, sim.NoSeat)
		e.Role, e.Count = r, int8(counts[r.SpecName()])
		v.Apply(e)
	}
	deal := ev(ww.EvDeal, 0, self, sim.NoSeat)
	deal.Role = role
	v.Apply(deal)
	if role == ww.RoleWerewolf {
		for _, w := range s.Status.Werewolves {
			if t := seatOf(w); t != sim.NoSeat && t != self {
				d := ev(ww.EvDeal, 0, t, sim.NoSeat)
				d.Role = ww.RoleWerewolf
				v.Apply(d)
			}
		}
	}

	// Index the wire data by day.
	type death struct {
		seat sim.Seat
		ok   bool
	}
	kills := map[int]death{}
	execs := map[int]death{}
	votes := map[int][]Vote{}
	for _, r := range s.Info.PhaseResults {
		kind, num, _ := strings.Cut(r.Phase, "_")
		d, err := strconv.Atoi(num)
		if err != nil {
			continue
		}
		switch kind {
		case "night":
			t := sim.NoSeat
			if r.Killed != nil {
				t = seatOf(*r.Killed)
			}
			kills[d] = death{t, true}
		case "day":
			t := sim.NoSeat
			if r.Executed != nil {
				t = seatOf(*r.Executed)
			}
			execs[d] = death{t, true}
			votes[d] = r.Votes
		}
	}
	day := s.Info.DayCount
	// The engine's days are uint8; a larger (or negative) day count is
	// not a game we can fold, and a hostile one would make the loop
	// below run for ever.
	if day < 0 || day > maxFoldDay {
		return ww.View{}, nil, fmt.Errorf("werewolf fold: day_count %d out of range [0, %d]", day, maxFoldDay)
	}
	// A server without our "day" field on messages: there is no day 0,
	// so a day message stamped 0 is taken as today's.
	msgs := make([]Message, len(s.Messages))
	copy(msgs, s.Messages)
	for i := range msgs {
		if msgs[i].Day == 0 && msgs[i].Phase != "night" && msgs[i].Target != "werewolf" {
			msgs[i].Day = max(day, 1)
		}
	}
	s.Messages = msgs
	over := s.Info.Status == statusFinished || s.Status.GamePhase == "finished"
	detail := s.Status.PhaseDetail
	night := s.Status.GamePhase == "night"
	speaksNow := 0
	for _, m := range s.Messages {
		if m.Speaker == s.Status.PlayerName && m.Day == day {
			speaksNow++
		}
	}

	for d := 0; d <= day; d++ {
		if d > 0 {
			// Day d: dawn, discussion, vote, tally, execution.
			victim := sim.NoSeat // also when unknown (a server without phase_results)
			if k, ok := kills[d-1]; ok {
				victim = k.seat
			}
			v.Apply(ev(ww.EvDawn, d, sim.NoSeat, victim))
			if over && d == day && !execs[d].ok && !hasTalk(s.Messages, d) {
				break // the night's kill ended the game
			}
			ph := ev(ww.EvPhase, d, sim.NoSeat, sim.NoSeat)
			ph.Phase, ph.Count = ww.PhaseDiscussion, 5
			if d == day && detail == "discussion" && s.Status.RemainingSpeaks > 0 {
				ph.Count = int8(s.Status.RemainingSpeaks + speaksNow)
			}
			v.Apply(ph)
			for _, m := range s.Messages {
				if m.Day == d && m.Target == "all" && m.Phase == "day" {
					t := ev(ww.EvTalk, d, seatOf(m.Speaker), sim.NoSeat)
					t.Content, t.Text = ParseTalk(m.Message, names)
					v.Apply(t)
				}
			}
			voting := d < day || execs[d].ok || (d == day && (detail == "voting" || night))
			if !voting {
				break
			}
			vp := ev(ww.EvPhase, d, sim.NoSeat, sim.NoSeat)
			vp.Phase, vp.Seats = ww.PhaseVote, v.Alive
			v.Apply(vp)
			switch {
			case execs[d].ok:
				for _, vt := range votes[d] {
					if seatOf(vt.Voter) == self {
						v.Apply(ev(ww.EvVote, d, self, seatOf(vt.Target)))
					}
				}
				for _, vt := range votes[d] {
					v.Apply(ev(ww.EvTally, d, seatOf(vt.Voter), seatOf(vt.Target)))
				}
				v.Apply(ev(ww.EvExecute, d, sim.NoSeat, execs[d].seat))
			case d == day && !night:
				// The vote is on.
				if s.Status.Voted != "" {
					v.Apply(ev(ww.EvVote, d, self, seatOf(s.Status.Voted)))
				}
			default:
				// Over, but the server does not say how (no phase_results).
				v.Apply(ev(ww.EvExecute, d, sim.NoSeat, sim.NoSeat))
			}
			if d == day && (!night || over) {
				break // the vote is on, or its execution ended the game
			}
		}
		// Night d.
		if d == day && !night && !(over && kills[d].ok) {
			break
		}
		ph := ev(ww.EvPhase, d, sim.NoSeat, sim.NoSeat)
		ph.Phase, ph.Count = ww.PhaseNight, 10
		whispers := 0
		for _, m := range s.Messages {
			if m.Day == d && m.Target == "werewolf" {
				whispers++
			}
		}
		if d == day && night && role == ww.RoleWerewolf {
			ph.Count = int8(s.Status.RemainingSpeaks + whispers)
		}
		v.Apply(ph)
		if role == ww.RoleMedium {
			for _, r := range s.Psychic {
				if r.Day == d {
					e := ev(ww.EvMedium, d, self, seatOf(r.ExecutedPlayer))
					e.Role = species(r.Result)
					v.Apply(e)
				}
			}
		}
		if role == ww.RoleWerewolf {
			for _, m := range s.Messages {
				if m.Day == d && m.Target == "werewolf" {
					t := ev(ww.EvWhisper, d, seatOf(m.Speaker), sim.NoSeat)
					t.Content, t.Text = ParseTalk(m.Message, names)
					v.Apply(t)
				}
			}
			latest := d == day-1
			if night {
				latest = d == day
			}
			if latest && s.Status.KillTarget != "" {
				v.Apply(ev(ww.EvKillVote, d, self, seatOf(s.Status.KillTarget)))
			}
		}
		if role == ww.RoleSeer {
			for _, r := range s.Divines {
				if r.Day == d {
					e := ev(ww.EvDivine, d, self, seatOf(r.Target))
					e.Role = species(r.Result)
					v.Apply(e)
				}
			}
		}
	}
	// A server without phase_results still tells who is dead.
	for i, p := range s.Info.Players {
		if p.Status == "dead" {
			v.Alive &^= 1 << uint(i)
		}
	}
	if over {
		e := ev(ww.EvEnd, day, sim.NoSeat, sim.NoSeat)
		switch s.Info.Winner {
		case "village":
			e.Team = ww.TeamVillage
		case "werewolf":
			e.Team = ww.TeamWerewolf
		}
		v.Apply(e)
		for i, p := range s.Info.Players {
			if r, err := ww.ParseRole(p.Role); err == nil && r != ww.RoleNone {
				rv := ev(ww.EvReveal, day, sim.Seat(i), sim.NoSeat)
				rv.Role = r
				v.Apply(rv)
			}
		}
	}
	return v, names, nil
}

func hasTalk(msgs []Message, day int) bool {
	for _, m := range msgs {
		if m.Day == day && m.Target == "all" {
			return true
		}
	}
	return false
}

func species(s string) ww.Role {
	if s == "werewolf" {
		return ww.RoleWerewolf
	}
	return ww.RoleVillager
}

// Legal lists the actions the reading player may take now, in the engine's
// order (State.Legal), from its View and the status' actions_available.
func Legal(v *ww.View, st PlayerStatus, dst []ww.Action) []ww.Action {
	dst = dst[:0]
	has := func(w string) bool {
		for _, a := range st.ActionsAvailable {
			if a == w {
				return true
			}
		}
		return false
	}
	if !st.CanAct || !v.IsAlive(v.Seat) {
		return dst
	}
	n := sim.Seat(v.Players)
	night := st.GamePhase == "night"
	if has("speak") {
		kind := ww.ActTalk
		if night {
			kind = ww.ActWhisper
		}
		a := ww.Action{Kind: kind, Target: sim.NoSeat, Content: ww.NoContent}
		dst = append(dst, a)
		for r := ww.RoleVillager; r < ww.NumRoles; r++ {
			a.Content = ww.ComingOut(r)
			dst = append(dst, a)
		}
		for _, k := range [2]ww.ContentKind{ww.ContentDivined, ww.ContentIdentified} {
			for t := range n {
				if t != v.Seat {
					a.Content = ww.Content{Kind: k, Role: ww.RoleVillager, Target: t}
					dst = append(dst, a)
					a.Content.Role = ww.RoleWerewolf
					dst = append(dst, a)
				}
			}
		}
		for _, k := range [2]ww.ContentKind{ww.ContentAccuse, ww.ContentVote} {
			for t := range n {
				if t != v.Seat && v.IsAlive(t) {
					a.Content = ww.Content{Kind: k, Target: t}
					dst = append(dst, a)
				}
			}
		}
	}
	if has("pass") {
		dst = append(dst, ww.Pass()) // at night: a wolf leaves the wolf chat
	}
	if has("divine") {
		for t := range n {
			if t != v.Seat && v.IsAlive(t) {
				dst = append(dst, ww.Divine(t))
			}
		}
	}
	if has("kill") {
		for t := range n {
			if v.IsAlive(t) && v.Known[t] != ww.RoleWerewolf {
				dst = append(dst, ww.Kill(t))
			}
		}
	}
	if has("vote") {
		cands := v.Candidates
		if cands == 0 {
			cands = v.Alive
		}
		for t := range n {
			if t != v.Seat && v.IsAlive(t) && cands&(1<<uint(t)) != 0 {
				dst = append(dst, ww.Vote(t))
			}
		}
	}
	return dst
}
