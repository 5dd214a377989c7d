package mahjong

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"gamelab/sim"
	"pgregory.net/rapid"
)

// TestShantenProblemSets checks all 20,000 hands of the mjx/ara problem
// sets on the three forms.
func TestShantenProblemSets(t *testing.T) {
	for _, name := range []string{"p_normal_10000.txt", "p_hon_10000.txt"} {
		f, err := os.Open("testdata/shanten/" + name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		lines := 0
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) != 17 {
				t.Fatalf("%s:%d: %d fields", name, lines+1, len(fields))
			}
			var c [34]uint8
			var want [3]int
			for i, fld := range fields {
				v, err := strconv.Atoi(fld)
				if err != nil {
					t.Fatal(err)
				}
				if i < 14 {
					c[v]++
				} else {
					want[i-14] = v
				}
			}
			lines++
			got := [3]int{ShantenNormal(&c, 0), ShantenKokushi(&c), ShantenChiitoi(&c)}
			if got != want {
				t.Errorf("%s:%d: %s: got normal/kokushi/chiitoi %v, want %v", name, lines, countsString(&c), got, want)
			}
			if s := Shanten(&c, 0); s != min(want[0], want[1], want[2]) {
				t.Errorf("%s:%d: Shanten = %d", name, lines, s)
			}
		}
		f.Close()
		if lines != 10000 {
			t.Errorf("%s: %d lines, want 10000", name, lines)
		}
	}
}

// countsString writes counts in compact notation (for messages).
func countsString(c *[34]uint8) string {
	var ts []Tile
	for k, n := range c {
		for range n {
			ts = append(ts, Tile(k))
		}
	}
	return FormatCompact(ts)
}

func mustCounts(t testing.TB, s string) [34]uint8 {
	t.Helper()
	ts, err := ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	return CountTiles(ts)
}

func TestShantenCases(t *testing.T) {
	cases := []struct {
		hand  string
		melds int
		want  int
	}{
		{"123m456p789s11222z", 0, -1},  // complete
		{"123m456p789s1122z", 0, 0},    // 13 tiles, shanpon
		{"123m456p789s111z5z", 0, 0},   // tanki 5z
		{"123m456p789s1z2z5z6z", 0, 2}, // four honors: 2-shanten
		{"19m19p19s1234567z", 0, 0},    // kokushi 13-sided
		{"19m19p19s1234566z", 0, 0},    // kokushi single wait
		{"1122m3344p5566s7z", 0, 0},    // chiitoi tenpai
		{"1111m2233p4455s6z", 0, 2},    // four of a kind is one pair for chiitoi, not two
		{"1111m234p567s789s", 0, 1},    // no fifth 1m: not tenpai
		{"1111m234p567s789s5z", 0, 0},  // 14 tiles: discard a 1m, tanki 5z
		{"1111m23m567s789s5z", 0, 0},   // four 1m as 11m pair + 123m... (discard 5z): 11m 123m 1m? = tenpai
		{"11112233m456p789s", 0, -1},   // four 1m: pair + two runs
		{"147m258p369s1234z", 0, 6},    // worst-ish
		{"147m258p369s12345z", 0, 6},   // 14 tiles
		{"1m", 4, 0},                   // bare tanki
		{"1m2m", 4, -1 + 1},            // 2 tiles, 4 melds: one away from a pair? (discard to tanki) = 0
		{"11m", 4, -1},                 // complete with 4 melds
		{"123m5z", 3, 0},               // 3 melds, tanki 5z
		{"123m55z", 3, -1},             // 3 melds complete
		{"13m55z", 3, 0},               // kanchan with pair
		{"1111m", 3, 1},                // 111m + 1m: 5th needed for tanki → 1-shanten
		{"11112m", 3, 0},               // 14-tile shape: discard to 111m+2m tenpai
		{"2223m", 3, 0},                // waits 1m4m (and 3m tanki)
		{"1112345678999m", 0, 0},       // nine gates
		{"11123456789999m", 0, -1},     // nine gates complete
	}
	for _, c := range cases {
		cnt := mustCounts(t, c.hand)
		if got := Shanten(&cnt, c.melds); got != c.want {
			t.Errorf("Shanten(%s, %d melds) = %d, want %d", c.hand, c.melds, got, c.want)
		}
	}
}

