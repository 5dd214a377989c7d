package werewolf

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"unicode/utf8"

	"gamelab/sim"
)

// State is one game in progress. Create it with New; it is not safe for
// concurrent use (a server guards it with a mutex). All chance comes from
// the seed: the deal, tie-breaks and automatic targets use seeds derived
// with sim.Seed(seed, label, day, …), so players' choices never shift them.
type State struct {
	r    Rules
	seed uint64
	n    int8
	tie  TieRule

	roles  [MaxPlayers]Role
	alive  uint16
	wolves uint16 // every wolf seat, dead or alive
	seers  uint16
	meds   uint16

	day    uint8
	phase  Phase
	winner Team

	// Night.
	seersLeft   uint16 // living seers yet to divine tonight
	killNight   bool   // the pack kills tonight
	killOpen    bool   // kill choices may still be made (the kill deadline has not passed)
	killersLeft uint16 // living wolves yet to choose a victim
	choice      [MaxPlayers]sim.Seat
	autoKill    sim.Seat           // the silent pack's automatic victim
	whispers    int8               // pack messages left tonight
	chatOpen    bool               // false once the wolf-chat deadline has passed
	wolfPassed  uint16             // living wolves done with tonight's chat
	divinedEver [MaxPlayers]uint16 // per seer, the seats divined so far

	// Day.
	speaks     [MaxPlayers]int8
	passed     uint16
	vote       [MaxPlayers]sim.Seat
	votersLeft uint16
	cands      uint16 // who may receive votes this round
	runoffHeld bool
	executed   sim.Seat // today's execution, for the medium

	log  []Event
	next [MaxPlayers]sim.Seat

	// views[i] caches seat i's View: the fold of log[:folded[i]]. The log
	// only grows between begins (which clear the cache), so View folds
	// only the events logged since its last call: a search's playouts ask
	// for a view at every decision. Held by value, so a copied State
	// carries a cache that matches its copied log.
	views  [MaxPlayers]View
	folded [MaxPlayers]int32

	weigh Weigher // Determinize's weighting of role assignments (nil: uniform)
}

// New deals a game of r from seed and plays it up to the first decision
// (night 0). It panics if r is invalid: callers Validate first.
func New(r Rules, seed uint64) *State {
	s := &State{}
	s.Reset(r, seed)
	return s
}

// Reset makes s a new game of r from seed, reusing its buffers (for
// self-play loops that must not allocate per game). It panics if r is
// invalid.
func (s *State) Reset(r Rules, seed uint64) {
	if err := r.Validate(); err != nil {
		panic(err)
	}
	s.start(r, seed, nil)
}

// NewDealt starts a game of r with a given deal (roles[i] for seat i)
// instead of a random one: for fixtures, replays and servers that deal
// themselves. Tie-breaks and automatic targets still come from seed. The
// deal must match r's role counts.
func NewDealt(r Rules, roles []Role, seed uint64) (*State, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if len(roles) != r.Players {
		return nil, fmt.Errorf("%w: deal of %d roles for %d players", ErrRules, len(roles), r.Players)
	}
	var count [NumRoles]int
	for _, role := range roles {
		if role == RoleNone || role >= NumRoles {
			return nil, fmt.Errorf("%w: deal holds role %v", ErrRules, role)
		}
		count[role]++
	}
	for role := RoleVillager; role < NumRoles; role++ {
		if count[role] != r.Count(role) {
			return nil, fmt.Errorf("%w: deal has %d %ss, rules say %d", ErrRules, count[role], role, r.Count(role))
		}
	}
	s := &State{}
	s.start(r, seed, roles)
	return s, nil
}

func (s *State) start(r Rules, seed uint64, deal []Role) {
	s.begin(r, seed, deal)
	s.startNight()
}

