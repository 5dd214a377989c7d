package werewolf

import (
	"math/bits"

	"gamelab/sim"
)

// Weigher scores a role assignment by how likely it makes the public play
// a view shows (the talk, the votes): a number in [0, 1], where a constant
// gives the uniform sampler. A strategy that models its own kind of
// player provides one (strategies/werewolf's rule player: the chance its
// rules would have made the claims seen). roles[i] is seat i's role.
type Weigher interface {
	Weigh(v *View, roles *[MaxPlayers]Role) float64
}

// SetWeigher makes Determinize draw role assignments weighted by w (nil:
// uniformly among the consistent ones). It is a setting of s, kept across
// Reset and Determinize.
func (s *State) SetWeigher(w Weigher) { s.weigh = w }

// Sample returns a determinization of v: a full state consistent with
// everything v's seat has seen (see Determinize), roles uniform among the
// consistent assignments.
func Sample(v *View, rng *sim.PCG) *State {
	s := &State{}
	s.Determinize(v, rng)
	return s
}

// maxDraws bounds the rejection sampling of a role assignment; after it
// the best-weighted draw is kept (only a view no assignment fits, or a
// weigher that rejects nearly all, gets there).
const maxDraws = 256

// Determinize makes s a full game consistent with everything v's seat has
// seen (sim.Sampler), its hidden parts drawn from rng alone:
//
//   - the roles: every assignment that gives the seat its own role, the
//     wolves it knows, its divine and medium results, that never has the
//     pack kill a wolf, and leaves the game running (a wolf alive, fewer
//     living wolves than humans: docs/rules/werewolf.md, decision 3), is
//     drawn with equal chance — or in proportion to the weigher's score
//     (SetWeigher), by rejection;
//   - what the seat never saw is rebuilt plainly: a hidden seer's earlier
//     divines (its claimed targets first, then random ones, one a night,
//     true results), a hidden medium's results on every execution, who
//     spoke today's messages the view does not attribute; tonight the
//     other roles have not acted yet (the pack has not chosen, the seer has
//     not divined), and in a vote the others have not voted;
//   - later chance (tie-breaks, automatic targets) comes from a seed drawn
//     from rng.
//
// The log is not the real history: it is a short one (the deal, the
// results, the claims, the deaths, today's talk, the vote) whose fold is
// the view, so s.View(v.Seat) equals *v and s.Legal(v.Seat) the legal
// actions of the real game (for a seat asked to act; a seer at night is
// taken to have divined tonight when it holds day+1 results). The rules
// are s's own if they fit v's table, else Default for v's role counts:
// the view does not show the speak limits or the tie rule. A view no
// real game shows (a live adapter's) still gives a state, never a panic;
// callers that must act in it check it first (Rules.Validate of its
// table, the legality of their actions in the sample).
func (s *State) Determinize(v *View, rng *sim.PCG) {
	n := int(v.Players)
	r := s.r
	if r.Players != n || r.Villagers != int(v.RoleCount[RoleVillager]) || r.Seers != int(v.RoleCount[RoleSeer]) ||
		r.Mediums != int(v.RoleCount[RoleMedium]) || r.Werewolves != int(v.RoleCount[RoleWerewolf]) || r.Madmen != int(v.RoleCount[RoleMadman]) {
		r = Default(int(v.RoleCount[RoleVillager]), int(v.RoleCount[RoleSeer]), int(v.RoleCount[RoleMedium]),
			int(v.RoleCount[RoleWerewolf]), int(v.RoleCount[RoleMadman]))
	}
	DrawRoles(v, rng, s.weigh, &s.roles) // in place: a local would escape to the weigher
	roles := s.roles
	s.begin(r, rng.Uint64(), roles[:n])
	s.rebuild(v, rng)
}

