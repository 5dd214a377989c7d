package mahjong

import (
	"errors"
	"fmt"
	"strings"
)

// ActionKind says what a player does. The first group answers the
// server's "GET sutehai?" (the seat's own turn), the second "GET naku?"
// (a claim on another seat's discard or kakan).
type ActionKind uint8

// Action kinds. The wire word of the live server (spec 2.2) is given after
// each; String and ParseAction use our own words, ParseAction also accepts
// the wire words.
const (
	// Turn actions (GET sutehai?).
	ActDiscard   ActionKind = iota + 1 // "sutehai <tile>": discard Tile
	ActRiichi                          // "richi <tile>": declare riichi discarding Tile
	ActTsumo                           // "tsumo": win on the drawn tile
	ActAnkan                           // "ankan <tile>": closed kan of Tile's kind
	ActKakan                           // "kakan <tile>": add Tile to one's pon
	ActNineKinds                       // 九種九牌 abortive draw (Tenhou only; no wire word)
	// Claim answers (GET naku?).
	ActPass // "no"
	ActRon  // "ron" (also chankan)
	ActPon  // "pon": Tile and Tile2 are the two hand tiles used
	ActChi  // "chi <t1> <t2>": the two hand tiles, ascending
	ActKan  // "kan": open kan on the discard
)

var actionWords = [...]string{
	ActDiscard: "discard", ActRiichi: "riichi", ActTsumo: "tsumo", ActAnkan: "ankan", ActKakan: "kakan",
	ActNineKinds: "ninekinds", ActPass: "pass", ActRon: "ron", ActPon: "pon", ActChi: "chi", ActKan: "kan",
}

// wireWords maps the live server's answer words to our kinds.
var wireWords = map[string]ActionKind{"sutehai": ActDiscard, "richi": ActRiichi, "no": ActPass}

func (k ActionKind) String() string {
	if int(k) < len(actionWords) && actionWords[k] != "" {
		return actionWords[k]
	}
	return fmt.Sprintf("ActionKind(%d)", k)
}

// IsClaim reports whether k answers a claim prompt (naku?) rather than a turn.
func (k ActionKind) IsClaim() bool { return k >= ActPass && k <= ActKan }

// Action is one decision of a seat. Tiles carry red fives (Tile 34–36), so
// "discard the red 5m" and "discard a plain 5m" are different actions.
//
//	ActDiscard, ActRiichi, ActKakan: Tile is the tile.
//	ActAnkan: Tile is one tile of the four (the red one if the kan holds it).
//	ActPon, ActChi: Tile and Tile2 are the two tiles taken from the hand
//	  (Tile <= Tile2 in notation order, i.e. ascending ranks for chi).
//	ActTsumo, ActNineKinds, ActPass, ActRon, ActKan: no tiles.
type Action struct {
	Kind  ActionKind
	Tile  Tile
	Tile2 Tile
}

// String gives the text form ParseAction reads: "discard 3m", "riichi 0p",
// "chi 4m 5m", "pass".
func (a Action) String() string {
	switch a.Kind {
	case ActDiscard, ActRiichi, ActAnkan, ActKakan:
		return a.Kind.String() + " " + a.Tile.String()
	case ActPon, ActChi:
		return a.Kind.String() + " " + a.Tile.String() + " " + a.Tile2.String()
	}
	return a.Kind.String()
}

// ErrBadAction reports text that is not an action.
var ErrBadAction = errors.New("mahjong: bad action")

// ParseAction reads the String form, also accepting the live server's
// words ("sutehai 3m", "richi 3m", "no") and an optional "sutehai? " or
// "naku? " prefix.
func ParseAction(s string) (Action, error) {
	f := strings.Fields(s)
	if len(f) > 0 && (f[0] == "sutehai?" || f[0] == "naku?") {
		f = f[1:]
	}
	if len(f) == 0 {
		return Action{}, fmt.Errorf("%w: empty", ErrBadAction)
	}
	kind, ok := wireWords[f[0]]
	if !ok {
		for k, w := range actionWords {
			if w != "" && w == f[0] {
				kind, ok = ActionKind(k), true
			}
		}
	}
	if !ok {
		return Action{}, fmt.Errorf("%w %q: unknown word %q", ErrBadAction, s, f[0])
	}
	want := 0
	switch kind {
	case ActDiscard, ActRiichi, ActAnkan, ActKakan:
		want = 1
	case ActPon, ActChi:
		want = 2
	}
	if len(f)-1 != want {
		return Action{}, fmt.Errorf("%w %q: %s takes %d tile(s)", ErrBadAction, s, kind, want)
	}
	a := Action{Kind: kind}
	for i := 0; i < want; i++ {
		t, err := ParseTile(f[1+i])
		if err != nil {
			return Action{}, fmt.Errorf("%w %q: %v", ErrBadAction, s, err)
		}
		if i == 0 {
			a.Tile = t
		} else {
			a.Tile2 = t
		}
	}
	return a, nil
}