// begin makes s a game of r from seed with deal (nil: dealt from the seed)
// and logs the start, the setup and the deal: everything before night 0.
func (s *State) begin(r Rules, seed uint64, deal []Role) {
	log := s.log[:0]
	if log == nil {
		log = make([]Event, 0, 96)
	}
	*s = State{r: r, seed: seed, n: int8(r.Players), tie: r.Tie, log: log, executed: sim.NoSeat, autoKill: sim.NoSeat, weigh: s.weigh}
	if deal != nil {
		copy(s.roles[:], deal)
	} else {
		i := 0
		for role := RoleVillager; role < NumRoles; role++ {
			for range r.Count(role) {
				s.roles[i] = role
				i++
			}
		}
		p := sim.NewPCG(sim.Seed(seed, sim.Label("deal")))
		sim.Shuffle(&p, s.roles[:s.n])
	}
	s.alive = uint16(1)<<uint(s.n) - 1
	for i := range s.n {
		switch s.roles[i] {
		case RoleWerewolf:
			s.wolves |= 1 << uint(i)
		case RoleSeer:
			s.seers |= 1 << uint(i)
		case RoleMedium:
			s.meds |= 1 << uint(i)
		}
	}
	e := mk(EvStart, sim.NoSeat, sim.NoSeat)
	e.Count = s.n
	s.emit(e)
	for role := RoleVillager; role < NumRoles; role++ {
		e := mk(EvSetup, sim.NoSeat, sim.NoSeat)
		e.Role, e.Count = role, int8(r.Count(role))
		s.emit(e)
	}
	for i := range s.n {
		e := mk(EvDeal, sim.Seat(i), sim.NoSeat)
		e.Role = s.roles[i]
		s.emit(e)
	}
}

// emit appends e to the log, stamped with the day.
func (s *State) emit(e Event) {
	e.Day = s.day
	if a := e.Audience(); a == AudiencePack || a == AudienceDeal {
		e.Seats = s.wolves
	}
	s.log = append(s.log, e)
}

// mk builds an event with its seats set and no content.
func mk(k EventKind, seat, target sim.Seat) Event {
	return Event{Kind: k, Seat: seat, Target: target, Content: NoContent}
}

func bit(s sim.Seat) uint16 { return 1 << uint(s) }

func (s *State) valid(t sim.Seat) bool  { return t >= 0 && t < sim.Seat(s.n) }
func (s *State) living(t sim.Seat) bool { return s.valid(t) && s.alive&bit(t) != 0 }

// Rules returns the rules of the game.
func (s *State) Rules() Rules { return s.r }

// Seed returns the game's seed.
func (s *State) Seed() uint64 { return s.seed }

// Phase returns the current phase (PhaseOver once the game has ended).
func (s *State) Phase() Phase { return s.phase }

// Day returns the day number: 0 during night 0, N from dawn N to night N.
func (s *State) Day() int { return int(s.day) }

// Role returns the role dealt to seat (RoleNone for a seat out of range).
func (s *State) Role(seat sim.Seat) Role {
	if !s.valid(seat) {
		return RoleNone
	}
	return s.roles[seat]
}

// Alive reports whether seat lives.
func (s *State) Alive(seat sim.Seat) bool { return s.living(seat) }

// Winner returns the winning team (TeamNone while the game runs).
func (s *State) Winner() Team { return s.winner }

// Reason explains the end in words ("" while the game runs).
func (s *State) Reason() string {
	switch s.winner {
	case TeamVillage:
		return "every werewolf is dead"
	case TeamWerewolf:
		return "the werewolves are as many as the humans"
	}
	return ""
}

// SpeaksLeft returns the messages seat may still send in the current phase:
// its public messages left today during the discussion, the pack's wolf
// chat left tonight for a living wolf at night, 0 otherwise (the spec's
// remaining_speaks).
func (s *State) SpeaksLeft(seat sim.Seat) int {
	if !s.living(seat) {
		return 0
	}
	switch s.phase {
	case PhaseDiscussion:
		if s.passed&bit(seat) != 0 {
			return 0
		}
		return int(s.speaks[seat])
	case PhaseNight:
		if s.chatFor(seat) {
			return int(s.whispers)
		}
	}
	return 0
}

// Voted reports whether seat has cast its vote this round.
func (s *State) Voted(seat sim.Seat) bool {
	return (s.phase == PhaseVote || s.phase == PhaseRunoff) && s.living(seat) && s.votersLeft&bit(seat) == 0
}

