package nostr

import (
	"slices"
	"strings"
	"testing"

	"gamelab/protocol/nostr/wire"
	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// doubleRonWall is the double-ron wall of the cross-check against the
// live server, in the server's debug order: P1 (join index 0, dealer)
// draws 1z and declares W riichi waiting on 1p/4p (平和 一気通貫, one dora
// 9m); P2 draws 9p and discards 4p; P3 waits on 4p too (役牌 白, 40 fu).
var doubleRonWall = mahjong.WallSpec{
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

// debugCommand writes a wall spec as the content of a debug command.
func debugCommand(t *testing.T, spec mahjong.WallSpec) wire.Command {
	t.Helper()
	raw, err := spec.Build(mahjong.Dihou(), 0)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("debug ")
	for _, id := range raw {
		b.WriteString(wire.TileString(id.Tile(false)))
	}
	c, ok := wire.ParseCommand(b.String())
	if !ok || c.Verb != "debug" {
		t.Fatalf("debug command %q not read", b.String())
	}
	return c
}

// TestRefereeDoubleRon replays the live server's double ron: P2's 4p is
// claimed by P1 and P3; the prompts go out in join order (P1 first) and
// P1 wins under 地鳳 rules even though P3's ron arrives first, paid
// W立直 一発 平和 一気通貫 ドラ, +19,000 as the live server paid. Under the
// turn-order rule P3 (first after the discarder) wins instead.
func TestRefereeDoubleRon(t *testing.T) {
	turn := mahjong.Dihou()
	turn.RonOrder = mahjong.RonTurnOrder
	for _, tc := range []struct {
		name   string
		rules  mahjong.Rules
		winner sim.Seat
		agari  string
		gain   string
	}{
		{"dihou", mahjong.Dihou(), 0, "NOTIFY agari nostr:" + testPlayers[0] + " 30 W立直,2 一発,1 ドラ,1 平和,1 一気通貫,2", "+ 19000"},
		{"turn-order", turn, 2, "NOTIFY agari nostr:" + testPlayers[2] + " 40 役牌,1", "+ 2300"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.rules.Winds = 1
			w, err := DebugWall(debugCommand(t, doubleRonWall).Tiles)
			if err != nil {
				t.Fatal(err)
			}
			tb, _ := NewTableWall(testPlayers, tc.rules, 1, &w)
			act := func(s sim.Seat, text string) []Out {
				t.Helper()
				c, ok := wire.ParseCommand(text)
				if !ok {
					t.Fatalf("%q not read", text)
				}
				out := tb.Act(s, c)
				for _, o := range out {
					if r, ok := o.Msg.(wire.Reply); ok {
						t.Fatalf("seat %d %q refused: %s", s, text, r.Text)
					}
				}
				return out
			}
			act(0, "sutehai? richi 1z")
			out := act(1, "sutehai? sutehai 4p")
			var asked []string
			for _, o := range out {
				if a, ok := o.Msg.(wire.AskNaku); ok {
					asked = append(asked, a.Player+" "+strings.Join(a.Options, " "))
				}
			}
			if want := []string{testPlayers[0] + " ron", testPlayers[2] + " ron"}; !slices.Equal(asked, want) {
				t.Fatalf("GET naku? sent to %q, want %q (join order)", asked, want)
			}
			if out := act(2, "naku? ron"); len(out) != 0 { // arrives first
				t.Fatalf("an answer while P1 has not answered: %v", out)
			}
			var lines []string
			for _, o := range act(0, "naku? ron") {
				lines = append(lines, wire.Render(o.Msg))
			}
			text := strings.Join(lines, "\n")
			winner := testPlayers[tc.winner]
			if !strings.Contains(text, tc.agari) || !strings.Contains(text, "NOTIFY point nostr:"+winner+" "+tc.gain) {
				t.Fatalf("want %q and %s for %s in\n%s", tc.agari, tc.gain, winner[:12], text)
			}
			if tb.Mismatches != 0 {
				t.Errorf("%d scorer mismatches", tb.Mismatches)
			}
		})
	}
}
