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
	h := mix64(root ^ 0x6a09e667f3bcc909)
	for i, l := range labels {
		h = mix64(h ^ mix64(l+uint64(i+1)*0x9e3779b97f4a7c15))
	}
	return h
}

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
