package werewolf

import (
	"math/rand/v2"
	"testing"
	"time"

	"gamelab/sim"
	"gamelab/sim/simtest"
	"gamelab/sim/werewolf"
	"gamelab/strategies/search"
	"gamelab/strategies/search/searchtest"
)

// voteView plays a game of preset with rule players to the first vote and
// returns the state and a village voter's view and legal votes.
func voteView(t testing.TB, preset string, seed uint64) (*werewolf.State, werewolf.View, []werewolf.Action) {
	t.Helper()
	r := simtest.Preset(t, werewolf.Preset, preset)
	for ; ; seed++ {
		s := werewolf.New(r, seed)
		ps := table(t, "rule", r.Players)
		rng := sim.NewRand(seed)
		var legal []werewolf.Action
		for !s.Done() && s.Phase() != werewolf.PhaseVote {
			seat := s.Next()[0]
			legal = s.Legal(seat, legal[:0])
			v := s.View(seat)
			if err := s.Apply(seat, ps[seat].Decide(&v, legal, rng)); err != nil {
				t.Fatal(err)
			}
		}
		if s.Done() {
			continue
		}
		seat := s.Next()[0]
		for _, x := range s.Next() {
			if s.Role(x).Team() == werewolf.TeamVillage {
				seat = x // a village seat: bayes infers
				break
			}
		}
		return s, s.View(seat), s.Legal(seat, nil)
	}
}

// The same view and seed give the same vote, with one worker or several.
func TestSearchIsDeterministic(t *testing.T) {
	for _, spec := range []string{"ismcts?iters=64", "ismcts?iters=64&workers=3&z=0"} {
		for seed := range uint64(5) {
			_, v, legal := voteView(t, "7", seed)
			var first werewolf.Action
			for k := range 3 {
				m, err := New(spec)
				if err != nil {
					t.Fatal(err)
				}
				a := m.Decide(&v, legal, sim.NewRand(seed))
				if k == 0 {
					first = a
				} else if a != first {
					t.Fatalf("%s seed %d: %v then %v", spec, seed, first, a)
				}
			}
		}
	}
}

// A request out of step with its view (or a view no game shows) gets the
// rollout strategy's legal answer, not a panic.
func TestSearchOnAMismatchedView(t *testing.T) {
	_, v, _ := voteView(t, "5", 1)
	m, _ := New("ismcts?iters=32")
	legal := []werewolf.Action{werewolf.Kill(1), werewolf.Kill(2)} // a night request on a day view
	if a := m.Decide(&v, legal, sim.NewRand(1)); !containsIgnoringText(legal, a) {
		t.Fatalf("chose %v, not among %v", a, legal)
	}
	empty := werewolf.NewView(2)
	votes := []werewolf.Action{werewolf.Vote(0), werewolf.Vote(1)}
	if a := m.Decide(&empty, votes, sim.NewRand(1)); !containsIgnoringText(votes, a) {
		t.Fatalf("chose %v on an empty view", a)
	}
}

func TestSearchBadSpecs(t *testing.T) {
	searchtest.BadSpecs(t, New, map[string]string{
		"ismcts?rollout=nope":   `unknown werewolf strategy "nope"`,
		"ismcts?rollout=ismcts": "is a search itself",
		"ismcts?iters=0":        "outside [1,",
		"ismcts?c=-1":           "outside [0,",
	})
}

// A bayes move allocates nothing, its posterior (recomputed after Reset)
// included.
func TestBayesMoveAllocatesNothing(t *testing.T) {
	_, v, legal := voteView(t, "9", 3)
	m, err := New("bayes")
	if err != nil {
		t.Fatal(err)
	}
	rng := sim.NewRand(1)
	m.Decide(&v, legal, rng)
	if n := testing.AllocsPerRun(5, func() { m.Reset(); m.Decide(&v, legal, rng) }); n != 0 {
		t.Fatalf("a bayes move allocates %.1f times", n)
	}
}

// An iteration allocates nothing in steady state: a move of 400
// iterations allocates as much as one of 20.
func TestSearchIterationAllocatesNothing(t *testing.T) {
	_, v, legal := voteView(t, "9", 3)
	allocs := func(iters string) float64 {
		m, _ := New("ismcts?z=0&iters=" + iters)
		rng := sim.NewRand(1)
		m.Decide(&v, legal, rng) // warm the pools
		return testing.AllocsPerRun(5, func() { m.Decide(&v, legal, rng) })
	}
	if small, big := allocs("20"), allocs("400"); big > small {
		t.Fatalf("a move of 400 iterations allocates %.1f, one of 20 %.1f", big, small)
	}
}

