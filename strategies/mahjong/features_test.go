package mahjong

import (
	"fmt"
	"slices"
	"testing"

	"gamelab/sim/mahjong"
)

// featureView builds seat 0's view of a turn: the hand (drawn tile last),
// seat 1's river and the legal actions, all in notation.
func featureView(t testing.TB, hand, river1 string, legal ...string) (*mahjong.View, []mahjong.Action) {
	t.Helper()
	v := mahjong.NewView(0)
	ts, err := mahjong.ParseTiles(hand)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range ts {
		v.Hand[x]++
	}
	v.Drawn = ts[len(ts)-1]
	rs, err := mahjong.ParseTiles(river1)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range rs {
		v.Rivers[1].Tiles[v.Rivers[1].N] = x
		v.Rivers[1].N++
	}
	v.Recount()
	var as []mahjong.Action
	for _, s := range legal {
		a, err := mahjong.ParseAction(s)
		if err != nil {
			t.Fatal(err)
		}
		as = append(as, a)
	}
	return &v, as
}

// Shanten and ukeire per legal action are those of sim/mahjong.Ukeire for
// the hand less the action's tile, less the tiles seen in the rivers; red
// fives count as fives; actions that discard nothing get -1.
func TestDescribeDecisionShantenAndUkeire(t *testing.T) {
	for _, c := range []struct {
		name, hand, river string
		legal             []string
		shanten, ukeire   []int32
		hand5p            int32
		red               []bool
	}{
		{"19 tiles after 1z", "23m456p789s1z2z5z6z55s", "", []string{"discard 1z", "discard 2m", "discard 5s"}, []int32{2, 3, 3}, []int32{19, 33, 38}, 1, []bool{false, false, false}},
		{"a seen 4m is one fewer", "23m456p789s1z2z5z6z55s", "4m", []string{"discard 1z"}, []int32{2}, []int32{18}, 1, []bool{false, false, false}},
		{"red five and riichi", "23m406p789s1z2z5z6z55s", "", []string{"discard 1z", "riichi 0p", "tsumo"}, []int32{2, 3, -1}, []int32{19, 26, -1}, 1, []bool{false, true, false}},
	} {
		t.Run(c.name, func(t *testing.T) {
			v, legal := featureView(t, c.hand, c.river, c.legal...)
			phase, f := DescribeDecision(v, legal)
			if phase != "turn" {
				t.Errorf("phase %q", phase)
			}
			c4 := v.Counts()
			var vis [34]uint8
			for _, x := range v.Rivers[1].Slice() {
				vis[x.Kind()]++
			}
			for i, a := range legal {
				if a.Kind != mahjong.ActDiscard && a.Kind != mahjong.ActRiichi {
					continue
				}
				for _, acc := range mahjong.Ukeire(&c4, 0, &vis, nil) {
					if acc.Tile == a.Tile.Kind() && (int32(acc.Shanten) != f.DiscardShanten[i] || int32(acc.Count) != f.DiscardUkeire[i]) {
						t.Errorf("%v: features %d/%d, Ukeire %d/%d", a, f.DiscardShanten[i], f.DiscardUkeire[i], acc.Shanten, acc.Count)
					}
				}
			}
			if want := c.ukeire; !slices.Equal(f.DiscardUkeire, want) || !slices.Equal(f.DiscardShanten, c.shanten) {
				t.Errorf("shanten %v ukeire %v, want %v %v", f.DiscardShanten, f.DiscardUkeire, c.shanten, want)
			}
			if f.Hand[13] != c.hand5p || !slices.Equal(f.RedFives, c.red) || len(f.Hand) != 34 {
				t.Errorf("hand %v red %v", f.Hand, f.RedFives)
			}
			if f.Shanten != 2 || f.Drawn != int32(mahjong.S1+4) || len(f.Seats) != 4 || len(f.Seats[1].River) != len(c.river)/2 {
				t.Errorf("shanten %d drawn %d seats %+v", f.Shanten, f.Drawn, f.Seats)
			}
		})
	}
}

func ExampleDescribeDecision() {
	v := mahjong.NewView(0)
	ts, _ := mahjong.ParseTiles("23m456p789s1z2z5z6z55s")
	for _, x := range ts {
		v.Hand[x]++
	}
	v.Drawn = ts[len(ts)-1]
	legal := []mahjong.Action{{Kind: mahjong.ActDiscard, Tile: mahjong.East}, {Kind: mahjong.ActDiscard, Tile: mahjong.M1 + 1}}
	phase, f := DescribeDecision(&v, legal)
	fmt.Println(phase, f.Hand[:9], f.Shanten, f.DiscardShanten, f.DiscardUkeire)
	// Output: turn [0 1 1 0 0 0 0 0 0] 2 [2 3] [19 33]
}

// DescribeDecision runs once per recorded decision (only with
// --decisions): a 14-tile turn with 13 legal discards and a riichi.
func BenchmarkDescribeDecision(b *testing.B) {
	v, legal := featureView(b, "23m406p789s1z2z5z6z55s", "4m1z",
		"discard 2m", "discard 3m", "discard 4p", "discard 0p", "discard 6p", "discard 7s", "discard 8s", "discard 9s",
		"discard 1z", "discard 2z", "discard 5z", "discard 6z", "discard 5s", "riichi 5s")
	DescribeDecision(v, legal) // builds the shanten tables once
	b.ReportAllocs()
	for b.Loop() {
		DescribeDecision(v, legal)
	}
}

// South 2 with seat 3 dealing: seat 0 sits south.
func TestDescribeDecisionWinds(t *testing.T) {
	v, legal := featureView(t, "23m456p789s1z2z5z6z55s", "", "discard 1z")
	v.Round, v.Dealer = 5, 3
	_, f := DescribeDecision(v, legal)
	if f.Round != 5 || f.RoundWind != 1 || f.HandNumber != 2 || f.SeatWind != 1 || f.Dealer != 3 {
		t.Errorf("round %d wind %d hand %d seat wind %d dealer %d", f.Round, f.RoundWind, f.HandNumber, f.SeatWind, f.Dealer)
	}
}
