package mahjong

import (
	"fmt"
	"testing"

	"gamelab/sim"

	"pgregory.net/rapid"
)

// Discards must answer exactly what Shanten and Improvements answer for
// the hand without each discard, visible tiles or not.
func TestDiscardsMatchImprovements(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		melds := rapid.IntRange(0, 4).Draw(t, "melds")
		c := genHand(t, 14-3*melds)
		var vis [34]uint8
		if rapid.Bool().Draw(t, "visible") {
			for k := range vis {
				vis[k] = uint8(rapid.IntRange(0, int(4-c[k])).Draw(t, "vis"))
			}
		}
		var a Discards
		a.Reset(&c, melds)
		if got, want := a.HandShanten(), Shanten(&c, melds); got != want {
			t.Fatalf("%s: HandShanten %d, want %d", countsString(&c), got, want)
		}
		for d := range c {
			if c[d] == 0 {
				continue
			}
			checkDiscard(t, &a, &c, melds, Tile(d), &vis)
		}
		if *(*[34]uint8)(a.h[:34]) != c {
			t.Fatal("Ukeire left the hand changed")
		}
	})
}

// checkDiscard fails t unless a (Reset to c) answers for discard d what
// Shanten and Improvements answer for c without one d.
func checkDiscard(t *rapid.T, a *Discards, c *[34]uint8, melds int, d Tile, vis *[34]uint8) {
	c[d]--
	want := Shanten(c, melds)
	ws, wt, wn := Improvements(c, melds, vis)
	c[d]++
	if got := a.Shanten(d); got != want {
		t.Fatalf("%s discard %s: Shanten %d, want %d", countsString(c), d, got, want)
	}
	s, k, n := a.Ukeire(d, vis)
	if s != ws || k != wt || n != wn {
		t.Fatalf("%s discard %s: Ukeire %d %s %d, want %d %s %d", countsString(c), d, s, k, n, ws, wt, wn)
	}
}

// Discards asked again (same hand, other visible tiles) or reset to
// another hand and back answers as the first time.
func TestDiscardsReuse(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		melds := rapid.IntRange(0, 4).Draw(t, "melds")
		c := genHand(t, 14-3*melds)
		other := genHand(t, 14-3*melds)
		var vis [34]uint8
		for k := range vis {
			vis[k] = uint8(rapid.IntRange(0, int(4-c[k])).Draw(t, "vis"))
		}
		var a Discards
		check := func(vis *[34]uint8) {
			for d := range c {
				if c[d] == 0 {
					continue
				}
				c[d]--
				ws, wt, wn := Improvements(&c, melds, vis)
				c[d]++
				s, k, n := a.Ukeire(Tile(d), vis)
				if s != ws || k != wt || n != wn {
					t.Fatalf("%s discard %s: Ukeire %d %s %d, want %d %s %d", countsString(&c), Tile(d), s, k, n, ws, wt, wn)
				}
			}
		}
		a.Reset(&c, melds)
		check(nil)
		check(&vis)
		a.Reset(&other, melds)
		a.Ukeire(firstKind(&other), nil)
		a.Reset(&c, melds)
		check(&vis)
		a.Reset(&c, melds)
		check(nil)
	})
}

// A Discards that follows a hand through draws, discards and calls (each
// Reset recomputing only the changed groups), asked about some discards
// each time, answers as Shanten and Improvements do, whatever the
// visible counts (even impossible ones above 4).
func TestDiscardsFollowHand(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		melds := rapid.IntRange(0, 3).Draw(t, "melds")
		c := genHand(t, 14-3*melds)
		var a Discards
		for step := 0; step < 12; step++ {
			var vis [34]uint8
			switch rapid.IntRange(0, 2).Draw(t, "visKind") {
			case 1:
				for k := range vis {
					vis[k] = uint8(rapid.IntRange(0, int(4-c[k])).Draw(t, "vis"))
				}
			case 2:
				for k := range vis {
					vis[k] = uint8(rapid.IntRange(0, 255).Draw(t, "wild"))
				}
			}
			a.Reset(&c, melds)
			if got, want := a.HandShanten(), Shanten(&c, melds); got != want {
				t.Fatalf("step %d %s: HandShanten %d, want %d", step, countsString(&c), got, want)
			}
			for d := range c {
				if c[d] == 0 || !rapid.Bool().Draw(t, "ask") {
					continue
				}
				checkDiscard(t, &a, &c, melds, Tile(d), &vis)
			}
			// discard one held kind, then draw one (or call: three fewer)
			var held []int
			for k, x := range c {
				if x > 0 {
					held = append(held, k)
				}
			}
			c[rapid.SampledFrom(held).Draw(t, "discard")]--
			var pairs, room []int
			for k, x := range c {
				if x >= 2 {
					pairs = append(pairs, k)
				}
				if x < 4 {
					room = append(room, k)
				}
			}
			if melds < 3 && len(pairs) > 0 && rapid.IntRange(0, 5).Draw(t, "call") == 0 {
				c[rapid.SampledFrom(pairs).Draw(t, "pon")] -= 2
				melds++
				continue // the call's discard: 14−3·melds tiles again
			}
			c[rapid.SampledFrom(room).Draw(t, "draw")]++
		}
	})
}

