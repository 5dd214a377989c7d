package sim

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// seedRef is Seed as first written (and golden-tested): the fast paths
// below must give exactly its values.
func seedRef(root uint64, labels ...uint64) uint64 {
	h := mix64(root ^ 0x6a09e667f3bcc909)
	for i, l := range labels {
		h = mix64(h ^ mix64(l+uint64(i+1)*0x9e3779b97f4a7c15))
	}
	return h
}

func TestReseedConstants(t *testing.T) {
	if got := mix64(1 + seedStep); got != reseedHi {
		t.Errorf("reseedHi = %#x, mix64(1+seedStep) = %#x", uint64(reseedHi), got)
	}
	if got := mix64(2 + seedStep); got != reseedLo {
		t.Errorf("reseedLo = %#x, mix64(2+seedStep) = %#x", uint64(reseedLo), got)
	}
}

// SeedPath, Seed and Reseed agree with the reference derivation for any
// root and labels (edge values included by rapid's generators).
func TestSeedPathMatchesSeed(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		root := rapid.Uint64().Draw(t, "root")
		labels := rapid.SliceOfN(rapid.Uint64(), 0, 6).Draw(t, "labels")
		want := seedRef(root, labels...)
		if got := Seed(root, labels...); got != want {
			t.Fatalf("Seed(%#x, %#x) = %#x, reference %#x", root, labels, got, want)
		}
		p := SeedFrom(root)
		for _, l := range labels {
			p = p.Then(l)
		}
		if got := p.Seed(); got != want {
			t.Fatalf("SeedPath(%#x, %#x) = %#x, reference %#x", root, labels, got, want)
		}
		var g PCG
		g.Reseed(root)
		if g.hi != seedRef(root, 1) || g.lo != seedRef(root, 2) {
			t.Fatalf("Reseed(%#x) = {%#x, %#x}, reference {%#x, %#x}", root, g.hi, g.lo, seedRef(root, 1), seedRef(root, 2))
		}
	})
}

// The same over a dense grid of small roots and labels, as engines use them.
func TestSeedPathGrid(t *testing.T) {
	for root := uint64(0); root < 200; root++ {
		p := SeedFrom(root)
		if p.Seed() != seedRef(root) {
			t.Fatalf("SeedFrom(%d)", root)
		}
		for a := uint64(0); a < 20; a++ {
			pa := p.Then(a)
			for b := uint64(0); b < 20; b++ {
				if got, want := pa.Then(b).Seed(), seedRef(root, a, b); got != want {
					t.Fatalf("SeedFrom(%d).Then(%d).Then(%d) = %#x, want %#x", root, a, b, got, want)
				}
			}
		}
		g := NewPCG(root)
		if g.hi != seedRef(root, 1) || g.lo != seedRef(root, 2) {
			t.Fatalf("NewPCG(%d) state differs from Seed(root, 1), Seed(root, 2)", root)
		}
	}
}

func ExampleSeedPath() {
	deck := SeedFrom(42).Then(Label("deck")) // kept for a whole game
	for round := uint64(1); round <= 2; round++ {
		fmt.Println(deck.Then(round).Seed() == Seed(42, Label("deck"), round))
	}
	// Output:
	// true
	// true
}

func BenchmarkSeed3(b *testing.B) {
	var x uint64
	for b.Loop() {
		x += Seed(x, 7, 9)
	}
	_ = x
}

func BenchmarkNewPCG(b *testing.B) {
	var x uint64
	for b.Loop() {
		p := NewPCG(x)
		x += p.hi
	}
	_ = x
}
