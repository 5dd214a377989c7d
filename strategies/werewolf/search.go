package werewolf

import (
	"gamelab/sim"
	"gamelab/sim/werewolf"
	"gamelab/strategies"
	"gamelab/strategies/search"
)

// Game describes werewolf to the generic search. The reward is the team
// win of the searching seat's team (win=1 by default): the game is won
// or lost by teams, dead or alive (docs/rules/werewolf.md). The
// determinizations are weighted by how likely rule players would have
// made the claims seen (Rule.Weigh). The search
// weighs only votes, divines and kills (and, for a wolf at night, passing
// the chat); talk and wolf chat are the rollout strategy's own. The
// rollout is rule?pack=1: a wolf keeps the kill it chose and follows a
// packmate's, so the first wolf of a pack to choose searches the kill
// and the pack keeps it, in the game and in the playouts.
var Game = search.Game[*werewolf.State, werewolf.Rules, werewolf.Action, werewolf.Event, werewolf.View]{
	NewState:   newSearchState,
	Seat:       func(v *werewolf.View) sim.Seat { return v.Seat },
	Players:    func(v *werewolf.View) int { return int(v.Players) },
	Candidates: decisive,
	WinOnly:    true,
}

// likelihood is the default rule player's model of the claims: the
// search draws its determinizations in proportion to it (Rule.Weigh).
var likelihood werewolf.Weigher = func() *Rule {
	v := strategies.Values{}
	for _, p := range ruleParams(0.1, 1) {
		v[p.Name] = p.Default
	}
	return newRule(v)
}()

func newSearchState() *werewolf.State {
	s := new(werewolf.State)
	s.SetWeigher(likelihood)
	return s
}

// decisive keeps the actions that change who dies or who is divined, if
// the view is one the sampler can rebuild: a live request out of step
// with its view (or a view no game shows) gets none, and the search then
// plays the rollout strategy's choice.
func decisive(v *werewolf.View, legal, dst []werewolf.Action) []werewolf.Action {
	dst = dst[:0]
	// Once the seat or a packmate has chosen tonight's victim the pack
	// keeps it (the rollout's pack=1), in the game and in the playouts:
	// otherwise the rollout would take a searched kill back to the rule's
	// own victim, and two wolves searching apart could split their
	// choices, which the engine settles at random (docs/rules/werewolf.md,
	// decision 10).
	followed := packChoice(v, legal) != sim.NoSeat
	for _, a := range legal {
		switch a.Kind {
		case werewolf.ActVote, werewolf.ActDivine:
			dst = append(dst, a)
		case werewolf.ActKill:
			if !followed {
				dst = append(dst, a)
			}
		}
	}
	if len(dst) < 2 || !rebuildable(v, dst) {
		return dst[:0]
	}
	return dst
}

// rebuildable reports whether v's table is valid, its seat alive and
// acting, and every action of cands legal in one determinization of v
// (then in all: the sample's legal actions are a function of the view).
func rebuildable(v *werewolf.View, cands []werewolf.Action) bool {
	n := int(v.Players)
	if v.Seat < 0 || int(v.Seat) >= n || !v.IsAlive(v.Seat) || v.Phase == werewolf.PhaseOver {
		return false
	}
	c := &v.RoleCount
	r := werewolf.Default(int(c[werewolf.RoleVillager]), int(c[werewolf.RoleSeer]), int(c[werewolf.RoleMedium]),
		int(c[werewolf.RoleWerewolf]), int(c[werewolf.RoleMadman]))
	if r.Players != n || r.Validate() != nil {
		return false
	}
	var d werewolf.State
	rng := sim.NewPCG(1)
	d.Determinize(v, &rng)
	if d.Done() || len(d.Next()) == 0 {
		return false
	}
	for _, a := range cands {
		if d.Check(v.Seat, a) != nil {
			return false
		}
	}
	return true
}

func init() {
	search.Register(Registry, Game, 200, "rule?pack=1")
}
