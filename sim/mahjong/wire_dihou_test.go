package mahjong

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gamelab/sim"
)

// A whole 東風戦 against the live 地鳳 server (testdata/dihou): every hand
// is played in the engine under Dihou() (Winds = 1) from walls rebuilt
// from the wire lines (haipai, tsumo, dora), checking every draw, that
// every logged action is legal, every NOTIFY point delta and the final
// scores.

type wireLine struct {
	kind string   // NOTIFY word: haipai, tsumo, sutehai, say, dora, point, …
	who  int      // join index of the player named, -1 if none
	args []string // the rest
}

var npubRe = regexp.MustCompile(`nostr:(npub1[a-z0-9]+)`)

func readWire(t *testing.T) ([]wireLine, map[string]int) {
	f, err := os.Open("testdata/dihou/dihou-wire-game.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	players := map[string]int{}
	var out []wireLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	legend := regexp.MustCompile(`^#\s+(npub1[a-z0-9]+) = player(\d)`)
	for sc.Scan() {
		line := sc.Text()
		if m := legend.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[2])
			players[m[1]] = n - 1
			continue
		}
		if strings.HasPrefix(line, "# PART B") {
			break
		}
		i := strings.Index(line, "NOTIFY ")
		if i < 0 {
			continue
		}
		f := strings.Fields(line[i+len("NOTIFY "):])
		wl := wireLine{kind: f[0], who: -1}
		for _, x := range f[1:] {
			if m := npubRe.FindStringSubmatch(x); m != nil && wl.who < 0 {
				if p, ok := players[m[1]]; ok {
					wl.who = p
					continue
				}
			}
			wl.args = append(wl.args, x)
		}
		out = append(out, wl)
	}
	return out, players
}

func TestDihouWireGame(t *testing.T) {
	lines, players := readWire(t)
	if len(players) != 4 {
		t.Fatalf("players %v", players)
	}
	// Split into hands at kyokustart; rebuild each wall.
	type hand struct {
		dealer int
		lines  []wireLine
		spec   WallSpec
	}
	var hands []hand
	for _, l := range lines {
		if l.kind == "kyokustart" {
			hands = append(hands, hand{dealer: l.who})
		}
		if len(hands) > 0 {
			hands[len(hands)-1].lines = append(hands[len(hands)-1].lines, l)
		}
	}
	if len(hands) != 7 {
		t.Fatalf("%d hands", len(hands))
	}
	first := hands[0].dealer
	seatOf := func(join int) sim.Seat { return sim.Seat((join - first + 4) % 4) }
	for hi := range hands {
		h := &hands[hi]
		var draws, dora, ura strings.Builder
		afterWin := false
		for _, l := range h.lines {
			switch l.kind {
			case "haipai":
				h.spec.Hands[seatOf(l.who)] = l.args[0]
			case "tsumo":
				draws.WriteString(l.args[1])
			case "say":
				if l.args[0] == "ron" || l.args[0] == "tsumo" {
					afterWin = true
				}
			case "dora":
				if afterWin {
					ura.WriteString(l.args[0])
				} else {
					dora.WriteString(l.args[0])
				}
			}
		}
		h.spec.Draws, h.spec.Dora, h.spec.Ura = draws.String(), dora.String(), ura.String()
	}
	r := Dihou()
	r.Winds = 1
	var buildErr error
	s := NewWithWalls(r, 1, func(n, round, honba int) [136]TileID {
		if n >= len(hands) {
			buildErr = fmt.Errorf("engine starts hand %d, the game had %d", n+1, len(hands))
			return SeedWall(1, round, honba)
		}
		w, err := hands[n].spec.Build(r, round%4)
		if err != nil {
			buildErr = err
		}
		return w
	})
	for hi, h := range hands {
		if buildErr != nil {
			t.Fatal(buildErr)
		}
		fail := func(i int, f string, args ...any) {
			t.Helper()
			t.Fatalf("hand %d line %d (%s %v): %s", hi+1, i, h.lines[i].kind, h.lines[i].args, fmt.Sprintf(f, args...))
		}
		start := len(s.Events())
		var want [4]int
		riichi := -1
		passAll := func(i int, except sim.Seat, a Action) {
			if s.phase != phaseClaim && s.phase != phaseChankan {
				if except != sim.NoSeat {
					fail(i, "seat %d not asked", except)
				}
				return
			}
			for _, x := range append([]sim.Seat(nil), s.Next()...) {
				b := Action{Kind: ActPass}
				if x == except {
					b = a
				}
				if err := s.Apply(x, b); err != nil {
					fail(i, "seat %d %v: %v", x, b, err)
				}
			}
		}
		for i, l := range h.lines {
			switch l.kind {
			case "kyokustart":
				if int(s.Dealer()) != int(seatOf(l.who)) {
					fail(i, "engine dealer %d", s.Dealer())
				}
				honba, _ := strconv.Atoi(l.args[1])
				pot, _ := strconv.Atoi(l.args[2])
				if _, hb, st := s.Round(); hb != honba || st*1000 != pot {
					fail(i, "engine honba %d sticks %d", hb, st)
				}
			case "point":
				n, _ := strconv.Atoi(l.args[1])
				switch l.args[0] {
				case "=":
					if got := s.Scores()[seatOf(l.who)]; int(got) != n {
						fail(i, "engine score %d", got)
					}
				case "+":
					want[seatOf(l.who)] += n
				case "-":
					want[seatOf(l.who)] -= n
				}
			case "tsumo":
				passAll(i, sim.NoSeat, Action{})
				tile, _ := ParseTile(l.args[1])
				if s.turn != seatOf(l.who) || s.drawn != tile {
					fail(i, "engine: seat %d drew %v", s.turn, s.drawn)
				}
			case "say":
				switch l.args[0] {
				case "richi":
					riichi = l.who
				case "ron":
					passAll(i, seatOf(l.who), Action{Kind: ActRon})
				case "tsumo":
					if err := s.Apply(seatOf(l.who), Action{Kind: ActTsumo}); err != nil {
						fail(i, "%v (legal %v)", err, s.Legal(seatOf(l.who), nil))
					}
				}
			case "sutehai":
				tile, _ := ParseTile(l.args[0])
				a := Action{Kind: ActDiscard, Tile: tile}
				if riichi == l.who {
					a.Kind = ActRiichi
					riichi = -1
				}
				if err := s.Apply(seatOf(l.who), a); err != nil {
					fail(i, "%v (legal %v)", err, s.Legal(seatOf(l.who), nil))
				}
			case "ryukyoku":
				passAll(i, sim.NoSeat, Action{})
			}
		}
		var got [4]int
		for _, e := range s.Events()[start:] {
			if e.Kind == EvPoints {
				got[e.Seat] += int(e.Value)
			}
			if e.Kind == EvHandEnd {
				break
			}
		}
		if got != want {
			t.Fatalf("hand %d: point changes by seat %v, wire %v", hi+1, got, want)
		}
	}
	if !s.Done() {
		t.Fatal("game not over")
	}
	end := lines[len(lines)-1]
	if end.kind != "gameend" {
		t.Fatalf("last line %v", end)
	}
	// gameend <P0> <score0> … in join order
	var nums []int
	for _, x := range end.args {
		if n, err := strconv.Atoi(x); err == nil {
			nums = append(nums, n)
		}
	}
	if len(nums) != 4 {
		t.Fatalf("gameend %v", end.args)
	}
	for j := 0; j < 4; j++ {
		n := nums[j]
		if got := s.Scores()[seatOf(j)]; int(got) != n {
			t.Fatalf("final score of player %d: engine %d, wire %d", j+1, got, n)
		}
	}
}
