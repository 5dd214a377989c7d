package arena

import (
	"math"
	"strings"
	"testing"
)

// fishtest's formulas written out for pentanomial counts, as in fastchess's
// SPRT::getLLR(penta…): score, variance, s0/s1 from nElo, then
// 0.5·pairs·ln(var0/var1). The streaming SPRT must agree.
func pentaLLRByHand(ll, ld, wldd, wd, ww float64, nelo0, nelo1 float64) float64 {
	pairs := ll + ld + wldd + wd + ww
	LL, LD, WLDD, WD, WW := ll/pairs, ld/pairs, wldd/pairs, wd/pairs, ww/pairs
	score := WW + 0.75*WD + 0.5*WLDD + 0.25*LD
	dev := func(s float64) float64 {
		return WW*(1-s)*(1-s) + WD*(0.75-s)*(0.75-s) + WLDD*(0.5-s)*(0.5-s) + LD*(0.25-s)*(0.25-s) + LL*s*s
	}
	v := dev(score)
	s0 := nelo0*math.Sqrt(2*v)/(800/math.Log(10)) + 0.5
	s1 := nelo1*math.Sqrt(2*v)/(800/math.Log(10)) + 0.5
	return 0.5 * pairs * math.Log(dev(s0)/dev(s1))
}

func feedPenta(t *SPRT, counts [5]int) {
	pairs := [5][2]float64{{0, 0}, {0, 0.5}, {1, 0}, {1, 0.5}, {1, 1}}
	for k, c := range counts {
		for range c {
			t.AddSet(pairs[k][:])
		}
	}
}

func TestSPRTPentanomialMatchesFishtestByHand(t *testing.T) {
	s, err := NewSPRT(0, 5, 0.05, 0.05, 2)
	if err != nil {
		t.Fatal(err)
	}
	counts := [5]int{100, 400, 1000, 450, 120}
	feedPenta(s, counts)
	mu, v := s.Stats()
	want := pentaLLRByHand(100, 400, 1000, 450, 120, 0, 5)
	if got := LLRNormalized(s.Sets(), mu, v, 2, 0, 5); math.Abs(got-want) > 1e-9 || math.Abs(got-1.574811631560464) > 1e-9 {
		t.Errorf("moment approximation %.12f, by hand %.12f", got, want)
	}
	e := s.Estimate()
	// Computed independently (Python, same formulas): Elo 7.554 ± 6.838,
	// nElo 11.697 ± 10.583, LOS 98.485 %.
	for _, c := range []struct{ got, want float64 }{
		{e.Elo, 7.5541376641495654}, {e.EloCI, 6.837775241855352},
		{e.NElo, 11.697291203936313}, {e.NEloCI, 10.583327091059044}, {e.LOS, 0.9848544508032296},
	} {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("estimate %v, want %v", c.got, c.want)
		}
	}
	block := s.Block()
	for _, line := range []string{
		"Elo: 7.55 +/- 6.84, nElo: 11.70 +/- 10.58",
		"LOS: 98.49 %, Games: 4140, Points: 2115.0 (51.09 %)",
		"Ptnml(0-2): [100, 400, 1000, 450, 120]",
		"LLR: 1.57 (53.5%) (-2.94, 2.94) [0.00, 5.00]",
	} {
		if !strings.Contains(block, line) {
			t.Errorf("block lacks %q:\n%s", line, block)
		}
	}
	if s.Verdict() != "" {
		t.Errorf("verdict %q before a bound", s.Verdict())
	}
}

// fastchess's own test vectors for the normalized trinomial model (its
// sprt test suite: 36433 W, 36027 L, 68692 D with [0, 2] gives LLR 0.92;
// 10871/10650/20431 with [-1.75, 0.25] gives 2.30), reproduced with sets
// of one game.
func TestSPRTTrinomialFastchessVectors(t *testing.T) {
	for _, c := range []struct {
		w, l, d    int
		e0, e1, ll float64
	}{{36433, 36027, 68692, 0, 2, 0.92}, {10871, 10650, 20431, -1.75, 0.25, 2.30}} {
		s, _ := NewSPRT(c.e0, c.e1, 0.05, 0.05, 1)
		for range c.w {
			s.AddSet([]float64{1})
		}
		for range c.l {
			s.AddSet([]float64{0})
		}
		for range c.d {
			s.AddSet([]float64{0.5})
		}
		if got := s.LLR(); math.Abs(got-c.ll) > 0.01*c.ll {
			t.Errorf("LLR %.4f, fastchess %.2f", got, c.ll)
		}
	}
}

