package liarsbar

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"gamelab/sim"
	"gamelab/sim/liarsbar"
	"gamelab/sim/simtest"
	"gamelab/strategies"
)

func TestRegistry(t *testing.T) {
	want := []string{"bayes", "honest", "random"} // registered in file order
	if got := fmt.Sprint(Registry.Names()); got != fmt.Sprint(want) {
		t.Fatalf("strategies %s, want %v", got, want)
	}
	for _, name := range want {
		ps, err := Registry.Params(name)
		if err != nil || len(ps) == 0 {
			t.Fatalf("%s: params %v, %v", name, ps, err)
		}
		for _, p := range ps {
			if p.Default < p.Min || p.Default > p.Max || p.Help == "" {
				t.Errorf("%s: parameter %+v", name, p)
			}
		}
	}
	for _, bad := range []string{"bluffer", "bayes?risk=9", "honest?nosuch=1", "random?challenge=x"} {
		if _, err := New(bad); err == nil {
			t.Errorf("New(%q) accepted", bad)
		}
	}
	s, err := New("bayes?risk=2&bluff=0.25")
	if err != nil {
		t.Fatal(err)
	}
	if b := s.(*Bayes); b.Risk != 2 || b.Bluff != 0.25 || b.Caught != 0.5 {
		t.Errorf("bayes?risk=2&bluff=0.25 built %+v", b)
	}
	path := filepath.Join(t.TempDir(), "s.json")
	if err := strategies.WriteFile(path, strategies.File{Game: "liarsbar", Spec: strategies.Spec{Name: "honest", Params: map[string]float64{"doubt": 0.4}}}); err != nil {
		t.Fatal(err)
	}
	s, err = New(path)
	if err != nil || s.(*Honest).Doubt != 0.4 {
		t.Fatalf("from JSON: %v %v", s, err)
	}
	os.WriteFile(path, []byte(`{"game":"mahjong","strategy":"honest"}`), 0o644)
	if _, err := New(path); err == nil {
		t.Error("a mahjong strategy file was accepted")
	}
}

func TestAtLeast(t *testing.T) {
	cases := []struct {
		pool, good, h, need int
		want                float64
	}{
		{20, 8, 5, 0, 1},
		{20, 8, 5, 6, 0},
		{20, 2, 5, 3, 0},
		{10, 5, 1, 1, 0.5},
		// P(X >= 1), X ~ Hypergeom(20, 8, 5) = 1 - C(12,5)/C(20,5) = 1 - 792/15504
		{20, 8, 5, 1, 1 - 792.0/15504},
		// P(X >= 2) for a 2-card hand from 4 with 2 good: 1/6.
		{4, 2, 2, 2, 1.0 / 6},
	}
	for _, c := range cases {
		if got := AtLeast(c.pool, c.good, c.h, c.need); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("AtLeast(%d, %d, %d, %d) = %v, want %v", c.pool, c.good, c.h, c.need, got, c.want)
		}
	}
}

// view makes a 4-seat basic view for seat 0 with the given hand and table.
func view(t testing.TB, table liarsbar.Card, hand ...liarsbar.Card) *liarsbar.View {
	r := simtest.Preset(t, liarsbar.Preset, liarsbar.VariantBasic)
	v := liarsbar.NewView(r, 0)
	v.Table, v.Round = table, 1
	for i, c := range hand {
		v.Hand[i] = c
		v.Dealt[c]++
	}
	v.HandLen = int8(len(hand))
	for i := range 4 {
		v.Cards[i] = 5
	}
	return &v
}

func legalOf(v *liarsbar.View) []liarsbar.Action {
	// Every play of 1 to 3 cards (a superset of the engine's canonical list).
	var out []liarsbar.Action
	hand := v.MyHand()
	for m := 1; m < 1<<len(hand); m++ {
		a := liarsbar.Action{Kind: liarsbar.Play, Cards: uint8(m), Target: sim.NoSeat}
		if a.Count() <= 3 {
			out = append(out, a)
		}
	}
	if v.Last >= 0 {
		out = append(out, liarsbar.ChallengeAction)
	}
	return out
}

