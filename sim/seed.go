package sim

// Seed derives an independent 64-bit seed from a root seed and a path of
// labels, e.g. Seed(game, hand, honba) for a mahjong wall or
// Seed(game, Label("strategy"), seat) for a seat's RNG. Distinct paths give
// statistically independent seeds; the function never changes between
// releases (golden-tested), so runs replay exactly.
//
// Each step is a SplitMix64 finalizer (Steele, Lea and Flood, "Fast
// splittable pseudorandom number generators", OOPSLA 2014) over the running
// hash combined with the label and its position.
func Seed(root uint64, labels ...uint64) uint64 {
	h := mix64(root ^ seedRoot)
	for i, l := range labels {
		h = mix64(h ^ mix64(l+uint64(i+1)*seedStep))
	}
	return h
}

const (
	seedRoot = 0x6a09e667f3bcc909 // xored into the root before its mix
	seedStep = 0x9e3779b97f4a7c15 // label i (from 1) is offset by i*seedStep
)

// SeedPath is a derivation in progress, for hot paths that derive many
// seeds under one prefix: SeedFrom(root).Then(a).Then(b).Seed() equals
// Seed(root, a, b), and a kept SeedFrom(root).Then(a) saves recomputing
// that prefix (each step is one dependent mix). The zero value is not a
// valid path; start with SeedFrom.
type SeedPath struct {
	h uint64 // the running hash
	n uint64 // labels so far
}

// SeedFrom starts the derivation of Seed(root, ...).
func SeedFrom(root uint64) SeedPath { return SeedPath{h: mix64(root ^ seedRoot)} }

// Then appends label l to the path.
func (p SeedPath) Then(l uint64) SeedPath {
	p.n++
	p.h = mix64(p.h ^ mix64(l+p.n*seedStep))
	return p
}

// Seed is the derived seed: Seed(root, labels...) for the path's root and
// labels.
func (p SeedPath) Seed() uint64 { return p.h }

// Label turns a name into a seed label (64-bit FNV-1a), so derivations can
// be named: Seed(root, Label("wall"), hand).
func Label(name string) uint64 {
	h := uint64(0xcbf29ce484222325)
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= 0x100000001b3
	}
	return h
}

func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