// The exact GSPRT against fishtest's LLRcalc.LLR_normalized (its code run
// with scipy's brentq replaced by bisection; fixed regularization 1e-3),
// including the one-sided runs the moment approximation leaves at 0.
func TestSPRTMatchesFishtestLLRNormalized(t *testing.T) {
	for _, c := range []struct {
		counts [5]int
		want   float64
	}{
		{[5]int{100, 400, 1000, 450, 120}, 1.5749108199973816},
		{[5]int{0, 30, 30, 30, 30}, 1.1135873774611489},
		{[5]int{0, 0, 0, 0, 200}, 4.028749910752991},
		{[5]int{200, 0, 0, 0, 0}, -4.111576210601528},
	} {
		s, _ := NewSPRT(0, 5, 0.05, 0.05, 2)
		feedPenta(s, c.counts)
		if got := s.LLR(); math.Abs(got-c.want) > 1e-6 {
			t.Errorf("%v: LLR %.9f, fishtest %.9f", c.counts, got, c.want)
		}
	}
	s, _ := NewSPRT(0, 2, 0.05, 0.05, 1)
	for range 36433 {
		s.AddSet([]float64{1})
	}
	for range 36027 {
		s.AddSet([]float64{0})
	}
	for range 68692 {
		s.AddSet([]float64{0.5})
	}
	if got, want := s.LLR(), 0.9232934509459172; math.Abs(got-want) > 1e-6 {
		t.Errorf("trinomial LLR %.9f, fishtest %.9f", got, want)
	}
}

// A candidate that wins every game accepts H1 and one that loses every
// game accepts H0, for any set size (1v3 sets of four included): the
// zero-variance case that used to print LLR 0.00 and no verdict.
func TestSPRTDecidesOneSidedRuns(t *testing.T) {
	for _, k := range []int{1, 2, 4, 24} {
		for _, c := range []struct {
			score   float64
			verdict string
		}{{1, "H1"}, {0, "H0"}} {
			s, _ := NewSPRT(0, 5, 0.05, 0.05, k)
			games := make([]float64, k)
			for i := range games {
				games[i] = c.score
			}
			sets := 0
			for s.Verdict() == "" && sets < 100000 {
				s.AddSet(games)
				sets++
			}
			if s.Verdict() != c.verdict {
				t.Errorf("k=%d all %v: verdict %q after %d sets, LLR %.3f", k, c.score, s.Verdict(), sets, s.LLR())
			}
			t.Logf("k=%d all %v: %s after %d sets (%d games)", k, c.score, s.Verdict(), sets, sets*k)
		}
	}
}

func TestSPRTStopsAtBounds(t *testing.T) {
	s, _ := NewSPRT(0, 10, 0.05, 0.05, 2)
	feedPenta(s, [5]int{50, 200, 500, 400, 200})
	if s.Verdict() != "H1" {
		t.Errorf("clearly better candidate: verdict %q, LLR %.2f", s.Verdict(), s.LLR())
	}
	s, _ = NewSPRT(0, 10, 0.05, 0.05, 2)
	feedPenta(s, [5]int{200, 400, 500, 200, 50})
	if s.Verdict() != "H0" {
		t.Errorf("clearly worse candidate: verdict %q, LLR %.2f", s.Verdict(), s.LLR())
	}
	for _, bad := range [][4]float64{{5, 0, 0.05, 0.05}, {0, 5, 0, 0.05}, {0, 5, 0.6, 0.5}} {
		if _, err := NewSPRT(bad[0], bad[1], bad[2], bad[3], 2); err == nil {
			t.Errorf("NewSPRT%v accepted", bad)
		}
	}
}

func TestSeatScore(t *testing.T) {
	cand := func(s int) bool { return s == 1 }
	if got := SeatScore([]int8{3, 1, 2, 4}, cand); got != 1 {
		t.Errorf("first of four: %v", got)
	}
	if got := SeatScore([]int8{1, 2, 2, 4}, cand); got != 0.5 {
		t.Errorf("beat one, tied one, lost one: %v", got)
	}
}
