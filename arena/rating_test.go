package arena

import (
	"math"
	"testing"

	"gamelab/sim"
)

// Two players, 7–3: the MLE odds are 7/3 exactly, so the gap is
// 400·log10(7/3) = 147.19 Elo; the Fisher information of the log-odds is
// N·p·(1-p) = 2.1, each centred rating carries half the gap's variance.
func TestBradleyTerryTwoPlayersByHand(t *testing.T) {
	r := BradleyTerry([][]float64{{0, 7}, {3, 0}}, [][]float64{{0, 10}, {10, 0}}, 0)
	gap := 400 * math.Log10(7.0/3)
	if math.Abs(r[0].Elo-gap/2) > 1e-6 || math.Abs(r[1].Elo+gap/2) > 1e-6 {
		t.Errorf("ratings %+v, want ±%.4f", r, gap/2)
	}
	ci := 1.959963984540054 * EloPerNat * math.Sqrt(1/2.1) / 2
	if math.Abs(r[0].CI-ci) > 1e-6 || math.Abs(r[1].CI-ci) > 1e-6 {
		t.Errorf("CI %v, %v, want %.4f", r[0].CI, r[1].CI, ci)
	}
}

// Three players in a cycle of equal results are equally strong.
func TestBradleyTerrySymmetricCycle(t *testing.T) {
	w := [][]float64{{0, 6, 4}, {4, 0, 6}, {6, 4, 0}}
	n := [][]float64{{0, 10, 10}, {10, 0, 10}, {10, 10, 0}}
	for _, r := range BradleyTerry(w, n, 0) {
		if math.Abs(r.Elo) > 1e-6 {
			t.Errorf("cycle ratings not equal: %+v", r)
		}
	}
}

// A player who never lost still gets a finite rating with the prior.
func TestBradleyTerryPriorKeepsUnbeatenFinite(t *testing.T) {
	r := BradleyTerry([][]float64{{0, 5}, {0, 0}}, [][]float64{{0, 5}, {5, 0}}, 1)
	if math.IsInf(r[0].Elo, 0) || math.IsNaN(r[0].Elo) || r[0].Elo <= 0 || math.IsInf(r[0].CI, 0) {
		t.Errorf("unbeaten player %+v", r[0])
	}
	// 5.5 wins to 0.5 over 6 games: odds 11.
	if gap := r[0].Elo - r[1].Elo; math.Abs(gap-400*math.Log10(11)) > 1e-6 {
		t.Errorf("gap %.4f, want %.4f", gap, 400*math.Log10(11))
	}
}

// With two seats Plackett–Luce is Bradley–Terry.
func TestPlackettLuceTwoSeatsIsBradleyTerry(t *testing.T) {
	p := sim.NewPCG(5)
	wins, games := square(3), square(3)
	var ranks []Ranking
	for range 300 {
		a, b := p.IntN(3), p.IntN(3)
		if a == b {
			continue
		}
		if p.IntN(3) == 0 { // b wins a third of the time
			a, b = b, a
		}
		wins[a][b]++
		games[a][b]++
		games[b][a]++
		ranks = append(ranks, Ranking{Groups: [][]int{{a}, {b}}, Weight: 1})
	}
	bt := BradleyTerry(wins, games, 0)
	pl, _ := PlackettLuce(3, ranks, 0)
	for i := range bt {
		if math.Abs(bt[i].Elo-pl[i].Elo) > 1e-6 || math.Abs(bt[i].CI-pl[i].CI) > 1e-6 {
			t.Errorf("player %d: BT %+v, PL %+v", i, bt[i], pl[i])
		}
	}
}

// At the maximum-likelihood point the score equations hold: for every
// player, the times it was chosen equal the sum over stages of its chance
// to be chosen. This checks the MM fixed point with code independent of it.
func TestPlackettLuceSolvesScoreEquations(t *testing.T) {
	ranks := []Ranking{
		{Groups: [][]int{{0}, {1}, {2}, {3}}, Weight: 5},
		{Groups: [][]int{{1}, {0}, {3}, {2}}, Weight: 3},
		{Groups: [][]int{{2}, {0, 1}, {3}}, Weight: 2},
		{Groups: [][]int{{3}, {2}, {1}, {0}}, Weight: 1},
		{Groups: [][]int{{0}, {3, 3}, {1}}, Weight: 2},
		{Groups: [][]int{{1, 2}, {0, 3}}, Weight: 1},
	}
	r, skipped := PlackettLuce(4, ranks, 0)
	if skipped != 0 {
		t.Fatal("skipped rankings")
	}
	g := make([]float64, 4)
	for i := range g {
		g[i] = math.Exp(r[i].Elo / EloPerNat)
	}
	grad := make([]float64, 4)
	for _, rk := range ranks {
		// expand ties into their distinct orders, equal shares
		orders := [][]int{nil}
		for _, grp := range rk.Groups {
			var nx [][]int
			for _, o := range orders {
				for _, p := range permutations(grp) {
					nx = append(nx, append(append([]int(nil), o...), p...))
				}
			}
			orders = nx
		}
		w := rk.Weight / float64(len(orders))
		for _, o := range orders {
			for s := 0; s < len(o)-1; s++ {
				sum := 0.0
				for _, it := range o[s:] {
					sum += g[it]
				}
				grad[o[s]] += w
				for _, it := range o[s:] {
					grad[it] -= w * g[it] / sum
				}
			}
		}
	}
	for i, x := range grad {
		if math.Abs(x) > 1e-8 {
			t.Errorf("score equation %d off by %g", i, x)
		}
	}
}

func TestPermutationsOfMultiset(t *testing.T) {
	if got := len(permutations([]int{3, 1, 3, 2})); got != 12 || distinctPerms([]int{3, 1, 3, 2}) != 12 {
		t.Errorf("distinct orders of {1,2,3,3} = %d, want 12", got)
	}
}

// Tenhou's rates are per hand; the average win is per win.
func TestTenhouRatesOfMahjong(t *testing.T) {
	got := tenhouRates(map[string]float64{"games": 2, "hands": 20, "wins": 5, "dealins": 2, "riichi": 4, "calls": 7, "win_points": 31000})
	want := []Extra{{"hand win rate", 0.25}, {"deal-in rate", 0.1}, {"riichi rate", 0.2}, {"call rate", 0.35}, {"avg win points", 6200}, {"hands/game", 10}}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if got[i].Name != want[i].Name || math.Abs(got[i].Value-want[i].Value) > 1e-12 {
			t.Errorf("%v, want %v", got[i], want[i])
		}
	}
	if tenhouRates(map[string]float64{"games": 1}) != nil {
		t.Error("rates without hands")
	}
}
