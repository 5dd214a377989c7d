package mahjong

import (
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"gamelab/sim/mahjong"
	"gamelab/sim/simtest"
)

// TestPairedScreen compares versions of a challenger paired by deal: each
// spec of $MAHJONG_PAIR_SPECS ("A|B|…") plays the same duplicate sets (one
// deal, seeded from $MAHJONG_PAIR_SEED and the set, the challenger on each
// of the four seats against three copies of $MAHJONG_PAIR_OPP, default
// efficiency) under $MAHJONG_PAIR_RULES (default tenhou), for
// $MAHJONG_PAIR_SETS sets (default 1000, four 半荘 each). It logs each
// spec's Tenhou rank points a 半荘 and its difference to the first spec,
// averaged by set, with 95 % normal intervals ($MAHJONG_PAIR_ORACLE below
// gives experts perfect reading, for a bound). Skipped unless the specs are
// set; run with -v:
//
//	MAHJONG_PAIR_SPECS='expert?shape=0&shape_prune=0|expert' MAHJONG_PAIR_SETS=20000 MAHJONG_PAIR_SEED=11 \
//	  go test ./strategies/mahjong -run PairedScreen -v -count 1 -timeout 0
func TestPairedScreen(t *testing.T) {
	env := os.Getenv("MAHJONG_PAIR_SPECS")
	if env == "" {
		t.Skip("MAHJONG_PAIR_SPECS not set")
	}
	specs := strings.Split(env, "|")
	opp := os.Getenv("MAHJONG_PAIR_OPP")
	if opp == "" {
		opp = "efficiency"
	}
	rules := os.Getenv("MAHJONG_PAIR_RULES")
	if rules == "" {
		rules = "tenhou"
	}
	sets := 1000
	if s := os.Getenv("MAHJONG_PAIR_SETS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		sets = n
	}
	var seed uint64
	if s := os.Getenv("MAHJONG_PAIR_SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		seed = n
	}
	r := simtest.Preset(t, mahjong.Preset, rules)
	rankPoints := [5]float64{1: 90, 2: 45, 3: 0, 4: -135}
	type moments struct{ sum, sq float64 }
	type tally struct {
		pt, diff                moments
		wins, dealins, seatHand float64
	}
	chal := make([][]Strategy, len(specs))
	for i, s := range specs {
		chal[i] = four(t, s)
	}
	base := four(t, opp)
	// $MAHJONG_PAIR_ORACLE ("|tenpai|waits", one entry a spec) tells the
	// experts of a spec which seats are ready, or their waits, from the
	// hidden hands (selfPlayDiag.setOracle): the bound of perfect reading.
	if env := os.Getenv("MAHJONG_PAIR_ORACLE"); env != "" {
		modes := strings.Split(env, "|")
		if len(modes) != len(specs) {
			t.Fatalf("MAHJONG_PAIR_ORACLE has %d entries for %d specs", len(modes), len(specs))
		}
		d := &selfPlayDiag{}
		for i, mode := range modes {
			if mode == "" {
				continue
			}
			if err := d.setOracle(chal[i], mode); err != nil {
				t.Fatal(err)
			}
		}
		for seat := range 4 {
			for i := range chal {
				chal[i][seat] = &diagSeat{Strategy: chal[i][seat], d: d, seat: seat}
			}
			base[seat] = &diagSeat{Strategy: base[seat], d: d, seat: seat}
		}
	}
	tal := make([]tally, len(specs))
	per := make([]float64, len(specs))
	ps := make([]Strategy, 4)
	for set := 0; set < sets; set++ {
		g := seed*1000003 + uint64(set)
		for i := range specs {
			per[i] = 0
			for seat := range 4 {
				copy(ps, base)
				ps[seat] = chal[i][seat]
				res, err := Play(r, g, ps, nil)
				if err != nil {
					t.Fatal(err)
				}
				per[i] += rankPoints[res.Placement[seat]] / 4
				m := res.SeatStats[seat]
				tal[i].wins += m["wins"]
				tal[i].dealins += m["dealins"]
				tal[i].seatHand += m["hands"]
			}
			d := per[i] - per[0]
			tal[i].pt.sum += per[i]
			tal[i].pt.sq += per[i] * per[i]
			tal[i].diff.sum += d
			tal[i].diff.sq += d * d
		}
	}
	n := float64(sets)
	mean := func(m moments) (float64, float64) {
		mu := m.sum / n
		return mu, 1.96 * math.Sqrt(max(0, m.sq/n-mu*mu)/n)
	}
	for i, s := range specs {
		m, h := mean(tal[i].pt)
		dm, dh := mean(tal[i].diff)
		t.Logf("%s, %s, seed %d, %d 半荘 against 3 × %s: %+.2f ± %.2f rank pt, %+.2f ± %.2f against %s; win %.2f %%, deal-in %.2f %%",
			s, rules, seed, 4*sets, opp, m, h, dm, dh, specs[0], 100*tal[i].wins/tal[i].seatHand, 100*tal[i].dealins/tal[i].seatHand)
	}
}
