package mahjong

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"gamelab/sim"
)

// fixed starts a game whose first hand uses spec (dealer seat 0); later
// hands use seeded walls.
func fixed(t *testing.T, r Rules, spec WallSpec) *State {
	t.Helper()
	raw, err := spec.Build(r, 0)
	if err != nil {
		t.Fatal(err)
	}
	return NewWithWalls(r, 1, func(n, round, honba int) [136]TileID {
		if n == 0 {
			return raw
		}
		return SeedWall(1, round, honba)
	})
}

// do applies "seat: action" and fails the test if it is refused.
func do(t *testing.T, s *State, seat sim.Seat, action string) {
	t.Helper()
	a, err := ParseAction(action)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(seat, a); err != nil {
		t.Fatalf("seat %d %q: %v (legal %v)", seat, action, err, s.Legal(seat, nil))
	}
}

// passRest answers pass for every seat still asked to claim.
func passRest(t *testing.T, s *State) {
	t.Helper()
	for s.phase == phaseClaim || s.phase == phaseChankan {
		do(t, s, s.Next()[0], "pass")
	}
}

func has(s *State, seat sim.Seat, action string) bool {
	a, err := ParseAction(action)
	if err != nil {
		panic(err)
	}
	return slices.Contains(s.Legal(seat, nil), a)
}

