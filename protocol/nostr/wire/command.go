package wire

import (
	"fmt"
	"regexp"
	"strings"
)

// Command is a player's message to the server, as the server reads it.
type Command struct {
	// Verb is ping, help, gamestart, join, cpu, next, reset, status, debug,
	// "sutehai?" or "naku?".
	Verb string
	// Action, for "sutehai?": sutehai, richi, ankan, kakan or tsumo; for
	// "naku?": no, ron, kan, pon or chi. A bare "chi 1m 2m" (the form that
	// hangs the live server) has Action "chi 1m 2m".
	Action string
	// Tiles are the tiles named after the action (0, 1 or 2), or the wall
	// of debug.
	Tiles []Tile
}

// The server's command regexes in match order (docs/rules/mahjong-wire.md, Commands,
// response.ts:getResmap). The first that matches wins.
var commandTable = []struct {
	re   *regexp.Regexp
	verb string
}{
	{regexp.MustCompile(`ping$`), "ping"},
	{regexp.MustCompile(`help$`), "help"},
	{regexp.MustCompile(`^(nostr:npub1\w{58}\s+)?gamestart`), "gamestart"},
	{regexp.MustCompile(`join$`), "join"},
	{regexp.MustCompile(`cpu$`), "cpu"},
	{regexp.MustCompile(`next$`), "next"},
	{regexp.MustCompile(`reset$`), "reset"},
	{regexp.MustCompile(`status$`), "status"},
	{regexp.MustCompile(`debug\s+(([1-9][mpsz])+)$`), "debug"},
	{regexp.MustCompile(`sutehai\?\s(sutehai|ankan|kakan|richi|tsumo)\s?([1-9][mpsz])?`), "sutehai?"},
	{regexp.MustCompile(`^(tsumo)$`), "sutehai?"},
	{regexp.MustCompile(`^(sutehai|ankan|kakan|richi)?\s?([1-9][mpsz])`), "sutehai?"},
	{regexp.MustCompile(`naku\?\s(no|ron|kan|pon|chi)\s?([1-9][mpsz])?\s?([1-9][mpsz])?`), "naku?"},
	{regexp.MustCompile(`^(no|ron|kan|pon|chi(\s([1-9][mpsz])){2})$`), "naku?"},
}

// ParseCommand reads a player's content the way the live server does: the
// first regex of its table that matches decides. ok is false when none
// matches (the server ignores such content).
func ParseCommand(content string) (c Command, ok bool) {
	for i, row := range commandTable {
		m := row.re.FindStringSubmatch(content)
		if m == nil {
			continue
		}
		c.Verb = row.verb
		switch i {
		case 8: // debug
			ts, err := ParseTiles(m[1])
			if err != nil {
				ts = []Tile{notATile}
			}
			c.Tiles = ts
		case 9, 12: // sutehai? x [t] / naku? x [t1] [t2]
			c.Action = m[1]
			for _, s := range m[2:] {
				if s != "" {
					c.Tiles = append(c.Tiles, regexTile(s))
				}
			}
		case 10:
			c.Action = "tsumo"
		case 11:
			c.Action = m[1]
			if c.Action == "" {
				c.Action = "sutehai"
			}
			c.Tiles = []Tile{regexTile(m[2])}
		case 13:
			c.Action = m[1]
		}
		return c, true
	}
	return Command{}, false
}

// notATile stands for a tile the server's regex let through that is no
// tile ("8z", "9z"); Valid reports it.
const notATile Tile = 0xFF

// regexTile parses a [1-9][mpsz] match, or returns notATile.
func regexTile(s string) Tile {
	t, err := ParseTile(s)
	if err != nil {
		return notATile
	}
	return t
}

// Valid reports whether every tile the server's regex let through is a real
// tile (the regexes accept 8z, 9z).
func (c Command) Valid() bool {
	for _, t := range c.Tiles {
		if t > 33 {
			return false
		}
	}
	return true
}

// RenderCommand writes a command as our player sends it: the server's
// mention, then the verb, then (for answers) the action and its tiles,
// with nothing after join/next/gamestart (the server's regexes anchor
// them at the end). Chi tiles are written in ascending order, as the
// server requires.
func RenderCommand(serverNpub string, c Command) (string, error) {
	var b strings.Builder
	b.WriteString(mention(serverNpub))
	b.WriteByte(' ')
	b.WriteString(c.Verb)
	switch c.Verb {
	case "gamestart", "join", "next", "ping", "reset", "status", "help", "cpu":
		if c.Action != "" || len(c.Tiles) != 0 {
			return "", fmt.Errorf("wire: %s takes no arguments", c.Verb)
		}
		return b.String(), nil
	case "sutehai?":
		switch c.Action {
		case "tsumo":
			if len(c.Tiles) != 0 {
				return "", fmt.Errorf("wire: sutehai? tsumo takes no tile")
			}
		case "sutehai", "richi", "ankan", "kakan":
			if len(c.Tiles) != 1 {
				return "", fmt.Errorf("wire: sutehai? %s takes one tile", c.Action)
			}
		default:
			return "", fmt.Errorf("wire: unknown turn action %q", c.Action)
		}
	case "naku?":
		switch c.Action {
		case "no", "ron", "kan", "pon":
			if len(c.Tiles) != 0 {
				return "", fmt.Errorf("wire: naku? %s takes no tile", c.Action)
			}
		case "chi":
			if len(c.Tiles) != 2 {
				return "", fmt.Errorf("wire: naku? chi takes two tiles")
			}
		default:
			return "", fmt.Errorf("wire: unknown call answer %q", c.Action)
		}
	default:
		return "", fmt.Errorf("wire: unknown verb %q", c.Verb)
	}
	b.WriteByte(' ')
	b.WriteString(c.Action)
	ts := c.Tiles
	if c.Action == "chi" && ts[0].Kind() > ts[1].Kind() {
		ts = []Tile{ts[1], ts[0]}
	}
	for _, t := range ts {
		if t.Kind() > 33 {
			return "", fmt.Errorf("wire: bad tile %d", t)
		}
		b.WriteByte(' ')
		b.WriteString(TileString(t))
	}
	return b.String(), nil
}
