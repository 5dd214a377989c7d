package arena

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// EloPerNat converts a log-strength difference to Elo: 400/ln 10.
const EloPerNat = 400 / math.Ln10

// Rating is a strength on the Elo scale (mean of all players 0) with the
// half-width of its 95 % confidence interval.
type Rating struct {
	Elo float64 `json:"elo"`
	CI  float64 `json:"ci95"`
	// Fisher is the half-width from the Fisher information when CI came
	// from the jackknife (a Summary's report), for comparison; else 0.
	Fisher float64 `json:"ci95_fisher,omitempty"`
}

// BradleyTerry fits the Bradley–Terry model P(i beats j) = γi/(γi+γj) to a
// pairwise table by Hunter's MM algorithm (D. R. Hunter, "MM algorithms for
// generalized Bradley–Terry models", Annals of Statistics 32(1), 2004,
// eq. 3): γi ← Wi / Σj Nij/(γi+γj). wins[i][j] is how often i beat j (a
// tie counts half to each), games[i][j] = games[j][i] how often they met.
// prior > 0 adds that many virtual games between every pair, split evenly,
// so a player who never lost still has a finite rating. Confidence
// intervals come from the inverse Fisher information on the log scale,
// with the ratings centred (pseudo-inverse of a matrix whose null space is
// the all-ones vector). It panics if the matrices are not k×k.
func BradleyTerry(wins, games [][]float64, prior float64) []Rating {
	k := len(wins)
	W := make([]float64, k)
	N := make([][]float64, k)
	for i := range k {
		if len(wins[i]) != k || len(games[i]) != k {
			panic("arena: BradleyTerry needs k×k matrices")
		}
		N[i] = make([]float64, k)
		for j := range k {
			if i == j {
				continue
			}
			W[i] += wins[i][j] + prior/2
			N[i][j] = games[i][j] + prior
		}
	}
	g := make([]float64, k)
	for i := range g {
		g[i] = 1
	}
	next := make([]float64, k)
	for iter := 0; iter < 100000; iter++ {
		for i := range k {
			d := 0.0
			for j := range k {
				if j != i && N[i][j] > 0 {
					d += N[i][j] / (g[i] + g[j])
				}
			}
			if d > 0 {
				next[i] = W[i] / d
			} else {
				next[i] = g[i]
			}
		}
		if normalize(next) || converged(g, next) {
			copy(g, next)
			break
		}
		copy(g, next)
	}
	info := mat.NewSymDense(k, nil)
	for i := range k {
		for j := i + 1; j < k; j++ {
			if N[i][j] == 0 {
				continue
			}
			p := g[i] / (g[i] + g[j])
			v := N[i][j] * p * (1 - p)
			info.SetSym(i, i, info.At(i, i)+v)
			info.SetSym(j, j, info.At(j, j)+v)
			info.SetSym(i, j, info.At(i, j)-v)
		}
	}
	return toRatings(g, info)
}

// Ranking is one observed order of players, best first; tied players share
// a group. A player may appear several times (several seats).
type Ranking struct {
	Groups [][]int
	Weight float64
}

