package arena

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
)

// NeloPerT converts a t-value (score offset over its standard deviation)
// to normalized Elo: 800/ln 10 (fishtest's nelo_divided_by_nt).
const NeloPerT = 800 / math.Ln10

// SPRT is a generalized sequential probability ratio test on per-set
// scores in the normalized-Elo model of fishtest (M. Van den Bergh,
// "Normalized Elo", and fishtest's server/fishtest/stats/LLRcalc.py,
// LLR_normalized). Each duplicate set gives the candidate a score x in
// [0, 1] (the mean over the set's games of the fraction of baseline seats it
// beat, ties half); the set scores seen so far form an empirical
// distribution over their distinct values. Normalized Elo nElo is the
// t-value (μ - 1/2)/σ of one game times 800/ln 10, so a set of K games has
// t = nElo·√K/(800/ln 10) (K = 2 is fishtest's pentanomial case). LLR is N
// times the mean log ratio of the two maximum-likelihood distributions on
// the observed support whose t-values are t1 and t0 (fishtest's
// MLE_t_value), and the test stops when it leaves (ln β/(1-α),
// ln (1-β)/α).
//
// Like fishtest's regularize, the set scores j/(2K), j = 0…2K (the
// pentanomial's five for K = 2, win/draw/loss for K = 1), join the support
// with weight 1e-3 when no set scored them. That is what lets a candidate
// that wins (or loses) every set decide: the constrained fits may move mass
// onto the unseen extreme, so the LLR of an all-win run grows linearly in N
// (about 0.014·√K per set for nElo1 = 5) instead of staying 0 as the
// moment approximation N/2·ln(...) (LLRNormalized) does when σ² = 0.
type SPRT struct {
	Elo0, Elo1  float64 // normalized Elo bounds
	Alpha, Beta float64
	SetSize     int // games per set
	n           int64
	mean, m2    float64 // Welford
	points      float64
	games       int64
	ptnml       [5]int64
	hist        map[float64]int64 // distinct set scores (to 1e-9) and their counts
}

// regularization is fishtest's epsilon for outcomes never seen.
const regularization = 1e-3

// NewSPRT checks the parameters.
func NewSPRT(elo0, elo1, alpha, beta float64, setSize int) (*SPRT, error) {
	switch {
	case !(elo0 < elo1):
		return nil, inputErr("sprt: elo0 %g must be below elo1 %g", elo0, elo1)
	case !(alpha > 0 && alpha < 1 && beta > 0 && beta < 1 && alpha+beta < 1):
		return nil, inputErr("sprt: alpha %g and beta %g must lie in (0, 1) with alpha+beta < 1", alpha, beta)
	case setSize < 1:
		return nil, inputErr("sprt: set size %d", setSize)
	}
	return &SPRT{Elo0: elo0, Elo1: elo1, Alpha: alpha, Beta: beta, SetSize: setSize}, nil
}

