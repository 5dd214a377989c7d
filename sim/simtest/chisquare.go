package simtest

import "math"

// ChiSquare is Pearson's statistic of the counts obs against the cell
// probabilities p (same length, p summing to 1, every p[i] > 0): the
// uniformity tests of the samplers compare it with ChiSquare999.
func ChiSquare(obs []int, p []float64) float64 {
	n := 0
	for _, o := range obs {
		n += o
	}
	x := 0.0
	for i, o := range obs {
		e := p[i] * float64(n)
		x += (float64(o) - e) * (float64(o) - e) / e
	}
	return x
}

// ChiSquare999 is the 99.9 % quantile of chi-square with dof degrees of
// freedom, by the Wilson–Hilferty approximation (within 1 % for dof >=
// 10; z = 3.09). A test with a fixed seed that passes it passes for good.
func ChiSquare999(dof int) float64 {
	k := float64(dof)
	h := 2 / (9 * k)
	return k * math.Pow(1-h+3.09*math.Sqrt(h), 3)
}