// DrawRoles draws into roles a role assignment consistent with v (the
// roles part of Determinize, for strategies that want a posterior over
// roles without the states): the wolves uniformly among the seats that
// may be wolves (the known and the divined-black ones always), then the
// other roles shuffled over the other seats, redrawn while the game would
// be over or, with a weigher w (nil: uniform), accepted with probability
// its weight.
func DrawRoles(v *View, rng *sim.PCG, w Weigher, roles *[MaxPlayers]Role) {
	n := int(v.Players)
	all := uint16(1)<<uint(n) - 1
	var wolves, humans uint16 // forced
	for i := range n {
		b := uint16(1) << uint(i)
		switch k := v.Known[i]; {
		case k >= NumRoles:
		case k == RoleWerewolf:
			wolves |= b
		case k != RoleNone:
			humans |= b
		}
		switch v.Results[i] {
		case RoleWerewolf:
			wolves |= b
		case RoleVillager:
			humans |= b
		}
	}
	humans |= v.Killed // the pack kills non-wolves only
	humans &^= wolves  // a contradictory view: the wolf evidence wins
	free := all &^ wolves &^ humans
	need := int(v.RoleCount[RoleWerewolf]) - bits.OnesCount16(wolves)
	var freeSeats [MaxPlayers]sim.Seat
	nf := 0
	for m := free; m != 0; m &= m - 1 {
		freeSeats[nf] = sim.Seat(bits.TrailingZeros16(m))
		nf++
	}
	need = max(0, min(need, nf))
	// The other roles still to deal, as a multiset.
	var pool [MaxPlayers]Role
	np := 0
	for role := RoleVillager; role < NumRoles; role++ {
		if role == RoleWerewolf {
			continue
		}
		c := int(v.RoleCount[role])
		for i := range n {
			if v.Known[i] == role {
				c--
			}
		}
		for ; c > 0 && np < MaxPlayers; c-- {
			pool[np] = role
			np++
		}
	}
	var best [MaxPlayers]Role
	bestW := -1.0
	for draw := 0; ; draw++ {
		// Wolves: a uniform need-subset of the free seats.
		set := wolves
		for k := range need {
			j := k + rng.IntN(nf-k)
			freeSeats[k], freeSeats[j] = freeSeats[j], freeSeats[k]
			set |= 1 << uint(freeSeats[k])
		}
		lw := bits.OnesCount16(set & v.Alive)
		running := v.Phase == PhaseOver || (lw > 0 && lw < bits.OnesCount16(v.Alive&^set))
		if !running && draw < maxDraws {
			continue
		}
		sim.Shuffle(rng, pool[:np])
		k := 0
		for i := range n {
			switch {
			case set&(1<<uint(i)) != 0:
				roles[i] = RoleWerewolf
			case v.Known[i] != RoleNone && v.Known[i] < NumRoles:
				roles[i] = v.Known[i]
			case k < np:
				roles[i] = pool[k]
				k++
			default:
				roles[i] = RoleVillager // a view whose counts do not add up
			}
		}
		if w == nil || draw >= maxDraws {
			if draw >= maxDraws && bestW >= 0 {
				*roles = best
			}
			return
		}
		x := w.Weigh(v, roles)
		if rng.Float64() < x {
			return
		}
		if x > bestW {
			best, bestW = *roles, x
		}
	}
}