// BenchmarkSearchVote: one decision on the first vote of a rule game (the
// longest game still ahead, so among the costliest moves) by the search
// at the budgets of docs/werewolf.md (rule rollouts) and by bayes (its
// posterior recomputed every move): CPU-ms per move and allocations.
func BenchmarkSearchVote(b *testing.B) {
	iters := map[string]string{"5": "2000", "7": "1000", "9": "400"}
	for _, preset := range werewolf.Presets() {
		_, v, legal := voteView(b, preset, 3)
		for _, spec := range []string{"ismcts?z=0&iters=" + iters[preset], "bayes"} {
			b.Run(preset+"/"+spec, func(b *testing.B) {
				m, _ := New(spec)
				rng := sim.NewRand(1)
				m.Decide(&v, legal, rng)
				b.ReportAllocs()
				cpu0 := simtest.CPUTime()
				moves := 0
				for b.Loop() {
					m.Reset()
					m.Decide(&v, legal, rng)
					moves++
				}
				if cpu := simtest.CPUTime() - cpu0; cpu > 0 {
					b.ReportMetric(cpu.Seconds()*1000/float64(moves), "cpu-ms/move")
				}
			})
		}
	}
}

// Rule.Weigh: on day 2, with one seer claimer, the true seer (the madman
// silent) and the madman (the seer silent) are alike, each likelier than
// a wolf claiming (with two silent), a seer whose claimed black is not a
// wolf, and a villager claiming — all still possible.
func TestRuleWeigh(t *testing.T) {
	r, _ := New("rule")
	w := r.(*Rule)
	v := werewolf.NewView(4)
	v.Players, v.Day, v.Phase, v.Alive = 5, 2, werewolf.PhaseDiscussion, 31
	v.CameOut[0] = werewolf.RoleSeer
	v.Divined[0].Black = 1 << 1 // "seat 1 is a werewolf"
	deal := func(roles ...werewolf.Role) *[werewolf.MaxPlayers]werewolf.Role {
		var d [werewolf.MaxPlayers]werewolf.Role
		copy(d[:], roles)
		return &d
	}
	V, S, W, M := werewolf.RoleVillager, werewolf.RoleSeer, werewolf.RoleWerewolf, werewolf.RoleMadman
	trueSeer := w.Weigh(&v, deal(S, W, V, M, V))
	fakeMadman := w.Weigh(&v, deal(M, V, W, S, V))
	fakeWolf := w.Weigh(&v, deal(W, V, M, S, V))
	lyingSeer := w.Weigh(&v, deal(S, V, W, M, V))
	villager := w.Weigh(&v, deal(V, W, S, M, V))
	if !(trueSeer == fakeMadman && fakeMadman > 10*max(fakeWolf, lyingSeer, villager) && min(fakeWolf, lyingSeer, villager) > 0) {
		t.Fatalf("true seer %g, madman %g, wolf %g, lying seer %g, villager %g", trueSeer, fakeMadman, fakeWolf, lyingSeer, villager)
	}
}

// The bayes village seat's posterior: a seer's own black result makes
// that seat surely a wolf, and a lone seer claimer with a black on seat 1
// makes seat 1 likelier a wolf than the seats nobody accused.
func TestBayesPosterior(t *testing.T) {
	b, err := New("bayes?samples=2000")
	if err != nil {
		t.Fatal(err)
	}
	r := b.(*Rule)
	v := werewolf.NewView(4)
	v.Players, v.Day, v.Phase, v.Alive = 5, 2, werewolf.PhaseVote, 31
	v.RoleCount = [werewolf.NumRoles]int8{0, 2, 1, 0, 1, 1}
	v.Role, v.Known[4] = werewolf.RoleVillager, werewolf.RoleVillager
	v.CameOut[0] = werewolf.RoleSeer
	v.Divined[0].Black = 1 << 1
	r.posterior(&v, sim.NewRand(1))
	if !(r.post[1] > 2*r.post[2] && r.post[1] > 2*r.post[3] && r.post[4] == 0) {
		t.Fatalf("posterior %v", r.post[:5])
	}
	v.Role, v.Known[4] = werewolf.RoleSeer, werewolf.RoleSeer
	v.Results[2] = werewolf.RoleWerewolf
	r.postOK = false
	r.posterior(&v, sim.NewRand(1))
	if r.post[2] != 1 || r.post[1] != 0 {
		t.Fatalf("a seer's own black: posterior %v", r.post[:5])
	}
}

// timed wraps a search seat and records the CPU time of every move on
// which it searched (LastIters > 0), for BenchmarkSearchWolvesGame.
type timed struct {
	*search.ISMCTS[*werewolf.State, werewolf.Rules, werewolf.Action, werewolf.Event, werewolf.View]
	moves     int
	sum, peak time.Duration
}