// Events returns the whole ordered log. The slice is the state's own: read
// it, do not modify it; it stays valid until the next Apply or Expire.
func (s *State) Events() []Event { return s.log }

// EventsFor appends to dst[:0] the events seat may read now, in order:
// those visible to it (Event.VisibleTo) while the game runs, and the whole
// log once it has ended (docs/rules/werewolf.md, decision 12: wolf chat,
// divines, kills and automatic actions become public). sim.NoSeat is a
// spectator.
func (s *State) EventsFor(seat sim.Seat, dst []Event) []Event {
	dst = dst[:0]
	if s.Done() {
		return append(dst, s.log...)
	}
	role := s.Role(seat)
	for _, e := range s.log {
		if e.VisibleTo(seat, role) {
			dst = append(dst, e)
		}
	}
	return dst
}

// View returns what seat knows now: the fold of the events visible to it.
// sim.NoSeat gives the spectator view (public events; after the end the
// Reveal events show every role, and Events holds the whole log).
//
// The result is Fold(s.Events(), seat, s.Role(seat)); View keeps each
// seat's fold and adds only the events logged since (so, unlike Fold, it
// writes to s: not for concurrent use, like every method of State).
func (s *State) View(seat sim.Seat) View {
	if !s.valid(seat) || len(s.log) > math.MaxInt32 {
		return Fold(s.log, seat, s.Role(seat))
	}
	v, n := &s.views[seat], int(s.folded[seat])
	if n == 0 || n > len(s.log) {
		*v, n = NewView(seat), 0
	}
	role := s.roles[seat]
	for _, e := range s.log[n:] {
		if e.VisibleTo(seat, role) {
			v.Apply(e)
		}
	}
	s.folded[seat] = int32(len(s.log))
	return *v
}

// Done reports whether the game has ended.
func (s *State) Done() bool { return s.phase == PhaseOver }

// Clone returns an independent copy.
func (s *State) Clone() *State {
	c := *s
	c.log = slices.Clone(s.log)
	return &c
}

// Next returns the seats that may act now, in seat order: at night the
// living seers who have not divined and the living wolves who have not
// chosen a victim or are still in the wolf chat (not passed, messages and
// time left); in the discussion the living
// players who have messages left and have not passed; in a vote the living
// players who have not voted. The slice is the state's own buffer, valid
// until the next call.
func (s *State) Next() []sim.Seat {
	out := s.next[:0]
	if s.phase == PhaseOver {
		return out
	}
	for i := range s.n {
		if s.canAct(sim.Seat(i)) {
			out = append(out, sim.Seat(i))
		}
	}
	return out
}

func (s *State) canAct(seat sim.Seat) bool {
	if !s.living(seat) {
		return false
	}
	b := bit(seat)
	switch s.phase {
	case PhaseNight:
		if s.seersLeft&b != 0 {
			return true
		}
		if s.wolves&b != 0 {
			return s.killersLeft&b != 0 || s.chatFor(seat)
		}
	case PhaseDiscussion:
		return s.passed&b == 0 && s.speaks[seat] > 0
	case PhaseVote, PhaseRunoff:
		return s.votersLeft&b != 0
	}
	return false
}

// Legal appends the legal actions of seat to dst[:0] and returns it, in a
// fixed order: messages (Text empty; any valid Text may be added), pass,
// divines, kills, votes, each by target seat. A seat not in Next gets none.
func (s *State) Legal(seat sim.Seat, dst []Action) []Action {
	dst = dst[:0]
	if s.phase == PhaseOver || !s.canAct(seat) {
		return dst
	}
	b := bit(seat)
	switch s.phase {
	case PhaseNight:
		if s.chatFor(seat) {
			dst = s.appendMessages(dst, ActWhisper, seat)
			dst = append(dst, Pass())
		}
		if s.seersLeft&b != 0 {
			for t := range s.n {
				if t := sim.Seat(t); t != seat && s.living(t) {
					dst = append(dst, Divine(t))
				}
			}
		}
		if s.mayKill(seat) {
			for t := range s.n {
				if t := sim.Seat(t); s.living(t) && s.wolves&bit(t) == 0 {
					dst = append(dst, Kill(t))
				}
			}
		}
	case PhaseDiscussion:
		dst = s.appendMessages(dst, ActTalk, seat)
		dst = append(dst, Pass())
	case PhaseVote, PhaseRunoff:
		for t := range s.n {
			if t := sim.Seat(t); t != seat && s.living(t) && s.cands&bit(t) != 0 {
				dst = append(dst, Vote(t))
			}
		}
	}
	return dst
}