// TestShantenDistribution compares the share of random 14-tile hands at
// each shanten with the published values (testdata README) within 5 sigma.
func TestShantenDistribution(t *testing.T) {
	want := map[int]float64{-1: 0.000315e-2, 0: 0.0699e-2, 1: 2.334e-2, 2: 19.497e-2,
		3: 43.932e-2, 4: 28.516e-2, 5: 5.496e-2, 6: 0.155e-2}
	const n = 2_000_000
	hist := map[int]int{}
	rng := sim.NewPCG(sim.Seed(1, sim.Label("shanten-distribution")))
	var wall [136]uint8
	for i := range wall {
		wall[i] = uint8(i / 4)
	}
	sum := 0
	for range n {
		c := randomHand(&rng, &wall, 14)
		s := Shanten(&c, 0)
		hist[s]++
		sum += s
	}
	for s, p := range want {
		exp := p * n
		sigma := math.Sqrt(n * p * (1 - p))
		z := (float64(hist[s]) - exp) / sigma
		t.Logf("shanten %2d: %8d (expected %10.1f, z = %+.2f)", s, hist[s], exp, z)
		if math.Abs(z) > 5 {
			t.Errorf("shanten %d: %d hands, expected %.1f ± %.1f (z = %.2f)", s, hist[s], exp, sigma, z)
		}
	}
	for s := range hist {
		if _, ok := want[s]; !ok {
			t.Errorf("shanten %d seen %d times, not in the published table", s, hist[s])
		}
	}
	t.Logf("mean %.4f (published 3.156)", float64(sum)/n)
	if m := float64(sum) / n; math.Abs(m-3.156) > 0.005 {
		t.Errorf("mean shanten %.4f, published 3.156", m)
	}
}

// randomHand draws k tiles from the 136 by a partial Fisher–Yates shuffle.
func randomHand(rng *sim.PCG, wall *[136]uint8, k int) [34]uint8 {
	var c [34]uint8
	for i := 0; i < k; i++ {
		j := i + rng.IntN(136-i)
		wall[i], wall[j] = wall[j], wall[i]
		c[wall[i]]++
	}
	return c
}

func BenchmarkShanten(b *testing.B) {
	rng := sim.NewPCG(7)
	var wall [136]uint8
	for i := range wall {
		wall[i] = uint8(i / 4)
	}
	hands := make([][34]uint8, 4096)
	for i := range hands {
		hands[i] = randomHand(&rng, &wall, 14)
	}
	tables()
	i := 0
	clk := startCPU()
	for b.Loop() {
		Shanten(&hands[i&4095], 0)
		i++
	}
	clk.report(b, i)
}

func ExampleShanten() {
	ts, _ := ParseTiles("123m456p789s1z2z5z6z")
	c := CountTiles(ts)
	fmt.Println(Shanten(&c, 0))
	// Output: 2
}

func BenchmarkShantenSameHand(b *testing.B) {
	c := mustCounts(b, "123m456p789s1z2z5z6z")
	tables()
	clk := startCPU()
	n := 0
	for b.Loop() {
		Shanten(&c, 0)
		n++
	}
	clk.report(b, n)
}

// TestSpecialFormsLanes checks the branch-free lane arithmetic against the
// plain loops.
func TestSpecialFormsLanes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genHand(t, rapid.IntRange(1, 14).Draw(t, "n"))
		n, chiitoi, kokushi := specialForms(&c)
		if n != handSize(&c) || chiitoi != ShantenChiitoi(&c) || kokushi != ShantenKokushi(&c) {
			t.Fatalf("%s: %d %d %d, want %d %d %d", countsString(&c), n, chiitoi, kokushi,
				handSize(&c), ShantenChiitoi(&c), ShantenKokushi(&c))
		}
	})
}

func handSize(c *[34]uint8) int {
	n := 0
	for _, x := range c {
		n += int(x)
	}
	return n
}