func (t *timed) Decide(v *werewolf.View, legal []werewolf.Action, rng *rand.Rand) werewolf.Action {
	t.LastIters = 0
	c0 := simtest.CPUTime()
	a := t.ISMCTS.Decide(v, legal, rng)
	if t.LastIters > 0 {
		d := simtest.CPUTime() - c0
		t.moves++
		t.sum += d
		t.peak = max(t.peak, d)
	}
	return a
}

// BenchmarkSearchWolvesGame plays whole games of search wolves (wolf and
// madman on ismcts at the budgets of docs/werewolf.md) against the rule
// village and reports the CPU per move the search decided (votes, kills)
// over every such move of the games: the mean, the largest, and the
// searched moves per game.
func BenchmarkSearchWolvesGame(b *testing.B) {
	iters := map[string]string{"5": "2000", "7": "1000", "9": "400"}
	for _, preset := range werewolf.Presets() {
		spec := "ismcts?iters=" + iters[preset]
		b.Run(preset+"/"+spec, func(b *testing.B) { benchSearchTeam(b, preset, werewolf.TeamWerewolf, spec) })
	}
}

// A search wolf keeps the kill it chose and its packmates follow it
// (rule?pack=1): every wolf chooses once a night and the pack agrees.
// Before, the rollout took a searched kill back to the rule's own victim
// (the search could not tell kills apart) and the wolves changed their
// choices back and forth.
func TestSearchPackKeepsItsKill(t *testing.T) {
	for _, preset := range []string{"7", "9"} {
		r := simtest.Preset(t, werewolf.Preset, preset)
		for g := range uint64(6) {
			seed := sim.Seed(11, g)
			s := werewolf.New(r, seed)
			ps := table(t, "rule", r.Players)
			for i := range ps {
				if s.Role(sim.Seat(i)) == werewolf.RoleWerewolf {
					ps[i], _ = New("ismcts?iters=32&z=0")
				}
			}
			chose := map[[2]int]sim.Seat{} // (day, wolf) -> kill choice
			_, err := Play(r, seed, ps, func(seat sim.Seat, v *werewolf.View, _ []werewolf.Action, a werewolf.Action) {
				if a.Kind != werewolf.ActKill {
					return
				}
				k := [2]int{int(v.Day), int(seat)}
				if prev, ok := chose[k]; ok {
					t.Fatalf("%s players game %d night %d: wolf %d changed its kill from %d to %d", preset, g, k[0], seat, prev, a.Target)
				}
				chose[k] = a.Target
			})
			if err != nil {
				t.Fatal(err)
			}
			nights := map[int]sim.Seat{}
			for k, target := range chose {
				if prev, ok := nights[k[0]]; ok && prev != target {
					t.Fatalf("%s players game %d night %d: the wolves chose %d and %d", preset, g, k[0], prev, target)
				}
				nights[k[0]] = target
			}
			if len(nights) == 0 {
				t.Fatalf("%s players game %d: no kill chosen", preset, g)
			}
		}
	}
}

// pack=1: a rule wolf keeps its own kill, else kills whom a living
// packmate chose tonight; without it the rule victim.
func TestRulePackFollowsAPackmate(t *testing.T) {
	v := werewolf.NewView(0)
	v.Players, v.Day, v.Phase, v.Alive = 9, 1, werewolf.PhaseNight, 1<<9-1
	v.Role, v.Known[0], v.Known[5] = werewolf.RoleWerewolf, werewolf.RoleWerewolf, werewolf.RoleWerewolf
	v.PackChoice[5] = 7
	var legal []werewolf.Action
	for i := 1; i < 9; i++ {
		if i != 5 {
			legal = append(legal, werewolf.Kill(sim.Seat(i)))
		}
	}
	for spec, want := range map[string]sim.Seat{"rule?pack=1": 7, "rule": 1} {
		m, _ := New(spec)
		if a := m.Decide(&v, legal, sim.NewRand(1)); a != werewolf.Kill(want) {
			t.Errorf("%s: %v, want kill %d", spec, a, want)
		}
	}
	v.PackChoice[0] = 3 // its own choice, made before
	for spec, want := range map[string]werewolf.Action{"rule?pack=1": werewolf.Pass(), "rule": werewolf.Kill(1)} {
		m, _ := New(spec)
		if a := m.Decide(&v, append([]werewolf.Action{werewolf.Pass()}, legal...), sim.NewRand(1)); a != want {
			t.Errorf("%s with its own choice made: %v, want %v", spec, a, want)
		}
	}
}

// VillageSearch is the search village's setting of docs/werewolf.md:
// bayes talks and anchors the root, the playouts' village seats vote as
// they said they would.
const villageSearch = "ismcts?anchor=bayes&rollout=rule%3Fpack%3D1%26keep%3D1&iters="