// rebuild logs, after the deal begin made, events whose fold for v.Seat is
// *v, and sets the state's phase fields to match (see Determinize).
func (s *State) rebuild(v *View, rng *sim.PCG) {
	me := v.Seat
	n := s.n
	s.day, s.phase = v.Day, v.Phase
	s.alive = v.Alive
	mine := func(t sim.Seat) bool { return me != sim.NoSeat && t == me }

	// Wolf-chat plans to fake a role (they last past the night).
	for i := range n {
		if c := v.PackCameOut[i]; c != RoleNone {
			e := mk(EvWhisper, sim.Seat(i), sim.NoSeat)
			e.Content = ComingOut(c)
			s.emit(e)
		}
	}
	// Results: the seat's own as it knows them; a hidden seer's and
	// medium's true ones.
	for t := range n {
		if res := v.Results[t]; res != RoleNone && me != sim.NoSeat {
			k := EvDivine
			if s.roles[me] == RoleMedium {
				k = EvMedium
			}
			e := mk(k, me, sim.Seat(t))
			e.Role = res
			s.emit(e)
			if k == EvDivine {
				s.divinedEver[me] |= bit(sim.Seat(t))
			}
		}
	}
	for i := range n {
		seat := sim.Seat(i)
		if mine(seat) {
			continue
		}
		switch s.roles[i] {
		case RoleSeer:
			// One divine a night before tonight's: its claimed targets
			// first, then random other seats.
			left := int(v.Day)
			cand := (v.Divined[i].White | v.Divined[i].Black) &^ bit(seat)
			others := (uint16(1)<<uint(n) - 1) &^ bit(seat)
			for ; left > 0 && others&^s.divinedEver[i] != 0; left-- {
				pool := cand &^ s.divinedEver[i]
				if pool == 0 {
					pool = others &^ s.divinedEver[i]
				}
				t := pick(rng, pool)
				s.divinedEver[i] |= bit(t)
				e := mk(EvDivine, seat, t)
				e.Role = s.roles[t].Species()
				s.emit(e)
			}
		case RoleMedium:
			for m := v.Executed &^ bit(seat); m != 0; m &= m - 1 {
				t := sim.Seat(bits.TrailingZeros16(m))
				e := mk(EvMedium, seat, t)
				e.Role = s.roles[t].Species()
				s.emit(e)
			}
		}
	}

	// Who was alive at today's discussion, and whether there was one.
	night := v.Phase == PhaseNight
	discussed := v.Phase == PhaseDiscussion || v.Phase == PhaseVote || v.Phase == PhaseRunoff || (night && v.Day > 0)
	talkers := v.Alive
	execToday := night && v.Day > 0
	if execToday && v.LastExec != sim.NoSeat {
		talkers |= bit(v.LastExec)
	}

	// The public claims. The seat's own go today as far as its own count
	// of today's messages allows, the rest before; the others' fill the
	// earlier messages (the dead's first), the rest today.
	past := int(v.Talks) - int(v.TalksToday)
	speaks := int8(s.r.Speaks)
	ownPast, ownAll := 0, 0
	if me != sim.NoSeat {
		ownAll = s.claims(v, []sim.Seat{me}, 0, 0, nil)
		ownToday := 0
		if discussed && talkers&bit(me) != 0 {
			ownToday = int(speaks - v.SpeaksLeft)
			if v.Accused[me] != sim.NoSeat {
				ownToday--
			}
			if v.Intent[me] != sim.NoSeat {
				ownToday--
			}
		}
		ownPast = ownAll - max(0, min(ownToday, ownAll))
		s.claims(v, []sim.Seat{me}, 0, ownPast, nil)
	}
	past = max(0, past-ownPast)
	var order [MaxPlayers]sim.Seat
	no := 0
	for pass := range 2 {
		for i := range n {
			seat := sim.Seat(i)
			if mine(seat) || (talkers&bit(seat) == 0) != (pass == 0) {
				continue
			}
			order[no] = seat
			no++
		}
	}
	var today [MaxPlayers]int8
	filler := sim.Seat(0)
	if me != sim.NoSeat {
		filler = me
	}
	for claimed := min(past, s.claims(v, order[:no], 0, past, nil)); claimed < past; claimed++ {
		s.emit(mk(EvTalk, filler, sim.NoSeat))
	}

	// Deaths before today's discussion: the nights' victims, the earlier
	// executions, the latest dawn last.
	for m := v.Killed; m != 0; m &= m - 1 {
		if t := sim.Seat(bits.TrailingZeros16(m)); t != v.LastKill {
			s.emit(mk(EvDawn, sim.NoSeat, t))
		}
	}
	exec := v.Executed
	if v.LastExec != sim.NoSeat {
		exec &^= bit(v.LastExec)
	}
	for m := exec; m != 0; m &= m - 1 {
		s.emit(mk(EvExecute, sim.NoSeat, sim.Seat(bits.TrailingZeros16(m))))
	}
	if !execToday && v.Executed != 0 {
		s.emit(mk(EvExecute, sim.NoSeat, v.LastExec))
	}
	if v.Day > 0 {
		if !night {
			// Last night's pack plans and choices, shown until tonight.
			e := mk(EvPhase, sim.NoSeat, sim.NoSeat)
			e.Phase, e.Count = PhaseNight, int8(s.r.WolfSpeaks)
			s.emit(e)
			s.packNight(v)
		}
		s.emit(mk(EvDawn, sim.NoSeat, v.LastKill))
	}
	if v.Phase == PhaseDiscussion {
		s.voteBlock(v, PhaseVote) // yesterday's vote, shown until today's
	}

	// Today's discussion.
	if discussed {
		e := mk(EvPhase, sim.NoSeat, sim.NoSeat)
		e.Phase, e.Count = PhaseDiscussion, int8(s.r.Speaks)
		s.emit(e)
		if me != sim.NoSeat {
			s.claims(v, []sim.Seat{me}, ownPast, ownAll, &today)
		}
		s.claims(v, order[:no], past, 1<<30, &today)
		for i := range n {
			seat := sim.Seat(i)
			if v.Accused[i] != sim.NoSeat {
				e := mk(EvTalk, seat, sim.NoSeat)
				e.Content = Accuse(v.Accused[i])
				s.emit(e)
				today[i]++
			}
			if v.Intent[i] != sim.NoSeat {
				e := mk(EvTalk, seat, sim.NoSeat)
				e.Content = VoteFor(v.Intent[i])
				s.emit(e)
				today[i]++
			}
		}
		left := int(v.TalksToday)
		for i := range n {
			left -= int(today[i])
		}
		if me != sim.NoSeat && talkers&bit(me) != 0 {
			for ; today[me] < speaks-v.SpeaksLeft && left > 0; left-- {
				s.emit(mk(EvTalk, me, sim.NoSeat))
				today[me]++
			}
		}
		for ; left > 0; left-- {
			var room uint16
			for i := range n {
				if seat := sim.Seat(i); !mine(seat) && talkers&bit(seat) != 0 && today[i] < speaks {
					room |= bit(seat)
				}
			}
			if room&v.Passed != 0 {
				room &= v.Passed // who has passed needs no messages left
			}
			t := sim.NoSeat
			if room != 0 {
				t = pick(rng, room)
				today[t]++
			}
			s.emit(mk(EvTalk, t, sim.NoSeat))
		}
		for i := range n {
			s.speaks[i] = 0
			if v.Alive&bit(sim.Seat(i)) != 0 {
				s.speaks[i] = max(0, speaks-today[i])
			}
		}
		if me != sim.NoSeat && v.Alive&bit(me) != 0 {
			s.speaks[me] = v.SpeaksLeft
		}
		for m := v.Passed; m != 0; m &= m - 1 {
			s.emit(mk(EvPass, sim.Seat(bits.TrailingZeros16(m)), sim.NoSeat))
		}
		s.passed = v.Passed
	}

	s.executed = sim.NoSeat
	s.autoKill = sim.NoSeat
	for i := range s.choice {
		s.choice[i] = sim.NoSeat
		s.vote[i] = sim.NoSeat
	}
	switch v.Phase {
	case PhaseVote, PhaseRunoff:
		s.voteBlock(v, v.Phase)
		s.cands = v.Candidates
		s.runoffHeld = v.Phase == PhaseRunoff
		s.votersLeft = v.Alive
		if me != sim.NoSeat && v.MyVote != sim.NoSeat {
			s.vote[me] = v.MyVote
			s.votersLeft &^= bit(me)
		}
	case PhaseNight:
		if execToday {
			s.voteBlock(v, PhaseVote)
			s.emit(mk(EvExecute, sim.NoSeat, v.LastExec))
		}
		s.rebuildNight(v)
	}
	if v.Phase == PhaseOver {
		s.winner = v.Winner
		s.checkEnd()
	}
	// A state with nobody to act would hang: let the phase run on (only a
	// view no real game shows gets here).
	if !s.Done() && len(s.Next()) == 0 {
		switch s.phase {
		case PhaseNight:
			s.endNight()
		case PhaseDiscussion:
			s.maybeEndDiscussion()
		}
	}
}