// appendMessages lists every structured message seat may send: free text,
// coming out as each role, a result claim about each other seat, an
// accusation or vote intention against each other living seat.
func (s *State) appendMessages(dst []Action, kind ActionKind, seat sim.Seat) []Action {
	a := Action{Kind: kind, Target: sim.NoSeat, Content: NoContent}
	dst = append(dst, a)
	for r := RoleVillager; r < NumRoles; r++ {
		a.Content = ComingOut(r)
		dst = append(dst, a)
	}
	for _, k := range [2]ContentKind{ContentDivined, ContentIdentified} {
		for t := range s.n {
			if t := sim.Seat(t); t != seat {
				a.Content = Content{Kind: k, Role: RoleVillager, Target: t}
				dst = append(dst, a)
				a.Content.Role = RoleWerewolf
				dst = append(dst, a)
			}
		}
	}
	for _, k := range [2]ContentKind{ContentAccuse, ContentVote} {
		for t := range s.n {
			if t := sim.Seat(t); t != seat && s.living(t) {
				a.Content = Content{Kind: k, Target: t}
				dst = append(dst, a)
			}
		}
	}
	return dst
}

// checkMessage validates the content and text of a message by seat.
func (s *State) checkMessage(seat sim.Seat, a Action) error {
	c := a.Content
	switch c.Kind {
	case ContentNone:
		if c.Role != RoleNone || c.Target != sim.NoSeat {
			return refuse(ErrBadAction, seat, a, "free-text content with a role or target")
		}
	case ContentComingOut:
		if c.Role == RoleNone || c.Role >= NumRoles || c.Target != sim.NoSeat {
			return refuse(ErrBadAction, seat, a, "coming out needs a role and no target")
		}
	case ContentDivined, ContentIdentified:
		if c.Role != RoleVillager && c.Role != RoleWerewolf {
			return refuse(ErrBadAction, seat, a, "a result is villager or werewolf")
		}
		if !s.valid(c.Target) || c.Target == seat {
			return refuse(ErrBadAction, seat, a, "a result must name another player")
		}
	case ContentAccuse, ContentVote:
		if c.Role != RoleNone {
			return refuse(ErrBadAction, seat, a, "%s takes no role", c.Kind)
		}
		if !s.living(c.Target) || c.Target == seat {
			return refuse(ErrBadAction, seat, a, "%s must name another living player", c.Kind)
		}
	default:
		return refuse(ErrBadAction, seat, a, "unknown content kind %d", c.Kind)
	}
	if a.Target != sim.NoSeat {
		return refuse(ErrBadAction, seat, a, "a message has no action target")
	}
	if len(a.Text) > MaxTextBytes {
		return refuse(ErrBadAction, seat, a, "text of %d bytes (limit %d)", len(a.Text), MaxTextBytes)
	}
	if !utf8.ValidString(a.Text) {
		return refuse(ErrBadAction, seat, a, "text is not valid UTF-8")
	}
	return nil
}

// chatFor reports whether seat, a living wolf, is still in tonight's wolf
// chat: the chat is open (its deadline has not passed), the pack has
// messages left, and seat has not passed.
func (s *State) chatFor(seat sim.Seat) bool {
	b := bit(seat)
	return s.phase == PhaseNight && s.wolves&s.alive&b != 0 && s.chatOpen && s.whispers > 0 && s.wolfPassed&b == 0
}

