package wire

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
)

func loadTranscript(t testing.TB) *Transcript {
	t.Helper()
	f, err := os.Open("../testdata/dihou-wire-game.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr, err := ReadTranscript(f)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestTranscriptParses parses every event of the recorded live game: every
// server content becomes a typed message that renders back byte for byte,
// every player content is read by the server's regex table and is exactly
// what RenderCommand writes.
func TestTranscriptParses(t *testing.T) {
	tr := loadTranscript(t)
	if len(tr.Events) != 1837 {
		t.Fatalf("transcript has %d events, want 1837", len(tr.Events))
	}
	server := tr.Npub["server"]
	counts := map[string]int{}
	for _, e := range tr.Events {
		if e.Author != "server" {
			c, ok := ParseCommand(e.Content)
			if !ok {
				t.Errorf("#%d: player command %q not recognized", e.N, e.Content)
				continue
			}
			counts["cmd "+c.Verb+" "+c.Action]++
			out, err := RenderCommand(server, c)
			if err != nil || out != e.Content {
				t.Errorf("#%d: RenderCommand = %q, %v; want %q", e.N, out, err, e.Content)
			}
			continue
		}
		if e.Kind == 30315 {
			s, err := ParseStatus(e.Content)
			if err != nil {
				t.Errorf("#%d: %v", e.N, err)
			}
			counts["status "+s.Text]++
			continue
		}
		m, err := Parse(e.Content)
		if err != nil {
			t.Errorf("#%d: %v\n%s", e.N, err, e.Content)
			continue
		}
		counts[m.Name()]++
		if got := Render(m); got != e.Content {
			t.Errorf("#%d: Render = %q, want %q", e.N, got, e.Content)
		}
		// Addressing: private messages go to one player, public NOTIFYs to all four.
		switch m.(type) {
		case Haipai, Tsumo, AskSutehai, AskNaku, GameStart:
			if len(e.P) != 1 {
				t.Errorf("#%d: %s p-tagged to %v", e.N, m.Name(), e.P)
			}
		case Summary, Recruit:
			if len(e.P) != 0 {
				t.Errorf("#%d: %s p-tagged to %v", e.N, m.Name(), e.P)
			}
		default:
			if len(e.P) != 4 {
				t.Errorf("#%d: %s p-tagged to %v", e.N, m.Name(), e.P)
			}
		}
	}
	want := map[string]int{
		"agari": 5, "dora": 12, "gameend": 1, "gamestart": 4, "haipai": 28, "kyokuend": 7,
		"kyokustart": 7, "point": 48, "ryukyoku": 2, "say": 22, "sutehai": 353, "tsumo": 354,
		"ranking": 1, "summary": 7, "recruit": 3,
	}
	for k, n := range want {
		if counts[k] != n {
			t.Errorf("%d %s messages, want %d", counts[k], k, n)
		}
	}
	if counts["GET sutehai?"] != 354 || counts["GET naku?"] == 0 {
		t.Errorf("GET counts %d sutehai?, %d naku?", counts["GET sutehai?"], counts["GET naku?"])
	}
}

const (
	np1 = "npub1u2shf2vznlv9kmx3vfzxztge8gtpjstfwmk96u9jq2vly5m2lv4srqvgdc"
	np2 = "npub1vma38l2h88e933pc329qapyt5rf7dq5z8d3qtfjmlh05tvc2dxvquv5rek"
	np3 = "npub19c4aejfa6pva0phhaznqj2gscxfc9fk52h0th4ddz0nf63z3qqnsuzz3mp"
	np4 = "npub136jfe6ryc7gv00zcsz9sddd5guraj479tewvdgsyxm4r23awf3vq28dsm5"
	srv = "npub1ul9ua2mg3aw8ahpsq4cg6hj88uudhh0pw4p939kuxqly092zrlqs0558fk"
)

var all = [4]string{np1, np2, np3, np4}

func tiles(s string) []Tile {
	ts, err := ParseTiles(s)
	if err != nil {
		panic(err)
	}
	return ts
}

// TestMessagesNotInTranscript covers messages the recorded game did not
// show: melds in prompts, open, the error replies.
func TestMessagesNotInTranscript(t *testing.T) {
	cases := []struct {
		content string
		want    Message
	}{
		{":mahjong_m1::mahjong_m2:<:mahjong_p3::mahjong_p3::mahjong_p3:>(:mahjong_red::mahjong_red::mahjong_red::mahjong_red:)\nnostr:" + np1 + " GET sutehai?",
			AskSutehai{Player: np1, Hand: Hand{Concealed: tiles("1m2m"), Melds: []Meld{{Tiles: tiles("3p3p3p")}, {Tiles: tiles("7z7z7z7z"), Closed: true}}}}},
		{":mahjong_m2::mahjong_m3::mahjong_m4: :mahjong_m1:\nnostr:" + np2 + " GET naku? ron pon chi",
			AskNaku{Player: np2, Hand: Hand{Concealed: tiles("2m3m4m")}, Tile: tiles("1m")[0], Options: []string{"ron", "pon", "chi"}}},
		{"nostr:" + np1 + " nostr:" + np2 + " nostr:" + np3 + " nostr:" + np4 + " NOTIFY open nostr:" + np2 + " 5p5p5p",
			Open{To: all, Player: np2, Tiles: tiles("5p5p5p")}},
		{"nostr:" + np1 + " nostr:" + np2 + " nostr:" + np3 + " nostr:" + np4 + " NOTIFY open nostr:" + np2 + " 5p",
			Open{To: all, Player: np2, Tiles: tiles("5p")}},
		{"nostr:" + np1 + " nostr:" + np2 + " nostr:" + np3 + " nostr:" + np4 + " NOTIFY point nostr:" + np2 + " = -1200",
			Point{To: all, Player: np2, Op: '=', Points: -1200}},
		{`You are not required to send "sutehai?"`, Reply{Text: `You are not required to send "sutehai?"`, Error: true, Action: "sutehai?"}},
		{`You are not required to send "naku?"`, Reply{Text: `You are not required to send "naku?"`, Error: true, Action: "naku?"}},
		{"You cannot tsumo.", Reply{Text: "You cannot tsumo.", Error: true, Action: "tsumo"}},
		{"You cannot richi 5p.", Reply{Text: "You cannot richi 5p.", Error: true, Action: "richi", Tiles: tiles("5p")}},
		{"You cannot sutehai 7z .", Reply{Text: "You cannot sutehai 7z .", Error: true, Action: "sutehai", Tiles: tiles("7z")}},
		{"You cannot ankan 1m .", Reply{Text: "You cannot ankan 1m .", Error: true, Action: "ankan", Tiles: tiles("1m")}},
		{"You cannot kakan 3p .", Reply{Text: "You cannot kakan 3p .", Error: true, Action: "kakan", Tiles: tiles("3p")}},
		{"You cannot pon.", Reply{Text: "You cannot pon.", Error: true, Action: "pon"}},
		{"You cannot chi with 5m4m.", Reply{Text: "You cannot chi with 5m4m.", Error: true, Action: "chi", Tiles: tiles("5m4m")}},
		// A refusal echoing a non-tile carries no tiles (it used to decode as 1m).
		{"You cannot sutehai 8z .", Reply{Text: "You cannot sutehai 8z .", Error: true, Action: "sutehai"}},
		{"You cannot chi with 1m9z.", Reply{Text: "You cannot chi with 1m9z.", Error: true, Action: "chi"}},
		{UsageSutehai, Reply{Text: UsageSutehai, Error: true, Action: "sutehai"}},
		{UsageChi, Reply{Text: UsageChi, Error: true, Action: "chi"}},
		{"We cannot go to the next stage yet.", Reply{Text: "We cannot go to the next stage yet."}},
		{"pong", Reply{Text: "pong"}},
		{"四風子連打\nnostr:" + np1 + " 25000", Summary{Title: "四風子連打", Text: "四風子連打\nnostr:" + np1 + " 25000"}},
		{"大三元 役満\n32000点", Summary{Title: "大三元 役満", Text: "大三元 役満\n32000点"}},
	}
	for _, c := range cases {
		got, err := Parse(c.content)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.content, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Parse(%q)\n got %#v\nwant %#v", c.content, got, c.want)
		}
		if r := Render(got); r != c.content {
			t.Errorf("Render = %q, want %q", r, c.content)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		content string
		want    error
	}{
		{"hello world", ErrUnknown},
		{"nostr:" + np1 + " NOTIFY haipai nostr:" + np1 + " 1m2m", ErrSyntax},                       // 2 tiles
		{"nostr:" + np1 + " NOTIFY haipai nostr:" + np2 + " 1m2m3m4m5m6m7m8m9m1p2p3p4p", ErrSyntax}, // subject differs
		{"nostr:" + np1 + " NOTIFY tsumo nostr:" + np1 + " 69 8z", ErrSyntax},
		{"nostr:" + np1 + " NOTIFY dora 1m", ErrSyntax}, // one addressee for a public notice
		{":mahjong_m1: :mahjong_m1:\nnostr:" + np1 + " GET naku? chi pon", ErrSyntax},
		{":mahjong_m1:\nnostr:" + np1 + " GET naku? ron", ErrSyntax}, // no called tile
		{":mahjong_x9:\nnostr:" + np1 + " GET sutehai?", ErrSyntax},
		{":mahjong_m1:\nnostr:npub1bad GET sutehai?", ErrSyntax},
		{"You cannot richi 5p .", ErrUnknown},
	}
	for _, c := range cases {
		_, err := Parse(c.content)
		if !errors.Is(err, c.want) {
			t.Errorf("Parse(%q) = %v, want %v", c.content, err, c.want)
		}
	}
	for _, s := range []string{"募集中 5/4", "hello", "募集中 /4"} {
		if _, err := ParseStatus(s); !errors.Is(err, ErrUnknown) {
			t.Errorf("ParseStatus(%q) = %v", s, err)
		}
	}
}

// TestCommands checks both directions of player commands against the
// server's regex table, including the forms the live server mishandles.
func TestCommands(t *testing.T) {
	cases := []struct {
		content string
		want    Command
		ok      bool
	}{
		{"nostr:" + srv + " gamestart", Command{Verb: "gamestart"}, true},
		{"nostr:" + srv + " join", Command{Verb: "join"}, true},
		{"nostr:" + srv + " next", Command{Verb: "next"}, true},
		{"nostr:" + srv + " next\n", Command{}, false}, // a trailing newline breaks next
		{"nostr:" + srv + " sutehai? richi 5p", Command{Verb: "sutehai?", Action: "richi", Tiles: tiles("5p")}, true},
		{"nostr:" + srv + " sutehai? tsumo", Command{Verb: "sutehai?", Action: "tsumo"}, true},
		{"nostr:" + srv + " naku? chi 2m 3m", Command{Verb: "naku?", Action: "chi", Tiles: tiles("2m3m")}, true},
		{"nostr:" + srv + " naku? no", Command{Verb: "naku?", Action: "no"}, true},
		{"7z", Command{Verb: "sutehai?", Action: "sutehai", Tiles: tiles("7z")}, true},
		{"tsumo", Command{Verb: "sutehai?", Action: "tsumo"}, true},
		{"chi 1m 2m", Command{Verb: "naku?", Action: "chi 1m 2m"}, true},
		{"debug 1m2m3m", Command{Verb: "debug", Tiles: tiles("1m2m3m")}, true},
		{"good morning", Command{}, false},
	}
	for _, c := range cases {
		got, ok := ParseCommand(c.content)
		if ok != c.ok || !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseCommand(%q) = %#v, %v; want %#v, %v", c.content, got, ok, c.want, c.ok)
		}
	}
	// The regexes let 8z and 9z through; such a command is not Valid (it
	// used to read as 1m: the parse error was dropped).
	for _, s := range []string{"sutehai? richi 9z", "8z", "naku? chi 1m 8z", "sutehai? ankan 9z"} {
		if c, ok := ParseCommand(s); !ok || c.Valid() {
			t.Errorf("ParseCommand(%q) = %#v, %v: want a command that is not Valid", s, c, ok)
		}
	}
	// Chi is written ascending whatever the order given.
	out, err := RenderCommand(srv, Command{Verb: "naku?", Action: "chi", Tiles: tiles("3m2m")})
	if err != nil || out != "nostr:"+srv+" naku? chi 2m 3m" {
		t.Errorf("chi render %q, %v", out, err)
	}
	for _, bad := range []Command{
		{Verb: "join", Action: "x"}, {Verb: "sutehai?", Action: "sutehai"}, {Verb: "naku?", Action: "chi", Tiles: tiles("1m")},
		{Verb: "sutehai?", Action: "tsumo", Tiles: tiles("1m")}, {Verb: "dance"},
	} {
		if out, err := RenderCommand(srv, bad); err == nil {
			t.Errorf("RenderCommand(%+v) = %q, want an error", bad, out)
		}
	}
}

func TestEmoji(t *testing.T) {
	for k := Tile(0); k < 34; k++ {
		s := EmojiTiles([]Tile{k})
		got, rest, err := parseEmoji(s)
		if err != nil || rest != "" || got != k {
			t.Fatalf("emoji %s: %v %q %v", s, got, rest, err)
		}
		if p, err := ParseTile(TileString(k)); err != nil || p != k {
			t.Fatalf("tile %d: %v %v", k, p, err)
		}
	}
	if !strings.HasSuffix(EmojiURL(27), "/mahjong-east.png") {
		t.Error(EmojiURL(27))
	}
}

func FuzzParse(f *testing.F) {
	tr := loadTranscript(f)
	for i, e := range tr.Events {
		if i%7 == 0 {
			f.Add(e.Content)
		}
	}
	f.Add(":mahjong_m1:<:mahjong_p3::mahjong_p3::mahjong_p3:>(:mahjong_red:\nnostr:" + np1 + " GET sutehai?")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := Parse(s)
		if err != nil {
			if m != nil {
				t.Fatal("message with error")
			}
			return
		}
		// Whatever parses renders to something that parses to the same message.
		m2, err := Parse(Render(m))
		if err != nil || !reflect.DeepEqual(m, m2) {
			if _, isSummary := m.(Summary); !isSummary {
				t.Fatalf("round trip of %q: %#v vs %#v (%v)", s, m, m2, err)
			}
		}
		_, _ = ParseStatus(s)
	})
}

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"nostr:" + srv + " naku? chi 2m 3m", "sutehai? richi 9z", "debug 1m1m", "chi 1m 2m", "tsumo"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, ok := ParseCommand(s)
		if !ok || !c.Valid() {
			return
		}
		if c.Verb == "sutehai?" || c.Verb == "naku?" {
			if out, err := RenderCommand(srv, c); err == nil {
				c2, ok := ParseCommand(out)
				if !ok || !reflect.DeepEqual(c2.Action, c.Action) {
					t.Fatalf("%q -> %q -> %#v", s, out, c2)
				}
			}
		}
	})
}

func FuzzParseHand(f *testing.F) {
	f.Add("1m2m3m<4p4p4p>(5z5z5z5z)")
	f.Add("1m<")
	f.Fuzz(func(t *testing.T, s string) {
		h, err := ParseHand(s)
		if err != nil {
			return
		}
		if h.String() != s {
			t.Fatalf("%q -> %q", s, h.String())
		}
		if h2, err := ParseEmojiHand(h.Emoji()); err != nil || h2.String() != s {
			t.Fatalf("emoji round trip of %q: %q %v", s, h2.String(), err)
		}
	})
}
