package werewolf

import (
	"math"
	"math/big"
	"testing"

	"gamelab/sim"
)

// TestOracleFiveIsSevenFifteenths pins the exact oracle to the value in
// docs/rules/werewolf.md and gives the others for reference.
func TestOracleFiveIsSevenFifteenths(t *testing.T) {
	want := map[string]*big.Rat{"5": big.NewRat(7, 15), "7": big.NewRat(19, 35), "9": big.NewRat(94, 315)}
	for name, w := range want {
		r := mustPreset(t, name)
		if got := villageWinOracle(r); got.Cmp(w) != 0 {
			t.Errorf("preset %s: oracle %v, want %v", name, got, w)
		}
	}
}

// villageRate plays games of r with playDecisive and returns the village
// win rate.
func villageRate(r Rules, games int, root uint64) float64 {
	p := sim.NewPCG(root)
	s := &State{}
	var buf []Action
	wins := 0
	for g := range games {
		s.Reset(r, sim.Seed(root, uint64(g)))
		buf = playDecisive(s, &p, buf)
		if s.Winner() == TeamVillage {
			wins++
		}
	}
	return float64(wins) / float64(games)
}

// TestUniformRandomFivePlayerIsSevenFifteenths is the check of
// docs/rules/werewolf.md: with the defaults and uniformly random votes, divines
// and kills, the village wins the 5-player game with probability 7/15.
// 200,000 games; the bound is 5 standard errors.
func TestUniformRandomFivePlayerIsSevenFifteenths(t *testing.T) {
	r := mustPreset(t, "5")
	const games = 200_000
	got := villageRate(r, games, sim.Label("seven-fifteenths"))
	p := 7.0 / 15
	se := math.Sqrt(p * (1 - p) / games)
	if math.Abs(got-p) > 5*se {
		t.Fatalf("village won %.5f of %d games, want 7/15 = %.5f ± %.5f (5σ)", got, games, p, 5*se)
	}
	t.Logf("village %.5f (7/15 = %.5f, 5σ = %.5f)", got, p, 5*se)
}

// TestUniformRandomMatchesOracle checks the other presets and some custom
// tables against the exact oracle (50,000 games each, 5σ).
func TestUniformRandomMatchesOracle(t *testing.T) {
	tables := map[string]Rules{"6-two-wolves": Default(3, 1, 0, 2, 0), "8": Default(4, 1, 1, 1, 1), "11": Default(5, 1, 1, 3, 1)}
	for _, name := range []string{"7", "9"} {
		tables[name] = mustPreset(t, name)
	}
	for name, r := range tables {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			const games = 50_000
			want, _ := villageWinOracle(r).Float64()
			got := villageRate(r, games, sim.Label("oracle-"+name))
			se := math.Sqrt(want * (1 - want) / games)
			if math.Abs(got-want) > 5*se {
				t.Fatalf("village won %.5f, oracle %.5f ± %.5f (5σ)", got, want, 5*se)
			}
		})
	}
}

// TestAllLegalRandomFive: uniform choice among all legal actions (talk,
// whispers and passes included) must not change the 5-player rate either,
// since talk has no effect on random votes (20,000 games, 5σ).
func TestAllLegalRandomFive(t *testing.T) {
	r := mustPreset(t, "5")
	p := sim.NewPCG(5)
	var buf []Action
	s := &State{}
	const games = 20_000
	wins := 0
	for g := range games {
		s.Reset(r, sim.Seed(77, uint64(g)))
		buf = playRandom(s, &p, buf)
		if s.Winner() == TeamVillage {
			wins++
		}
	}
	got, want := float64(wins)/games, 7.0/15
	if se := math.Sqrt(want * (1 - want) / games); math.Abs(got-want) > 5*se {
		t.Fatalf("village %.4f, want %.4f ± %.4f", got, want, 5*se)
	}
}
