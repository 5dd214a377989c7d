package werewolf

import (
	"math/bits"

	"gamelab/sim"
)

// startNight begins night s.day: the medium learns today's execution, the
// seers and the pack get their duties, and the night ends at once if it has
// none (no seer alive on a night without a kill).
func (s *State) startNight() {
	s.phase = PhaseNight
	s.killNight = s.day > 0 || s.r.FirstNightKill
	s.seersLeft = s.seers & s.alive
	s.killersLeft = 0
	s.killOpen = s.killNight
	if s.killNight {
		s.killersLeft = s.wolves & s.alive
	}
	for i := range s.choice {
		s.choice[i] = sim.NoSeat
	}
	s.autoKill = sim.NoSeat
	s.whispers = int8(s.r.WolfSpeaks)
	s.chatOpen = true
	s.wolfPassed = 0
	e := mk(EvPhase, sim.NoSeat, sim.NoSeat)
	e.Phase, e.Count = PhaseNight, s.whispers
	s.emit(e)
	if s.executed != sim.NoSeat {
		for m := s.meds & s.alive; m != 0; m &= m - 1 {
			e := mk(EvMedium, sim.Seat(bits.TrailingZeros16(m)), s.executed)
			e.Role = s.roles[s.executed].Species()
			s.emit(e)
		}
	}
	s.executed = sim.NoSeat
	s.maybeEndNight()
}

// maybeEndNight ends the night when every living seer has divined, on a
// kill night every living wolf has chosen, and the wolf chat is over (every
// living wolf passed, the pack's messages used up, or its deadline passed):
// the wolves keep their consultation time (docs/rules/werewolf.md, "The
// night").
func (s *State) maybeEndNight() {
	if s.phase == PhaseNight && s.seersLeft == 0 && s.killersLeft == 0 && s.chatOver() {
		s.endNight()
	}
}

// endNight carries out the kill (plurality of the living wolves' latest
// choices, ties at random), announces it at dawn and checks victory.
func (s *State) endNight() {
	victim := sim.NoSeat
	if s.killNight {
		var votes [MaxPlayers]int8
		top := int8(0)
		for w := s.wolves & s.alive; w != 0; w &= w - 1 {
			if t := s.choice[bits.TrailingZeros16(w)]; t != sim.NoSeat {
				votes[t]++
				top = max(top, votes[t])
			}
		}
		var tied uint16
		for t := range s.n {
			if top > 0 && votes[t] == top {
				tied |= bit(sim.Seat(t))
			}
		}
		switch {
		case tied == 0:
			victim = s.autoKill
		case tied&(tied-1) == 0:
			victim = sim.Seat(bits.TrailingZeros16(tied))
		default:
			p := s.rng("kill-tie", uint64(s.day))
			victim = pick(&p, tied)
		}
	}
	s.day++
	s.emit(mk(EvDawn, sim.NoSeat, victim))
	if victim != sim.NoSeat {
		s.alive &^= bit(victim)
		if s.checkEnd() {
			return
		}
	}
	s.startDiscussion()
}

func (s *State) startDiscussion() {
	s.phase = PhaseDiscussion
	s.passed = 0
	for i := range s.n {
		s.speaks[i] = 0
		if s.alive&bit(sim.Seat(i)) != 0 {
			s.speaks[i] = int8(s.r.Speaks)
		}
	}
	s.runoffHeld = false
	e := mk(EvPhase, sim.NoSeat, sim.NoSeat)
	e.Phase, e.Count = PhaseDiscussion, int8(s.r.Speaks)
	s.emit(e)
	s.maybeEndDiscussion()
}

// maybeEndDiscussion starts the vote when every living player has passed or
// used up their messages.
func (s *State) maybeEndDiscussion() {
	if s.phase != PhaseDiscussion {
		return
	}
	for i := range s.n {
		if s.canAct(sim.Seat(i)) {
			return
		}
	}
	s.startVote(PhaseVote, s.alive)
}

func (s *State) startVote(p Phase, cands uint16) {
	s.phase = p
	s.cands = cands
	s.votersLeft = s.alive
	for i := range s.vote {
		s.vote[i] = sim.NoSeat
	}
	e := mk(EvPhase, sim.NoSeat, sim.NoSeat)
	e.Phase, e.Seats = p, cands
	s.emit(e)
}

// tally shows every vote, then executes the most voted player or applies
// the tie rule.
func (s *State) tally() {
	var votes [MaxPlayers]int8
	top := int8(0)
	for i := range s.n {
		if t := s.vote[i]; s.alive&bit(sim.Seat(i)) != 0 && t != sim.NoSeat {
			s.emit(mk(EvTally, sim.Seat(i), t))
			votes[t]++
			top = max(top, votes[t])
		}
	}
	var tied uint16
	for t := range s.n {
		if votes[t] == top {
			tied |= bit(sim.Seat(t))
		}
	}
	if tied&(tied-1) == 0 {
		s.execute(sim.Seat(bits.TrailingZeros16(tied)))
		return
	}
	switch {
	case s.tie == TieNoExecution:
		s.execute(sim.NoSeat)
	case s.tie == TieRunoff && !s.runoffHeld:
		s.runoffHeld = true
		s.startVote(PhaseRunoff, tied)
	default:
		round := uint64(0)
		if s.phase == PhaseRunoff {
			round = 1
		}
		p := s.rng("vote-tie", uint64(s.day), round)
		s.execute(pick(&p, tied))
	}
}