// BenchmarkSearchVillageGame plays whole games of a search village (every
// village seat on ismcts at the setting and budgets of docs/werewolf.md)
// against rule wolves and reports the CPU per move the search decided
// (votes, divines; the anchor's bayes included) over every such move: the
// mean, the largest, and the searched moves per game.
func BenchmarkSearchVillageGame(b *testing.B) {
	iters := map[string]string{"5": "2000", "7": "1000", "9": "800"}
	for _, preset := range werewolf.Presets() {
		spec := villageSearch + iters[preset]
		b.Run(preset+"/"+spec, func(b *testing.B) { benchSearchTeam(b, preset, werewolf.TeamVillage, spec) })
	}
}

// benchSearchTeam plays whole games with team's seats on spec (a search)
// and the others on rule, and reports the CPU per searched move: the
// mean, the largest, and the searched moves per game.
func benchSearchTeam(b *testing.B, preset string, team werewolf.Team, spec string) {
	r := simtest.Preset(b, werewolf.Preset, preset)
	var all timed
	games := 0
	for b.Loop() {
		seed := sim.Seed(5, uint64(games))
		s := werewolf.New(r, seed)
		ps := table(b, "rule", r.Players)
		var ts []*timed
		for i := range ps {
			if s.Role(sim.Seat(i)).Team() == team {
				m, err := New(spec)
				if err != nil {
					b.Fatal(err)
				}
				t := &timed{ISMCTS: m.(*search.ISMCTS[*werewolf.State, werewolf.Rules, werewolf.Action, werewolf.Event, werewolf.View])}
				ps[i], ts = t, append(ts, t)
			}
		}
		if _, err := Play(r, seed, ps, nil); err != nil {
			b.Fatal(err)
		}
		for _, t := range ts {
			all.moves += t.moves
			all.sum += t.sum
			all.peak = max(all.peak, t.peak)
		}
		games++
	}
	if all.moves > 0 {
		b.ReportMetric(all.sum.Seconds()*1000/float64(all.moves), "cpu-ms/move")
		b.ReportMetric(all.peak.Seconds()*1000, "max-cpu-ms/move")
		b.ReportMetric(float64(all.moves)/float64(games), "moves/game")
	}
}

// With anchor=bayes the search says what bayes says: off the searched
// actions (talk) it plays the anchor's own choice, from the same RNG
// state (the search draws its seed first).
func TestSearchAnchorTalks(t *testing.T) {
	r := simtest.Preset(t, werewolf.Preset, "7")
	talks := 0
	for g := range uint64(4) {
		s := werewolf.New(r, sim.Seed(21, g))
		ps := table(t, "rule", r.Players)
		m, err := New(villageSearch + "20")
		if err != nil {
			t.Fatal(err)
		}
		b, err := New("bayes")
		if err != nil {
			t.Fatal(err)
		}
		rng := sim.NewRand(g)
		var legal []werewolf.Action
		for !s.Done() && s.Day() <= 2 {
			seat := s.Next()[0]
			legal = s.Legal(seat, legal[:0])
			v := s.View(seat)
			a := ps[seat].Decide(&v, legal, rng)
			if s.Phase() == werewolf.PhaseDiscussion && s.Role(seat).Team() == werewolf.TeamVillage {
				seed := rng.Uint64()
				r1, r2 := sim.NewRand(seed), sim.NewRand(seed)
				r2.Uint64()
				got, want := m.Decide(&v, legal, r1), b.Decide(&v, legal, r2)
				if got != want {
					t.Fatalf("game %d seat %d: the search said %v, bayes %v", g, seat, got, want)
				}
				a = got
				talks++
			}
			if err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if talks < 10 {
		t.Fatalf("only %d village talks checked", talks)
	}
}

// rule?keep=1 (the search village's rollout): a village seat votes as it
// said it would today when it can, also for someone its own ranking (the
// plain rule's vote) puts lower.
func TestRuleKeepVotesItsIntention(t *testing.T) {
	checked := 0
	for seed := range uint64(6) {
		_, v, legal := voteView(t, "7", seed)
		plain, err := New("rule")
		if err != nil {
			t.Fatal(err)
		}
		own := plain.Decide(&v, legal, sim.NewRand(1))
		for _, said := range legal {
			if said == own || said.Kind != werewolf.ActVote {
				continue
			}
			v.Intent[v.Seat] = said.Target
			keep, err := New("rule?keep=1")
			if err != nil {
				t.Fatal(err)
			}
			if a := keep.Decide(&v, legal, sim.NewRand(1)); a != said {
				t.Fatalf("seed %d: said %v, voted %v", seed, said, a)
			}
			checked++
			break
		}
	}
	if checked == 0 {
		t.Fatal("no vote view offered a vote other than the rule's own: the test checks nothing")
	}
}
