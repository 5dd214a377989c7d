package werewolf

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"gamelab/sim"
	"gamelab/sim/werewolf"
	"gamelab/strategies"
)

func ruleParams(fakeWolf, fakeMadman float64) []strategies.Param {
	return []strategies.Param{
		{Name: "co_day", Default: 1, Min: 1, Max: 9, Help: "the seer comes out on this day at the latest", Kind: strategies.Int},
		{Name: "co_black", Default: 1, Min: 0, Max: 1, Help: "1: the seer comes out at once when it has found a werewolf", Kind: strategies.Bool},
		{Name: "medium_co", Default: 1, Min: 0, Max: 1, Help: "1: the medium comes out with its results", Kind: strategies.Bool},
		{Name: "fake_wolf", Default: fakeWolf, Min: 0, Max: 1, Help: "probability a werewolf fake-claims seer"},
		{Name: "fake_madman", Default: fakeMadman, Min: 0, Max: 1, Help: "probability the madman fake-claims seer"},
		{Name: "fake_black", Default: 0.4, Min: 0, Max: 1, Help: "probability an invented divine result is werewolf"},
		{Name: "trust", Default: 2, Min: 0, Max: 5, Help: "weight of a seer claim, shared among the seer claimers"},
		{Name: "counter", Default: 0.2, Min: 0, Max: 3, Help: "suspicion on each seer claimer when several claim"},
		{Name: "follow", Default: 0.3, Min: 0, Max: 2, Help: "weight of each stated vote intention of others"},
		{Name: "keep", Default: 0, Min: 0, Max: 1, Help: "1: a village seat votes as it said it would today when it can (the search's rollouts: teammates vote their stated intention)", Kind: strategies.Bool},
		{Name: "pack", Default: 0, Min: 0, Max: 1, Help: "1: a wolf keeps the kill it chose tonight, else follows a living packmate's: whoever chose first decides (the search's rollouts)", Kind: strategies.Bool},
	}
}

// bayesParams are the rule parameters plus the posterior's sample count.
func bayesParams() []strategies.Param {
	return append(ruleParams(0.1, 1), strategies.Param{Name: "samples", Default: 200, Min: 1, Max: 100000, Kind: strategies.Int,
		Help: "role assignments drawn (weighted by the rule model's likelihood) for the posterior"})
}

// texts holds the bot's sentences, made once so talking allocates nothing.
var texts = func() (t struct {
	kill, vote          [werewolf.MaxPlayers]string
	divined, identified [werewolf.MaxPlayers][2]string // [seat][is werewolf]
}) {
	for i := range werewolf.MaxPlayers {
		t.kill[i] = fmt.Sprintf("Let us kill seat %d tonight.", i)
		t.vote[i] = fmt.Sprintf("I will vote for seat %d.", i)
		for j, sp := range [2]werewolf.Role{werewolf.RoleVillager, werewolf.RoleWerewolf} {
			t.divined[i][j] = fmt.Sprintf("I divined seat %d: %s.", i, sp)
			t.identified[i][j] = fmt.Sprintf("The executed seat %d was a %s.", i, sp)
		}
	}
	return t
}()

// Rule is the rule-based player. Every decision is a function of the view
// and the parameters (plus the RNG for tie-breaks, the fake-claim coin and
// invented results), so it plays the same from a live adapter's view.
type Rule struct {
	coDay, coBlack, mediumCO        float64
	fakeWolf, fakeMadman, fakeBlack float64
	trust, counter, follow          float64
	pack, keep                      bool
	faking                          int8 // -1 undecided, 0 honest, 1 fake-claims seer
	score                           [werewolf.MaxPlayers]float64

	// Bayesian inference (the bayes strategy): with samples > 0 a village
	// seat ranks players by the posterior chance each is a wolf, from
	// role assignments drawn in proportion to Weigh; post is cached for
	// postView.
	samples  int
	post     [werewolf.MaxPlayers]float64
	postView werewolf.View
	postOK   bool
	roles    [werewolf.MaxPlayers]werewolf.Role // posterior's draw
}

