package arena

import (
	"fmt"
	"math"
	"testing"
)

// bools makes a run of outcomes from a string of 0s and 1s.
func bools(s string) []bool {
	b := make([]bool, len(s))
	for i, c := range s {
		b[i] = c == '1'
	}
	return b
}

func TestComparePaired(t *testing.T) {
	cases := []struct {
		name         string
		a, b         string
		aOnly, bOnly int
		diff, z, p   float64
		halfWidth    float64 // of the difference's interval
	}{
		// Identical runs: no discordant game, no difference, nothing to test.
		{"identical", "1100101", "1100101", 0, 0, 0, 0, 1, 0},
		// B wins every game A loses (and A's wins): c = 4 discordant, all B's.
		// Var = (4 − 16/10)/100, so the half width is 1.96·√2.4/10.
		{"B wins what A loses", "1111110000", "1111111111", 0, 4, 0.4, 2, 2 * math.Pow(0.5, 4), z95 * math.Sqrt(2.4) / 10},
		// b = 2, c = 8 of n = 20: exact p = 2·(1+10+45)/1024.
		{"two against eight", "11000000001111111111", "00111111111111111111", 2, 8, 0.3, 6 / math.Sqrt(10), 112.0 / 1024, z95 * math.Sqrt(10-36.0/20) / 20},
		// Balanced discordance: the test says nothing.
		{"balanced", "1010", "0101", 2, 2, 0, 0, 1, z95 * math.Sqrt(4) / 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := ComparePaired(bools(c.a), bools(c.b))
			near := func(what string, got, want float64) {
				t.Helper()
				if math.Abs(got-want) > 1e-12 {
					t.Errorf("%s = %v, want %v", what, got, want)
				}
			}
			if r.AOnly != c.aOnly || r.BOnly != c.bOnly {
				t.Errorf("discordant A only %d, B only %d; want %d, %d", r.AOnly, r.BOnly, c.aOnly, c.bOnly)
			}
			near("diff", r.Diff, c.diff)
			near("rate B − rate A", r.RateB-r.RateA, c.diff)
			near("z", r.Z, c.z)
			near("p", r.P, c.p)
			near("interval low", r.DiffCI[0], c.diff-c.halfWidth)
			near("interval high", r.DiffCI[1], c.diff+c.halfWidth)
			if w := wilson(r.RateA, float64(r.Games)); r.CIA != w {
				t.Errorf("A's interval %v, want Wilson's %v", r.CIA, w)
			}
		})
	}
}

// TestBinomTwoSidedLargeCounts checks the exact p against the normal
// approximation where both hold (n = 10,000 discordant games) and that
// it neither overflows nor rounds to 0 in the far tail.
func TestBinomTwoSidedLargeCounts(t *testing.T) {
	p := binomTwoSided(4900, 10000) // z = 2.0: normal two-sided p 0.0455
	if math.Abs(p-0.0455) > 0.002 {
		t.Errorf("p(4900 of 10000) = %v, want about 0.0455", p)
	}
	if p := binomTwoSided(4000, 10000); !(p > 0 && p < 1e-80) {
		t.Errorf("p(4000 of 10000) = %v, want a tiny positive number", p)
	}
}

func TestComparePairedMeans(t *testing.T) {
	// Differences 1, 2, 3: mean 2, sd 1, se 1/√3, t = 2√3, t(0.975, 2) = 4.302653.
	r := ComparePairedMeans([]float64{0, 0, 0}, []float64{1, 2, 3})
	if math.Abs(r.Diff-2) > 1e-12 || math.Abs(r.T-2*math.Sqrt(3)) > 1e-9 {
		t.Errorf("diff %v, t %v; want 2, %v", r.Diff, r.T, 2*math.Sqrt(3))
	}
	if h := 4.302652729911275 / math.Sqrt(3); math.Abs(r.DiffCI[0]-(2-h)) > 1e-6 || math.Abs(r.DiffCI[1]-(2+h)) > 1e-6 {
		t.Errorf("interval %v, want 2 ± %v", r.DiffCI, h)
	}
	same := ComparePairedMeans([]float64{1, 5, 2}, []float64{1, 5, 2})
	if same.Diff != 0 || same.T != 0 || same.DiffCI != [2]float64{0, 0} {
		t.Errorf("identical runs: %+v, want difference 0 with a zero-width interval", same)
	}
}

func ExampleComparePaired() {
	// Team wins of lineups A and B on the same ten games: B also wins the
	// three games A lost, and loses one A won.
	a := []bool{true, true, true, true, true, true, false, false, false, true}
	b := []bool{true, true, true, true, true, false, true, true, true, true}
	r := ComparePaired(a, b)
	fmt.Printf("A %.0f %%, B %.0f %%, B − A %+.0f points (%+.0f to %+.0f), McNemar z %.1f, exact p %.3f\n",
		100*r.RateA, 100*r.RateB, 100*r.Diff, 100*r.DiffCI[0], 100*r.DiffCI[1], r.Z, r.P)
	// Output:
	// A 70 %, B 90 %, B − A +20 points (-17 to +57), McNemar z 1.0, exact p 0.625
}
