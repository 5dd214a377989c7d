package werewolf

import (
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"

	"gamelab/sim"
	ww "gamelab/sim/werewolf"
)

// TestTalkRoundTrip: for any content and text, ParseTalk(FormatTalk(c,
// text)) gives back c and the text (trimmed), so structured messages
// survive the wire.
func TestTalkRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(3, 16).Draw(t, "players")
		names := dealNames(rapid.Uint64().Draw(t, "seed"), n)
		seat := func(label string) sim.Seat { return sim.Seat(rapid.IntRange(0, n-1).Draw(t, label)) }
		species := rapid.SampledFrom([]ww.Role{ww.RoleVillager, ww.RoleWerewolf})
		var c ww.Content
		switch rapid.IntRange(0, 5).Draw(t, "kind") {
		case 0:
			c = ww.NoContent
		case 1:
			c = ww.ComingOut(ww.Role(rapid.IntRange(int(ww.RoleVillager), int(ww.NumRoles)-1).Draw(t, "role")))
		case 2:
			c = ww.Divined(seat("target"), species.Draw(t, "species"))
		case 3:
			c = ww.Identified(seat("target"), species.Draw(t, "species"))
		case 4:
			c = ww.Accuse(seat("target"))
		case 5:
			c = ww.VoteFor(seat("target"))
		}
		text := rapid.StringMatching(`[a-zA-Z0-9 .,!?あ-ん]{0,40}`).Draw(t, "text")
		if c == ww.NoContent && len(text) > 0 && text[0] == '[' {
			text = "x" + text
		}
		msg := FormatTalk(c, text, names)
		got, rest := ParseTalk(msg, names)
		want := text
		if c != ww.NoContent {
			want = trimSpace(text)
		}
		if got != c || rest != want {
			t.Fatalf("%q -> %v %q, want %v %q", msg, got, rest, c, want)
		}
	})
}

func trimSpace(s string) string {
	for len(s) > 0 && s[0] == ' ' {
		s = s[1:]
	}
	for len(s) > 0 && s[len(s)-1] == ' ' {
		s = s[:len(s)-1]
	}
	return s
}

// FuzzParseTalk: any message parses without panic; a structured result
// names players of the game only, and its text is part of the message.
func FuzzParseTalk(f *testing.F) {
	for _, s := range []string{"", "[", "]", "[]", "[co]", "[co seer] hi", "[divined Fox werewolf]", "[accuse Nobody] x",
		"[vote fox]", "[identified Bear madman]", "[co none]", "[[co seer]]", "hello [co seer]"} {
		f.Add(s)
	}
	names := []string{"Bear", "Fox", "Owl", "Wolf", "Eagle"}
	f.Fuzz(func(t *testing.T, msg string) {
		c, text := ParseTalk(msg, names)
		if c.Target != sim.NoSeat && (c.Target < 0 || int(c.Target) >= len(names)) {
			t.Fatalf("%q: target %d out of the game", msg, c.Target)
		}
		if c == ww.NoContent && text != msg {
			t.Fatalf("%q: free text changed to %q", msg, text)
		}
		if utf8.ValidString(msg) && !utf8.ValidString(text) {
			t.Fatalf("%q: invalid text %q", msg, text)
		}
	})
}