// claims logs the public claims (coming out, divine and medium results)
// of the seats in order, the lo-th to the hi-th of them (a count over all
// claims in that order), counting them per speaker in today if it is not
// nil. It returns the number of claims in order.
func (s *State) claims(v *View, order []sim.Seat, lo, hi int, today *[MaxPlayers]int8) int {
	c := 0
	say := func(seat sim.Seat, content Content) {
		if c >= lo && c < hi {
			e := mk(EvTalk, seat, sim.NoSeat)
			e.Content = content
			s.emit(e)
			if today != nil {
				today[seat]++
			}
		}
		c++
	}
	for _, seat := range order {
		if r := v.CameOut[seat]; r != RoleNone {
			say(seat, ComingOut(r))
		}
		for _, cl := range [2]*Claims{&v.Divined[seat], &v.Identified[seat]} {
			kind := Divined
			if cl == &v.Identified[seat] {
				kind = Identified
			}
			for m := cl.White | cl.Black; m != 0; m &= m - 1 {
				t := sim.Seat(bits.TrailingZeros16(m))
				say(seat, kind(t, cl.Says(t)))
			}
		}
	}
	return c
}

// voteBlock logs a vote of phase p with the view's candidates, the seat's
// own vote and the view's tally.
func (s *State) voteBlock(v *View, p Phase) {
	if p == PhaseVote && v.Candidates == 0 && v.MyVote == sim.NoSeat {
		return // no vote yet
	}
	e := mk(EvPhase, sim.NoSeat, sim.NoSeat)
	e.Phase, e.Seats = p, v.Candidates
	s.emit(e)
	if v.Seat != sim.NoSeat && v.MyVote != sim.NoSeat {
		s.emit(mk(EvVote, v.Seat, v.MyVote))
	}
	for i := range s.n {
		if t := v.Votes[i]; t != sim.NoSeat {
			s.emit(mk(EvTally, sim.Seat(i), t))
		}
	}
}