// mayKill reports whether seat, a living wolf, may choose or change
// tonight's victim: on a kill night before the kill deadline, while it has
// not chosen or is still in the wolf chat. A change uses one of the pack's
// messages, so a night always ends (docs/rules/werewolf.md, "The night").
func (s *State) mayKill(seat sim.Seat) bool {
	b := bit(seat)
	return s.phase == PhaseNight && s.killNight && s.killOpen && s.wolves&s.alive&b != 0 &&
		(s.killersLeft&b != 0 || s.chatFor(seat))
}

// chatOver reports whether tonight's wolf chat is over: its deadline has
// passed, the pack's messages are used up, or every living wolf has passed.
func (s *State) chatOver() bool {
	return !s.chatOpen || s.whispers <= 0 || s.wolves&s.alive&^s.wolfPassed == 0
}

// Check reports whether seat may play a now, without changing anything:
// nil, or the *ActionError Apply would return.
func (s *State) Check(seat sim.Seat, a Action) error {
	if !s.valid(seat) {
		return refuse(ErrForbidden, seat, a, "not a player")
	}
	if s.phase == PhaseOver {
		return refuse(ErrWrongPhase, seat, a, "the game is over")
	}
	if s.alive&bit(seat) == 0 {
		return refuse(ErrForbidden, seat, a, "the dead cannot act")
	}
	b := bit(seat)
	night := s.phase == PhaseNight
	voting := s.phase == PhaseVote || s.phase == PhaseRunoff
	switch a.Kind {
	case ActTalk:
		if s.phase != PhaseDiscussion {
			return refuse(ErrWrongPhase, seat, a, "public talk only in the day's discussion")
		}
		if s.passed&b != 0 {
			return refuse(ErrForbidden, seat, a, "already passed today")
		}
		if s.speaks[seat] <= 0 {
			return refuse(ErrForbidden, seat, a, "no messages left today")
		}
		return s.checkMessage(seat, a)
	case ActWhisper:
		if s.wolves&b == 0 {
			return refuse(ErrForbidden, seat, a, "only werewolves use the wolf chat")
		}
		if !night {
			return refuse(ErrWrongPhase, seat, a, "wolf chat only at night")
		}
		if !s.chatOpen || s.whispers <= 0 {
			return refuse(ErrForbidden, seat, a, "no wolf-chat messages left tonight")
		}
		if s.wolfPassed&b != 0 {
			return refuse(ErrForbidden, seat, a, "already passed the wolf chat tonight")
		}
		return s.checkMessage(seat, a)
	case ActPass:
		switch {
		case night:
			if s.wolves&b == 0 {
				return refuse(ErrForbidden, seat, a, "at night only werewolves pass (the wolf chat)")
			}
			if !s.chatFor(seat) {
				return refuse(ErrForbidden, seat, a, "the wolf chat is already over for you tonight")
			}
		case s.phase != PhaseDiscussion:
			return refuse(ErrWrongPhase, seat, a, "pass only in the discussion or the wolf chat")
		case s.passed&b != 0 || s.speaks[seat] <= 0:
			return refuse(ErrForbidden, seat, a, "already done talking today")
		}
		if a != Pass() {
			return refuse(ErrBadAction, seat, a, "pass takes nothing")
		}
	case ActDivine:
		if s.seers&b == 0 {
			return refuse(ErrForbidden, seat, a, "only the seer divines")
		}
		if !night {
			return refuse(ErrWrongPhase, seat, a, "divine only at night")
		}
		if s.seersLeft&b == 0 {
			return refuse(ErrForbidden, seat, a, "already divined tonight")
		}
		if !s.living(a.Target) || a.Target == seat {
			return refuse(ErrBadAction, seat, a, "divine another living player")
		}
	case ActKill:
		if s.wolves&b == 0 {
			return refuse(ErrForbidden, seat, a, "only werewolves kill")
		}
		if !night || !s.killNight || !s.killOpen {
			return refuse(ErrWrongPhase, seat, a, "no kill now")
		}
		if !s.mayKill(seat) {
			return refuse(ErrForbidden, seat, a, "your choice is final: you have left the wolf chat")
		}
		if !s.living(a.Target) || s.wolves&bit(a.Target) != 0 {
			return refuse(ErrBadAction, seat, a, "kill a living non-wolf")
		}
	case ActVote:
		if !voting {
			return refuse(ErrWrongPhase, seat, a, "vote only in the voting phase")
		}
		if s.votersLeft&b == 0 {
			return refuse(ErrForbidden, seat, a, "already voted")
		}
		if a.Target == seat {
			return refuse(ErrBadAction, seat, a, "cannot vote for oneself")
		}
		if !s.living(a.Target) {
			return refuse(ErrBadAction, seat, a, "vote for a living player")
		}
		if s.cands&bit(a.Target) == 0 {
			return refuse(ErrBadAction, seat, a, "vote for one of the runoff candidates")
		}
	default:
		return refuse(ErrBadAction, seat, a, "unknown action")
	}
	if a.Kind != ActTalk && a.Kind != ActWhisper && (a.Content != NoContent || a.Text != "") {
		return refuse(ErrBadAction, seat, a, "%s carries no message", a.Kind)
	}
	return nil
}

