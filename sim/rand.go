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