// TestShantenProperties: the shanten of a hand with its draw is the best
// shanten after a discard (tenpai for a complete hand); one drawn tile lowers shanten by at most one;
// a meld counted as concealed tiles never reads worse.
func TestShantenProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		melds := rapid.IntRange(0, 4).Draw(t, "melds")
		c := genHand(t, 14-3*melds)
		s14 := Shanten(&c, melds)
		best := 99
		for d := range c {
			if c[d] == 0 {
				continue
			}
			c[d]--
			s13 := Shanten(&c, melds)
			best = min(best, s13)
			if s14 < s13-1 || s14 > s13 {
				t.Fatalf("%s: 14-tile %d, after discarding %v %d", countsString(&c), s14, Tile(d), s13)
			}
			c[d]++
		}
		if best != max(s14, 0) { // a complete hand is tenpai after its best discard
			t.Fatalf("%s (%d melds): shanten %d, best discard %d", countsString(&c), melds, s14, best)
		}
		if melds > 0 {
			k := Tile(rapid.IntRange(0, 33).Draw(t, "pon"))
			if c[k]+3 <= 4 {
				c[k] += 3
				if ShantenNormal(&c, melds-1) > s14Normal(&c, k, melds) {
					t.Fatalf("%s: concealed triplet %v reads worse than the pon", countsString(&c), k)
				}
			}
		}
	})
}

// s14Normal is ShantenNormal of c without the triplet k, as a meld.
func s14Normal(c *[34]uint8, k Tile, melds int) int {
	x := *c
	x[k] -= 3
	return ShantenNormal(&x, melds)
}

// TestShantenMeldedBruteForce checks the normal-form shanten of melded
// hands (2–4 melds, 13−3m and 14−3m tiles) against the definition: the
// fewest tiles missing to any complete shape of 4−m sets and a pair with
// at most four of a kind, minus one.
func TestShantenMeldedBruteForce(t *testing.T) {
	type set struct{ k, seq int }
	var sets []set
	for k := 0; k < 34; k++ {
		sets = append(sets, set{k, 0})
		if k < 27 && k%9 <= 6 {
			sets = append(sets, set{k, 1})
		}
	}
	add := func(tg *[34]uint8, s set, d int) {
		if s.seq == 1 {
			tg[s.k] = uint8(int(tg[s.k]) + d)
			tg[s.k+1] = uint8(int(tg[s.k+1]) + d)
			tg[s.k+2] = uint8(int(tg[s.k+2]) + d)
		} else {
			tg[s.k] = uint8(int(tg[s.k]) + 3*d)
		}
	}
	missing := func(tg, c *[34]uint8) int {
		n := 0
		for i := range tg {
			if tg[i] > 4 {
				return 99
			}
			if tg[i] > c[i] {
				n += int(tg[i] - c[i])
			}
		}
		return n
	}
	brute := func(c *[34]uint8, melds int) int {
		best := 99
		var tg [34]uint8
		var rec func(from, left int)
		rec = func(from, left int) {
			if left == 0 {
				for p := 0; p < 34; p++ {
					tg[p] += 2
					best = min(best, missing(&tg, c))
					tg[p] -= 2
				}
				return
			}
			for i := from; i < len(sets); i++ {
				add(&tg, sets[i], 1)
				rec(i, left-1)
				add(&tg, sets[i], -1)
			}
		}
		rec(0, 4-melds)
		return best - 1
	}
	rapid.Check(t, func(t *rapid.T) {
		melds := rapid.IntRange(2, 4).Draw(t, "melds")
		n := 13 - 3*melds + rapid.IntRange(0, 1).Draw(t, "draw")
		c := genHand(t, n)
		if got, want := ShantenNormal(&c, melds), brute(&c, melds); got != want {
			t.Fatalf("%s with %d melds: ShantenNormal %d, brute force %d", countsString(&c), melds, got, want)
		}
	})
}

// TestShantenNeverPanics: garbage in (counts up to 255, any melds) gives
// some number, never a panic.
func TestShantenNeverPanics(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var c [34]uint8
		for i := range c {
			c[i] = rapid.Uint8().Draw(t, "c")
		}
		melds := rapid.IntRange(-10, 10).Draw(t, "melds")
		Shanten(&c, melds)
		Waits(&c, melds)
		Ukeire(&c, melds, &c, nil)
	})
}
