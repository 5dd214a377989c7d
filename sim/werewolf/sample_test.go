package werewolf

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// TestSampleContract: at every checked step of random games (talk, wolf
// chat and claims included), a determinization of the acting seat's view
// shows that seat the same view and legal actions, is a function of the
// rng, and plays on to a well-formed end.
func TestSampleContract(t *testing.T) {
	for _, name := range Presets() {
		t.Run(name, func(t *testing.T) {
			r := mustPreset(t, name)
			simtest.CheckContract(t, simtest.Contract[*State, Rules, Action, Event, View, *View]{
				Rules: r, New: New, Seats: r.Players,
				NewView:    NewView,
				Encode:     encode,
				Sample:     Sample,
				MaxSteps:   100_000,
				CheckEvery: 3,
			}, 20, sim.Label("sample-"+name))
		})
	}
}

// TestSampleDecisive: the same in games played like the arena's bots
// (no idle talk), where the deaths, votes and results pile up: every
// seat's view, not only the acting one's, is reproduced, with its legal
// actions when it must act.
func TestSampleDecisive(t *testing.T) {
	for _, name := range []string{"5", "9"} {
		r := mustPreset(t, name)
		for g := range 40 {
			s := New(r, uint64(g))
			p := sim.NewPCG(uint64(g))
			rng := sim.NewPCG(uint64(g) + 100)
			var legal []Action
			for steps := 0; !s.Done(); steps++ {
				for seat := range sim.Seat(r.Players) {
					v := s.View(seat)
					d := Sample(&v, &rng)
					if got := d.View(seat); got != v {
						t.Fatalf("%s game %d step %d seat %d: sample view\n%+v\nwant\n%+v", name, g, steps, seat, got, v)
					}
					if slices.Contains(s.Next(), seat) {
						if l := d.Legal(seat, nil); !slices.Equal(l, s.Legal(seat, nil)) {
							t.Fatalf("%s game %d step %d seat %d: legal %v, want %v", name, g, steps, seat, l, s.Legal(seat, nil))
						}
					}
				}
				seat := s.Next()[p.IntN(len(s.Next()))]
				legal = s.Legal(seat, legal[:0])
				a := legal[p.IntN(len(legal))]
				if s.Phase() == PhaseDiscussion && p.IntN(3) > 0 {
					a = Pass()
				}
				if err := s.Apply(seat, a); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// consistent enumerates the role assignments of a 5-player table (2
// villagers, seer, werewolf, madman) that fit what v's seat knows, as the
// sampler's documentation states it: own role, own results, the pack
// never killed a wolf, the game still running.
func consistent(v *View) []string {
	var out []string
	roles := []Role{RoleVillager, RoleVillager, RoleSeer, RoleWerewolf, RoleMadman}
	seen := map[string]bool{}
	var perm func(k int)
	perm = func(k int) {
		if k == len(roles) {
			key := fmt.Sprint(roles)
			if seen[key] {
				return
			}
			seen[key] = true
			lw, lh := 0, 0
			for i, r := range roles {
				b := uint16(1) << i
				if v.Known[i] != RoleNone && v.Known[i] != r {
					return
				}
				if res := v.Results[i]; res != RoleNone && res != r.Species() {
					return
				}
				if v.Killed&b != 0 && r == RoleWerewolf {
					return
				}
				if v.Alive&b != 0 {
					if r == RoleWerewolf {
						lw++
					} else {
						lh++
					}
				}
			}
			if lw == 0 || lw >= lh {
				return
			}
			out = append(out, key)
			return
		}
		for i := k; i < len(roles); i++ {
			roles[k], roles[i] = roles[i], roles[k]
			perm(k + 1)
			roles[k], roles[i] = roles[i], roles[k]
		}
	}
	perm(0)
	slices.Sort(out)
	return out
}

// TestSampleIsUniform: over many samples of one view, every consistent
// role assignment (enumerated independently) comes up equally often
// (chi-square), and no other does; with a weigher, in proportion to its
// weights. The views are on day 2 of 5-player games, after a night kill.
func TestSampleIsUniform(t *testing.T) {
	r := mustPreset(t, "5")
	for _, tc := range []struct {
		name  string
		seed  uint64
		seat  func(s *State) sim.Seat
		weigh *keyWeigher
	}{
		{"seer day 2", 3, func(s *State) sim.Seat { return seatOf(s, RoleSeer) }, nil},
		{"villager day 2", 3, func(s *State) sim.Seat { return seatOf(s, RoleVillager) }, nil},
		{"madman day 2", 5, func(s *State) sim.Seat { return seatOf(s, RoleMadman) }, nil},
		{"weighted villager day 2", 3, func(s *State) sim.Seat { return seatOf(s, RoleVillager) }, &keyWeigher{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s *State
			for seed := tc.seed; s == nil || s.Done(); seed++ {
				s = New(r, seed)
				p := sim.NewPCG(seed)
				for !s.Done() && !(s.Day() == 2 && s.Phase() == PhaseDiscussion) {
					playStep(s, &p)
				}
			}
			seat := tc.seat(s)
			v := s.View(seat)
			want := consistent(&v)
			if len(want) < 2 {
				t.Fatalf("only %d consistent assignments: a weak test", len(want))
			}
			idx := map[string]int{}
			for i, k := range want {
				idx[k] = i
			}
			obs := make([]int, len(want))
			rng := sim.NewPCG(11)
			const n = 12000
			d := &State{}
			if tc.weigh != nil {
				d.SetWeigher(tc.weigh)
			}
			for range n {
				d.Determinize(&v, &rng)
				key := fmt.Sprint(d.roles[:5])
				i, ok := idx[key]
				if !ok {
					t.Fatalf("sampled %s, not a consistent assignment of %v", key, want)
				}
				obs[i]++
			}
			p0 := make([]float64, len(want))
			total := 0.0
			for i, k := range want {
				p0[i] = 1
				if tc.weigh != nil {
					p0[i] = tc.weigh.w(k, &v)
				}
				total += p0[i]
			}
			for i := range p0 {
				p0[i] /= total
			}
			// 99.9 % quantile of chi-square with k-1 degrees of freedom,
			// bounded by Wilson-Hilferty; k ≤ 30 here.
			if x, lim := simtest.ChiSquare(obs, p0), simtest.ChiSquare999(len(want)-1); x > lim {
				t.Errorf("chi2 %.1f > %.1f over %d assignments: %v", x, lim, len(want), obs)
			}
		})
	}
}

func seatOf(s *State, role Role) sim.Seat {
	for i := range sim.Seat(s.n) {
		if s.roles[i] == role && s.Alive(i) {
			return i
		}
	}
	return 0
}

// playStep plays one decisive random step (everyone passes the talk).
func playStep(s *State, p *sim.PCG) {
	next := s.Next()
	seat := next[p.IntN(len(next))]
	legal := s.Legal(seat, nil)
	a := legal[len(legal)-1]
	if s.Phase() != PhaseDiscussion {
		i := 0
		for i < len(legal) && (legal[i].Kind == ActWhisper || legal[i].Kind == ActPass) {
			i++
		}
		if i == len(legal) {
			a = Pass()
		} else {
			a = legal[i+p.IntN(len(legal)-i)]
		}
	}
	if err := s.Apply(seat, a); err != nil {
		panic(err)
	}
}

// TestSampleNeverPeeks: two games with different deals that show one seat
// the same view give identical samples from the same rng seed, and the
// same seed gives the same sample twice.
func TestSampleNeverPeeks(t *testing.T) {
	r := mustPreset(t, "7")
	me := sim.Seat(0)
	// Deal 1 and deal 2 differ in the hidden roles of seats 1..6 only.
	a, _ := NewDealt(r, []Role{RoleVillager, RoleSeer, RoleMedium, RoleWerewolf, RoleMadman, RoleVillager, RoleVillager}, 1)
	b, _ := NewDealt(r, []Role{RoleVillager, RoleWerewolf, RoleVillager, RoleMadman, RoleVillager, RoleSeer, RoleMedium}, 2)
	seer := func(s *State) sim.Seat { return seatOf(s, RoleSeer) }
	// Night 0: each seer divines seat 0 and the wolf passes its chat; on
	// day 1 seat 3 (the wolf in a, the madman in b) claims seer.
	for _, s := range []*State{a, b} {
		if err := s.Apply(seer(s), Divine(me)); err != nil {
			t.Fatal(err)
		}
		for s.Phase() == PhaseNight {
			w := s.Next()[0]
			if err := s.Apply(w, Pass()); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Apply(3, Talk(ComingOut(RoleSeer), "")); err != nil {
			t.Fatal(err)
		}
	}
	va, vb := a.View(me), b.View(me)
	if va != vb {
		t.Fatalf("the two games show seat %d different views:\n%+v\n%+v", me, va, vb)
	}
	for seed := range uint64(50) {
		r1, r2, r3 := sim.NewPCG(seed), sim.NewPCG(seed), sim.NewPCG(seed)
		x, y, z := Sample(&va, &r1), Sample(&vb, &r2), Sample(&va, &r3)
		if !bytes.Equal(encode(x), encode(y)) || x.roles != y.roles {
			t.Fatalf("seed %d: samples of equal views differ", seed)
		}
		if !bytes.Equal(encode(x), encode(z)) {
			t.Fatalf("seed %d: the same seed gave two samples", seed)
		}
	}
}

// keyWeigher weighs an assignment 1 when the lowest seat that is not the
// viewer's is a werewolf, 0.2 when it is the madman, 0.5 otherwise.
type keyWeigher struct{}

func (keyWeigher) weight(r Role) float64 {
	switch r {
	case RoleWerewolf:
		return 1
	case RoleMadman:
		return 0.2
	}
	return 0.5
}

func (k *keyWeigher) Weigh(v *View, roles *[MaxPlayers]Role) float64 {
	return k.weight(roles[k.seat(v)])
}

func (*keyWeigher) seat(v *View) int {
	if v.Seat == 0 {
		return 1
	}
	return 0
}

// w weighs an enumerated assignment (its fmt.Sprint key) the same way.
func (k *keyWeigher) w(key string, v *View) float64 {
	f := strings.Fields(strings.Trim(key, "[]"))
	for r := RoleVillager; r < NumRoles; r++ {
		if r.String() == f[k.seat(v)] {
			return k.weight(r)
		}
	}
	return 0
}
