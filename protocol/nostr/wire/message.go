package wire

import "errors"

// Errors of the codec. Parse wraps them; callers branch with errors.Is.
var (
	// ErrSyntax: a message of a known shape is malformed (bad tile, count…).
	ErrSyntax = errors.New("wire: syntax error")
	// ErrUnknown: the content is not a message this codec knows (e.g. the
	// help text, chat by humans); a player ignores it.
	ErrUnknown = errors.New("wire: unknown message")
)

// Message is a parsed server message. The concrete types below are the
// protocol's messages; Name returns the protocol keyword.
type Message interface {
	Name() string
}

// Wind seat names as sent in gamestart/kyokustart: 東 南 西 北.
var Winds = [4]string{"東", "南", "西", "北"}

// Status is a kind-30315 table status: "募集中 n/4", "対局中", "next待ち"
// or "" (cleared).
type Status struct {
	Text string
	// Joined is n of "募集中 n/4", else 0.
	Joined int
}

// Recruit is "Waiting for players.\nMention "join" to me." (Joined 1) or
// "n/4 joined.".
type Recruit struct{ Joined int }

// GameStart is "<P> #gamestart NOTIFY gamestart <seat> <ALL4>": To's seat
// wind (0 = 東 … 3 = 北) in the first hand and all players in join order.
type GameStart struct {
	To      string
	Seat    int
	Players [4]string
}

// KyokuStart is "<ALL4> #kyokustart NOTIFY kyokustart <round> <dealer>
// <honba> <1000×sticks>".
type KyokuStart struct {
	To     [4]string
	Round  int // 0 = 東, 1 = 南
	Dealer string
	Honba  int
	Pot    int // points in the pot (1000 per riichi stick)
}

// Point is "<ALL4> NOTIFY point <P> = n" (Op '=') or "+ n"/"- n".
type Point struct {
	To     [4]string
	Player string
	Op     byte
	Points int
}

// Delta returns the signed change of a '+'/'-' line (0 for '=').
func (p Point) Delta() int {
	switch p.Op {
	case '+':
		return p.Points
	case '-':
		return -p.Points
	}
	return 0
}

// Haipai is "<P> NOTIFY haipai <P> <13 tiles>\n<emoji>".
type Haipai struct {
	Player string
	Tiles  []Tile
}

// Dora is "<ALL4> NOTIFY dora <indicator>" (dora, kan dora or ura).
type Dora struct {
	To        [4]string
	Indicator Tile
}

// Tsumo is "<P> NOTIFY tsumo <P> <tiles left> <tile>".
type Tsumo struct {
	Player string
	Left   int
	Tile   Tile
}

// AskSutehai is the turn prompt "<hand> [<drawn>]\n<P> GET sutehai?".
type AskSutehai struct {
	Player   string
	Hand     Hand
	Drawn    Tile
	HasDrawn bool // false after pon/chi
}

// AskNaku is the call prompt "<hand> <tile>\n<P> GET naku? <options>".
type AskNaku struct {
	Player  string
	Hand    Hand
	Tile    Tile
	Options []string // subset of ron pon kan chi, in that order
}

// Offers reports whether option o ("ron", "pon", "kan", "chi") is offered.
func (a AskNaku) Offers(o string) bool {
	for _, x := range a.Options {
		if x == o {
			return true
		}
	}
	return false
}

// Sutehai is "<ALL4> NOTIFY sutehai <P> <tile>".
type Sutehai struct {
	To     [4]string
	Player string
	Tile   Tile
}

// Say is "<ALL4> NOTIFY say <P> <word>", word one of tsumo richi ron kan
// pon chi tenpai noten.
type Say struct {
	To     [4]string
	Player string
	Word   string
}

// Open is "<ALL4> NOTIFY open <P> <tiles>": the meld's tiles (pon 3, chi 3
// sorted, daiminkan/ankan 4) or, for a kakan, the single added tile.
type Open struct {
	To     [4]string
	Player string
	Tiles  []Tile
}

// Yaku is one "name,han" item of an agari line.
type Yaku struct {
	Name string
	Han  int
}

// Agari is "<ALL4> NOTIFY agari <P> <fu> <yaku>,<han> …".
type Agari struct {
	To     [4]string
	Player string
	Fu     int
	Yaku   []Yaku
}

// Ryukyoku is "<ALL4> NOTIFY ryukyoku".
type Ryukyoku struct{ To [4]string }

// KyokuEnd is "<ALL4> NOTIFY kyokuend".
type KyokuEnd struct{ To [4]string }

// GameEnd is "<ALL4> NOTIFY gameend <P0> <s0> … <P3> <s3>" (join order).
type GameEnd struct {
	To      [4]string
	Players [4]string
	Scores  [4]int
}

// Ranking is the final "🥇 <P> <score>\n🥈 …" text.
type Ranking struct {
	Players []string
	Scores  []int
}

// Summary is a human-readable hand result (yaku/fu/points, 荒牌平局, 流し満貫,
// the abortive draws) sent without p tags. Title is its first line.
type Summary struct {
	Title string
	Text  string
}

// Reply is an informational or error reply to a command.
type Reply struct {
	Text string
	// Error is set for replies that reject an answer ("You cannot …",
	// "You are not required …", "usage: …").
	Error bool
	// Action is the rejected action ("tsumo", "richi", "sutehai", "ankan",
	// "kakan", "ron", "pon", "kan", "chi") or, for "not required", the
	// command ("sutehai?", "naku?").
	Action string
	// Tiles are the tiles the error names, if any.
	Tiles []Tile
}

func (Status) Name() string     { return "status" }
func (Recruit) Name() string    { return "recruit" }
func (GameStart) Name() string  { return "gamestart" }
func (KyokuStart) Name() string { return "kyokustart" }
func (Point) Name() string      { return "point" }
func (Haipai) Name() string     { return "haipai" }
func (Dora) Name() string       { return "dora" }
func (Tsumo) Name() string      { return "tsumo" }
func (AskSutehai) Name() string { return "GET sutehai?" }
func (AskNaku) Name() string    { return "GET naku?" }
func (Sutehai) Name() string    { return "sutehai" }
func (Say) Name() string        { return "say" }
func (Open) Name() string       { return "open" }
func (Agari) Name() string      { return "agari" }
func (Ryukyoku) Name() string   { return "ryukyoku" }
func (KyokuEnd) Name() string   { return "kyokuend" }
func (GameEnd) Name() string    { return "gameend" }
func (Ranking) Name() string    { return "ranking" }
func (Summary) Name() string    { return "summary" }
func (Reply) Name() string      { return "reply" }
