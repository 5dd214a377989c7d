package mahjong

import (
	"strings"
	"testing"

	"gamelab/sim"
)

// W riichi counts after another seat's call under 地鳳 rules only.
func TestDoubleRiichiAfterCall(t *testing.T) {
	spec := WallSpec{Hands: [4]string{
		"1z2m3m5m6m8p8p9p3s5s6s8s9s", "4z4z5z6z7z1m9m1p9p1s9s2p3p", "1z1z2z3z4m5m6m7p8p9p4s5s6s", "123m456p789s123s5z",
	}, Draws: "7m9m"}
	for _, tc := range []struct {
		rules Rules
		w     bool
	}{{Dihou(), true}, {Tenhou(), false}} {
		t.Run(tc.rules.Name, func(t *testing.T) {
			s := fixed(t, tc.rules, spec)
			do(t, s, 0, "discard 1z")
			do(t, s, 2, "pon 1z 1z")
			passRest(t, s)
			do(t, s, 2, "discard 2z")
			passRest(t, s)
			do(t, s, 3, "riichi 9m")
			if got := s.seats[3].doubleRiichi; got != tc.w {
				t.Fatalf("double riichi after a call = %v, want %v", got, tc.w)
			}
		})
	}
}

// Riichi ankan: 地鳳 allows it when the waits change (1112m waits 2m/3m;
// after ankan 1m only 2m), Tenhou does not.
func TestRiichiAnkanChangingWaits(t *testing.T) {
	spec := WallSpec{Hands: [4]string{"1112m456p789s123s", "", "", ""}, Draws: "9p2z3z4z1m"}
	for _, tc := range []struct {
		rules Rules
		ok    bool
	}{{Dihou(), true}, {Tenhou(), false}} {
		t.Run(tc.rules.Name, func(t *testing.T) {
			s := fixed(t, tc.rules, spec)
			do(t, s, 0, "riichi 9p")
			passRest(t, s)
			for seat := sim.Seat(1); seat < 4; seat++ {
				do(t, s, seat, "discard "+s.drawn.String())
				passRest(t, s)
			}
			if s.turn != 0 || s.drawn != M1 {
				t.Fatalf("turn %d drew %v", s.turn, s.drawn)
			}
			if has(s, 0, "ankan 1m") != tc.ok {
				t.Fatalf("riichi ankan changing the waits legal = %v, want %v", !tc.ok, tc.ok)
			}
		})
	}
}

// Nagashi mangan: seat 1 discards only terminals and honors, none called.
// 地鳳 pays the mangan plus the pot, keeps the pot on the table and rotates
// the dealer; Tenhou pays the mangan only.
func TestNagashiMangan(t *testing.T) {
	yao := []string{"1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"}
	simple := []string{"2m", "3m", "4m", "5m", "6m", "7m", "8m", "2p", "3p", "4p", "6p", "7p", "8p", "2s", "3s", "4s", "6s", "7s", "8s"}
	var draws strings.Builder
	used := map[string]int{}
	yi, si := 0, 0
	for i := 0; i < LiveTiles; i++ {
		var t string
		if i%4 == 1 {
			for {
				t = yao[yi%len(yao)]
				yi++
				if used[t] < 2 {
					break
				}
			}
		} else {
			for {
				t = simple[si%len(simple)]
				si++
				if used[t] < 3 {
					break
				}
			}
		}
		used[t]++
		draws.WriteString(t)
	}
	spec := WallSpec{Draws: draws.String()} // the hands get what is left
	for _, tc := range []struct {
		rules       Rules
		gain        int
		sticksAfter int
		nextRound   int // -1: depends on the dealer's tenpai
	}{{Dihou(), 8000 + 1000, 1, 1}, {Tenhou(), 8000, 1, -1}} {
		t.Run(tc.rules.Name, func(t *testing.T) {
			r := tc.rules
			raw, err := spec.Build(r, 0)
			if err != nil {
				t.Fatal(err)
			}
			var st Start
			for i := range st.Scores {
				st.Scores[i] = 25000
			}
			st.Scores[0] -= 1000
			st.Sticks = 1
			s := NewFrom(r, 1, func(n, round, honba int) [136]TileID {
				if n == 0 {
					return raw
				}
				return SeedWall(1, round, honba)
			}, st)
			for s.handCount == 1 && !s.Done() {
				if s.phase != phaseTurn {
					passRest(t, s)
					continue
				}
				do(t, s, s.turn, "discard "+s.drawn.String())
			}
			d := eventsOf(s, 0, EvExhaustive)
			if len(d) != 1 || DrawReason(d[0].Value) != DrawNagashi {
				t.Fatalf("draw events %v", d)
			}
			var got int
			for _, e := range eventsOf(s, 0, EvPoints) {
				if e.Seat == 1 {
					got += int(e.Value)
				}
			}
			if got != tc.gain {
				t.Fatalf("seat 1 gained %d, want %d", got, tc.gain)
			}
			round, _, sticks := s.Round()
			if sticks != tc.sticksAfter {
				t.Fatalf("sticks after %d, want %d", sticks, tc.sticksAfter)
			}
			if tc.nextRound >= 0 && round != tc.nextRound {
				t.Fatalf("next round %d, want %d", round, tc.nextRound)
			}
			if err := checkInvariants(s); err != nil { // points + sticks − minted conserved
				t.Fatal(err)
			}
		})
	}
}

