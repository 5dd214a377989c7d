package mahjong

import (
	"testing"

	"gamelab/sim"

	"pgregory.net/rapid"
)

// Properties over random games driven by rapid: 136 tiles accounted for,
// legal tile counts, points + sticks conserved (except the 地鳳 nagashi
// quirk, which duplicates the pot), every legal action accepted, and
// folding the events equals each seat's View.
func TestPropertiesRapid(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		r := Tenhou()
		if rapid.Bool().Draw(rt, "dihou") {
			r = Dihou()
		}
		s := New(r, rapid.Uint64().Draw(rt, "seed"))
		var fc foldChecker
		var legal []Action
		for steps := 0; !s.Done() && steps < 400; steps++ {
			next := s.Next()
			seat := next[rapid.IntRange(0, len(next)-1).Draw(rt, "who")]
			legal = s.Legal(seat, legal[:0])
			a := legal[rapid.IntRange(0, len(legal)-1).Draw(rt, "action")]
			if err := s.Apply(seat, a); err != nil {
				rt.Fatalf("legal %v refused: %v", a, err)
			}
			if err := fc.check(s); err != nil {
				rt.Fatal(err)
			}
		}
	})
}

// Walls depend only on (seed, round, honba): never on the players.
func TestWallsIndependentOfPlay(t *testing.T) {
	a := New(Dihou(), 5)
	b := New(Dihou(), 5)
	if a.DealtIDs(0) != b.DealtIDs(0) {
		t.Fatal("same seed, different deal")
	}
	w1, w2 := SeedWall(5, 0, 0), SeedWall(5, 0, 1)
	if w1 == w2 {
		t.Fatal("honba does not change the wall")
	}
	seen := [136]bool{}
	for _, id := range w1 {
		if seen[id] {
			t.Fatalf("id %d twice", id)
		}
		seen[id] = true
	}
	_ = sim.NoSeat
}
