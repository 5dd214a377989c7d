package liarsbar

import (
	"bytes"
	"math"
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

func binom(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	return math.Round(math.Exp(lgamma(n+1) - lgamma(k+1) - lgamma(n-k+1)))
}

func lgamma(x int) float64 { v, _ := math.Lgamma(float64(x)); return v }

// At a round's first decision, another seat's count of one card kind
// follows the hypergeometric law of a uniform deal of the unseen cards,
// and every revolver's chamber is uniform among the unpulled chambers.
func TestSampleIsUniform(t *testing.T) {
	r := mustPreset(t, VariantBasic)
	s := New(r, 7)
	me := s.Next()[0]
	v := s.View(me)
	other := (me + 1) % sim.Seat(r.Players)
	// Unseen: the deck less my hand.
	deck := r.Deck()
	kind := Ace
	a := deck[kind] - int(v.Dealt[kind])
	k := r.DeckSize() - r.HandSize
	hs := r.HandSize
	p := make([]float64, hs+1)
	for m := range p {
		p[m] = binom(a, m) * binom(k-a, hs-m) / binom(k, hs)
	}
	obs := make([]int, hs+1)
	chambers := make([]int, Chambers)
	rng := sim.NewPCG(1)
	const n = 20000
	for range n {
		d := Sample(&v, &rng)
		obs[d.dealtKinds[other][kind]]++
		chambers[d.guns[other].chamber-1]++
	}
	// Pool the cells with expectations under 5 into their neighbour.
	var po []int
	var pp []float64
	for m := range obs {
		if len(po) > 0 && (p[m]*n < 5 || pp[len(pp)-1]*n < 5) {
			po[len(po)-1] += obs[m]
			pp[len(pp)-1] += p[m]
			continue
		}
		po, pp = append(po, obs[m]), append(pp, p[m])
	}
	// Against the 99.9 % quantile for the cells left after pooling (a
	// fixed 20.5, the 5-dof one, was loose when cells were pooled).
	if x, crit := simtest.ChiSquare(po, pp), simtest.ChiSquare999(len(po)-1); x > crit {
		t.Errorf("aces in seat %d's hand: chi2 %.1f > %.1f over %d cells, observed %v, expected %v", other, x, crit, len(po), po, pp)
	}
	u := []float64{1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6}
	if x := simtest.ChiSquare(chambers, u); x > 20.5 {
		t.Errorf("chambers %v: chi2 %.1f", chambers, x)
	}
}

// Samples depend on the view alone: two games with the same view for a
// seat but different hidden cards give identical samples from the same
// rng, and the real game's hidden hands are not reproduced by a sample
// more often than chance.
func TestSampleNeverPeeks(t *testing.T) {
	r := mustPreset(t, VariantBasic)
	s1 := New(r, 11)
	me := s1.Next()[0]
	v1 := s1.View(me)
	rng := sim.NewPCG(5)
	s2 := Sample(&v1, &rng) // same view, other hidden cards and chambers
	if v2 := s2.View(me); v2 != v1 {
		t.Fatal("the sample's view differs")
	}
	if bytes.Equal(encode(s1), encode(s2)) {
		t.Fatal("the sample copied the hidden parts")
	}
	v2 := s2.View(me)
	for i := range uint64(200) {
		a, b := sim.NewPCG(i), sim.NewPCG(i)
		if !bytes.Equal(encode(Sample(&v1, &a)), encode(Sample(&v2, &b))) {
			t.Fatalf("sample %d differs between two games with the same view", i)
		}
	}
}
