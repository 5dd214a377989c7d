package werewolf

import (
	"fmt"
	"strconv"

	"gamelab/sim"
)

// EventKind says what happened.
type EventKind uint8

// The events, with the fields each one sets and who may see it.
const (
	EvNone     EventKind = iota
	EvStart              // public: the game starts; Count = players
	EvSetup              // public: Count seats are dealt Role (one event per role, also zero counts)
	EvDeal               // Seat was dealt Role; seen by Seat, and by every wolf when Role is werewolf
	EvPhase              // public: Phase of Day starts; Count = speaks per player (discussion) or pack whispers (night); Seats = runoff candidates (runoff)
	EvDawn               // public: day Day dawns; Target was killed in the night (sim.NoSeat: nobody died)
	EvTalk               // public: Seat says Content and Text
	EvPass               // public: Seat is done talking today
	EvWhisper            // wolves: Seat says Content and Text in wolf chat
	EvDivine             // Seat only: the seer divined Target, species Role
	EvKillVote           // wolves: Seat chose Target as tonight's victim (Seat = sim.NoSeat for the automatic choice of a silent pack)
	EvVote               // Seat only: Seat voted for Target (secret until the tally)
	EvTally              // public: after the vote, Seat voted for Target (one event per voter)
	EvExecute            // public: Target was executed (sim.NoSeat: nobody, tie with no_execution)
	EvMedium             // Seat only: the medium learns the executed Target was species Role
	EvTimeout            // public: Deadline passed; the automatic actions follow with Auto set
	EvEnd                // public: Team won
	EvReveal             // public, after EvEnd: Seat was Role
	EvWolfPass           // wolves: Seat is done with tonight's wolf chat
	numEventKinds
)

var eventNames = [numEventKinds]string{"none", "start", "setup", "deal", "phase", "dawn", "talk", "pass",
	"whisper", "divine", "killvote", "vote", "tally", "execute", "medium", "timeout", "end", "reveal", "wolfpass"}

// String gives the event kind's name in logs and golden files.
func (k EventKind) String() string {
	if k < numEventKinds {
		return eventNames[k]
	}
	return fmt.Sprintf("event(%d)", uint8(k))
}

// Event is one entry of the game's log. Day is the day number when it
// happened (night N belongs to day N; see Phase): a divine on night N has
// Day N, which the spec's divine_results report as day N+1; a medium result
// for day N's execution has Day N, as the spec reports it. Auto marks an action the
// engine took for a player whose deadline passed. Unused seat fields are
// sim.NoSeat.
type Event struct {
	Kind     EventKind
	Day      uint8
	Phase    Phase
	Seat     sim.Seat
	Target   sim.Seat
	Role     Role
	Team     Team
	Auto     bool
	Deadline Deadline
	Count    int8
	// Seats: bit i set: seat i. The runoff candidates (EvPhase); on the
	// events of the pack's or the deal's audience (EvDeal, EvWhisper,
	// EvKillVote) the engine stamps the wolves' seats, so that For decides
	// without knowing the reader's role (zero on such events built
	// elsewhere: adapters use VisibleTo with the reader's role).
	Seats   uint16
	Content Content
	Text    string
}

// Audience says who may see an event while the game runs.
type Audience uint8

// The audiences.
const (
	AudiencePublic Audience = iota // everyone, spectators included
	AudienceSeat                   // Event.Seat only
	AudiencePack                   // the werewolves
	AudienceDeal                   // Event.Seat, plus the wolves if Event.Role is werewolf
)

// Audience gives who may see e during the game. After the game ends the
// whole log is public (the server shows it; the Reveal events tell every
// View all roles).
func (e Event) Audience() Audience {
	switch e.Kind {
	case EvDeal:
		return AudienceDeal
	case EvWhisper, EvKillVote, EvWolfPass:
		return AudiencePack
	case EvDivine, EvVote, EvMedium:
		return AudienceSeat
	}
	return AudiencePublic
}

