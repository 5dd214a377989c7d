package mahjong

import (
	"testing"

	"gamelab/sim"
	"pgregory.net/rapid"
)

// genHand draws a random concealed hand of n tiles with at most four of a
// kind, biased towards one suit half of the time so that tenpai hands and
// long waits show up.
func genHand(t *rapid.T, n int) [34]uint8 {
	var c [34]uint8
	oneSuit := rapid.Bool().Draw(t, "oneSuit")
	for i := 0; i < n; {
		var k int
		if oneSuit && i < n-2 {
			k = rapid.IntRange(0, 8).Draw(t, "kind")
		} else {
			k = rapid.IntRange(0, 33).Draw(t, "kind")
		}
		if c[k] < 4 {
			c[k]++
			i++
		}
	}
	return c
}

func TestDrawShantenMatchesShanten(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		melds := rapid.IntRange(0, 4).Draw(t, "melds")
		n := 13 - 3*melds
		c := genHand(t, n)
		var out [34]int8
		drawShanten(&c, melds, &out)
		for w := range c {
			if c[w] == 4 {
				if out[w] != 127 {
					t.Fatalf("%s + %v: %d, want 127", countsString(&c), Tile(w), out[w])
				}
				continue
			}
			c[w]++
			want := Shanten(&c, melds)
			c[w]--
			if int(out[w]) != want {
				t.Fatalf("%s (%d melds) + %v: drawShanten %d, Shanten %d", countsString(&c), melds, Tile(w), out[w], want)
			}
		}
	})
}

func TestWaitsCases(t *testing.T) {
	cases := []struct {
		hand  string
		melds int
		want  string
	}{
		{"1112345678999m", 0, "123456789m"},
		{"19m19p19s1234567z", 0, "19m19p19s1234567z"},
		{"1122m3344p5566s7z", 0, "7z"},
		{"123m456p789s1122z", 0, "12z"},
		{"2223m", 3, "134m"},
		{"1111m", 3, "1m"}, // fifth tile only: shape tenpai, never live
		{"1111m234p567s789s", 0, "1m"},
		{"1m", 4, "1m"},
		{"13m55z", 3, "2m"},
		{"123m456p789s1z2z5z6z", 0, ""},
		{"2345m", 3, "25m"},
		{"1234567m", 2, "147m"},
	}
	for _, c := range cases {
		cnt := mustCounts(t, c.hand)
		if got := Waits(&cnt, c.melds).String(); got != c.want {
			t.Errorf("Waits(%s, %d) = %s, want %s", c.hand, c.melds, got, c.want)
		}
	}
	c := mustCounts(t, "1111m")
	if LiveWaits(&c, 3) != 0 || !Tenpai(&c, 3) {
		t.Error("1111m: fifth-tile wait must be shape tenpai with no live wait")
	}
}

// TestWaitsBruteForce compares Waits with a direct agari check of every
// added kind (allowing a fifth copy).
func TestWaitsBruteForce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		melds := rapid.IntRange(0, 4).Draw(t, "melds")
		c := genHand(t, 13-3*melds)
		got := Waits(&c, melds)
		var want KindSet
		for w := Tile(0); w < NumKinds; w++ {
			x := c
			x[w]++
			ok := fifthTileCompletes(&c, w)
			if x[w] <= 4 && melds == 0 && (ShantenChiitoi(&x) == -1 || ShantenKokushi(&x) == -1) {
				ok = true
			}
			if ok {
				want |= 1 << w
			}
		}
		if got != want {
			t.Fatalf("%s (%d melds): Waits %v, brute force %v", countsString(&c), melds, got, want)
		}
	})
}

func TestUkeire(t *testing.T) {
	c := mustCounts(t, "123m456p789s1z2z5z6z7z")
	acc := Ukeire(&c, 0, nil, nil)
	SortAcceptance(acc)
	if len(acc) != 14 {
		t.Fatalf("%d discards", len(acc))
	}
	// Any honor discard leaves 2-shanten with the other four honors as
	// pair candidates: 4 kinds × 3 unseen.
	if acc[0].Shanten != 2 || acc[0].Count != 12 || acc[0].Tiles.Len() != 4 {
		t.Errorf("best discard %v", acc[0])
	}
	var visible [34]uint8
	visible[27] = 3 // three 1z seen: a 1z discard is now best (its pair chances are gone)
	acc = Ukeire(&c, 0, &visible, acc[:0])
	SortAcceptance(acc)
	if acc[0].Tile != East || acc[0].Count != 12 {
		t.Errorf("with three 1z seen, best %v", acc[0])
	}
	rapid.Check(t, func(t *rapid.T) {
		melds := rapid.IntRange(0, 4).Draw(t, "melds")
		c := genHand(t, 14-3*melds)
		for _, a := range Ukeire(&c, melds, nil, nil) {
			h := c
			h[a.Tile]--
			s := Shanten(&h, melds)
			if s != a.Shanten {
				t.Fatalf("discard %v shanten %d, want %d", a.Tile, a.Shanten, s)
			}
			count := 0
			for w := Tile(0); w < NumKinds; w++ {
				if h[w] == 4 {
					continue
				}
				h[w]++
				lower := Shanten(&h, melds) < s
				h[w]--
				if lower != a.Tiles.Has(w) {
					t.Fatalf("%s discard %v draw %v: lower=%v", countsString(&c), a.Tile, w, lower)
				}
				if lower {
					count += 4 - int(h[w])
				}
			}
			if count != a.Count {
				t.Fatalf("count %d, want %d", a.Count, count)
			}
		}
	})
}

func BenchmarkUkeire(b *testing.B) {
	rng := sim.NewPCG(11)
	var wall [136]uint8
	for i := range wall {
		wall[i] = uint8(i / 4)
	}
	hands := make([][34]uint8, 1024)
	for i := range hands {
		hands[i] = randomHand(&rng, &wall, 14)
	}
	tables()
	buf := make([]Acceptance, 0, 14)
	i := 0
	clk := startCPU()
	for b.Loop() {
		buf = Ukeire(&hands[i&1023], 0, nil, buf[:0])
		SortAcceptance(buf)
		i++
	}
	clk.report(b, i)
}

func BenchmarkWaits(b *testing.B) {
	c := mustCounts(b, "1112345678999m")
	tables()
	n := 0
	clk := startCPU()
	for b.Loop() {
		Waits(&c, 0)
		n++
	}
	clk.report(b, n)
}
