package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// The derivations and shuffles below are frozen: if one of these changes,
// every recorded seed in the lab replays differently.
func TestSeedGolden(t *testing.T) {
	got := []uint64{Seed(0), Seed(1), Seed(1, 2), Seed(1, 2, 3), Seed(42, Label("wall"), 7)}
	want := goldenSeeds
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("derivation %d = %#x, want %#x", i, got[i], want[i])
		}
	}
}

var goldenSeeds = []uint64{0x3564b439cd1e1f16, 0x492b8d6066c09227, 0x441179cb873643ab, 0x63cc987897521311, 0xbfd8a5c30eb99282}

func TestSeedPathsDiffer(t *testing.T) {
	seen := map[uint64]string{}
	add := func(name string, v uint64) {
		if prev, ok := seen[v]; ok {
			t.Fatalf("%s and %s derive the same seed %#x", prev, name, v)
		}
		seen[v] = name
	}
	for r := uint64(0); r < 50; r++ {
		add(fmt.Sprint(r), Seed(r))
		for a := uint64(0); a < 50; a++ {
			add(fmt.Sprint(r, a), Seed(r, a))
			add(fmt.Sprint(r, a, 0), Seed(r, a, 0))
		}
	}
}

// Both shuffles' outputs are frozen (ShuffleBatched deals liar's bar).
func TestShuffleGolden(t *testing.T) {
	for _, c := range []struct {
		name    string
		shuffle func(*PCG, []uint8)
		want    string
	}{
		{"Shuffle", Shuffle[uint8], "[6 1 7 3 10 18 17 14 13 19 2 12 0 9 8 11 5 16 15 4]"},
		{"ShuffleBatched", ShuffleBatched[uint8], "[12 16 6 7 11 19 3 13 1 10 8 2 0 9 5 15 18 17 14 4]"},
	} {
		p := NewPCG(2026)
		deck := make([]uint8, 20)
		for i := range deck {
			deck[i] = uint8(i)
		}
		c.shuffle(&p, deck)
		if got := fmt.Sprint(deck); got != c.want {
			t.Errorf("%s(NewPCG(2026), 0..19) = %s, want %s", c.name, got, c.want)
		}
	}
}

// Our PCG must be exactly PCG-DXSM: Go's math/rand/v2 PCG implements the
// same algorithm, so the two agree from the same 128-bit state.
func TestPCGMatchesDXSM(t *testing.T) {
	p := NewPCG(99)
	ref := rand.NewPCG(p.hi, p.lo)
	for i := range 1000 {
		if a, b := p.Uint64(), ref.Uint64(); a != b {
			t.Fatalf("draw %d: %#x, PCG-DXSM gives %#x", i, a, b)
		}
	}
}

func TestPCGUniform(t *testing.T) {
	// Chi-square of IntN(10) over 1e6 draws, 9 degrees of freedom: the
	// 99.99th percentile is 33.7.
	p := NewPCG(7)
	var n [10]float64
	const draws = 1_000_000
	for range draws {
		n[p.IntN(10)]++
	}
	chi := 0.0
	for _, c := range n {
		d := c - draws/10
		chi += d * d / (draws / 10)
	}
	if chi > 33.7 {
		t.Errorf("chi-square %.1f over 9 dof: IntN is not uniform: %v", chi, n)
	}
	mean := 0.0
	for range draws {
		mean += p.Float64()
	}
	mean /= draws
	if math.Abs(mean-0.5) > 5*math.Sqrt(1.0/12/draws) {
		t.Errorf("Float64 mean %v, want 0.5 within 5 sigma", mean)
	}
}

func TestShuffleUniform(t *testing.T) {
	// All 24 permutations of 4 items, 240,000 shuffles: chi-square over 23
	// dof, 99.99th percentile 56.
	p := NewPCG(11)
	counts := map[[4]int]float64{}
	const n = 240_000
	for range n {
		a := [4]int{0, 1, 2, 3}
		Shuffle(&p, a[:])
		counts[a]++
	}
	if chi := chiSquare(t, counts, 24, n); chi > 56 {
		t.Errorf("chi-square %.1f over 23 dof", chi)
	}
}

// chiSquare is Pearson's statistic of counts against n trials spread
// evenly over cells cells; it fails the test if a cell was never seen.
func chiSquare[K comparable](t *testing.T, counts map[K]float64, cells int, n float64) float64 {
	t.Helper()
	if len(counts) != cells {
		t.Fatalf("saw %d cells, want %d", len(counts), cells)
	}
	e := n / float64(cells)
	chi := 0.0
	for _, c := range counts {
		chi += (c - e) * (c - e) / e
	}
	return chi
}

func TestPlacements(t *testing.T) {
	cases := []struct {
		score []float64
		want  string
	}{
		{[]float64{10, 30, 20, 0}, "[3 1 2 4]"},
		{[]float64{5, 5, 1, 9}, "[2 2 4 1]"},
		{[]float64{1, 1, 1}, "[1 1 1]"},
	}
	for _, c := range cases {
		got := Placements(c.score, nil)
		if fmt.Sprint(got) != c.want {
			t.Errorf("Placements(%v) = %v, want %s", c.score, got, c.want)
		}
		if err := (Result{Score: c.score, Placement: got}).Validate(len(c.score)); err != nil {
			t.Errorf("Validate: %v", err)
		}
	}
}

func TestValidateRejects(t *testing.T) {
	bad := []Result{
		{Score: []float64{1, 2}, Placement: []int8{1}},
		{Score: []float64{1, 2}, Placement: []int8{1, 1, 1}},
		{Score: []float64{1, math.NaN()}, Placement: []int8{1, 2}},
		{Score: []float64{1, 2}, Placement: []int8{1, 3}},
		{Score: []float64{1, 2, 3}, Placement: []int8{2, 2, 2}},
		{Score: []float64{1, 2}, Placement: []int8{0, 1}},
	}
	for _, r := range bad {
		if err := r.Validate(2); err == nil {
			t.Errorf("Validate(%+v) accepted a malformed result", r)
		}
	}
}

func BenchmarkPCGUint64(b *testing.B) {
	p := NewPCG(1)
	var x uint64
	for b.Loop() {
		x += p.Uint64()
	}
	_ = x
}

func BenchmarkShuffle136(b *testing.B) {
	p := NewPCG(1)
	var wall [136]uint8
	for b.Loop() {
		Shuffle(&p, wall[:])
	}
}

func ExampleSeed() {
	game := uint64(12345)
	wall := Seed(game, Label("wall"), 0, 0) // hand 0, honba 0
	p := NewPCG(wall)
	deck := []string{"A", "B", "C", "D"}
	Shuffle(&p, deck)
	fmt.Println(len(deck))
	// Output: 4
}