// VisibleTo reports whether the player at seat, whose role is role, may
// see e. sim.NoSeat is a spectator: public events only. A seat's View is
// the fold of the events visible to it.
func (e Event) VisibleTo(seat sim.Seat, role Role) bool {
	switch e.Audience() {
	case AudiencePublic:
		return true
	case AudienceSeat:
		return seat != sim.NoSeat && e.Seat == seat
	case AudiencePack:
		return seat != sim.NoSeat && role == RoleWerewolf
	case AudienceDeal:
		return seat != sim.NoSeat && (e.Seat == seat || (role == RoleWerewolf && e.Role == RoleWerewolf))
	}
	return false
}

// For gives e as seat sees it and whether seat sees it at all while the
// game runs (the contract's one visibility rule, sim.Event): the same
// answer as VisibleTo with seat's role, read from the wolves the engine
// stamped in Seats. sim.NoSeat is a spectator.
func (e Event) For(seat sim.Seat) (Event, bool) {
	if seat == sim.NoSeat {
		return e, e.Audience() == AudiencePublic
	}
	wolf := uint8(seat) < MaxPlayers && e.Seats&(1<<uint(seat)) != 0
	switch e.Audience() {
	case AudiencePublic:
		return e, true
	case AudienceSeat:
		return e, e.Seat == seat
	case AudiencePack:
		return e, wolf
	case AudienceDeal:
		return e, e.Seat == seat || (wolf && e.Role == RoleWerewolf)
	}
	return e, false
}

// String renders e in one line for logs and golden files, e.g.
// "d1 talk 2 co seer", "d1 tally 0>3", "d2 dawn killed=4".
func (e Event) String() string {
	p := "d" + strconv.Itoa(int(e.Day)) + " " + e.Kind.String()
	auto := ""
	if e.Auto {
		auto = " auto"
	}
	switch e.Kind {
	case EvStart:
		return fmt.Sprintf("%s players=%d", p, e.Count)
	case EvSetup:
		return fmt.Sprintf("%s %s=%d", p, e.Role, e.Count)
	case EvDeal, EvReveal:
		return fmt.Sprintf("%s %d %s", p, e.Seat, e.Role)
	case EvPhase:
		if e.Phase == PhaseVote || e.Phase == PhaseRunoff {
			return fmt.Sprintf("%s %s candidates=%s", p, e.Phase, seatList(e.Seats))
		}
		return fmt.Sprintf("%s %s count=%d", p, e.Phase, e.Count)
	case EvDawn:
		return fmt.Sprintf("%s killed=%d", p, e.Target)
	case EvTalk, EvWhisper:
		s := fmt.Sprintf("%s %d", p, e.Seat)
		if c := e.Content.String(); c != "" {
			s += " " + c
		}
		if e.Text != "" {
			s += " " + strconv.Quote(e.Text)
		}
		return s
	case EvPass, EvWolfPass:
		return fmt.Sprintf("%s %d", p, e.Seat)
	case EvDivine, EvMedium:
		return fmt.Sprintf("%s %d %d=%s%s", p, e.Seat, e.Target, e.Role, auto)
	case EvKillVote, EvVote, EvTally:
		return fmt.Sprintf("%s %d>%d%s", p, e.Seat, e.Target, auto)
	case EvExecute:
		return fmt.Sprintf("%s %d", p, e.Target)
	case EvTimeout:
		return fmt.Sprintf("%s %s", p, e.Deadline)
	case EvEnd:
		return fmt.Sprintf("%s winner=%s", p, e.Team)
	}
	return p
}

// seatList renders a seat mask as "0,2,3".
func seatList(m uint16) string {
	var b []byte
	for i := 0; m != 0; i, m = i+1, m>>1 {
		if m&1 != 0 {
			if len(b) > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(i), 10)
		}
	}
	return string(b)
}