// firstKind returns the lowest kind c holds.
func firstKind(c *[34]uint8) Tile {
	for k, x := range c {
		if x > 0 {
			return Tile(k)
		}
	}
	return 0
}

func ExampleDiscards() {
	ts, _ := ParseTiles("123m456p789s1122z5m")
	c := CountTiles(ts)
	var a Discards
	a.Reset(&c, 0)
	for _, d := range []Tile{4, 27} { // 5m, 1z
		s, tiles, n := a.Ukeire(d, nil)
		fmt.Printf("discard %s: shanten %d, %d tiles (%s)\n", d, s, n, tiles)
	}
	// Output:
	// discard 5m: shanten 0, 4 tiles (12z)
	// discard 1z: shanten 1, 23 tiles (34567m12z)
}

// BenchmarkDiscards is the work of one bot decision: every discard's
// shanten, then the ukeire of the discards at the lowest.
func BenchmarkDiscards(b *testing.B) {
	hands := benchHands()
	var a Discards
	i := 0
	for b.Loop() {
		c := &hands[i%len(hands)]
		i++
		a.Reset(c, 0)
		best := 99
		for d := range c {
			if c[d] > 0 {
				best = min(best, a.Shanten(Tile(d)))
			}
		}
		for d := range c {
			if c[d] > 0 && a.Shanten(Tile(d)) == best {
				a.Ukeire(Tile(d), nil)
			}
		}
	}
}

// BenchmarkDiscardsOld is the same work through Shanten and Improvements.
func BenchmarkDiscardsOld(b *testing.B) {
	hands := benchHands()
	i := 0
	for b.Loop() {
		c := hands[i%len(hands)]
		i++
		var sh [34]int
		best := 99
		for d := range c {
			if c[d] > 0 {
				c[d]--
				sh[d] = Shanten(&c, 0)
				c[d]++
				best = min(best, sh[d])
			}
		}
		for d := range c {
			if c[d] > 0 && sh[d] == best {
				c[d]--
				Improvements(&c, 0, nil)
				c[d]++
			}
		}
	}
}

func benchHands() [][34]uint8 {
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
	return hands
}

// drawDiscard finds the one kind drawn and the one discarded between two
// hands, as a plain comparison of the counts does.
func TestDrawDiscard(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var h, nh [40]uint8
		for k := 0; k < NumKinds; k++ {
			h[k] = uint8(rapid.IntRange(0, 4).Draw(t, "h"))
			nh[k] = h[k]
		}
		for range rapid.IntRange(0, 3).Draw(t, "changes") {
			k := rapid.IntRange(0, NumKinds-1).Draw(t, "k")
			nh[k] = uint8(rapid.IntRange(0, 4).Draw(t, "to"))
		}
		wantW, wantD, up, down, other := -1, -1, 0, 0, 0
		for k := 0; k < NumKinds; k++ {
			switch int(nh[k]) - int(h[k]) {
			case 0:
			case 1:
				wantW, up = k, up+1
			case -1:
				wantD, down = k, down+1
			default:
				other++
			}
		}
		want := up == 1 && down == 1 && other == 0
		w, d, ok := drawDiscard(&nh, &h)
		if ok != want || ok && (w != wantW || d != wantD) {
			t.Fatalf("%v → %v: drawDiscard %d %d %v, want %d %d %v", h, nh, w, d, ok, wantW, wantD, want)
		}
	})
}