func newRule(v strategies.Values) *Rule {
	return &Rule{
		coDay: v["co_day"], coBlack: v["co_black"], mediumCO: v["medium_co"],
		fakeWolf: v["fake_wolf"], fakeMadman: v["fake_madman"], fakeBlack: v["fake_black"],
		trust: v["trust"], counter: v["counter"], follow: v["follow"], faking: -1,
		pack:    v["pack"] != 0,
		keep:    v["keep"] != 0,
		samples: int(v["samples"]),
	}
}

// Reset implements Strategy.
func (r *Rule) Reset() { r.faking, r.postOK = -1, false }

func has(legal []werewolf.Action, a werewolf.Action) bool {
	for _, x := range legal {
		if x == a {
			return true
		}
	}
	return false
}

func mask(s sim.Seat) uint16 { return 1 << uint(s) }

// onTable reports whether t is a seat a view's arrays hold (a legal list
// from a live request may name anything).
func onTable(t sim.Seat) bool { return t >= 0 && t < werewolf.MaxPlayers }

// Decide implements Strategy.
func (r *Rule) Decide(v *werewolf.View, legal []werewolf.Action, rng *rand.Rand) werewolf.Action {
	if r.faking < 0 {
		p := 0.0
		switch v.Role {
		case werewolf.RoleWerewolf:
			p = r.fakeWolf
		case werewolf.RoleMadman:
			p = r.fakeMadman
		}
		r.faking = 0
		if p > 0 && rng.Float64() < p {
			r.faking = 1
		}
	}
	if a := r.byPhase(v, legal, rng); containsIgnoringText(legal, a) {
		return a
	}
	// The view's phase disagrees with what is asked (only a live request
	// out of step with its view): the legal action on the most suspect
	// target, else the first.
	r.suspect(v, rng)
	best, bestScore := legal[0], -1e18
	for _, a := range legal {
		if onTable(a.Target) && r.score[a.Target] > bestScore {
			best, bestScore = a, r.score[a.Target]
		}
	}
	return best
}

// byPhase decides by the view's phase: night actions, talk, or a vote.
func (r *Rule) byPhase(v *werewolf.View, legal []werewolf.Action, rng *rand.Rand) werewolf.Action {
	switch v.Phase {
	case werewolf.PhaseNight:
		return r.night(v, legal, rng)
	case werewolf.PhaseDiscussion:
		if a, ok := r.talk(v, legal, rng); ok {
			return a
		}
		return werewolf.Pass()
	}
	// Vote or runoff.
	if r.keep && onTable(v.Seat) && v.Role.Team() == werewolf.TeamVillage {
		if t := v.Intent[v.Seat]; t != sim.NoSeat && has(legal, werewolf.Vote(t)) {
			return werewolf.Vote(t)
		}
	}
	r.suspect(v, rng)
	best, bestScore := legal[0], -1e18
	for _, a := range legal {
		if a.Kind == werewolf.ActVote && onTable(a.Target) && r.score[a.Target] > bestScore {
			best, bestScore = a, r.score[a.Target]
		}
	}
	return best
}

