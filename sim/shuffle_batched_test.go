package sim

import (
	"fmt"
	"math/bits"
	"testing"
)

// Every batch plan covers ranges whose product is below 2^batchBits and
// is as long as that bound allows, for the table and beyond it.
func TestBatchPlans(t *testing.T) {
	check := func(i, k, prod uint64) {
		t.Helper()
		if k < 1 || k >= i {
			t.Fatalf("batch from %d stops at %d", i, k)
		}
		want := uint64(1)
		for j := i; j > k; j-- {
			hi, lo := bits.Mul64(want, j)
			if hi != 0 {
				t.Fatalf("batch from %d to %d overflows", i, k)
			}
			want = lo
		}
		if prod != want {
			t.Fatalf("batch from %d to %d: product %d, want %d", i, k, prod, want)
		}
		if i-k > 1 && prod >= 1<<batchBits {
			t.Fatalf("batch from %d to %d: product %d not below 2^%d", i, k, prod, batchBits)
		}
		if hi, lo := bits.Mul64(prod, k); k > 1 && hi == 0 && lo < 1<<batchBits {
			t.Fatalf("batch from %d stops at %d but could take range %d", i, k, k)
		}
	}
	for i := uint64(2); i < uint64(len(batchPlans)); i++ {
		b := batchPlans[i]
		check(i, b.k, b.prod)
		if k, prod := batchPlan(i); k != b.k || prod != b.prod {
			t.Fatalf("batchPlans[%d] = %+v, batchPlan gives %d %d", i, b, k, prod)
		}
	}
	for _, i := range []uint64{257, 1000, 1 << 20, 1<<40 + 3, 1 << 63} {
		k, prod := batchPlan(i)
		check(i, k, prod)
	}
	if b := batchPlans[20]; b.k != 10 || batchPlans[10].k != 1 {
		t.Errorf("20 cards take batches to %d and %d, want 2 draws (to 10, then to 1)", b.k, batchPlans[10].k)
	}
}

// A redrawn batch is undone exactly: swapBatch then undoBatch is the
// identity, for every batch of every length up to 64 and many draws.
func TestUndoBatch(t *testing.T) {
	p := NewPCG(5)
	for n := uint64(2); n <= 64; n++ {
		for range 200 {
			s := make([]int, n)
			for j := range s {
				s[j] = j
			}
			r := p.Uint64()
			k, _ := batchPlan(n)
			swapBatch(s, r, n, k)
			undoBatch(s, r, n, k)
			for j := range s {
				if s[j] != j {
					t.Fatalf("n=%d r=%#x: undo left %v", n, r, s)
				}
			}
		}
	}
}

// All 120 permutations of 5 items, 1.2 M shuffles: chi-square over 119
// degrees of freedom, 99.99th percentile 185 (Wilson–Hilferty).
func TestShuffleBatchedUniform(t *testing.T) {
	p := NewPCG(12)
	counts := map[[5]int]float64{}
	const n = 1_200_000
	for range n {
		a := [5]int{0, 1, 2, 3, 4}
		ShuffleBatched(&p, a[:])
		counts[a]++
	}
	if chi := chiSquare(t, counts, 120, n); chi > 185 {
		t.Errorf("chi-square %.1f over 119 dof", chi)
	}
}

// A 20-card deck (two batches): every card is equally likely at every
// position. Chi-square of the 20×20 table over 361 degrees of freedom,
// 99.99th percentile 470; and a pair test across the two batches: the
// cards at positions 0 and 19 (drawn in different batches) are
// independent, 380 ordered pairs, 379 dof, 99.99th percentile 491.
func TestShuffleBatchedDeck(t *testing.T) {
	p := NewPCG(13)
	at := map[[2]int]float64{}
	pairs := map[[2]uint8]float64{}
	const n = 400_000
	var deck [20]uint8
	for range n {
		for i := range deck {
			deck[i] = uint8(i)
		}
		ShuffleBatched(&p, deck[:])
		for pos, c := range deck {
			at[[2]int{pos, int(c)}]++
		}
		pairs[[2]uint8{deck[0], deck[19]}]++
	}
	if chi := chiSquare(t, at, 400, 20*n); chi > 470 {
		t.Errorf("position × card chi-square %.1f over 361 dof", chi)
	}
	if chi := chiSquare(t, pairs, 380, n); chi > 491 {
		t.Errorf("(first, last) chi-square %.1f over 379 dof", chi)
	}
}

func BenchmarkShuffle20(b *testing.B) {
	p := NewPCG(1)
	var deck [20]uint8
	for b.Loop() {
		Shuffle(&p, deck[:])
	}
}

func BenchmarkShuffleBatched20(b *testing.B) {
	p := NewPCG(1)
	var deck [20]uint8
	for b.Loop() {
		ShuffleBatched(&p, deck[:])
	}
}

func BenchmarkShuffleBatched136(b *testing.B) {
	p := NewPCG(1)
	var wall [136]uint8
	for b.Loop() {
		ShuffleBatched(&p, wall[:])
	}
}

// A 7-card deck shuffled from one 64-bit draw (the ranges 7…2 multiply to
// 5040, far below the batch bound); the same generator state always gives
// the same order.
func ExampleShuffleBatched() {
	p := NewPCG(Seed(7, Label("deck"), 1))
	deck := []string{"Q", "Q", "K", "K", "A", "A", "Joker"}
	ShuffleBatched(&p, deck)
	q := NewPCG(Seed(7, Label("deck"), 1))
	again := []string{"Q", "Q", "K", "K", "A", "A", "Joker"}
	ShuffleBatched(&q, again)
	fmt.Println(len(deck), fmt.Sprint(deck) == fmt.Sprint(again))
	// Output: 7 true
}
