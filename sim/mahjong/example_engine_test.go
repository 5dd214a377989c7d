package mahjong_test

import (
	"fmt"
	"testing"

	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// A game played by always taking the first legal action; every seat's
// View is the fold of the events it may see.
func ExampleNew() {
	r := mahjong.Dihou()
	r.Winds = 1 // 東風戦
	s := mahjong.New(r, 42)
	view := mahjong.NewView(0)
	seen := 0
	var legal []mahjong.Action
	for !s.Done() {
		seat := s.Next()[0]
		legal = s.Legal(seat, legal[:0])
		if err := s.Apply(seat, legal[0]); err != nil {
			panic(err)
		}
		for _, e := range s.Events()[seen:] {
			if e, ok := e.For(0); ok {
				view.Apply(e)
			}
		}
		seen = len(s.Events())
	}
	fmt.Println(view == s.View(0), s.Result().Score)
	// Output: true [24000 24000 30400 21600]
}

func ExampleParseAction() {
	for _, text := range []string{"discard 0m", "sutehai? richi 3p", "chi 4m 5m", "naku? no"} {
		a, err := mahjong.ParseAction(text)
		fmt.Println(a, err)
	}
	// Output:
	// discard 0m <nil>
	// riichi 3p <nil>
	// chi 4m 5m <nil>
	// pass <nil>
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"discard 1m", "pon 5m 0m", "tsumo", "naku? chi 3s 4s", "riichi", "kan 1m"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := mahjong.ParseAction(s)
		if err != nil {
			return
		}
		b, err := mahjong.ParseAction(a.String())
		if err != nil || a != b {
			t.Fatalf("%q -> %v -> %v, %v", s, a, b, err)
		}
	})
}

var _ = sim.NoSeat

// A self-play loop that already found its action in the list Legal
// returned can hand its index to ApplyAt, which skips the scan Apply makes;
// a stale list or a wrong index falls back to Apply's full check.
func ExampleState_ApplyAt() {
	s := mahjong.New(mahjong.Tenhou(), 7)
	var legal []mahjong.Action
	steps := 0
	for !s.Done() {
		seat := s.Next()[0]
		legal = s.Legal(seat, legal[:0])
		i := len(legal) - 1 // any index into legal
		if err := s.ApplyAt(seat, legal[i], i); err != nil {
			panic(err)
		}
		steps++
	}
	bad := s.ApplyAt(0, legal[0], 0) // the game is over: refused as Apply refuses it
	fmt.Println(steps > 0, bad != nil)
	// Output: true true
}
