package nostr

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"gamelab/protocol/nostr/wire"
	"gamelab/sim/mahjong"
)

var (
	shapeNpub  = regexp.MustCompile(`nostr:npub1[0-9a-z]{58}`)
	shapeHand  = regexp.MustCompile(`(:mahjong_\w+:|[<>()])+`)
	shapeNum   = regexp.MustCompile(`[+-]?\d+`)
	shapeYakus = regexp.MustCompile(`(?m)^(\S+ \d+翻\n)+`)
	shapeLines = regexp.MustCompile(`(?m)(^P N\n)+`)
)

// summaryShape writes a result text with players, tile runs and numbers
// replaced, and runs of yaku lines and of "player number" lines folded.
func summaryShape(s string) string {
	s = shapeNpub.ReplaceAllString(s, "P")
	s = shapeHand.ReplaceAllString(s, "T")
	s = shapeYakus.ReplaceAllString(s, "Y\n")
	s = shapeNum.ReplaceAllString(s, "N")
	return strings.TrimRight(shapeLines.ReplaceAllString(s, "Ps\n"), "\n")
}

// TestSummariesLikeServer: the referee's result texts have the shape of
// the live server's in the recorded game: after a win the yaku, fu/han,
// value, changes, scores and the winning hand apart from its tile; after
// an exhaustive draw the changes, then every player's score, hand and
// river. A tsumo win shows the ron-table value (a non-dealer 30 fu 1 han
// tsumo pays 1,100 in all but is shown as 1000点, like the server).
func TestSummariesLikeServer(t *testing.T) {
	want := map[string]bool{}
	for _, e := range loadTranscript(t).Events {
		if m, err := wire.Parse(e.Content); err == nil {
			if _, ok := m.(wire.Summary); ok {
				want[summaryShape(e.Content)] = true
			}
		}
	}
	if len(want) != 2 {
		t.Fatalf("recorded game: %d summary shapes, want 2 (win, 荒牌平局): %q", len(want), keys(want))
	}
	r := mahjong.Dihou()
	r.Winds = 1
	seen := map[string]int{}
	ronTable := 0
	for seed := uint64(1); seed <= 40 && (len(seen) < 2 || ronTable == 0); seed++ {
		rng := rand.New(rand.NewPCG(seed, 3))
		bot := strategy(t, "efficiency")
		tb, out := NewTable(testPlayers, r, seed)
		var legal []mahjong.Action
		for step := 0; !tb.Done() && step < 5000; step++ {
			for _, o := range out {
				sum, ok := o.Msg.(wire.Summary)
				if !ok || (sum.Title != "荒牌平局" && !strings.Contains(sum.Text, "符")) {
					continue
				}
				seen[summaryShape(sum.Text)]++
				if strings.Contains(sum.Text, "30符1翻\n1000点") && strings.Contains(sum.Text, " +1100\n") {
					ronTable++
				}
			}
			if tb.Holding() {
				out, _ = tb.Next()
				continue
			}
			s := tb.State.Next()[0]
			legal = tb.State.Legal(s, legal[:0])
			v := tb.View(s)
			c, ok := ToCommand(bot.Decide(&v, legal, rng))
			if !ok {
				t.Fatal("no wire form")
			}
			out = tb.Act(s, c)
		}
	}
	for shape, n := range seen {
		if !want[shape] {
			t.Errorf("%d result texts of a shape the server never writes:\n%s\nserver's:\n%s", n, shape, strings.Join(keys(want), "\n--\n"))
		}
	}
	if len(seen) != 2 {
		t.Errorf("saw %d shapes, want a win and a draw", len(seen))
	}
	if ronTable == 0 {
		t.Error("no non-dealer 30 fu 1 han tsumo in 40 games to check the ron-table value")
	}
}

func keys(m map[string]bool) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// TestNagashiSummary: the server's nagashi text names the paid player with
// its hand and river, then every player's change, zero included, with no
// scores (mj_main.ts at the snapshot commit).
func TestNagashiSummary(t *testing.T) {
	tb, _ := NewTable(testPlayers, mahjong.Dihou(), 1)
	got := summaryShape(tb.nagashiSummary([4]int{-4000, 8000, -2000, -2000}))
	if want := "流し満貫\nP\nT\n\n\nPs"; got != want { // no discards yet: an empty river line
		t.Fatalf("shape %q, want %q", got, want)
	}
	text := tb.nagashiSummary([4]int{-4000, 8000, 0, -4000})
	if !strings.HasPrefix(text, "流し満貫\nnostr:"+testPlayers[1]+"\n") || !strings.Contains(text, "nostr:"+testPlayers[2]+" 0\n") ||
		!strings.Contains(text, "nostr:"+testPlayers[1]+" +8000\n") {
		t.Fatalf("text %q", text)
	}
}
