package sim

import (
	"math/bits"
	"math/rand/v2"
)

// PCG is the lab's own random generator: PCG with 128-bit state and the DXSM
// output function (O'Neill, "PCG: A family of simple fast space-efficient
// statistically good algorithms", 2014; DXSM as in numpy and Go's
// math/rand/v2). It is a small value type (copy it to fork a stream) and its
// output is fixed by this file, not by the Go release.
//
// PCG implements rand.Source, so rand.New(&p) gives a *rand.Rand for
// strategies; engines should use the methods below, whose results are also
// fixed by this file.
type PCG struct{ hi, lo uint64 }

// NewPCG returns a generator seeded from seed (through Seed, so nearby seeds
// give unrelated streams).
func NewPCG(seed uint64) PCG {
	var p PCG
	p.Reseed(seed)
	return p
}

// Reseed restarts p from seed without allocating.
func (p *PCG) Reseed(seed uint64) {
	// p.hi = Seed(seed, 1) and p.lo = Seed(seed, 2), written out: the two
	// share the root's mix, and their labels' mixes are constants.
	m := mix64(seed ^ seedRoot)
	p.hi = mix64(m ^ reseedHi)
	p.lo = mix64(m ^ reseedLo)
}

// reseedHi and reseedLo are mix64(1+seedStep) and mix64(2+seedStep), the
// mixed labels 1 and 2 at the first position of a Seed path (a test checks
// them).
const (
	reseedHi = 0x910a2dec89025cc1
	reseedLo = 0x975835de1c9756ce
)

const (
	pcgMulHi = 2549297995355413924
	pcgMulLo = 4865540595714422341
	pcgIncHi = 6364136223846793005
	pcgIncLo = 1442695040888963407
)

// Uint64 returns the next 64 random bits.
func (p *PCG) Uint64() uint64 {
	// state = state*mul + inc (128-bit LCG)
	hi, lo := bits.Mul64(p.lo, pcgMulLo)
	hi += p.hi*pcgMulLo + p.lo*pcgMulHi
	lo, c := bits.Add64(lo, pcgIncLo, 0)
	hi, _ = bits.Add64(hi, pcgIncHi, c)
	p.lo, p.hi = lo, hi
	// DXSM output
	const cheapMul = 0xda942042e4dd58b5
	hi ^= hi >> 32
	hi *= cheapMul
	hi ^= hi >> (3 * 16)
	hi *= lo | 1
	return hi
}

// IntN returns a uniform integer in [0, n) by Lemire's nearly divisionless
// method ("Fast random integer generation in an interval", ACM TOMACS 2019).
// It panics if n <= 0.
func (p *PCG) IntN(n int) int {
	if n <= 0 {
		panic("sim: IntN with n <= 0")
	}
	hi, lo := bits.Mul64(p.Uint64(), uint64(n))
	if lo < uint64(n) {
		thresh := -uint64(n) % uint64(n)
		for lo < thresh {
			hi, lo = bits.Mul64(p.Uint64(), uint64(n))
		}
	}
	return int(hi)
}

// Float64 returns a uniform float in [0, 1) with 53 random bits.
func (p *PCG) Float64() float64 {
	return float64(p.Uint64()>>11) * (1.0 / (1 << 53))
}

// Shuffle permutes s uniformly (Fisher–Yates, drawing from the end).
func Shuffle[T any](p *PCG, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := p.IntN(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// NewRand returns a *rand.Rand over a PCG seeded from seed: the RNG handed
// to a strategy. Derive seed with Seed(game, Label("strategy"), seat) so a
// strategy's stream never depends on worker count or on other seats.
func NewRand(seed uint64) *rand.Rand {
	p := NewPCG(seed)
	return rand.New(&p)
}

var _ rand.Source = (*PCG)(nil)

// ShuffleBatched permutes s uniformly, like Shuffle, with a fraction of
// the draws: it takes the Fisher–Yates indices several at a time from one
// 64-bit value r. For the ranges n1, n2, … of a batch, the indices are the
// high words of r·n1, lo1·n2, lo2·n3, … (r's digits in a mixed radix),
// and the batch is redrawn when its last low word is below
// 2^64 mod (n1·n2·…), which makes every tuple of indices exactly equally
// likely (D. Lemire and N. Brackett-Rozinsky, "Batched Ranged Random
// Integer Generation", Software: Practice and Experience, 2024). A
// batch's range product stays below 2^batchBits, so a redraw has
// probability under 2^(batchBits-64); the swaps of a redrawn batch are
// undone first. A deck of 20 cards takes 2 draws instead of 19, and the
// two chains of multiplications are independent.
//
// It gives a different permutation than Shuffle from the same generator.
func ShuffleBatched[T any](p *PCG, s []T) {
	for i := uint64(len(s)); i > 1; {
		// This batch draws for the ranges i, i-1, …, k+1 (k >= 1).
		var k, prod uint64
		if i < uint64(len(batchPlans)) {
			b := &batchPlans[i]
			k, prod = b.k, b.prod
		} else {
			k, prod = batchPlan(i)
		}
		for {
			r := p.Uint64()
			if lo := swapBatch(s, r, i, k); lo >= prod || lo >= -prod%prod {
				break
			}
			undoBatch(s, r, i, k)
		}
		i = k
	}
}

// batchPlan returns where a batch of ShuffleBatched that starts with range
// i stops (it takes the ranges i down to k+1) and the product of its
// ranges, which stays below 2^batchBits (or is i alone when i is bigger).
func batchPlan(i uint64) (k, prod uint64) {
	prod, k = i, i-1
	for k > 1 {
		hi, lo := bits.Mul64(prod, k)
		if hi != 0 || lo >= 1<<batchBits {
			break
		}
		prod, k = lo, k-1
	}
	return k, prod
}

// batchPlans holds batchPlan(i) for the small i, where most shuffles are.
var batchPlans = func() (t [257]struct{ k, prod uint64 }) {
	for i := 2; i < len(t); i++ {
		t[i].k, t[i].prod = batchPlan(uint64(i))
	}
	return t
}()

// swapBatch makes the swaps of a batch of ShuffleBatched that draw r
// gives for the ranges i down to k+1, and returns the last low word.
func swapBatch[T any](s []T, r, i, k uint64) uint64 {
	lo := r
	for j := i; j > k; j-- {
		var x uint64
		x, lo = bits.Mul64(lo, j)
		s[j-1], s[x] = s[x], s[j-1]
	}
	return lo
}

// undoBatch undoes the swaps that draw r made for the ranges i down to
// k+1, last swap first (each swap is its own inverse), recomputing each
// index from r: quadratic, and run with probability under 2^-24.
func undoBatch[T any](s []T, r, i, k uint64) {
	for t := k + 1; t <= i; t++ {
		lo := r
		var x uint64
		for j := i; j >= t; j-- {
			x, lo = bits.Mul64(lo, j)
		}
		s[t-1], s[x] = s[x], s[t-1]
	}
}

// batchBits bounds a batch's range product in ShuffleBatched.
const batchBits = 40
