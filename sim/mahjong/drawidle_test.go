package mahjong

import (
	"testing"

	"gamelab/sim"
)

// TestDrawIdle: whenever drawIdle says a draw cannot help, the hand with
// the draw has a shanten no lower than the hand without it. Random hands
// of every size, crowded into one suit or onto the terminals and honors,
// some built around a three or four of a kind (where the no-fifth-copy
// rule bites): a million cases in all.
func TestDrawIdle(t *testing.T) {
	rng := sim.NewPCG(11)
	idle := 0
	for i := 0; i < 1_000_000; i++ {
		melds := rng.IntN(5)
		n := 13 - 3*melds
		var c [NumKinds]uint8
		if rng.IntN(4) == 0 { // a three or four of a kind
			k := rng.IntN(NumKinds)
			c[k] = uint8(3 + rng.IntN(2))
			if int(c[k]) > n {
				c[k] = uint8(n)
			}
		}
		for sum(&c) < n {
			k := rng.IntN(NumKinds)
			switch rng.IntN(4) {
			case 0:
				k = rng.IntN(9) // crowd one suit
			case 1:
				k = int(yaochuKinds[rng.IntN(len(yaochuKinds))]) // near kokushi
			}
			if c[k] < 4 {
				c[k]++
			}
		}
		k := Tile(rng.IntN(NumKinds))
		if c[k] == 4 {
			continue
		}
		before := Shanten(&c, melds)
		c[k]++
		var have uint64
		for j, x := range c {
			if x > 0 {
				have |= 1 << uint(j)
			}
		}
		if drawIdle(&c, have, k, melds) {
			idle++
			if after := Shanten(&c, melds); after < before {
				t.Fatalf("%v + %v (melds %d): shanten %d -> %d, but drawIdle", c, k, melds, before, after)
			}
		}
	}
	if idle < 50_000 {
		t.Fatalf("only %d idle draws: the test hardly tries drawIdle", idle)
	}
}

func sum(c *[NumKinds]uint8) int {
	n := 0
	for _, x := range c {
		n += int(x)
	}
	return n
}

// TestDrawIdleNeedsNoThree: the hand that made the three-of-a-kind rule
// necessary (1111m234p567p789p is 1-shanten; a lone 5z makes it tenpai).
func TestDrawIdleNeedsNoThree(t *testing.T) {
	c := mustCounts(t, "1111m234p567p789p")
	if got := Shanten(&c, 0); got != 1 {
		t.Fatalf("1111m234p567p789p: shanten %d, want 1", got)
	}
	c[27+4]++ // 5z
	if got := Shanten(&c, 0); got != 0 {
		t.Fatalf("with 5z: shanten %d, want 0", got)
	}
	var have uint64
	for j, x := range c {
		if x > 0 {
			have |= 1 << uint(j)
		}
	}
	if drawIdle(&c, have, 31, 0) {
		t.Fatal("drawIdle calls 5z idle next to 1111m")
	}
}
