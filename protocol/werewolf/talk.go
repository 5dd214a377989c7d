package werewolf

import (
	"regexp"
	"strconv"
	"strings"

	"gamelab/sim"
	ww "gamelab/sim/werewolf"
)

// The spec's messages are free text. So that bots can also say something
// a program understands (the engine's structured Content, after the AIWolf
// protocol), a message may begin with one bracketed tag naming players by
// name:
//
//	[co fortune_teller] I am the seer.
//	[divined Fox werewolf] Fox is a wolf!
//	[identified Bear villager]
//	[accuse Owl]
//	[vote Owl]            (in wolf chat: "let us kill Owl")
//
// Anything else is free text (Content none). The server and the client
// read messages with the same ParseTalk, so both fold the same events.

// ParseTalk splits a message into its structured content and the rest of
// the text. names are the players by seat. A message without a valid tag
// is all text.
func ParseTalk(msg string, names []string) (ww.Content, string) {
	if !strings.HasPrefix(msg, "[") {
		return ww.NoContent, msg
	}
	end := strings.IndexByte(msg, ']')
	if end < 0 {
		return ww.NoContent, msg
	}
	f := strings.Fields(msg[1:end])
	rest := strings.TrimSpace(msg[end+1:])
	seat := func(name string) sim.Seat {
		for i, n := range names {
			if strings.EqualFold(n, name) {
				return sim.Seat(i)
			}
		}
		return sim.NoSeat
	}
	species := func(s string) ww.Role {
		r, err := ww.ParseRole(s)
		if err != nil || (r != ww.RoleVillager && r != ww.RoleWerewolf) {
			return ww.RoleNone
		}
		return r
	}
	if len(f) == 0 {
		return ww.NoContent, msg
	}
	switch {
	case f[0] == "co" && len(f) == 2:
		if r, err := ww.ParseRole(f[1]); err == nil && r != ww.RoleNone {
			return ww.ComingOut(r), rest
		}
	case (f[0] == "divined" || f[0] == "identified") && len(f) == 3:
		t, r := seat(f[1]), species(f[2])
		if t != sim.NoSeat && r != ww.RoleNone {
			if f[0] == "divined" {
				return ww.Divined(t, r), rest
			}
			return ww.Identified(t, r), rest
		}
	case (f[0] == "accuse" || f[0] == "vote") && len(f) == 2:
		if t := seat(f[1]); t != sim.NoSeat {
			if f[0] == "accuse" {
				return ww.Accuse(t), rest
			}
			return ww.VoteFor(t), rest
		}
	}
	return ww.NoContent, msg
}

// FormatTalk renders content c and text as one message, the inverse of
// ParseTalk: the tag (if any), a space, then the text.
func FormatTalk(c ww.Content, text string, names []string) string {
	name := func(s sim.Seat) string {
		if s >= 0 && int(s) < len(names) {
			return names[s]
		}
		return "?"
	}
	var tag string
	switch c.Kind {
	case ww.ContentNone:
		return text
	case ww.ContentComingOut:
		tag = "[co " + c.Role.SpecName() + "]"
	case ww.ContentDivined, ww.ContentIdentified:
		tag = "[" + c.Kind.String() + " " + name(c.Target) + " " + c.Role.String() + "]"
	case ww.ContentAccuse, ww.ContentVote:
		tag = "[" + c.Kind.String() + " " + name(c.Target) + "]"
	default:
		return text
	}
	if text == "" {
		return tag
	}
	return tag + " " + text
}

// Say gives a short English sentence for a structured message, so bots'
// messages read well for people and LLMs: FormatTalk(c, Say(c, names), names).
func Say(c ww.Content, names []string) string {
	name := func(s sim.Seat) string {
		if s >= 0 && int(s) < len(names) {
			return names[s]
		}
		return "?"
	}
	switch c.Kind {
	case ww.ContentComingOut:
		return "I am the " + c.Role.String() + "."
	case ww.ContentDivined:
		return "I divined " + name(c.Target) + ": " + c.Role.String() + "."
	case ww.ContentIdentified:
		return name(c.Target) + " was a " + c.Role.String() + "."
	case ww.ContentAccuse:
		return "I think " + name(c.Target) + " is a werewolf."
	case ww.ContentVote:
		return "I will vote for " + name(c.Target) + "."
	}
	return ""
}

// AnimalNames gives the first n of the server's animal names (Bear, Fox,
// Wolf, …), for players without a server: an LLM in self-play talks about
// these names, never about seat numbers.
func AnimalNames(n int) []string {
	n = max(0, min(n, len(animals)))
	return append([]string(nil), animals[:n]...)
}

var seatMention = regexp.MustCompile(`\b[Ss]eat (\d{1,2})\b`)

// NameSeats replaces "seat N" in a bot's text by the player's name
// (the API never shows seats); mentions of unknown seats stay.
func NameSeats(text string, names []string) string {
	return seatMention.ReplaceAllStringFunc(text, func(m string) string {
		n, err := strconv.Atoi(seatMention.FindStringSubmatch(m)[1])
		if err != nil || n >= len(names) {
			return m
		}
		return names[n]
	})
}