// A kokushi tenpai may rob an ankan under Tenhou rules, never under 地鳳.
func TestKokushiRobsAnkan(t *testing.T) {
	spec := WallSpec{Hands: [4]string{"111m2345678m234p", "9m9m19p19s1234567z", "", ""}, Draws: "1m"}
	for _, tc := range []struct {
		rules Rules
		rob   bool
	}{{Tenhou(), true}, {Dihou(), false}} {
		t.Run(tc.rules.Name, func(t *testing.T) {
			s := fixed(t, tc.rules, spec)
			do(t, s, 0, "ankan 1m")
			robbed := s.phase == phaseChankan && has(s, 1, "ron")
			if robbed != tc.rob {
				t.Fatalf("kokushi may rob the ankan: %v, want %v", robbed, tc.rob)
			}
			if !tc.rob {
				if !s.rinshan || s.turn != 0 {
					t.Fatal("the ankan did not go on to the rinshan draw")
				}
				return
			}
			// declining lets the kan go on: kan dora, rinshan draw
			s2 := fixed(t, tc.rules, spec)
			do(t, s2, 0, "ankan 1m")
			passRest(t, s2)
			if !s2.rinshan || s2.turn != 0 || s2.nDora != 2 {
				t.Fatalf("after a declined rob: rinshan %v turn %d dora %d", s2.rinshan, s2.turn, s2.nDora)
			}
			do(t, s, 1, "ron")
			w := eventsOf(s, 0, EvWin)
			if len(w) != 1 || w[0].Seat != 1 || w[0].Yakuman != 1 {
				t.Fatalf("wins %v", w)
			}
		})
	}
}

// A chankan win counts the robbed kakan's kan dora under 地鳳 (spec 3.1:
// "Chankan wins count the new kan dora"); under Tenhou no dora is shown.
func TestChankanKanDora(t *testing.T) {
	spec := WallSpec{
		Hands: [4]string{
			"7s7s1m2m3m4m5m6m1p2p3p9p9p", // seat 0: pons 7s, later adds the fourth
			"7s1z1z2z2z3z3z4z4z5z5z6z6z", // seat 1: discards 7s
			"5s6s2m3m4m5p6p7p8p8p8p9s9s", // seat 2: waits 4s-7s, no yaku but chankan
			"1s1s2s2s3s3s8m8m9m9m7z7z7m", // seat 3
		},
		Draws: "7z8s8s1p2p7s",
	}
	for _, tc := range []struct {
		rules Rules
		dora  int // indicators shown after the chankan
	}{{Dihou(), 2}, {Tenhou(), 1}} {
		t.Run(tc.rules.Name, func(t *testing.T) {
			s := fixed(t, tc.rules, spec)
			do(t, s, 0, "discard 7z")
			passRest(t, s)
			do(t, s, 1, "discard 7s")
			do(t, s, 0, "pon 7s 7s")
			passRest(t, s)
			do(t, s, 0, "discard 9p")
			passRest(t, s)
			for seat := sim.Seat(1); seat <= 3; seat++ {
				do(t, s, seat, "discard "+s.drawn.String())
				passRest(t, s)
			}
			do(t, s, 0, "kakan 7s")
			if !has(s, 2, "ron") {
				t.Fatal("seat 2 may not rob the kakan")
			}
			do(t, s, 2, "ron")
			// Dora indicators shown in this hand, up to the win (the
			// next hand starts right after it).
			shown, won := 0, false
			for _, e := range s.Events() {
				if e.Kind == EvDora && e.Flags&FlagUra == 0 {
					shown++
				}
				if e.Kind == EvWin {
					if e.Seat != 2 {
						t.Fatalf("seat %d won, want 2", e.Seat)
					}
					won = true
					break
				}
			}
			if !won || shown != tc.dora {
				t.Fatalf("won %v with %d dora indicators shown, want %d", won, shown, tc.dora)
			}
		})
	}
}