// night divines the most suspect undivined player, or kills by the pack's
// shared priority after whispering it, or (a wolf with nothing else to
// do) tells the pack whether it fakes a role, then passes the wolf chat so
// the night can end (docs/rules/werewolf.md, "The night").
func (r *Rule) night(v *werewolf.View, legal []werewolf.Action, rng *rand.Rand) werewolf.Action {
	last := legal[len(legal)-1]
	switch last.Kind {
	case werewolf.ActDivine:
		r.suspect(v, rng)
		best, bestScore := last, -1e18
		for _, a := range legal {
			if a.Kind == werewolf.ActDivine && onTable(a.Target) && v.Results[a.Target] == werewolf.RoleNone && r.score[a.Target] > bestScore {
				best, bestScore = a, r.score[a.Target]
			}
		}
		return best
	case werewolf.ActKill:
		t := r.victim(v, legal)
		if m := packChoice(v, legal); r.pack && m != sim.NoSeat {
			t = m
		}
		if v.WhispersLeft > 0 && onTable(v.Seat) && v.PackPlan[v.Seat] != t {
			if a := werewolf.Whisper(werewolf.VoteFor(t), ""); has(legal, a) {
				a.Text = texts.kill[t]
				return a
			}
		}
		if !onTable(v.Seat) || v.PackChoice[v.Seat] != t || !has(legal, werewolf.Pass()) {
			return werewolf.Kill(t)
		}
		return werewolf.Pass()
	}
	// Only wolf chat is open (no kill tonight): tell the pack whether we
	// fake, then pass.
	if r.faking == 1 && onTable(v.Seat) && v.PackCameOut[v.Seat] == werewolf.RoleNone {
		if a := werewolf.Whisper(werewolf.ComingOut(werewolf.RoleSeer), ""); has(legal, a) {
			a.Text = "I will claim seer tomorrow."
			return a
		}
	}
	if has(legal, werewolf.Pass()) {
		return werewolf.Pass()
	}
	return legal[0]
}

// packChoice is the kill the pack has settled on tonight, among legal:
// v's seat's own choice if it made one, else the choice of its lowest
// living packmate that made one; sim.NoSeat if none.
func packChoice(v *werewolf.View, legal []werewolf.Action) sim.Seat {
	if onTable(v.Seat) {
		if t := v.PackChoice[v.Seat]; t != sim.NoSeat && has(legal, werewolf.Kill(t)) {
			return t
		}
	}
	for i := range v.Players {
		m := sim.Seat(i)
		if m == v.Seat || v.Known[i] != werewolf.RoleWerewolf || !v.IsAlive(m) {
			continue
		}
		if t := v.PackChoice[i]; t != sim.NoSeat && has(legal, werewolf.Kill(t)) {
			return t
		}
	}
	return sim.NoSeat
}

// victim ranks the living non-wolves among the legal kills the same way
// for every wolf (no RNG), so the pack agrees without talking: claimed
// seers first, then claimed mediums, then whoever called a wolf black, the
// lowest seat on ties. (The engine offers exactly the living non-wolves; a
// live request that disagrees with the view still gets a legal kill.)
func (r *Rule) victim(v *werewolf.View, legal []werewolf.Action) sim.Seat {
	best, bestScore := sim.NoSeat, -1e9
	var wolves uint16
	for i := range v.Players {
		if v.Known[i] == werewolf.RoleWerewolf {
			wolves |= mask(sim.Seat(i))
		}
	}
	for _, a := range legal {
		t := a.Target
		if a.Kind != werewolf.ActKill || !onTable(t) {
			continue
		}
		if best == sim.NoSeat {
			best = t
		}
		if !v.IsAlive(t) || wolves&mask(t) != 0 {
			continue
		}
		sc := 0.0
		// A claim that contradicts what the pack knows (a black on a
		// human, a white on a wolf) comes from a liar — the madman most
		// likely, an ally to spare.
		liar := v.Divined[t].Black&^wolves != 0 || v.Divined[t].White&wolves != 0 ||
			v.Identified[t].Black&^wolves != 0 || v.Identified[t].White&wolves != 0
		switch v.CameOut[t] {
		case werewolf.RoleSeer:
			sc += 4
			if v.Divined[t].Black&wolves != 0 {
				sc += 2 // surely the real seer
			}
		case werewolf.RoleMedium:
			sc += 3
		}
		if liar {
			sc = -1
		}
		if v.Divined[t].Black&wolves != 0 || v.Identified[t].Black&wolves != 0 {
			sc += 1
		}
		if sc > bestScore {
			best, bestScore = t, sc
		}
	}
	return best
}