// Bounds are the lower and upper LLR thresholds.
func (t *SPRT) Bounds() (lo, hi float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// AddSet records one set: the candidate's per-game scores in [0, 1].
func (t *SPRT) AddSet(games []float64) {
	x := 0.0
	for _, g := range games {
		x += g
		t.points += g
	}
	t.games += int64(len(games))
	x /= float64(len(games))
	if t.hist == nil {
		t.hist = map[float64]int64{}
	}
	t.hist[math.Round(x*1e9)/1e9]++
	t.n++
	d := x - t.mean
	t.mean += d / float64(t.n)
	t.m2 += d * (x - t.mean)
	if len(games) == 2 {
		t.ptnml[int(math.Round(2*(games[0]+games[1])))]++
	}
}

// Sets is the number of sets recorded.
func (t *SPRT) Sets() int64 { return t.n }

// Stats returns the mean and (population) variance of the set scores.
func (t *SPRT) Stats() (mean, variance float64) {
	if t.n == 0 {
		return 0.5, 0
	}
	return t.mean, t.m2 / float64(t.n)
}

// LLR is the current generalized log-likelihood ratio (0 before any set).
func (t *SPRT) LLR() float64 {
	if t.n == 0 {
		return 0
	}
	pdf := make([]outcome, 0, len(t.hist)+2)
	for x, c := range t.hist {
		pdf = append(pdf, outcome{x, float64(c)})
	}
	for j := 0; j <= 2*t.SetSize; j++ {
		x := math.Round(float64(j)/float64(2*t.SetSize)*1e9) / 1e9
		if _, ok := t.hist[x]; !ok {
			pdf = append(pdf, outcome{x, regularization})
		}
	}
	slices.SortFunc(pdf, func(a, b outcome) int { return cmp.Compare(a.x, b.x) })
	n := 0.0
	for _, o := range pdf {
		n += o.p
	}
	for i := range pdf {
		pdf[i].p /= n
	}
	rootK := math.Sqrt(float64(t.SetSize))
	p0, ok0 := mleTValue(pdf, 0.5, t.Elo0*rootK/NeloPerT)
	p1, ok1 := mleTValue(pdf, 0.5, t.Elo1*rootK/NeloPerT)
	if !ok0 || !ok1 {
		// bounds so wide that no distribution on the support reaches them
		return LLRNormalized(t.n, t.mean, t.m2/float64(t.n), t.SetSize, t.Elo0, t.Elo1)
	}
	llr := 0.0
	for i, o := range pdf {
		llr += o.p * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return n * llr
}

// outcome is one point of a discrete distribution: value and probability.
type outcome struct{ x, p float64 }

// mleTValue is fishtest's MLE_t_value (LLRcalc.py; theory in Van den
// Bergh, "Normalized Elo practical", section 4.1): the maximum-likelihood
// distribution on pdf's support whose t-value (μ - ref)/σ is s, found by
// the fixed-point iteration on the secular equation. It returns the
// probabilities in pdf's order, false when the equation has no root.
func mleTValue(pdf []outcome, ref, s float64) ([]float64, bool) {
	n := len(pdf)
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	a := make([]float64, n)
	for range 100 {
		mu, v := 0.0, 0.0
		for i, o := range pdf {
			mu += p[i] * o.x
		}
		for i, o := range pdf {
			v += p[i] * (o.x - mu) * (o.x - mu)
		}
		sigma := math.Sqrt(v)
		if !(sigma > 0) {
			return nil, false
		}
		for i, o := range pdf {
			d := (mu - o.x) / sigma
			a[i] = o.x - ref - s*sigma*(1+d*d)/2
		}
		x, ok := secular(pdf, a)
		if !ok {
			return nil, false
		}
		change := 0.0
		for i, o := range pdf {
			q := o.p / (1 + x*a[i])
			change = math.Max(change, math.Abs(q-p[i]))
			p[i] = q
		}
		if change < 1e-12 {
			break
		}
	}
	return p, true
}

// secular solves Σ p_i a_i/(1 + x a_i) = 0 for x in (-1/max a, -1/min a),
// where the sum falls monotonically (fishtest's secular, by bisection).
func secular(pdf []outcome, a []float64) (float64, bool) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range a {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if !(lo < 0 && hi > 0) {
		return 0, false
	}
	f := func(x float64) float64 {
		s := 0.0
		for i, o := range pdf {
			s += o.p * a[i] / (1 + x*a[i])
		}
		return s
	}
	l, u := -1/hi, -1/lo
	const margin = 1e-12
	l, u = l+margin*math.Max(1, math.Abs(l)), u-margin*math.Max(1, math.Abs(u))
	for range 200 {
		m := (l + u) / 2
		if f(m) > 0 {
			l = m
		} else {
			u = m
		}
		if u-l <= 1e-15*math.Max(1, math.Abs(m)) {
			break
		}
	}
	return (l + u) / 2, true
}

// LLRNormalized is the moment approximation of the GSPRT statistic
// (fishtest's LLR_normalized_alt, fastchess's getLLR) for n sets of size k
// whose scores have mean mu and population variance v, for normalized-Elo
// bounds: N/2·ln((σ²+(μ-s0)²)/(σ²+(μ-s1)²)). It is 0 when v is 0, which is
// why SPRT.LLR uses the exact fit.
func LLRNormalized(n int64, mu, v float64, k int, nelo0, nelo1 float64) float64 {
	if n == 0 || !(v > 0) {
		return 0
	}
	sd := math.Sqrt(float64(k) * v)
	s0 := 0.5 + nelo0*sd/NeloPerT
	s1 := 0.5 + nelo1*sd/NeloPerT
	v0 := v + (mu-s0)*(mu-s0)
	v1 := v + (mu-s1)*(mu-s1)
	return 0.5 * float64(n) * math.Log(v0/v1)
}

// Verdict is "H1" (candidate stronger: accept), "H0" (reject) or "" (go on).
func (t *SPRT) Verdict() string {
	lo, hi := t.Bounds()
	switch l := t.LLR(); {
	case l >= hi:
		return "H1"
	case l <= lo:
		return "H0"
	}
	return ""
}

// Estimate is the Elo, normalized Elo and likelihood of superiority of the
// candidate with 95 % half-widths, from the set scores.
type Estimate struct {
	Elo, EloCI   float64
	NElo, NEloCI float64
	LOS          float64
}

// Estimate computes the fastchess-style figures: Elo from the mean score
// (-400 log10(1/μ - 1)) with the interval of μ ± 1.96·σ/√N mapped through
// the same curve, nElo = (μ - 0.5)/√(K σ²) · 800/ln 10, and
// LOS = Φ((μ - 0.5)/(σ/√N)).
func (t *SPRT) Estimate() Estimate {
	mu, v := t.Stats()
	var e Estimate
	if t.n == 0 {
		return Estimate{LOS: 0.5}
	}
	se := math.Sqrt(v / float64(t.n))
	const z = 1.959963984540054
	elo := func(s float64) float64 {
		s = math.Min(math.Max(s, 1e-9), 1-1e-9)
		return -400 * math.Log10(1/s-1)
	}
	e.Elo = elo(mu)
	e.EloCI = (elo(mu+z*se) - elo(mu-z*se)) / 2
	if v > 0 {
		sd := math.Sqrt(float64(t.SetSize) * v)
		e.NElo = (mu - 0.5) / sd * NeloPerT
		e.NEloCI = z * se / sd * NeloPerT
		e.LOS = 0.5 * (1 + math.Erf((mu-0.5)/(se*math.Sqrt2)))
	} else {
		e.LOS = 0.5
		if mu > 0.5 {
			e.LOS = 1
		} else if mu < 0.5 {
			e.LOS = 0
		}
	}
	return e
}

// Block is the report people paste, in fastchess's layout.
func (t *SPRT) Block() string {
	e := t.Estimate()
	lo, hi := t.Bounds()
	llr := t.LLR()
	frac := 0.0
	if llr >= 0 {
		frac = llr / hi
	} else {
		frac = llr / lo
	}
	var b strings.Builder
	if mu, v := t.Stats(); t.n > 0 && v == 0 {
		// one outcome only: no finite Elo, no normalization
		fmt.Fprintf(&b, "Elo: n/a, nElo: n/a (every set scored %.4f)\n", mu)
	} else {
		fmt.Fprintf(&b, "Elo: %.2f +/- %.2f, nElo: %.2f +/- %.2f\n", e.Elo, e.EloCI, e.NElo, e.NEloCI)
	}
	pct := 0.0
	if t.games > 0 {
		pct = 100 * t.points / float64(t.games)
	}
	fmt.Fprintf(&b, "LOS: %.2f %%, Games: %d, Points: %.1f (%.2f %%)\n", 100*e.LOS, t.games, t.points, pct)
	if t.SetSize == 2 {
		fmt.Fprintf(&b, "Ptnml(0-2): [%d, %d, %d, %d, %d]\n", t.ptnml[0], t.ptnml[1], t.ptnml[2], t.ptnml[3], t.ptnml[4])
	} else {
		mu, v := t.Stats()
		fmt.Fprintf(&b, "Sets: %d of %d games, set score %.4f (sd %.4f)\n", t.n, t.SetSize, mu, math.Sqrt(v))
	}
	fmt.Fprintf(&b, "LLR: %.2f (%.1f%%) (%.2f, %.2f) [%.2f, %.2f]\n", llr, 100*frac, lo, hi, t.Elo0, t.Elo1)
	return b.String()
}

// SeatScore is the candidate's score in one game: the fraction of
// (candidate seat, baseline seat) pairs where the candidate placed better,
// ties counting half. cand reports whether a seat holds the candidate.
func SeatScore(placement []int8, cand func(seat int) bool) float64 {
	s, n := 0.0, 0
	for i, a := range placement {
		if !cand(i) {
			continue
		}
		for j, b := range placement {
			if cand(j) {
				continue
			}
			n++
			switch {
			case a < b:
				s++
			case a == b:
				s += 0.5
			}
		}
	}
	if n == 0 {
		return 0.5
	}
	return s / float64(n)
}
