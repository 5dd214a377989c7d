package werewolf

import (
	"gamelab/sim"
	"gamelab/sim/werewolf"
)

// slip is the chance a rule player departs from its rules in one claim
// (or a player of another kind does): it keeps every assignment possible.
const slip = 0.02

// Weigh implements werewolf.Weigher: how likely rule players with r's
// parameters, dealt roles, would have made the claims v shows, up to a
// constant (a number in [0, 1]). A rule seer comes out on day co_day with
// true results, a rule medium only as medium, a wolf fakes seer with
// probability fake_wolf, the madman with fake_madman, villagers claim
// nothing; a seer's claimed results must be true. Only seats that have
// had a discussion to speak in count (everyone from day 2; on day 1 who
// has passed, or everyone once the discussion is over).
func (r *Rule) Weigh(v *werewolf.View, roles *[werewolf.MaxPlayers]werewolf.Role) float64 {
	w := 1.0
	for i := range v.Players {
		seat := sim.Seat(i)
		spoke := v.Day >= 2 || (v.Day == 1 && (v.Phase != werewolf.PhaseDiscussion || v.Passed&mask(seat) != 0))
		if !spoke || seat == v.Seat {
			continue
		}
		role := roles[i]
		switch v.CameOut[i] {
		case werewolf.RoleSeer:
			switch role {
			case werewolf.RoleSeer:
				if !truthful(v.Divined[i], roles) {
					w *= slip
				}
			case werewolf.RoleWerewolf:
				w *= max(r.fakeWolf, slip)
			case werewolf.RoleMadman:
				w *= max(r.fakeMadman, slip)
			default:
				w *= slip
			}
		case werewolf.RoleMedium:
			if role != werewolf.RoleMedium || !truthful(v.Identified[i], roles) {
				w *= slip
			}
		case werewolf.RoleNone:
			switch role {
			case werewolf.RoleSeer:
				if float64(v.Day) >= r.coDay {
					w *= slip
				}
			case werewolf.RoleWerewolf:
				w *= max(1-r.fakeWolf, slip)
			case werewolf.RoleMadman:
				w *= max(1-r.fakeMadman, slip)
			}
		default:
			w *= slip // a villager, wolf or madman claim: not a rule player's
		}
	}
	return w
}

// truthful reports whether every result in c is the species roles give.
func truthful(c werewolf.Claims, roles *[werewolf.MaxPlayers]werewolf.Role) bool {
	for i := range werewolf.MaxPlayers {
		switch c.Says(sim.Seat(i)) {
		case werewolf.RoleWerewolf:
			if roles[i] != werewolf.RoleWerewolf {
				return false
			}
		case werewolf.RoleVillager:
			if roles[i] == werewolf.RoleWerewolf {
				return false
			}
		}
	}
	return true
}