// talk returns the next message in order: come out, report results, state
// the vote intention; ok is false when there is nothing left to say.
func (r *Rule) talk(v *werewolf.View, legal []werewolf.Action, rng *rand.Rand) (werewolf.Action, bool) {
	me := v.Seat
	say := func(c werewolf.Content, text string) (werewolf.Action, bool) {
		a := werewolf.Talk(c, "")
		if !has(legal, a) {
			return a, false
		}
		a.Text = text
		return a, true
	}
	claimsSeer := r.faking == 1 || v.Role == werewolf.RoleSeer
	if claimsSeer {
		found := false
		for i := range v.Players {
			found = found || v.Results[i] == werewolf.RoleWerewolf
		}
		due := float64(v.Day) >= r.coDay || (found && r.coBlack >= 0.5) || r.faking == 1
		if due && v.CameOut[me] != werewolf.RoleSeer {
			return say(werewolf.ComingOut(werewolf.RoleSeer), "I am the seer.")
		}
		if v.CameOut[me] == werewolf.RoleSeer {
			if v.Role == werewolf.RoleSeer {
				for i := range v.Players {
					t := sim.Seat(i)
					if res := v.Results[t]; res != werewolf.RoleNone && v.Divined[me].Says(t) != res {
						return say(werewolf.Divined(t, res), texts.divined[t][b2i(res == werewolf.RoleWerewolf)])
					}
				}
			} else if claimed := bits.OnesCount16(v.Divined[me].White | v.Divined[me].Black); claimed < int(v.Day) {
				t, res := r.invent(v, rng)
				if t != sim.NoSeat {
					return say(werewolf.Divined(t, res), texts.divined[t][b2i(res == werewolf.RoleWerewolf)])
				}
			}
		}
	}
	if v.Role == werewolf.RoleMedium && r.mediumCO >= 0.5 {
		for i := range v.Players {
			t := sim.Seat(i)
			if res := v.Results[t]; res != werewolf.RoleNone && v.Identified[me].Says(t) != res {
				if v.CameOut[me] != werewolf.RoleMedium {
					return say(werewolf.ComingOut(werewolf.RoleMedium), "I am the medium.")
				}
				return say(werewolf.Identified(t, res), texts.identified[t][b2i(res == werewolf.RoleWerewolf)])
			}
		}
	}
	r.suspect(v, rng)
	best, bestScore := sim.NoSeat, -1e18
	for i := range v.Players {
		t := sim.Seat(i)
		if t != me && v.IsAlive(t) && r.score[t] > bestScore {
			best, bestScore = t, r.score[t]
		}
	}
	if best != sim.NoSeat && v.Intent[me] != best {
		return say(werewolf.VoteFor(best), texts.vote[best])
	}
	return werewolf.Action{}, false
}

// invent makes up tonight's divine result for a fake seer: a black on a
// rival seer claimer if there is one, else a random living player who is
// not a wolf the bot knows, black with probability fake_black.
func (r *Rule) invent(v *werewolf.View, rng *rand.Rand) (sim.Seat, werewolf.Role) {
	me := v.Seat
	claimed := v.Divined[me].White | v.Divined[me].Black
	var pool []sim.Seat
	var buf [werewolf.MaxPlayers]sim.Seat
	pool = buf[:0]
	for i := range v.Players {
		t := sim.Seat(i)
		if t == me || !v.IsAlive(t) || claimed&mask(t) != 0 {
			continue
		}
		if v.CameOut[t] == werewolf.RoleSeer && v.Known[t] != werewolf.RoleWerewolf {
			return t, werewolf.RoleWerewolf
		}
		if v.Known[t] != werewolf.RoleWerewolf {
			pool = append(pool, t)
		}
	}
	if len(pool) == 0 {
		return sim.NoSeat, werewolf.RoleNone
	}
	t := pool[rng.IntN(len(pool))]
	if rng.Float64() < r.fakeBlack {
		return t, werewolf.RoleWerewolf
	}
	return t, werewolf.RoleVillager
}

