package mahjong

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

func TestDecompositions(t *testing.T) {
	for _, c := range []struct {
		hand string
		want int
	}{
		{"111222333m456p77s", 2}, // three triplets or three runs
		{"11122233344455m", 4},
		{"1122m3344p5566s7z7z", 0}, // seven pairs only
		{"123m456p789s1122z", 0},   // 13 tiles + nothing: not complete
		{"11123456789999m", 1},
		{"111123m456p789s11z", 1}, // 111m+123m once, not twice (triplet before run)
	} {
		cnt := mustCounts(t, c.hand)
		ds := Decompositions(&cnt, nil, nil)
		if len(ds) != c.want {
			t.Errorf("%s: %d decompositions, want %d: %v", c.hand, len(ds), c.want, ds)
		}
	}
}

// TestAgariAgreesWithShanten: IsAgari (table shanten) and the
// decomposition search agree on random 14-tile shapes.
func TestAgariAgreesWithShanten(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		h, win := genWinningHand(t)
		c := CountTiles(h.Tiles)
		c[win]++
		if !IsAgari(&c, len(h.Melds)) {
			t.Fatalf("%s + %v not agari", FormatHand(h), win)
		}
		if len(Decompositions(&c, h.Melds, nil)) == 0 {
			t.Fatalf("%s + %v: no decomposition", FormatHand(h), win)
		}
		// Swap one concealed tile for another kind: agari iff decomposable
		// or seven pairs or kokushi.
		k := Tile(rapid.IntRange(0, 33).Draw(t, "k"))
		if c[k] == 4 || c[win] == 0 {
			return
		}
		c[win]--
		c[k]++
		dec := len(Decompositions(&c, h.Melds, nil)) > 0
		special := len(h.Melds) == 0 && (ShantenChiitoi(&c) == -1 || ShantenKokushi(&c) == -1)
		if IsAgari(&c, len(h.Melds)) != (dec || special) {
			t.Fatalf("%v: IsAgari %v, decomposable %v", c, IsAgari(&c, len(h.Melds)), dec)
		}
	})
}

func BenchmarkIsAgari(b *testing.B) {
	cases := loadKobalab(b)
	counts := make([][34]uint8, 0, len(cases))
	melds := make([]int, 0, len(cases))
	for i := range cases {
		h, w, err := kobalabWin(&cases[i])
		if err != nil {
			b.Fatal(err)
		}
		c := CountTiles(h.Tiles)
		if !w.Tsumo {
			c[w.Tile.Kind()]++
		}
		counts = append(counts, c)
		melds = append(melds, len(h.Melds))
	}
	tables()
	i := 0
	clk := startCPU()
	for b.Loop() {
		j := i % len(counts)
		if !IsAgari(&counts[j], melds[j]) {
			b.Fatal("not agari")
		}
		i++
	}
	clk.report(b, i)
}

func BenchmarkScore(b *testing.B) {
	cases := loadKobalab(b)
	type input struct {
		h Hand
		w Win
	}
	in := make([]input, len(cases))
	for i := range cases {
		h, w, err := kobalabWin(&cases[i])
		if err != nil {
			b.Fatal(err)
		}
		in[i] = input{h, w}
	}
	r := TenhouScoring()
	r.DoubleYakuman = true
	tables()
	i := 0
	clk := startCPU()
	for b.Loop() {
		x := &in[i%len(in)]
		if _, err := Score(x.h, x.w, r); err != nil {
			b.Fatal(err)
		}
		i++
	}
	clk.report(b, i)
}

func ExampleScore() {
	h, _ := ParseHand("123m456p789s13s55p")
	res, err := Score(h, Win{
		Tile: S1 + 1, Tsumo: true, Riichi: true,
		RoundWind: East, SeatWind: East, Dora: []Tile{P1 + 3},
	}, DihouScoring())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, y := range res.Yaku {
		fmt.Println(y.Name, y.Han)
	}
	fmt.Println(res.Fu, "fu", res.Han, "han", res.Points, "points", res.Payments)
	// Output:
	// 門前清自摸和 1
	// 立直 1
	// ドラ 3
	// 30 fu 5 han 12000 points [12000 -4000 -4000 -4000]
}

func ExampleUkeire() {
	ts, _ := ParseTiles("23m456p789s1z2z5z6z55s")
	c := CountTiles(ts)
	acc := Ukeire(&c, 0, nil, nil)
	SortAcceptance(acc)
	fmt.Println(acc[0])
	// Output: 1z: shanten 2, 19 tiles 14m5s256z
}

func ExampleWaits() {
	ts, _ := ParseTiles("1112345678999m")
	c := CountTiles(ts)
	fmt.Println(Waits(&c, 0))
	// Output: 123456789m
}

func ExampleParseHand() {
	h, err := ParseHand("1m2m3m4m<3p3p3p>(4z4z4z4z)")
	fmt.Println(FormatTiles(h.Tiles), len(h.Melds), h.Melds[0].Kind, h.Melds[1].Kind, err)
	// Output: 1m2m3m4m 2 ankan pon <nil>
}