func TestHonestDecisions(t *testing.T) {
	h := mustNew(t, "honest").(*Honest)
	rng := rand.New(rand.NewPCG(1, 2))
	Q, K, A, J := liarsbar.Queen, liarsbar.King, liarsbar.Ace, liarsbar.Joker

	// Plays the table cards, then a Joker, at most three.
	v := view(t, K, Q, K, K, A, J)
	if a := h.Decide(v, legalOf(v), rng); a.String() != "play:1,2,4" {
		t.Errorf("honest with Q K K A Joker under K plays %v, want play:1,2,4", a)
	}
	// Nothing true: bluffs with exactly one card.
	v = view(t, K, Q, Q, A, A, A)
	if a := h.Decide(v, legalOf(v), rng); a.Count() != 1 {
		t.Errorf("honest bluffs with %v, want one card", a)
	}
	// Seat 3 has claimed 5 Ks this round (3, then 2) while we hold 4 of
	// the 6 Ks: only 2 Ks and 2 Jokers are unseen, so it is impossible.
	v = view(t, K, K, K, K, K, Q)
	v.Last, v.LastCount, v.Played[3], v.Cards[3] = 3, 2, 5, 0
	if p := Supportable(v); p != 0 {
		t.Errorf("Supportable of an impossible claim = %v", p)
	}
	if a := h.Decide(v, legalOf(v), rng); a != liarsbar.ChallengeAction {
		t.Errorf("honest lets an impossible claim pass: %v", a)
	}
	// A claim of 1 K when we hold no K: likely true, so play on.
	v = view(t, K, Q, Q, A, A, A)
	v.Last, v.LastCount, v.Played[3], v.Cards[3] = 3, 1, 1, 4
	if a := h.Decide(v, legalOf(v), rng); a == liarsbar.ChallengeAction {
		t.Errorf("honest challenges a likely claim (Supportable %.2f)", Supportable(v))
	}
}

func TestAimPolicy(t *testing.T) {
	r := simtest.Preset(t, liarsbar.Preset, liarsbar.VariantChaos)
	v := liarsbar.NewView(r, 0)
	v.Pulls = [liarsbar.MaxPlayers]int8{0, 0, 4, 1}
	legal := []liarsbar.Action{liarsbar.AimAt(1), liarsbar.AimAt(2), liarsbar.AimAt(3)}
	if a := aimAt(&v, legal, 1); a != liarsbar.AimAt(2) {
		t.Errorf("danger=1 aims at %v, want the most pulled revolver (2)", a)
	}
	if a := aimAt(&v, legal, 0); a != liarsbar.AimAt(1) {
		t.Errorf("danger=0 aims at %v, want the next seat (1)", a)
	}
}

func BenchmarkPlay(b *testing.B) {
	for _, name := range liarsbar.Presets() {
		for _, spec := range []string{"random", "bayes"} {
			b.Run(name+"/"+spec, func(b *testing.B) {
				r := simtest.Preset(b, liarsbar.Preset, name)
				players := make([]Strategy, 4)
				for i := range players {
					players[i] = mustNew(b, spec)
				}
				decisions := 0
				count := func(sim.Seat, *liarsbar.View, []liarsbar.Action, liarsbar.Action) { decisions++ }
				seed := uint64(0)
				b.ReportAllocs()
				cpu0 := simtest.CPUTime()
				for b.Loop() {
					seed++
					if _, err := Play(r, seed, players, count); err != nil {
						b.Fatal(err)
					}
				}
				simtest.ReportGames(b, b.N, cpu0)
				b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
			})
		}
	}
}

func ExamplePlay() {
	r, err := liarsbar.Preset(liarsbar.VariantBasic)
	if err != nil {
		panic(err)
	}
	var players []Strategy
	for _, spec := range []string{"random", "honest", "bayes", "bayes?risk=1"} {
		s, err := New(spec)
		if err != nil {
			panic(err)
		}
		players = append(players, s)
	}
	res, err := Play(r, 7, players, nil)
	fmt.Println(res.Placement, res.Score, err)
	// Output:
	// [4 3 2 1] [0 0 0 1] <nil>
}

// TestStrategiesOnInconsistentLegal gives every strategy a challenge among
// its legal actions while the view shows no claim to challenge, as a live
// dealer's inconsistent request can (a fuzzed tavern request made bayes
// index Pulls[-1]): each must answer with one of legal, never panic.
func TestStrategiesOnInconsistentLegal(t *testing.T) {
	v := view(t, liarsbar.Queen, liarsbar.Queen, liarsbar.King, liarsbar.Ace)
	legal := append(legalOf(v), liarsbar.ChallengeAction) // v.Last is NoSeat
	for _, name := range Registry.Names() {
		s := mustNew(t, name)
		for seed := range uint64(20) {
			a := s.Decide(v, legal, rand.New(rand.NewPCG(seed, 1)))
			if !slices.Contains(legal, a) {
				t.Errorf("%s chose %v, not among %v", name, a, legal)
			}
		}
	}
}