// execute kills t (sim.NoSeat: nobody), checks victory and lets night fall.
func (s *State) execute(t sim.Seat) {
	s.emit(mk(EvExecute, sim.NoSeat, t))
	s.executed = t
	if t != sim.NoSeat {
		s.alive &^= bit(t)
		if s.checkEnd() {
			return
		}
	}
	s.startNight()
}

// checkEnd ends the game if a team has won: the village when no wolf lives,
// the wolves when living wolves are at least as many as living humans (the
// madman counts as human).
func (s *State) checkEnd() bool {
	w := bits.OnesCount16(s.alive & s.wolves)
	h := bits.OnesCount16(s.alive &^ s.wolves)
	switch {
	case w == 0:
		s.winner = TeamVillage
	case w >= h:
		s.winner = TeamWerewolf
	default:
		return false
	}
	s.phase = PhaseOver
	e := mk(EvEnd, sim.NoSeat, sim.NoSeat)
	e.Team = s.winner
	s.emit(e)
	for i := range s.n {
		e := mk(EvReveal, sim.Seat(i), sim.NoSeat)
		e.Role = s.roles[i]
		s.emit(e)
	}
	return true
}

// Expire applies the fallback of a deadline that has passed (docs/rules/
// werewolf.md, decision 9), logging an EvTimeout and then the automatic
// actions with Auto set:
//
//   - DeadlineDivine: each living seer who has not divined tonight divines
//     a random living player other than itself, preferring players it has
//     not divined before;
//   - DeadlineKill: if no living wolf has chosen, the pack's victim is a
//     random living non-wolf (otherwise the plurality of the choices made
//     stands); wolves who did not choose are not waited for;
//   - DeadlineWolfChat: wolf chat closes for the night (the night then
//     ends if the divines and kill choices are in);
//   - DeadlineDiscussion: the discussion ends and voting starts;
//   - DeadlineVote: each player who has not voted votes for a random living
//     player other than themself (a runoff candidate in a runoff).
//
// The phase then runs on as after any action. A deadline that belongs to
// another phase is refused with ErrWrongPhase; one with nothing left to
// force returns nil and logs nothing. Random targets come from the seed.
func (s *State) Expire(d Deadline) error {
	a := Action{Kind: ActNone, Target: sim.NoSeat, Content: NoContent}
	if s.phase == PhaseOver {
		return refuse(ErrWrongPhase, sim.NoSeat, a, "the game is over")
	}
	ok := false
	for _, x := range Deadlines(s.phase) {
		ok = ok || x == d
	}
	if !ok {
		return refuse(ErrWrongPhase, sim.NoSeat, a, "deadline %s does not belong to the %s", d, s.phase)
	}
	timeout := func() {
		e := mk(EvTimeout, sim.NoSeat, sim.NoSeat)
		e.Deadline = d
		s.emit(e)
	}
	switch d {
	case DeadlineDivine:
		if s.seersLeft == 0 {
			return nil
		}
		timeout()
		for m := s.seersLeft; m != 0; m &= m - 1 {
			seer := sim.Seat(bits.TrailingZeros16(m))
			pool := s.alive &^ bit(seer)
			if fresh := pool &^ s.divinedEver[seer]; fresh != 0 {
				pool = fresh
			}
			p := s.rng("auto-divine", uint64(s.day), uint64(seer))
			s.divine(seer, pick(&p, pool), true)
		}
		s.maybeEndNight()
	case DeadlineKill:
		if s.killersLeft == 0 {
			return nil
		}
		timeout()
		chosen := false
		for w := s.wolves & s.alive; w != 0; w &= w - 1 {
			chosen = chosen || s.choice[bits.TrailingZeros16(w)] != sim.NoSeat
		}
		if !chosen {
			p := s.rng("auto-kill", uint64(s.day))
			s.autoKill = pick(&p, s.alive&^s.wolves)
			e := mk(EvKillVote, sim.NoSeat, s.autoKill)
			e.Auto = true
			s.emit(e)
		}
		s.killersLeft = 0
		s.killOpen = false
		s.maybeEndNight()
	case DeadlineWolfChat:
		if s.chatOver() {
			return nil
		}
		timeout()
		s.chatOpen = false
		s.maybeEndNight()
	case DeadlineDiscussion:
		timeout()
		s.startVote(PhaseVote, s.alive)
	case DeadlineVote:
		timeout()
		round := uint64(0)
		if s.phase == PhaseRunoff {
			round = 1
		}
		for m := s.votersLeft; m != 0; m &= m - 1 {
			voter := sim.Seat(bits.TrailingZeros16(m))
			p := s.rng("auto-vote", uint64(s.day), round, uint64(voter))
			s.castVote(voter, pick(&p, s.cands&s.alive&^bit(voter)), true)
		}
		s.tally()
	}
	return nil
}

// ExpirePhase applies every deadline of the current phase (Expire), i.e.
// forces the phase to end with the spec's fallbacks.
func (s *State) ExpirePhase() error {
	if s.phase == PhaseOver {
		return refuse(ErrWrongPhase, sim.NoSeat, Action{Target: sim.NoSeat, Content: NoContent}, "the game is over")
	}
	p, day := s.phase, s.day
	for _, d := range Deadlines(p) {
		if s.phase != p || s.day != day {
			break
		}
		if err := s.Expire(d); err != nil {
			return err
		}
	}
	return nil
}