// rebuildNight logs tonight's start and what the seat saw of the pack, and
// sets the night's duties: the others have not acted yet.
func (s *State) rebuildNight(v *View) {
	me := v.Seat
	s.killNight = s.day > 0 || s.r.FirstNightKill
	s.killOpen = s.killNight
	s.chatOpen = true
	s.whispers = int8(s.r.WolfSpeaks)
	s.wolfPassed = 0
	e := mk(EvPhase, sim.NoSeat, sim.NoSeat)
	e.Phase, e.Count = PhaseNight, s.whispers
	s.emit(e)
	living := s.wolves & s.alive
	s.killersLeft = 0
	if s.killNight {
		s.killersLeft = living
	}
	s.seersLeft = s.seers & s.alive
	if me == sim.NoSeat {
		return
	}
	if s.seers&bit(me) != 0 {
		done := 0
		for _, r := range v.Results {
			if r != RoleNone {
				done++
			}
		}
		if done > int(v.Day) {
			s.seersLeft &^= bit(me)
		}
	}
	if s.wolves&bit(me) == 0 {
		return
	}
	s.packNight(v)
	for i := range s.n {
		if t := v.PackChoice[i]; t != sim.NoSeat && living&bit(sim.Seat(i)) != 0 {
			s.choice[i] = t
			s.killersLeft &^= bit(sim.Seat(i))
		}
	}
	switch {
	case living&bit(me) == 0:
	case v.WhispersLeft == 0:
		s.wolfPassed |= bit(me)
		s.emit(mk(EvWolfPass, me, sim.NoSeat))
	default:
		for ; s.whispers > max(v.WhispersLeft, 0); s.whispers-- {
			s.emit(mk(EvWhisper, me, sim.NoSeat))
		}
	}
}

// packNight logs the pack's kill plans and choices a wolf's view shows,
// each plan as one whisper (counted in s.whispers).
func (s *State) packNight(v *View) {
	for i := range s.n {
		if t := v.PackPlan[i]; t != sim.NoSeat {
			e := mk(EvWhisper, sim.Seat(i), sim.NoSeat)
			e.Content = VoteFor(t)
			s.emit(e)
			s.whispers--
		}
	}
	for i := range s.n {
		if t := v.PackChoice[i]; t != sim.NoSeat {
			s.emit(mk(EvKillVote, sim.Seat(i), t))
		}
	}
}