// suspect fills r.score: how much this seat wants each living player
// executed (higher = more), from its own results, the seer claims weighed
// by trust, counter-claims, and others' stated vote intentions. Wolves
// never score their pack up and push claimed seers; the madman inverts the
// village's suspicion and pushes rival seer claimers.
func (r *Rule) suspect(v *werewolf.View, rng *rand.Rand) {
	me := v.Seat
	n := int(v.Players)
	for i := range n {
		r.score[i] = rng.Float64() * 0.01
	}
	var seers [werewolf.MaxPlayers]sim.Seat
	k := 0
	for i := range n {
		if v.CameOut[i] == werewolf.RoleSeer {
			seers[k] = sim.Seat(i)
			k++
		}
	}
	for _, c := range seers[:k] {
		tc := r.trust / float64(k)
		if c == me {
			continue
		}
		if v.Role == werewolf.RoleSeer || v.Divined[c].Black&mask(me) != 0 && v.Role.Team() == werewolf.TeamVillage {
			// I know this claimer lies.
			r.score[c] += 50
			continue
		}
		// A seer claimer is worth keeping alive in proportion to the trust
		// it gets; several claimers share that trust and draw suspicion.
		if k == 1 {
			r.score[c] -= 2 * tc
		} else {
			r.score[c] += r.counter * float64(k-1)
		}
		for i := range n {
			if v.CameOut[i] == werewolf.RoleSeer && k > 1 {
				continue // claimers calling each other black is noise
			}
			switch v.Divined[c].Says(sim.Seat(i)) {
			case werewolf.RoleWerewolf:
				r.score[i] += 3 * tc
			case werewolf.RoleVillager:
				r.score[i] -= tc
			}
		}
	}
	if k == 1 && seers[0] != me && v.Role.Team() == werewolf.TeamVillage {
		// Whoever wants the only seer claimer gone, by word or vote, is
		// suspect.
		c := seers[0]
		for i := range n {
			if v.Intent[i] == c || v.Votes[i] == c {
				r.score[i] += r.trust
			}
		}
	}
	for i := range n {
		if t := v.Intent[i]; t != sim.NoSeat && sim.Seat(i) != me && v.IsAlive(sim.Seat(i)) {
			r.score[t] += r.follow
		}
		switch v.Results[i] {
		case werewolf.RoleWerewolf:
			r.score[i] += 100
		case werewolf.RoleVillager:
			r.score[i] -= 100
		}
	}
	switch v.Role {
	case werewolf.RoleWerewolf:
		for i := range n {
			if v.Known[i] == werewolf.RoleWerewolf {
				r.score[i] = -1e9
			} else if v.CameOut[i] == werewolf.RoleSeer && sim.Seat(i) != me {
				r.score[i] += 2
			}
		}
	case werewolf.RoleMadman:
		for i := range n {
			r.score[i] = -r.score[i]
			if v.CameOut[i] == werewolf.RoleSeer && sim.Seat(i) != me {
				r.score[i] += 5
			}
		}
	}
	if r.samples > 0 && v.Role.Team() == werewolf.TeamVillage && v.Phase != werewolf.PhaseOver {
		// The posterior decides; the rules only break its ties.
		r.posterior(v, rng)
		for i := range n {
			r.score[i] = r.post[i] + r.score[i]*1e-6
		}
	}
	r.score[me] = -1e9
}

// posterior sets r.post[i] to the share of r.samples role assignments
// drawn for v (werewolf.DrawRoles weighted by r.Weigh) in which seat i is
// a wolf; it is computed once per view.
func (r *Rule) posterior(v *werewolf.View, rng *rand.Rand) {
	if r.postOK && r.postView == *v {
		return
	}
	p := sim.NewPCG(rng.Uint64())
	r.post = [werewolf.MaxPlayers]float64{}
	for range r.samples {
		werewolf.DrawRoles(v, &p, r, &r.roles) // a local would escape to the weigher
		for i := range v.Players {
			if r.roles[i] == werewolf.RoleWerewolf {
				r.post[i]++
			}
		}
	}
	for i := range r.post {
		r.post[i] /= float64(r.samples)
	}
	r.postView, r.postOK = *v, true
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
