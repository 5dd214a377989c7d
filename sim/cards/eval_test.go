package cards

import (
	"bufio"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

func evalSlice(t testing.TB, cs []Card) HandRank {
	t.Helper()
	switch len(cs) {
	case 5:
		return Eval5((*[5]Card)(cs))
	case 6:
		return Eval6((*[6]Card)(cs))
	case 7:
		return Eval7((*[7]Card)(cs))
	}
	t.Fatalf("%d cards", len(cs))
	return 0
}

// fixtureLines yields the non-comment lines of a testdata file.
func fixtureLines(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

func TestCompareFixtures(t *testing.T) {
	for _, l := range fixtureLines(t, "compare.txt") {
		var a, b string
		var op byte
		for _, o := range []string{" > ", " < ", " = "} {
			if x, y, ok := strings.Cut(l, o); ok {
				a, b, op = x, y, o[1]
			}
		}
		if op == 0 {
			t.Fatalf("bad fixture line %q", l)
		}
		ra, rb := evalSlice(t, MustParse(a)), evalSlice(t, MustParse(b))
		ok := op == '>' && ra > rb || op == '<' && ra < rb || op == '=' && ra == rb
		if !ok {
			t.Errorf("%s: got %v vs %v", l, ra, rb)
		}
		// The reference agrees on the direction too.
		fa, fb := refBest(MustParse(a)), refBest(MustParse(b))
		refOK := op == '>' && refLess(fb, fa) || op == '<' && refLess(fa, fb) || op == '=' && fa == fb
		if !refOK {
			t.Errorf("reference disagrees with fixture %s: %v vs %v", l, fa, fb)
		}
	}
}

func TestCategoryFixtures(t *testing.T) {
	for _, l := range fixtureLines(t, "categories.txt") {
		hand, cat, _ := strings.Cut(l, " : ")
		cs := MustParse(hand)
		// Every order of the cards gives the same rank.
		r := evalSlice(t, cs)
		if got := r.Category().String(); got != cat {
			t.Errorf("%s: category %q, want %q", hand, got, cat)
		}
		rev := slices.Clone(cs)
		slices.Reverse(rev)
		if evalSlice(t, rev) != r || Evaluate(cs) != r {
			t.Errorf("%s: order or entry point changes the rank", hand)
		}
	}
}

func TestHandRankExtremes(t *testing.T) {
	if r := Eval5((*[5]Card)(MustParse("7c 5d 4h 3s 2c"))); r != 1 {
		t.Errorf("worst hand rank %d, want 1", r)
	}
	if r := Eval5((*[5]Card)(MustParse("As Ks Qs Js Ts"))); r != NumHandRanks {
		t.Errorf("royal flush rank %d, want %d", r, NumHandRanks)
	}
	if Evaluate(MustParse("As Ks")) != 0 {
		t.Error("two cards should give no hand")
	}
}

// randomHand draws n distinct cards in random order.
func randomHand(p *sim.PCG, dst []Card) {
	var used Set
	for i := range dst {
		for {
			c := Card(p.IntN(NumCards))
			if !used.Has(c) {
				used = used.With(c)
				dst[i] = c
				break
			}
		}
	}
}

// TestAgainstReference compares the fast evaluator with the brute-force
// reference on 1,000,000 random seven-card hands plus 100,000 each of five
// and six cards. The ranks must order exactly as the reference's tuples do:
// sorted by tuple, ranks never decrease, and they are equal exactly when the
// tuples are equal.
func TestAgainstReference(t *testing.T) {
	type pair struct {
		ref  refValue
		rank HandRank
	}
	const n7, n56 = 1_000_000, 100_000
	workers := runtime.GOMAXPROCS(0)
	parts := make([][]pair, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := sim.NewPCG(uint64(1000 + w))
			var buf [7]Card
			for i := w; i < n7+2*n56; i += workers {
				k := 7
				if i >= n7 {
					k = 5 + (i-n7)/n56
				}
				h := buf[:k]
				randomHand(&p, h)
				parts[w] = append(parts[w], pair{refBest(h), Evaluate(h)})
			}
		}()
	}
	wg.Wait()
	all := slices.Concat(parts...)
	if len(all) != n7+2*n56 {
		t.Fatalf("%d hands compared", len(all))
	}
	slices.SortFunc(all, func(a, b pair) int {
		if refLess(a.ref, b.ref) {
			return -1
		}
		if refLess(b.ref, a.ref) {
			return 1
		}
		return 0
	})
	for i, x := range all {
		if x.rank == 0 || int(x.rank.Category()) != x.ref[0] {
			t.Fatalf("rank %v has category %d in the reference %v", x.rank, x.ref[0], x.ref)
		}
		if i == 0 {
			continue
		}
		prev := all[i-1]
		if (prev.ref == x.ref) != (prev.rank == x.rank) || prev.rank > x.rank {
			t.Fatalf("order differs: ref %v rank %v, then ref %v rank %v", prev.ref, prev.rank, x.ref, x.rank)
		}
	}
}

// TestRankWeights checks what the perfect hashes rely on: rank weights
// that start at 0 and whose sums over all multisets of at most seven of
// the other twelve ranks (at most four of each) are distinct, and
// seven-card rank keys that fit rankKeyBits.
func TestRankWeights(t *testing.T) {
	if rankWeight[0] != 0 {
		t.Fatalf("a Two weighs %d", rankWeight[0])
	}
	seen := map[uint64][12]uint8{}
	var cnt [12]uint8
	var rec func(r, left int, key uint64)
	rec = func(r, left int, key uint64) {
		if r == 12 {
			if prev, dup := seen[key]; dup {
				t.Fatalf("counts %v and %v both sum to %d", prev, cnt, key)
			}
			seen[key] = cnt
			return
		}
		for c := 0; c <= min(4, left); c++ {
			cnt[r] = uint8(c)
			rec(r+1, left-c, key+uint64(c)*rankWeight[r+1])
		}
		cnt[r] = 0
	}
	rec(0, 7, 0)
	if max7 := 4*rankWeight[12] + 3*rankWeight[11]; max7 >= 1<<rankKeyBits {
		t.Errorf("seven-card rank keys reach %d", max7)
	}
}

// Exact category counts of all C(52,7) = 133,784,560 seven-card hands.
var sevenCardCounts = [NumCategories]int{
	HighCard: 23_294_460, OnePair: 58_627_800, TwoPair: 31_433_400,
	ThreeOfAKind: 6_461_620, Straight: 6_180_020, Flush: 4_047_644,
	FullHouse: 3_473_184, FourOfAKind: 224_848, StraightFlush: 41_584,
}

// TestSevenCardSample checks the category frequencies of 2,000,000 random
// seven-card hands against the exact ones, within 5 sigma per category.
func TestSevenCardSample(t *testing.T) {
	const n = 2_000_000
	p := sim.NewPCG(77)
	var got [NumCategories]int
	var h [7]Card
	for range n {
		randomHand(&p, h[:])
		got[Eval7(&h).Category()]++
	}
	for c, want := range sevenCardCounts {
		q := float64(want) / 133_784_560
		mean, sd := n*q, sqrt(n*q*(1-q))
		if d := float64(got[c]) - mean; d > 5*sd || d < -5*sd {
			t.Errorf("%v: %d of %d, expected %.0f ± %.0f", Category(c), got[c], n, mean, sd)
		}
	}
}

func sqrt(x float64) float64 {
	z := x
	for range 60 {
		z = (z + x/z) / 2
	}
	return z
}

// sevenCardDigest is the FNV-1a digest countAllSeven computes over the
// ranks of all seven-card hands. The evaluator of commit 5cc371e (base-8
// rank keys and a 64-bit multiplicative hash, checked against the
// reference and the category counts) gives the same value, so a match
// means every one of the 133,784,560 ranks is unchanged.
const sevenCardDigest = 0x831c72c9fe9b5083

// TestSevenCardExhaustive evaluates all 133,784,560 seven-card hands,
// checks the category counts and the digest of every rank. Skipped under
// -short.
func TestSevenCardExhaustive(t *testing.T) {
	if testing.Short() {
		t.Skip("exhaustive C(52,7) check skipped under -short")
	}
	got, digest := countAllSeven()
	if got != sevenCardCounts {
		t.Errorf("category counts %v, want %v", got, sevenCardCounts)
	}
	if digest != sevenCardDigest {
		t.Errorf("digest of all ranks %#x, want %#x", digest, uint64(sevenCardDigest))
	}
}

const fnvOffset, fnvPrime = 14695981039346656037, 1099511628211

// countAllSeven enumerates every seven-card hand through Eval7, split
// over the first card among the available cores. It returns the category
// counts and an FNV-1a digest of the per-first-card digests (in card
// order) of the ranks in enumeration order.
func countAllSeven() ([NumCategories]int, uint64) {
	workers := runtime.GOMAXPROCS(0)
	res := make([][NumCategories]int, workers)
	var digests [NumCards]uint64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var cnt [NumHandRanks + 1]int
			var h [7]Card
			for a := w; a < NumCards; a += workers {
				h[0] = Card(a)
				d := uint64(fnvOffset)
				for b := a + 1; b < NumCards; b++ {
					h[1] = Card(b)
					for c := b + 1; c < NumCards; c++ {
						h[2] = Card(c)
						for e := c + 1; e < NumCards; e++ {
							h[3] = Card(e)
							for f := e + 1; f < NumCards; f++ {
								h[4] = Card(f)
								for g := f + 1; g < NumCards; g++ {
									h[5] = Card(g)
									for i := g + 1; i < NumCards; i++ {
										h[6] = Card(i)
										r := Eval7(&h)
										cnt[r]++
										d = (d ^ uint64(r)) * fnvPrime
									}
								}
							}
						}
					}
				}
				digests[a] = d
			}
			for r := 1; r <= NumHandRanks; r++ {
				res[w][HandRank(r).Category()] += cnt[r]
			}
		}()
	}
	wg.Wait()
	var total [NumCategories]int
	for _, r := range res {
		for c := range total {
			total[c] += r[c]
		}
	}
	all := uint64(fnvOffset)
	for _, d := range digests {
		all = (all ^ d) * fnvPrime
	}
	return total, all
}

