package arena

import "math"

// clustered accumulates a ratio estimate (wins per seat, or score per
// seat) whose trials come in clusters that need not be independent inside:
// the seats a player fills in one game, and the games of one duplicate set
// (same deal, seats rotated). Seats of one cluster share luck (a werewolf
// team wins or loses together; a deal favours a seat) or exclude each
// other (one winner a game), so counting seats as independent trials gives
// intervals that are wrong either way. Clusters are independent: the
// variance is the cluster-robust (sandwich) estimate with the usual small-
// sample factor C/(C-1) (CR1; Cameron and Miller, "A Practitioner's Guide
// to Cluster-Robust Inference", J. Human Resources 50, 2015), which reduces
// to the binomial variance when every cluster is one seat.
//
// Records of a cluster must arrive together (the arena feeds games in
// order, and a set's games are consecutive); add closes the open cluster
// when the set changes. Memory is constant.
type clustered struct {
	set    int64   // the open cluster's set, -1 before the first trial
	n, y   float64 // all trials: count and sum of the values
	cn, cy float64 // the open cluster's count and sum
	c      int64   // closed clusters
	// Sums over closed clusters of cy², cy·cn and cn².
	yy, yn, nn float64
}

func newClustered() clustered { return clustered{set: -1} }

// add counts one trial of value y (1/0 for a win, or a score) in set.
func (a *clustered) add(set int64, y float64) {
	if set != a.set {
		a.close()
		a.set = set
	}
	a.n++
	a.y += y
	a.cn++
	a.cy += y
}

// close ends the open cluster.
func (a *clustered) close() {
	if a.cn == 0 {
		return
	}
	a.c++
	a.yy += a.cy * a.cy
	a.yn += a.cy * a.cn
	a.nn += a.cn * a.cn
	a.cn, a.cy = 0, 0
}

// estimate returns the ratio y/n, its cluster-robust variance and the
// number of clusters, counting the open cluster (a has a value receiver:
// the summary stays open for more games).
func (a clustered) estimate() (r, v float64, clusters int64) {
	a.close()
	if a.n == 0 {
		return 0, 0, 0
	}
	r = a.y / a.n
	if a.c < 2 {
		return r, math.NaN(), a.c
	}
	// Σ (cy - r·cn)², expanded; rounding can leave a tiny negative.
	ss := math.Max(a.yy-2*r*a.yn+r*r*a.nn, 0)
	c := float64(a.c)
	return r, c / (c - 1) * ss / (a.n * a.n), a.c
}

// rateCI returns a win rate's 95 % interval and the design effect deff,
// the cluster-robust variance over the binomial one (below 1 when a
// player's seats exclude each other, above 1 when they share luck). The
// interval is Wilson's score interval at the effective number of trials
// n/deff (the design-effect adjusted Wilson interval of Korn and
// Graubard, Survey Methodology 24, 1998), so it stays inside [0, 1]. When the
// variance cannot be estimated (fewer than 2 clusters) or is 0 (a rate of
// 0 or 1, or no spread between clusters), each cluster counts as one trial,
// the cautious choice; the design effect is then reported as 0.
func (a clustered) rateCI() (ci [2]float64, deff float64) {
	p, v, c := a.estimate()
	if a.n == 0 {
		return [2]float64{0, 1}, 0
	}
	binom := p * (1 - p) / a.n
	if math.IsNaN(v) || v == 0 || binom == 0 {
		return wilson(p, float64(c)), 0
	}
	deff = v / binom
	return wilson(p, a.n/deff), deff
}

// meanCI returns the half-width of a mean score's 95 % interval from the
// cluster-robust variance (0 with fewer than 2 clusters).
func (a clustered) meanCI() float64 {
	_, v, _ := a.estimate()
	if math.IsNaN(v) {
		return 0
	}
	return z95 * math.Sqrt(v)
}

// z95 is the standard normal's 97.5th percentile.
const z95 = 1.959963984540054

// wilson is the Wilson score 95 % interval of a rate p over n trials
// (n need not be whole: an effective sample size).
func wilson(p, n float64) [2]float64 {
	if n <= 0 {
		return [2]float64{0, 1}
	}
	c := p + z95*z95/(2*n)
	h := z95 * math.Sqrt(p*(1-p)/n+z95*z95/(4*n*n))
	d := 1 + z95*z95/n
	return [2]float64{math.Max(0, (c-h)/d), math.Min(1, (c+h)/d)}
}
