package werewolf

import "gamelab/sim"

// Claims are the results one player has claimed about others: bit i of
// White says "seat i is a villager", bit i of Black "seat i is a werewolf".
// A later claim about the same seat replaces an earlier one.
type Claims struct{ White, Black uint16 }

func (c *Claims) set(t sim.Seat, species Role) {
	bit := uint16(1) << uint(t)
	c.White &^= bit
	c.Black &^= bit
	if species == RoleWerewolf {
		c.Black |= bit
	} else {
		c.White |= bit
	}
}

// Says gives the species claimed for seat t (RoleNone if none).
func (c Claims) Says(t sim.Seat) Role {
	bit := uint16(1) << uint(t)
	switch {
	case c.Black&bit != 0:
		return RoleWerewolf
	case c.White&bit != 0:
		return RoleVillager
	}
	return RoleNone
}

// View is what one seat knows: the fold of the events visible to it
// (Event.VisibleTo). It is a fixed-size comparable value with no pointers,
// so copying and comparing views is cheap. Seat is sim.NoSeat for a
// spectator. Per-seat arrays are indexed by seat; entries beyond Players
// stay at their zero value (or sim.NoSeat).
type View struct {
	Seat      sim.Seat
	Players   int8
	RoleCount [NumRoles]int8 // the public setup
	Role      Role           // this seat's role (RoleNone for a spectator)
	Day       uint8
	Phase     Phase
	Winner    Team // TeamNone until the end

	Alive    uint16   // bit i: seat i lives
	Executed uint16   // seats executed so far
	Killed   uint16   // seats killed at night so far
	LastKill sim.Seat // victim announced at the latest dawn (sim.NoSeat: nobody)
	LastExec sim.Seat // the latest execution (sim.NoSeat: none)

	// Known roles: this seat's own, the other wolves' for a wolf, everyone's
	// after the end. RoleNone: unknown.
	Known [MaxPlayers]Role
	// Results are this seat's own divine (seer) or medium results by
	// target: RoleVillager, RoleWerewolf, or RoleNone.
	Results [MaxPlayers]Role

	// Public talk, latest structured content per speaker.
	CameOut    [MaxPlayers]Role     // role each player came out as
	Divined    [MaxPlayers]Claims   // divine results each player claimed
	Identified [MaxPlayers]Claims   // medium results each player claimed
	Accused    [MaxPlayers]sim.Seat // whom each player accused last (today)
	Intent     [MaxPlayers]sim.Seat // whom each player said they would vote for (today)
	Talks      uint16               // public messages so far
	TalksToday uint16               // public messages today
	SpeaksLeft int8                 // this seat's public messages left today
	Passed     uint16               // players done talking today

	// Votes: this seat's own vote this round, and the latest tally.
	MyVote     sim.Seat
	Votes      [MaxPlayers]sim.Seat // who voted for whom in the latest tally
	Candidates uint16               // who may be voted for this round

	// Wolf chat (wolves only), reset each night.
	WhispersLeft int8                 // wolf-chat messages this seat may still send tonight (0 by day, after passing or the chat's deadline)
	PackPlan     [MaxPlayers]sim.Seat // whom each wolf proposed to kill in wolf chat
	PackCameOut  [MaxPlayers]Role     // role each wolf said in wolf chat it will fake
	PackChoice   [MaxPlayers]sim.Seat // each wolf's latest kill choice tonight
}

// NewView returns the empty view of seat (sim.NoSeat: a spectator), before
// the first event.
func NewView(seat sim.Seat) View {
	v := View{Seat: seat, LastKill: sim.NoSeat, LastExec: sim.NoSeat, MyVote: sim.NoSeat}
	for i := range MaxPlayers {
		v.Accused[i] = sim.NoSeat
		v.Intent[i] = sim.NoSeat
		v.Votes[i] = sim.NoSeat
		v.PackPlan[i] = sim.NoSeat
		v.PackChoice[i] = sim.NoSeat
	}
	return v
}

// IsAlive reports whether seat s lives.
func (v *View) IsAlive(s sim.Seat) bool { return s >= 0 && v.Alive&(1<<uint(s)) != 0 }

