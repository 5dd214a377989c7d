package simtest

import (
	"fmt"
	"math"
	"testing"
)

// Known 99.9 % quantiles (tables): 5 dof 20.52, 10 dof 29.59, 49 dof 85.35.
func TestChiSquare999(t *testing.T) {
	for dof, want := range map[int]float64{5: 20.52, 10: 29.59, 49: 85.35} {
		if got := ChiSquare999(dof); math.Abs(got-want)/want > 0.02 {
			t.Errorf("ChiSquare999(%d) = %.2f, want %.2f", dof, got, want)
		}
	}
	if x := ChiSquare([]int{50, 50}, []float64{0.5, 0.5}); x != 0 {
		t.Errorf("perfect fit: %v", x)
	}
}

func ExampleChiSquare() {
	// A die rolled 600 times: too many sixes?
	obs := []int{90, 95, 100, 98, 97, 120}
	p := []float64{1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6}
	x := ChiSquare(obs, p)
	fmt.Printf("chi2 %.2f, reject at 99.9 %%: %v\n", x, x > ChiSquare999(len(obs)-1))
	// Output: chi2 5.38, reject at 99.9 %: false
}