// events of kind k since index from.
func eventsOf(s *State, from int, k EventKind) []Event {
	var out []Event
	for _, e := range s.Events()[from:] {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// Hands for the ron scenarios: seats 1, 2 and 3 all wait on 5p (tanyao,
// tanki); the dealer draws 3z and discards 5p.
var ronSpec = WallSpec{
	Hands: [4]string{
		"111m999m111s99s2z5p",
		"234567m234p678s5p",
		"345678m345s678p5p",
		"1z1z2z3z3z4z4z5z6z7z1p9p9p",
	},
	Draws: "3z",
}

func TestRonPriority(t *testing.T) {
	for _, tc := range []struct {
		rules Rules
		wins  []sim.Seat
	}{
		{Dihou(), []sim.Seat{1}},     // no double ron: seat 1 is first in turn and in join order
		{Tenhou(), []sim.Seat{1, 2}}, // double ron
	} {
		t.Run(tc.rules.Name, func(t *testing.T) {
			s := fixed(t, tc.rules, ronSpec)
			from := len(s.Events())
			do(t, s, 0, "discard 5p")
			if got := s.Next(); !slices.Equal(got, []sim.Seat{1, 2}) {
				t.Fatalf("asked %v, want [1 2]", got)
			}
			do(t, s, 2, "ron") // the later seat answers first
			do(t, s, 1, "ron")
			var won []sim.Seat
			for _, e := range eventsOf(s, from, EvWin) {
				won = append(won, e.Seat)
			}
			if !slices.Equal(won, tc.wins) {
				t.Fatalf("winners %v, want %v", won, tc.wins)
			}
		})
	}
}

// doubleRonSpec is the double-ron wall of the 地鳳 cross-check: the dealer
// (seat 0) declares W riichi with 1z, waiting on 1p/4p for 平和 一気通貫
// with one dora (9m); seat 1 discards 4p on its first turn; seat 2 waits
// on 4p too (役牌 白, 40 fu). Seat 2 comes first in turn order after seat
// 1, seat 0 first in join order.
var doubleRonSpec = WallSpec{
	Hands: [4]string{
		"123456789m23p55s",
		"11p99s2z3z4z6z7z78p1s4p",
		"555z234m678s345s4p",
		"22z33z44z66z1p9m5m56p",
	},
	Draws: "1z9p",
	Dora:  "8m",
	Ura:   "7s",
}

// TestRonOrder: without double ron, 地鳳 (RonJoinOrder) gives a tile two
// seats ron to the lower seat index, the turn-order rule to the first
// claimant after the discarder, whatever order the answers come in.
func TestRonOrder(t *testing.T) {
	turn := Dihou()
	turn.RonOrder = RonTurnOrder
	for _, tc := range []struct {
		name   string
		rules  Rules
		winner sim.Seat
		gain   int32
	}{
		{"dihou-join", Dihou(), 0, 19000}, // W立直 一発 平和 一気通貫 ドラ: dealer haneman + the stick
		{"turn", turn, 2, 2300},           // 役牌 40 fu 1300 + seat 0's stick
	} {
		for _, first := range []sim.Seat{0, 2} {
			t.Run(fmt.Sprintf("%s/seat%d-answers-first", tc.name, first), func(t *testing.T) {
				s := fixed(t, tc.rules, doubleRonSpec)
				do(t, s, 0, "riichi 1z")
				do(t, s, 1, "discard 4p")
				if got := s.Next(); !slices.Equal(got, []sim.Seat{2, 0}) {
					t.Fatalf("asked %v, want [2 0]", got)
				}
				from := len(s.Events())
				do(t, s, first, "ron")
				do(t, s, 2-first, "ron")
				wins := eventsOf(s, from, EvWin)
				if len(wins) != 1 || wins[0].Seat != tc.winner {
					t.Fatalf("wins %v, want one by seat %d", wins, tc.winner)
				}
				var gain int32
				for _, e := range eventsOf(s, from, EvPoints) {
					if e.Seat == tc.winner {
						gain += e.Value
					}
				}
				if gain != tc.gain {
					t.Errorf("seat %d gains %d, want %d", tc.winner, gain, tc.gain)
				}
			})
		}
	}
}

func TestThreeRonAbort(t *testing.T) {
	for _, tc := range []struct {
		rules        Rules
		last         string // seat 3's 5p (Tenhou has one red 5p)
		round, honba int
	}{
		{Dihou(), "5p", 1, 1},  // the dealer dealt in: the deal rotates
		{Tenhou(), "0p", 0, 1}, // abortive draws keep the dealer
	} {
		t.Run(tc.rules.Name, func(t *testing.T) {
			spec := ronSpec
			spec.Hands[3] = "234m678p234s678s" + tc.last
			s := fixed(t, tc.rules, spec)
			do(t, s, 0, "discard 5p")
			for _, seat := range []sim.Seat{1, 2, 3} {
				do(t, s, seat, "ron")
			}
			if len(eventsOf(s, 0, EvWin)) != 0 {
				t.Fatal("a win after three rons")
			}
			if d := eventsOf(s, 0, EvExhaustive); len(d) != 1 || DrawReason(d[0].Value) != DrawThreeRon {
				t.Fatalf("draw events %v", d)
			}
			if r, h, _ := s.Round(); r != tc.round || h != tc.honba {
				t.Fatalf("next hand round %d honba %d, want %d %d", r, h, tc.round, tc.honba)
			}
		})
	}
}

func TestFourWinds(t *testing.T) {
	spec := WallSpec{Hands: [4]string{
		"1z123m789p789s22z3z", "1z123m789p789s33z4z", "1z234m678p123s44z5z", "1z234m678p123s55z6z",
	}, Draws: "9m9m9m9p"}
	for _, tc := range []struct {
		rules        Rules
		round, honba int
	}{{Dihou(), 1, 1}, {Tenhou(), 0, 1}} {
		t.Run(tc.rules.Name, func(t *testing.T) {
			s := fixed(t, tc.rules, spec)
			for seat := sim.Seat(0); seat < 4; seat++ {
				do(t, s, seat, "discard 1z")
				if seat < 3 {
					passRest(t, s)
				}
			}
			if d := eventsOf(s, 0, EvExhaustive); len(d) != 1 || DrawReason(d[0].Value) != DrawFourWinds {
				t.Fatalf("draw events %v", d)
			}
			if r, h, _ := s.Round(); r != tc.round || h != tc.honba {
				t.Fatalf("next hand round %d honba %d, want %d %d", r, h, tc.round, tc.honba)
			}
		})
	}
}

func TestKuikae(t *testing.T) {
	spec := WallSpec{Hands: [4]string{
		"3m1z1z2z2z3z3z4z4z5z5z6z6z", "45m36m1p5p9p1s5s9s7z7z7z", "", "",
	}, Draws: "9p"}
	for _, tc := range []struct {
		rules Rules
		ban   bool
	}{{Dihou(), false}, {Tenhou(), true}} {
		t.Run(tc.rules.Name, func(t *testing.T) {
			s := fixed(t, tc.rules, spec)
			do(t, s, 0, "discard 3m")
			do(t, s, 1, "chi 4m 5m")
			passRest(t, s)
			for _, d := range []string{"discard 3m", "discard 6m"} {
				if has(s, 1, d) == tc.ban {
					t.Errorf("%s legal = %v after chi 3m with 4m5m", d, !tc.ban)
				}
			}
			if !has(s, 1, "discard 1p") {
				t.Error("discard 1p not legal")
			}
		})
	}
}

func TestRiichiPoints(t *testing.T) {
	// The dealer is tenpai (1m/4m) from the deal with 500 points.
	spec := WallSpec{Hands: [4]string{"23m456p789s123s55z"}, Draws: "9m"}
	for _, tc := range []struct {
		rules Rules
		ok    bool
	}{{Dihou(), true}, {Tenhou(), false}} {
		t.Run(tc.rules.Name, func(t *testing.T) {
			r := tc.rules
			r.StartPoints = 500
			s := fixed(t, r, spec)
			if has(s, 0, "riichi 9m") != tc.ok {
				t.Fatalf("riichi with 500 points legal = %v", !tc.ok)
			}
			r.StartPoints = 25000
			if s := fixed(t, r, spec); !has(s, 0, "riichi 9m") {
				t.Fatal("riichi with 25000 points refused")
			}
		})
	}
}

func TestNineKinds(t *testing.T) {
	spec := WallSpec{Hands: [4]string{"19m19p19s1234z55m6p"}, Draws: "7z"}
	if s := fixed(t, Tenhou(), spec); !has(s, 0, "ninekinds") {
		t.Fatal("tenhou: nine kinds not offered")
	}
	if s := fixed(t, Dihou(), spec); has(s, 0, "ninekinds") {
		t.Fatal("dihou: nine kinds offered")
	}
	s := fixed(t, Tenhou(), spec)
	do(t, s, 0, "ninekinds")
	if d := eventsOf(s, 0, EvExhaustive); len(d) != 1 || DrawReason(d[0].Value) != DrawNineKinds {
		t.Fatalf("draw events %v", d)
	}
}

func TestFuriten(t *testing.T) {
	// Seat 1 waits on 2p/5p (tanyao). If it draws 2p and discards it, it
	// is furiten and may not ron seat 2's 5p; discarding a drawn 1z keeps
	// the ron.
	for _, tc := range []struct {
		draw string
		ron  bool
	}{{"2p", false}, {"1z", true}} {
		t.Run(tc.draw, func(t *testing.T) {
			spec := WallSpec{Hands: [4]string{
				"1z2z2z3z3z4z4z5z6z7z1s9s9m", "234567m678s34p55s", "19m19p19s1234z67z7z", "",
			}, Draws: "9p" + tc.draw + "5p"}
			s := fixed(t, Tenhou(), spec)
			do(t, s, 0, "discard 9p")
			passRest(t, s)
			do(t, s, 1, "discard "+tc.draw)
			passRest(t, s)
			do(t, s, 2, "discard 5p")
			asked := slices.Contains(s.Next(), 1) && has(s, 1, "ron")
			if asked != tc.ron {
				t.Fatalf("after discarding %s seat 1 may ron 5p: %v, want %v", tc.draw, asked, tc.ron)
			}
		})
	}
}

func TestIllegalRefused(t *testing.T) {
	s := fixed(t, Tenhou(), ronSpec)
	before := len(s.Events())
	err := s.Apply(1, Action{Kind: ActDiscard, Tile: 0})
	if !errors.Is(err, ErrNotYourTurn) {
		t.Fatalf("out of turn: %v", err)
	}
	err = s.Apply(0, Action{Kind: ActDiscard, Tile: Red})
	if !errors.Is(err, ErrIllegalAction) {
		t.Fatalf("tile not held: %v", err)
	}
	if len(s.Events()) != before {
		t.Fatal("a refused action emitted events")
	}
}
