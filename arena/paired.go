package arena

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// PairedRate compares a 0/1 outcome (a team's win) of two runs played on
// the same games, A and B, game by game.
type PairedRate struct {
	Games int `json:"games"`
	// WinsA and WinsB count the games each run won; AOnly and BOnly the
	// discordant games, won in one run only.
	WinsA int `json:"wins_a"`
	WinsB int `json:"wins_b"`
	AOnly int `json:"a_only"`
	BOnly int `json:"b_only"`
	// RateA and RateB with their Wilson score 95 % intervals.
	RateA float64    `json:"rate_a"`
	CIA   [2]float64 `json:"ci_a"`
	RateB float64    `json:"rate_b"`
	CIB   [2]float64 `json:"ci_b"`
	// Diff is RateB − RateA, the mean over games of (B won) − (A won);
	// DiffCI its 95 % interval from the paired standard error.
	Diff   float64    `json:"diff"`
	DiffCI [2]float64 `json:"diff_ci"`
	// Z is McNemar's statistic (BOnly − AOnly)/√(AOnly + BOnly), 0 when no
	// game is discordant; P the exact two-sided p-value of McNemar's test
	// (binomial on the discordant games at 1/2), valid at any count.
	Z float64 `json:"mcnemar_z"`
	P float64 `json:"mcnemar_p"`
}

// ComparePaired compares the outcomes a[i] and b[i] of game i in two runs.
// The difference's interval is the Wald interval for dependent
// proportions, d ± 1.96·√((b+c) − (c−b)²/n)/n with b, c the discordant
// counts (Agresti, Categorical Data Analysis, 3rd ed. 2013, §11.1.1;
// Fleiss, Levin and Paik, Statistical Methods for Rates and Proportions,
// 3rd ed., §13.1); the test is McNemar's (Psychometrika 12, 1947,
// 153–157). It panics if the lengths differ (a programmer error).
func ComparePaired(a, b []bool) PairedRate {
	if len(a) != len(b) {
		panic("arena: ComparePaired: runs of different lengths")
	}
	r := PairedRate{Games: len(a)}
	for i := range a {
		switch {
		case a[i] && b[i]:
			r.WinsA++
			r.WinsB++
		case a[i]:
			r.WinsA++
			r.AOnly++
		case b[i]:
			r.WinsB++
			r.BOnly++
		}
	}
	n := float64(r.Games)
	if r.Games == 0 {
		r.CIA, r.CIB, r.DiffCI, r.P = [2]float64{0, 1}, [2]float64{0, 1}, [2]float64{-1, 1}, 1
		return r
	}
	r.RateA, r.RateB = float64(r.WinsA)/n, float64(r.WinsB)/n
	r.CIA, r.CIB = wilson(r.RateA, n), wilson(r.RateB, n)
	disc, net := float64(r.AOnly+r.BOnly), float64(r.BOnly-r.AOnly)
	r.Diff = net / n
	h := z95 * math.Sqrt(math.Max(0, disc-net*net/n)) / n
	r.DiffCI = [2]float64{r.Diff - h, r.Diff + h}
	if disc > 0 {
		r.Z = net / math.Sqrt(disc)
	}
	r.P = binomTwoSided(min(r.AOnly, r.BOnly), r.AOnly+r.BOnly)
	return r
}

// binomTwoSided is the two-sided exact p-value of k or fewer successes in
// n trials at probability 1/2: min(1, 2·P(X ≤ k)), summed in log space
// so that large n neither overflows nor loses the tail.
func binomTwoSided(k, n int) float64 {
	if n == 0 || 2*k >= n {
		return 1
	}
	lgN, _ := math.Lgamma(float64(n + 1))
	logHalf := float64(n) * math.Log(0.5)
	term := func(i int) float64 {
		a, _ := math.Lgamma(float64(i + 1))
		b, _ := math.Lgamma(float64(n - i + 1))
		return lgN - a - b + logHalf
	}
	top := term(k) // the largest term of the tail
	s := 0.0
	for i := 0; i <= k; i++ {
		s += math.Exp(term(i) - top)
	}
	return math.Min(1, 2*math.Exp(top+math.Log(s)))
}

// PairedMean compares a real outcome (a strategy's mean score in a game,
// or in a duplicate set) of two runs played on the same games.
type PairedMean struct {
	// Pairs is the number of outcomes compared (games, or sets).
	Pairs int     `json:"pairs"`
	MeanA float64 `json:"mean_a"`
	MeanB float64 `json:"mean_b"`
	// Diff is the mean over pairs of B − A; DiffCI its Student t 95 %
	// interval on Pairs − 1 degrees of freedom, T the t statistic (0 when
	// every difference is equal).
	Diff   float64    `json:"diff"`
	DiffCI [2]float64 `json:"diff_ci"`
	T      float64    `json:"t"`
}

// ComparePairedMeans compares a[i] and b[i], the outcomes of game (or
// set) i in two runs, by the paired t interval of their differences (Student, 1908; any
// textbook's one-sample t on the differences). It panics if the lengths
// differ.
func ComparePairedMeans(a, b []float64) PairedMean {
	if len(a) != len(b) {
		panic("arena: ComparePairedMeans: runs of different lengths")
	}
	r := PairedMean{Pairs: len(a)}
	if r.Pairs == 0 {
		r.DiffCI = [2]float64{math.Inf(-1), math.Inf(1)}
		return r
	}
	n := float64(r.Pairs)
	for i := range a {
		r.MeanA += a[i]
		r.MeanB += b[i]
	}
	r.MeanA /= n
	r.MeanB /= n
	r.Diff = r.MeanB - r.MeanA
	if r.Pairs < 2 {
		r.DiffCI = [2]float64{math.Inf(-1), math.Inf(1)}
		return r
	}
	ss := 0.0
	for i := range a {
		d := b[i] - a[i] - r.Diff
		ss += d * d
	}
	se := math.Sqrt(ss / (n - 1) / n)
	q := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: n - 1}.Quantile(0.975)
	r.DiffCI = [2]float64{r.Diff - q*se, r.Diff + q*se}
	if se > 0 {
		r.T = r.Diff / se
	}
	return r
}