// randomHands makes n random seven-card hands in random card order.
func randomHands(n int) [][7]Card {
	p := sim.NewPCG(5)
	hs := make([][7]Card, n)
	for i := range hs {
		randomHand(&p, hs[i][:])
	}
	return hs
}

var sink HandRank

// BenchmarkEval7 measures random-order seven-card evaluations per second.
func BenchmarkEval7(b *testing.B) {
	hs := randomHands(1 << 16)
	var acc HandRank
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		acc += Eval7(&hs[i&(1<<16-1)])
		i++
	}
	sink = acc
	b.ReportMetric(float64(i)/b.Elapsed().Seconds()/1e6, "Mevals/s")
}

var rand1Hands = sync.OnceValue(func() [][7]Card { return randomHands(10_000_000) })

// evalAll sums Eval7 over the hands in order: the loop of OMPEval's
// benchmark. Not inlined into the b.Loop body, which would keep its
// variables in memory, so the sum stays in a register as in C++.
//
//go:noinline
func evalAll(hs [][7]Card) HandRank {
	var acc HandRank
	for i := range hs {
		acc += Eval7(&hs[i])
	}
	return acc
}

// BenchmarkEval7Rand1 is OMPEval's "Rand1" benchmark (benchmark.cpp,
// random1) in Go: ten million random seven-card hands stored as 7-byte
// arrays (70 MB, far past the caches), evaluated in order; one op is one
// pass over all of them, so -benchtime 3x makes the 30 M evaluations of
// "rand1 10000000 3". Compare with the C++ driver of docs/performance.md
// ("Hand evaluator") on the same machine.
func BenchmarkEval7Rand1(b *testing.B) { benchRand1(b, evalAll) }