// Apply folds one event into the view. The caller passes only the events
// visible to v.Seat (Event.VisibleTo); Apply does not filter. An event
// naming a seat outside the table (as a live adapter might rebuild from a
// server's data) is ignored: Apply never panics.
func (v *View) Apply(e Event) {
	if !e.foldable() {
		return
	}
	switch e.Kind {
	case EvStart:
		if e.Count < 0 || e.Count > MaxPlayers {
			return
		}
		v.Players = e.Count
		v.Alive = uint16(1)<<uint(e.Count) - 1
	case EvSetup:
		if e.Role < NumRoles {
			v.RoleCount[e.Role] = e.Count
		}
	case EvDeal, EvReveal:
		if e.Seat == sim.NoSeat {
			return
		}
		v.Known[e.Seat] = e.Role
		if e.Seat == v.Seat {
			v.Role = e.Role
		}
	case EvPhase:
		v.Phase, v.Day = e.Phase, e.Day
		switch e.Phase {
		case PhaseNight:
			v.WhispersLeft = e.Count
			if !v.IsAlive(v.Seat) {
				v.WhispersLeft = 0
			}
			for i := range MaxPlayers {
				v.PackPlan[i] = sim.NoSeat
				v.PackChoice[i] = sim.NoSeat
			}
		case PhaseDiscussion:
			v.SpeaksLeft = e.Count
			if !v.IsAlive(v.Seat) {
				v.SpeaksLeft = 0
			}
			v.Passed, v.TalksToday = 0, 0
			for i := range MaxPlayers {
				v.Accused[i] = sim.NoSeat
				v.Intent[i] = sim.NoSeat
			}
		case PhaseVote, PhaseRunoff:
			v.Candidates = e.Seats
			v.MyVote = sim.NoSeat
			for i := range MaxPlayers {
				v.Votes[i] = sim.NoSeat
			}
		}
	case EvDawn:
		v.Day = e.Day
		v.LastKill = e.Target
		v.WhispersLeft = 0 // the wolf chat is over until the next night
		if e.Target != sim.NoSeat {
			v.Alive &^= 1 << uint(e.Target)
			v.Killed |= 1 << uint(e.Target)
		}
	case EvTalk:
		v.Talks++
		v.TalksToday++
		if e.Seat == v.Seat {
			v.SpeaksLeft--
		}
		c := e.Content
		if e.Seat == sim.NoSeat {
			return
		}
		switch c.Kind {
		case ContentComingOut:
			v.CameOut[e.Seat] = c.Role
		case ContentDivined:
			v.Divined[e.Seat].set(c.Target, c.Role)
		case ContentIdentified:
			v.Identified[e.Seat].set(c.Target, c.Role)
		case ContentAccuse:
			v.Accused[e.Seat] = c.Target
		case ContentVote:
			v.Intent[e.Seat] = c.Target
		}
	case EvPass:
		v.Passed |= 1 << uint(e.Seat)
	case EvWhisper:
		if v.WhispersLeft > 0 {
			v.WhispersLeft--
		}
		if e.Seat == sim.NoSeat {
			return
		}
		switch e.Content.Kind {
		case ContentVote, ContentAccuse:
			v.PackPlan[e.Seat] = e.Content.Target
		case ContentComingOut:
			v.PackCameOut[e.Seat] = e.Content.Role
		}
	case EvWolfPass:
		if e.Seat == v.Seat {
			v.WhispersLeft = 0 // out of tonight's wolf chat
		}
	case EvTimeout:
		if e.Deadline == DeadlineWolfChat {
			v.WhispersLeft = 0
		}
	case EvDivine, EvMedium:
		if e.Seat == v.Seat && e.Target != sim.NoSeat {
			v.Results[e.Target] = e.Role
		}
	case EvKillVote:
		if e.Seat != sim.NoSeat {
			if v.PackChoice[e.Seat] != sim.NoSeat && v.WhispersLeft > 0 {
				v.WhispersLeft-- // a change uses one of the pack's messages
			}
			v.PackChoice[e.Seat] = e.Target
		}
	case EvVote:
		if e.Seat == v.Seat {
			v.MyVote = e.Target
		}
	case EvTally:
		if e.Seat != sim.NoSeat {
			v.Votes[e.Seat] = e.Target
		}
	case EvExecute:
		v.LastExec = e.Target
		if e.Target != sim.NoSeat {
			v.Alive &^= 1 << uint(e.Target)
			v.Executed |= 1 << uint(e.Target)
		}
	case EvEnd:
		v.Winner = e.Team
		v.Phase = PhaseOver
	}
}

// foldable reports whether the seats e names fit a View's arrays: Seat,
// Target and the content's Target are seats or NoSeat (one unsigned
// compare each: NoSeat+1 is 0), so neither Apply nor a strategy reading
// the view indexes out of range. Apply checks, where it indexes by one,
// that it is not NoSeat.
func (e Event) foldable() bool {
	return uint8(e.Seat+1) <= MaxPlayers && uint8(e.Target+1) <= MaxPlayers && uint8(e.Content.Target+1) <= MaxPlayers
}

// Fold returns the view of seat (whose role is role; RoleNone for a
// spectator) after events: NewView(seat) with every visible event applied.
func Fold(events []Event, seat sim.Seat, role Role) View {
	v := NewView(seat)
	for _, e := range events {
		if e.VisibleTo(seat, role) {
			v.Apply(e)
		}
	}
	return v
}
