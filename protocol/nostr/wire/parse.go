package wire

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Mention is the content prefix of a player reference: "nostr:" + npub.
const Mention = "nostr:"

// IsNpub reports whether s looks like a bech32 npub ("npub1" + 58 chars of
// the bech32 alphabet). The checksum is checked by package nostr.
func IsNpub(s string) bool {
	if len(s) != 63 || !strings.HasPrefix(s, "npub1") {
		return false
	}
	for i := 5; i < len(s); i++ {
		if !bech32Chars[s[i]] {
			return false
		}
	}
	return true
}

var bech32Chars = func() (t [256]bool) {
	for _, c := range "qpzry9x8gf2tvdw0s3jn54khce6mua7l" {
		t[c] = true
	}
	return
}()

// player parses "nostr:npub1…" and returns the npub.
func player(tok string) (string, error) {
	if !strings.HasPrefix(tok, Mention) || !IsNpub(tok[len(Mention):]) {
		return "", fmt.Errorf("%w: player mention expected, got %q", ErrSyntax, clip(tok))
	}
	return tok[len(Mention):], nil
}

func atoi(s string) (int, error) {
	if s == "" || len(s) > 9 {
		return 0, fmt.Errorf("%w: number %q", ErrSyntax, clip(s))
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || (s[0] == '0' && len(s) > 1) || s[0] == '+' {
		return 0, fmt.Errorf("%w: number %q", ErrSyntax, clip(s))
	}
	return n, nil
}

// signedAtoi is atoi with an optional leading "-" (final scores may be
// negative: no tobi).
func signedAtoi(s string) (int, error) {
	if rest, ok := strings.CutPrefix(s, "-"); ok {
		n, err := atoi(rest)
		return -n, err
	}
	return atoi(s)
}

var recruitRe = regexp.MustCompile(`^([1-4])/4 joined\.$`)

// RecruitFirst is the server's reply to gamestart.
const RecruitFirst = "Waiting for players.\nMention \"join\" to me."

// ParseStatus parses the content of a kind-30315 status event.
func ParseStatus(content string) (Status, error) {
	switch content {
	case "", "対局中", "next待ち":
		return Status{Text: content}, nil
	}
	if strings.HasPrefix(content, "募集中 ") && strings.HasSuffix(content, "/4") {
		n, err := atoi(content[len("募集中 ") : len(content)-2])
		if err == nil && n >= 1 && n <= 4 {
			return Status{Text: content, Joined: n}, nil
		}
	}
	return Status{}, fmt.Errorf("%w: status %q", ErrUnknown, clip(content))
}

// Parse parses the content of a server kind-42/20000 event.
func Parse(content string) (Message, error) {
	lines := strings.Split(content, "\n")
	last := lines[len(lines)-1]
	switch {
	case strings.Contains(last, " GET sutehai?") || strings.Contains(last, " GET naku?"):
		return parseAsk(lines)
	case strings.Contains(lines[0], "NOTIFY "):
		return parseNotify(lines)
	case strings.HasPrefix(content, "🥇"):
		return parseRanking(lines)
	case content == RecruitFirst:
		return Recruit{Joined: 1}, nil
	}
	if m := recruitRe.FindStringSubmatch(content); m != nil {
		n, _ := strconv.Atoi(m[1])
		return Recruit{Joined: n}, nil
	}
	if r, ok := parseReply(content); ok {
		return r, nil
	}
	if s, ok := parseSummary(lines); ok {
		return s, nil
	}
	return nil, fmt.Errorf("%w: %q", ErrUnknown, clip(content))
}

// parseAsk parses the two-line GET prompts.
func parseAsk(lines []string) (Message, error) {
	if len(lines) != 2 {
		return nil, fmt.Errorf("%w: GET prompt of %d lines", ErrSyntax, len(lines))
	}
	f := strings.Fields(lines[1])
	if len(f) < 3 || f[1] != "GET" {
		return nil, fmt.Errorf("%w: GET line %q", ErrSyntax, clip(lines[1]))
	}
	p, err := player(f[0])
	if err != nil {
		return nil, err
	}
	// The first line is "<hand>" or "<hand> <tile>"; the tile is a lone
	// shortcode after the last space.
	hf := strings.Fields(lines[0])
	if len(hf) == 0 {
		return nil, fmt.Errorf("%w: empty hand", ErrSyntax)
	}
	var tile Tile
	hasTile := false
	if len(hf) >= 2 {
		if t, rest, err := parseEmoji(hf[len(hf)-1]); err == nil && rest == "" {
			tile, hasTile = t, true
			hf = hf[:len(hf)-1]
		}
	}
	hand, err := ParseEmojiHand(strings.Join(hf, ""))
	if err != nil {
		return nil, err
	}
	switch f[2] {
	case "sutehai?":
		if len(f) != 3 {
			return nil, fmt.Errorf("%w: text after GET sutehai?", ErrSyntax)
		}
		return AskSutehai{Player: p, Hand: hand, Drawn: tile, HasDrawn: hasTile}, nil
	case "naku?":
		if !hasTile {
			return nil, fmt.Errorf("%w: GET naku? without the called tile", ErrSyntax)
		}
		opts := f[3:]
		if len(opts) == 0 {
			return nil, fmt.Errorf("%w: GET naku? without options", ErrSyntax)
		}
		order := map[string]int{"ron": 0, "pon": 1, "kan": 2, "chi": 3}
		prev := -1
		for _, o := range opts {
			i, ok := order[o]
			if !ok || i <= prev {
				return nil, fmt.Errorf("%w: GET naku? options %q", ErrSyntax, strings.Join(opts, " "))
			}
			prev = i
		}
		return AskNaku{Player: p, Hand: hand, Tile: tile, Options: append([]string(nil), opts...)}, nil
	}
	return nil, fmt.Errorf("%w: GET %q", ErrSyntax, f[2])
}

// all4 parses the four leading mentions of a public NOTIFY.
func all4(f []string) ([4]string, error) {
	var to [4]string
	if len(f) < 4 {
		return to, fmt.Errorf("%w: want 4 addressed players", ErrSyntax)
	}
	for i := range 4 {
		p, err := player(f[i])
		if err != nil {
			return to, err
		}
		to[i] = p
	}
	return to, nil
}

// parseNotify parses "<mentions> [#tag] NOTIFY <kind> <args>".
func parseNotify(lines []string) (Message, error) {
	f := strings.Fields(lines[0])
	at := -1
	for i, w := range f {
		if w == "NOTIFY" {
			at = i
			break
		}
	}
	if at < 0 || at+1 >= len(f) {
		return nil, fmt.Errorf("%w: NOTIFY without a kind", ErrSyntax)
	}
	head, kind, args := f[:at], f[at+1], f[at+2:]
	if n := len(head); n > 0 && strings.HasPrefix(head[n-1], "#") {
		if head[n-1] != "#"+kind {
			return nil, fmt.Errorf("%w: tag %s on NOTIFY %s", ErrSyntax, head[n-1], kind)
		}
		head = head[:n-1]
	}
	if kind != "haipai" && len(lines) != 1 {
		return nil, fmt.Errorf("%w: NOTIFY %s spans %d lines", ErrSyntax, kind, len(lines))
	}
	nargs := func(n int) error {
		if len(args) != n {
			return fmt.Errorf("%w: NOTIFY %s wants %d arguments, got %d", ErrSyntax, kind, n, len(args))
		}
		return nil
	}
	private := func() (string, error) { // "<P> NOTIFY x <P> …": addressed to one player, who is also the subject
		if len(head) != 1 || len(args) == 0 || head[0] != args[0] {
			return "", fmt.Errorf("%w: NOTIFY %s must name its addressee", ErrSyntax, kind)
		}
		return player(args[0])
	}
	var to [4]string
	public := kind != "gamestart" && kind != "haipai" && kind != "tsumo"
	if public {
		if len(head) != 4 {
			return nil, fmt.Errorf("%w: NOTIFY %s addressed to %d players", ErrSyntax, kind, len(head))
		}
		var err error
		if to, err = all4(head); err != nil {
			return nil, err
		}
	}
	switch kind {
	case "gamestart":
		if err := nargs(5); err != nil {
			return nil, err
		}
		if len(head) != 1 {
			return nil, fmt.Errorf("%w: gamestart addressed to %d players", ErrSyntax, len(head))
		}
		p, err := player(head[0])
		if err != nil {
			return nil, err
		}
		seat := -1
		for i, w := range Winds {
			if args[0] == w {
				seat = i
			}
		}
		if seat < 0 {
			return nil, fmt.Errorf("%w: seat %q", ErrSyntax, args[0])
		}
		ps, err := all4(args[1:])
		if err != nil {
			return nil, err
		}
		return GameStart{To: p, Seat: seat, Players: ps}, nil
	case "kyokustart":
		if err := nargs(4); err != nil {
			return nil, err
		}
		round := -1
		for i, w := range Winds[:2] {
			if args[0] == w {
				round = i
			}
		}
		if round < 0 {
			return nil, fmt.Errorf("%w: round wind %q", ErrSyntax, args[0])
		}
		d, err := player(args[1])
		if err != nil {
			return nil, err
		}
		honba, err := atoi(args[2])
		if err != nil {
			return nil, err
		}
		pot, err := atoi(args[3])
		if err != nil {
			return nil, err
		}
		return KyokuStart{To: to, Round: round, Dealer: d, Honba: honba, Pot: pot}, nil
	case "point":
		if err := nargs(3); err != nil {
			return nil, err
		}
		p, err := player(args[0])
		if err != nil {
			return nil, err
		}
		if args[1] != "=" && args[1] != "+" && args[1] != "-" {
			return nil, fmt.Errorf("%w: point operator %q", ErrSyntax, args[1])
		}
		num := atoi
		if args[1] == "=" {
			num = signedAtoi // scores may be negative (no tobi)
		}
		n, err := num(args[2])
		if err != nil {
			return nil, err
		}
		return Point{To: to, Player: p, Op: args[1][0], Points: n}, nil
	case "haipai":
		p, err := private()
		if err != nil {
			return nil, err
		}
		if err := nargs(2); err != nil {
			return nil, err
		}
		ts, err := ParseTiles(args[1])
		if err != nil {
			return nil, err
		}
		if len(ts) != 13 {
			return nil, fmt.Errorf("%w: haipai of %d tiles", ErrSyntax, len(ts))
		}
		if len(lines) == 2 {
			em, err := parseEmojiTiles(lines[1])
			if err != nil {
				return nil, err
			}
			if TilesString(em) != args[1] {
				return nil, fmt.Errorf("%w: haipai emoji line differs from its tiles", ErrSyntax)
			}
		} else if len(lines) > 2 {
			return nil, fmt.Errorf("%w: haipai spans %d lines", ErrSyntax, len(lines))
		}
		return Haipai{Player: p, Tiles: ts}, nil
	case "tsumo":
		p, err := private()
		if err != nil {
			return nil, err
		}
		if err := nargs(3); err != nil {
			return nil, err
		}
		left, err := atoi(args[1])
		if err != nil {
			return nil, err
		}
		t, err := ParseTile(args[2])
		if err != nil {
			return nil, err
		}
		return Tsumo{Player: p, Left: left, Tile: t}, nil
	case "dora":
		if err := nargs(1); err != nil {
			return nil, err
		}
		t, err := ParseTile(args[0])
		if err != nil {
			return nil, err
		}
		return Dora{To: to, Indicator: t}, nil
	case "sutehai":
		if err := nargs(2); err != nil {
			return nil, err
		}
		p, err := player(args[0])
		if err != nil {
			return nil, err
		}
		t, err := ParseTile(args[1])
		if err != nil {
			return nil, err
		}
		return Sutehai{To: to, Player: p, Tile: t}, nil
	case "say":
		if err := nargs(2); err != nil {
			return nil, err
		}
		p, err := player(args[0])
		if err != nil {
			return nil, err
		}
		switch args[1] {
		case "tsumo", "richi", "ron", "kan", "pon", "chi", "tenpai", "noten":
		default:
			return nil, fmt.Errorf("%w: say %q", ErrSyntax, args[1])
		}
		return Say{To: to, Player: p, Word: args[1]}, nil
	case "open":
		if err := nargs(2); err != nil {
			return nil, err
		}
		p, err := player(args[0])
		if err != nil {
			return nil, err
		}
		ts, err := ParseTiles(args[1])
		if err != nil {
			return nil, err
		}
		if len(ts) != 1 && len(ts) != 3 && len(ts) != 4 {
			return nil, fmt.Errorf("%w: open of %d tiles", ErrSyntax, len(ts))
		}
		return Open{To: to, Player: p, Tiles: ts}, nil
	case "agari":
		if len(args) < 2 {
			return nil, fmt.Errorf("%w: agari without fu", ErrSyntax)
		}
		p, err := player(args[0])
		if err != nil {
			return nil, err
		}
		fu, err := atoi(args[1])
		if err != nil {
			return nil, err
		}
		a := Agari{To: to, Player: p, Fu: fu}
		for _, y := range args[2:] {
			i := strings.LastIndexByte(y, ',')
			if i <= 0 {
				return nil, fmt.Errorf("%w: yaku %q", ErrSyntax, clip(y))
			}
			han, err := atoi(y[i+1:])
			if err != nil {
				return nil, err
			}
			a.Yaku = append(a.Yaku, Yaku{Name: y[:i], Han: han})
		}
		return a, nil
	case "ryukyoku":
		if err := nargs(0); err != nil {
			return nil, err
		}
		return Ryukyoku{To: to}, nil
	case "kyokuend":
		if err := nargs(0); err != nil {
			return nil, err
		}
		return KyokuEnd{To: to}, nil
	case "gameend":
		if err := nargs(8); err != nil {
			return nil, err
		}
		g := GameEnd{To: to}
		for i := range 4 {
			p, err := player(args[2*i])
			if err != nil {
				return nil, err
			}
			n, err := signedAtoi(args[2*i+1])
			if err != nil {
				return nil, err
			}
			g.Players[i], g.Scores[i] = p, n
		}
		return g, nil
	}
	return nil, fmt.Errorf("%w: NOTIFY %s", ErrUnknown, clip(kind))
}

var medals = []string{"🥇", "🥈", "🥉", "🏅"}

func parseRanking(lines []string) (Message, error) {
	var r Ranking
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) != 4 {
		return nil, fmt.Errorf("%w: ranking of %d lines", ErrSyntax, len(lines))
	}
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) != 3 || f[0] != medals[i] {
			return nil, fmt.Errorf("%w: ranking line %q", ErrSyntax, clip(l))
		}
		p, err := player(f[1])
		if err != nil {
			return nil, err
		}
		n, err := signedAtoi(f[2])
		if err != nil {
			return nil, err
		}
		r.Players = append(r.Players, p)
		r.Scores = append(r.Scores, n)
	}
	return r, nil
}