// benchRand1 runs all, a loop over Rand1's hands, once an op.
func benchRand1(b *testing.B, all func([][7]Card) HandRank) {
	hs := rand1Hands()
	var acc HandRank
	b.ReportAllocs()
	cpu0 := simtest.CPUTime()
	for b.Loop() {
		acc += all(hs)
	}
	sink = acc
	n := float64(b.N) * float64(len(hs))
	b.ReportMetric(n/b.Elapsed().Seconds()/1e6, "Mevals/s")
	if cpu := simtest.CPUTime() - cpu0; cpu > 0 {
		b.ReportMetric(n/cpu.Seconds()/1e6, "Mevals/cpu-s")
	}
}

// keySum7 is Eval7 without its two table lookups: the card keys summed,
// the flush test and the hash multiply, returned as a meaningless rank.
// Not an evaluator: BenchmarkEval7CallCeiling calls it as Eval7 is called
// (it is too big to inline, as Eval7 is) to measure the fastest any called
// evaluator built on summed card keys can be on Rand1's hands.
func keySum7(c *[7]Card) HandRank {
	k := cardKey[c[0]] + cardKey[c[1]] + cardKey[c[2]] + cardKey[c[3]] +
		cardKey[c[4]] + cardKey[c[5]] + cardKey[c[6]]
	if uint32(k)&flushBits != 0 {
		return flushOf(k, c[:])
	}
	return HandRank(uint32(k>>countShift) * hash7Mul)
}

//go:noinline
func keySumAll(hs [][7]Card) HandRank {
	var acc HandRank
	for i := range hs {
		acc += keySum7(&hs[i])
	}
	return acc
}

// BenchmarkEval7CallCeiling is BenchmarkEval7Rand1 with keySum7 in place
// of Eval7: the call, the hand stream and the key sums, no lookup. Its
// figure bounds what Eval7 can reach in an ordinary build, where Go does
// not inline it (docs/performance.md, "Hand evaluator").
func BenchmarkEval7CallCeiling(b *testing.B) { benchRand1(b, keySumAll) }

func BenchmarkEval5(b *testing.B) {
	hs := randomHands(1 << 16)
	var acc HandRank
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		acc += Eval5((*[5]Card)(hs[i&(1<<16-1)][:5]))
		i++
	}
	sink = acc
	b.ReportMetric(float64(i)/b.Elapsed().Seconds()/1e6, "Mevals/s")
}

func TestEvalDoesNotAllocate(t *testing.T) {
	hs := randomHands(64)
	i := 0
	allocs := testing.AllocsPerRun(1000, func() {
		h := &hs[i%len(hs)]
		sink += Eval7(h) + Eval6((*[6]Card)(h[:6])) + Eval5((*[5]Card)(h[:5])) + Evaluate(h[:])
		i++
	})
	if allocs != 0 {
		t.Errorf("%.1f allocations per evaluation", allocs)
	}
}