// PlackettLuce fits the Plackett–Luce model to rankings by Hunter's MM
// algorithm (Hunter 2004, section 5; Plackett 1975, Luce 1959): the best
// of the remaining seats is chosen with probability proportional to γ.
// Ties are resolved by averaging over every distinct order of the tied
// group (each order gets an equal share of the weight); a ranking with
// more than maxOrders such orders is skipped and counted in the second
// result. prior > 0 adds virtual pairwise rankings as in BradleyTerry.
func PlackettLuce(k int, rankings []Ranking, prior float64) ([]Rating, float64) {
	type order struct {
		items []int
		w     float64
	}
	var orders []order
	skipped := 0.0
	for _, r := range rankings {
		var exp [][]int
		total := 1
		for _, g := range r.Groups {
			total *= distinctPerms(g)
		}
		if total > maxOrders {
			skipped += r.Weight
			continue
		}
		exp = [][]int{nil}
		for _, g := range r.Groups {
			perms := permutations(g)
			var nx [][]int
			for _, e := range exp {
				for _, p := range perms {
					nx = append(nx, append(slices.Clone(e), p...))
				}
			}
			exp = nx
		}
		for _, e := range exp {
			orders = append(orders, order{e, r.Weight / float64(len(exp))})
		}
	}
	if prior > 0 {
		for i := range k {
			for j := i + 1; j < k; j++ {
				orders = append(orders, order{[]int{i, j}, prior / 2}, order{[]int{j, i}, prior / 2})
			}
		}
	}
	w := make([]float64, k)
	for _, o := range orders {
		for s := 0; s < len(o.items)-1; s++ {
			w[o.items[s]] += o.w
		}
	}
	g := make([]float64, k)
	for i := range g {
		g[i] = 1
	}
	den := make([]float64, k)
	next := make([]float64, k)
	suffix := make([]float64, 0, 16)
	for iter := 0; iter < 100000; iter++ {
		clear(den)
		for _, o := range orders {
			m := len(o.items)
			suffix = suffix[:0]
			for range m {
				suffix = append(suffix, 0)
			}
			acc := 0.0
			for t := m - 1; t >= 0; t-- {
				acc += g[o.items[t]]
				suffix[t] = acc
			}
			// Each copy of item i present at stage s (s < m-1) adds
			// w/Σ_{t>=s} γ to i's denominator.
			c := 0.0
			for t := 0; t < m; t++ {
				if t < m-1 {
					c += o.w / suffix[t]
				}
				den[o.items[t]] += c
			}
		}
		for i := range k {
			if den[i] > 0 {
				next[i] = w[i] / den[i]
			} else {
				next[i] = g[i]
			}
		}
		if normalize(next) || converged(g, next) {
			copy(g, next)
			break
		}
		copy(g, next)
	}
	info := mat.NewSymDense(k, nil)
	q := make([]float64, k)
	for _, o := range orders {
		m := len(o.items)
		for s := 0; s < m-1; s++ {
			clear(q)
			sum := 0.0
			for _, it := range o.items[s:] {
				q[it] += g[it]
				sum += g[it]
			}
			for i := range k {
				if q[i] == 0 {
					continue
				}
				qi := q[i] / sum
				info.SetSym(i, i, info.At(i, i)+o.w*qi)
				for j := i; j < k; j++ {
					if q[j] != 0 {
						info.SetSym(i, j, info.At(i, j)-o.w*qi*q[j]/sum)
					}
				}
			}
		}
	}
	return toRatings(g, info), skipped
}

const maxOrders = 5040

// normalize scales g to geometric mean 1; it reports a degenerate vector
// (zero or non-finite entries), which stops the iteration.
func normalize(g []float64) bool {
	s := 0.0
	for _, x := range g {
		if !(x > 0) || math.IsInf(x, 0) {
			return true
		}
		s += math.Log(x)
	}
	f := math.Exp(-s / float64(len(g)))
	for i := range g {
		g[i] *= f
	}
	return false
}

func converged(a, b []float64) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-12*math.Max(1, a[i]) {
			return false
		}
	}
	return true
}

// toRatings turns strengths and the Fisher information of θ = ln γ into
// centred Elo ratings with 95 % intervals. For a Laplacian-like matrix L
// with null space 1, the pseudo-inverse is (L + J/k)^-1 - J/k.
func toRatings(g []float64, info *mat.SymDense) []Rating {
	k := len(g)
	out := make([]Rating, k)
	mean := 0.0
	for _, x := range g {
		mean += math.Log(max(x, 1e-300))
	}
	mean /= float64(k)
	for i := range k {
		out[i].Elo = EloPerNat * (math.Log(max(g[i], 1e-300)) - mean)
	}
	a := mat.NewDense(k, k, nil)
	for i := range k {
		for j := range k {
			a.Set(i, j, info.At(i, j)+1/float64(k))
		}
	}
	var inv mat.Dense
	if err := inv.Inverse(a); err != nil {
		for i := range out {
			out[i].CI = math.Inf(1)
		}
		return out
	}
	for i := range k {
		v := inv.At(i, i) - 1/float64(k)
		out[i].CI = 1.959963984540054 * EloPerNat * math.Sqrt(math.Max(v, 0))
	}
	return out
}

// distinctPerms counts the distinct orders of a multiset.
func distinctPerms(g []int) int {
	n := len(g)
	if n > 10 {
		return math.MaxInt32
	}
	f := factorial(n)
	c := map[int]int{}
	for _, x := range g {
		c[x]++
	}
	for _, m := range c {
		f /= factorial(m)
	}
	return f
}

func factorial(n int) int {
	f := 1
	for i := 2; i <= n; i++ {
		f *= i
	}
	return f
}

// permutations lists the distinct orders of a multiset, in lexicographic
// order.
func permutations(g []int) [][]int {
	a := slices.Clone(g)
	slices.Sort(a)
	out := [][]int{slices.Clone(a)}
	for nextPermutation(a) {
		out = append(out, slices.Clone(a))
	}
	return out
}