// Apply plays a for seat, or refuses it with an *ActionError (see
// ErrBadAction, ErrForbidden, ErrWrongPhase) and changes nothing. The game
// then runs on to the next decision: phases end as soon as nothing is left
// to do.
func (s *State) Apply(seat sim.Seat, a Action) error {
	if err := s.Check(seat, a); err != nil {
		return err
	}
	b := bit(seat)
	switch a.Kind {
	case ActTalk:
		s.speaks[seat]--
		e := mk(EvTalk, seat, sim.NoSeat)
		e.Content, e.Text = a.Content, a.Text
		s.emit(e)
		s.maybeEndDiscussion()
	case ActPass:
		if s.phase == PhaseNight {
			s.wolfPassed |= b
			s.emit(mk(EvWolfPass, seat, sim.NoSeat))
			s.maybeEndNight()
			break
		}
		s.passed |= b
		s.emit(mk(EvPass, seat, sim.NoSeat))
		s.maybeEndDiscussion()
	case ActWhisper:
		s.whispers--
		e := mk(EvWhisper, seat, sim.NoSeat)
		e.Content, e.Text = a.Content, a.Text
		s.emit(e)
		s.maybeEndNight()
	case ActDivine:
		s.divine(seat, a.Target, false)
		s.maybeEndNight()
	case ActKill:
		if s.killersLeft&b == 0 {
			s.whispers-- // a change of choice is told to the pack: one of its messages
		}
		s.choice[seat] = a.Target
		s.killersLeft &^= b
		s.emit(mk(EvKillVote, seat, a.Target))
		s.maybeEndNight()
	case ActVote:
		s.castVote(seat, a.Target, false)
		if s.votersLeft == 0 {
			s.tally()
		}
	}
	return nil
}

func (s *State) divine(seer, t sim.Seat, auto bool) {
	s.seersLeft &^= bit(seer)
	s.divinedEver[seer] |= bit(t)
	e := mk(EvDivine, seer, t)
	e.Role, e.Auto = s.roles[t].Species(), auto
	s.emit(e)
}

func (s *State) castVote(voter, t sim.Seat, auto bool) {
	s.vote[voter] = t
	s.votersLeft &^= bit(voter)
	e := mk(EvVote, voter, t)
	e.Auto = auto
	s.emit(e)
}

// rng returns a generator for one chance event, derived from the seed and
// a path, so draws never depend on how many came before.
func (s *State) rng(label string, path ...uint64) sim.PCG {
	var h uint64
	switch len(path) {
	case 1:
		h = sim.Seed(s.seed, sim.Label(label), path[0])
	case 2:
		h = sim.Seed(s.seed, sim.Label(label), path[0], path[1])
	default:
		h = sim.Seed(s.seed, sim.Label(label), path[0], path[1], path[2])
	}
	return sim.NewPCG(h)
}

// pick returns a uniformly random seat of mask (which must not be empty).
func pick(p *sim.PCG, mask uint16) sim.Seat {
	k := p.IntN(bits.OnesCount16(mask))
	for ; k > 0; k-- {
		mask &= mask - 1
	}
	return sim.Seat(bits.TrailingZeros16(mask))
}
