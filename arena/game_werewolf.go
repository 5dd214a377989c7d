package arena

import (
	"gamelab/sim"
	"gamelab/sim/werewolf"
	sw "gamelab/strategies/werewolf"
)

// Werewolf: 5, 7 or 9 seats (presets "5", "7", "9"; any table from a JSON
// rules file). A duplicate set keeps the role deal of its seed and rotates
// the strategies across the seats. Seats are tagged with their role; the
// team of a role gives the per-team win rates (teams.village.win_rate in
// --json). Its Runner uses only the engine's and the strategies package's
// public contract.
func init() {
	Register(&Game[werewolf.Rules, sw.Strategy, werewolf.View, werewolf.Action]{
		Title:       "werewolf",
		Preset:      werewolf.Preset,
		PresetNames: werewolf.Presets,
		DefaultName: "5",
		SeatsOf:     func(r werewolf.Rules) int { return r.Players },
		Registry:    sw.Registry,
		Outcome:     OutcomeTeam,
		PlayFunc:    sw.Play,
		TeamFunc:    werewolfTeam,
		// The named features of strategies/werewolf (DescribeDecision).
		DescribeFunc: func(v *werewolf.View, legal []werewolf.Action) (string, any) {
			return sw.DescribeDecision(v, legal)
		},
		SeatTagsFunc: func(r werewolf.Rules, seed uint64, dst []string) []string {
			s := werewolf.New(r, seed)
			for i := range r.Players {
				dst = append(dst, s.Role(sim.Seat(i)).String())
			}
			return dst
		},
	})
}

// werewolfTeam maps a role tag ("seer") to its team ("village").
func werewolfTeam(tag string) string {
	r, err := werewolf.ParseRole(tag)
	if err != nil {
		return ""
	}
	if t := r.Team(); t != werewolf.TeamNone {
		return t.String()
	}
	return ""
}