// Info replies that carry no error.
var infoReplies = map[string]bool{
	"pong": true, "Playing now. Please reset first.": true, "Not looking for players.": true,
	"You have already joined.": true, "Sorry, we are full.": true,
	"We cannot go to the next stage yet.": true, "Data cleared.": true, "Debug mode.": true,
}

var (
	cannotRe    = regexp.MustCompile(`^You cannot (tsumo|ron|pon|kan|chi)\.$`)
	cannotTile  = regexp.MustCompile(`^You cannot (richi|sutehai|ankan|kakan) ([1-9][mpsz])( ?)\.$`)
	cannotChi   = regexp.MustCompile(`^You cannot chi with ([1-9][mpsz])([1-9][mpsz])\.$`)
	notRequired = regexp.MustCompile(`^You are not required to send "(sutehai\?|naku\?)"$`)
)

// Usage replies of the server.
const (
	UsageSutehai = "usage: sutehai? sutehai <pi>"
	UsageChi     = "usage: naku? chi <pi1> <pi2>"
)

// parseReply recognizes the reply texts of section 2.3; a leading mention
// (if a server version adds one) is tolerated.
func parseReply(content string) (Reply, bool) {
	text := content
	if f := strings.Fields(text); len(f) > 1 && strings.HasPrefix(f[0], Mention) {
		text = strings.TrimSpace(strings.TrimPrefix(text, f[0]))
	}
	if infoReplies[text] {
		return Reply{Text: text}, true
	}
	if text == UsageSutehai {
		return Reply{Text: text, Error: true, Action: "sutehai"}, true
	}
	if text == UsageChi {
		return Reply{Text: text, Error: true, Action: "chi"}, true
	}
	if m := cannotRe.FindStringSubmatch(text); m != nil {
		return Reply{Text: text, Error: true, Action: m[1]}, true
	}
	if m := cannotTile.FindStringSubmatch(text); m != nil {
		// richi is written without the space before the period, the others with it.
		if (m[1] == "richi") == (m[3] == "") {
			return Reply{Text: text, Error: true, Action: m[1], Tiles: replyTiles(m[2:3])}, true
		}
	}
	if m := cannotChi.FindStringSubmatch(text); m != nil {
		return Reply{Text: text, Error: true, Action: "chi", Tiles: replyTiles(m[1:3])}, true
	}
	if m := notRequired.FindStringSubmatch(text); m != nil {
		return Reply{Text: text, Error: true, Action: m[1]}, true
	}
	return Reply{}, false
}

// replyTiles parses the tiles a refusal quotes. The server echoes what
// the player sent, which may be no tile at all ("8z"): then the refusal
// carries no tiles rather than a wrong one.
func replyTiles(ss []string) []Tile {
	ts := make([]Tile, 0, len(ss))
	for _, s := range ss {
		t, err := ParseTile(s)
		if err != nil {
			return nil
		}
		ts = append(ts, t)
	}
	return ts
}

var (
	yakuLineRe    = regexp.MustCompile(`^\S+ [0-9]+翻$`)
	yakumanLineRe = regexp.MustCompile(`^\S+ ([0-9]+倍)?役満$`)
	drawTitles    = map[string]bool{"荒牌平局": true, "流し満貫": true, "四風子連打": true, "四開槓": true, "四家立直": true, "三家和": true}
)

// parseSummary recognizes the human-readable result texts by their first
// line. They carry no p tag and no information a player needs beyond the
// NOTIFY lines.
func parseSummary(lines []string) (Summary, bool) {
	first := lines[0]
	if yakuLineRe.MatchString(first) || yakumanLineRe.MatchString(first) || drawTitles[first] {
		return Summary{Title: first, Text: strings.Join(lines, "\n")}, true
	}
	return Summary{}, false
}
