package mahjong

import (
	"fmt"

	"gamelab/sim"
)

// EventKind says what happened. Each kind maps to lines of the live
// server's wire protocol (spec section 2.3/2.4); the mapping is given per
// kind so an adapter can turn parsed NOTIFY lines into Events and fold them
// into a View exactly as the engine does.
type EventKind uint8

// Event kinds.
const (
	// EvGameStart: a game begins. Value = starting points.
	// Wire: "NOTIFY gamestart <seat wind>" (one per player).
	EvGameStart EventKind = iota + 1
	// EvHandStart: a hand (局) begins. Round = 4*wind + hand (0 = 東1,
	// 4 = 南1 …), Seat = dealer, Honba, Sticks = riichi sticks in the pot,
	// Value = live tiles before the dealer's first draw (70).
	// Wire: "NOTIFY kyokustart <東|南> <dealer> <honba> <1000×pot>" (the
	// hand number is the dealer's offset from seat 0).
	EvHandStart
	// EvScore: Seat's score is Value (absolute). Emitted for every seat
	// after EvHandStart. Wire: "NOTIFY point <P> = <score>".
	EvScore
	// EvDeal: Seat's 13 starting tiles in Tiles[:N]. Private: only Seat
	// sees it (others know the count). Wire: "NOTIFY haipai <P> <tiles>".
	EvDeal
	// EvDora: Tile is a newly shown dora indicator; with FlagUra it is an
	// ura-dora indicator shown at a riichi win. Wire: "NOTIFY dora <tile>"
	// (kan dora after daiminkan/kakan are announced at the kan player's
	// next discard on the wire, but count at once; the engine emits the
	// event when the indicator is flipped for scoring: at once for ankan,
	// and for open kans per Rules.KanDoraLater).
	EvDora
	// EvDraw: Seat draws Tile (FlagRinshan for a replacement draw after a
	// kan); Value = live tiles left after this draw. Other seats see the
	// event with Tile = HiddenTile. Wire: "NOTIFY tsumo <P> <left> <tile>"
	// to the drawer only; an adapter synthesises the hidden draw for the
	// other seats (before each sutehai not preceded by that seat's pon/chi,
	// and after each kan).
	EvDraw
	// EvRiichi: Seat declares riichi; its next EvDiscard is the
	// declaration tile. Wire: "NOTIFY say <P> richi".
	EvRiichi
	// EvDiscard: Seat discards Tile (FlagTsumogiri if it was the drawn
	// tile). Wire: "NOTIFY sutehai <P> <tile>" (no tsumogiri flag on the
	// wire).
	EvDiscard
	// EvRiichiStick: Seat's riichi declaration passed without ron: Seat
	// pays 1000 into the pot (Seat's score −1000, sticks +1). No wire line:
	// implied when the next draw or call follows a riichi discard.
	EvRiichiStick
	// EvCall: Seat makes a meld of kind Meld (Chi, Pon,
	// Daiminkan, Ankan, Kakan) with Tiles[:N] (3 or 4 tiles,
	// claimed tile included; for kakan all four); Tile is the claimed tile
	// (for kakan the added tile, for ankan one of the four), From the seat
	// it came from (Seat itself for ankan/kakan).
	// Wire: "NOTIFY say <P> pon|chi|kan" + "NOTIFY open <P> <tiles>".
	EvCall
	// EvWin: Seat wins on Tile, From = discarder (Seat itself for tsumo);
	// Han, Fu, Yakuman (count of yakuman, 0 for none) and Value = the
	// hand's points before honba and sticks: the ron value, or for a
	// tsumo the sum of the payments (Tenhou's AGARI "ten" points).
	// Wire: "NOTIFY say <P> tsumo|ron" + "NOTIFY agari <P> <fu> <yaku>…".
	EvWin
	// EvExhaustive: the hand ends in a draw; Value is a DrawReason.
	// Wire: "NOTIFY ryukyoku".
	EvExhaustive
	// EvTenpai: at an exhaustive draw Seat declares tenpai (FlagTenpai) or
	// noten. Wire: "NOTIFY say <P> tenpai|noten".
	EvTenpai
	// EvPoints: Seat's score changes by Value (may be negative). Wire:
	// "NOTIFY point <P> + <n>" / "- <n>".
	EvPoints
	// EvHandEnd: the hand is over; Sticks = pot carried to the next hand.
	// Wire: "NOTIFY kyokuend".
	EvHandEnd
	// EvGameEnd: the game is over; scores are final; Sticks = 0 (sticks
	// left were paid to first place by an EvPoints before, or lost).
	// Wire: "NOTIFY gameend".
	EvGameEnd
)

var eventNames = [...]string{
	EvGameStart: "gamestart", EvHandStart: "handstart", EvScore: "score", EvDeal: "deal",
	EvDora: "dora", EvDraw: "draw", EvRiichi: "riichi", EvDiscard: "discard",
	EvRiichiStick: "stick", EvCall: "call", EvWin: "win", EvExhaustive: "ryukyoku",
	EvTenpai: "tenpai", EvPoints: "points", EvHandEnd: "handend", EvGameEnd: "gameend",
}

func (k EventKind) String() string {
	if int(k) < len(eventNames) && eventNames[k] != "" {
		return eventNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", k)
}

// EventFlag qualifies an event.
type EventFlag uint8

// Event flags.
const (
	FlagTsumogiri EventFlag = 1 << iota // EvDiscard: the drawn tile
	FlagRinshan                         // EvDraw: replacement draw after a kan
	FlagUra                             // EvDora: ura-dora indicator
	FlagTenpai                          // EvTenpai: tenpai (else noten)
	FlagRiichi                          // EvDiscard: riichi declaration tile
)

// DrawReason is why a hand ended without a win (EvExhaustive.Value).
type DrawReason int32

// Draw reasons.
const (
	DrawExhaustive DrawReason = iota // 荒牌平局: wall empty
	DrawNagashi                      // 流し満貫 (paid as a win-like settlement)
	DrawNineKinds                    // 九種九牌
	DrawFourWinds                    // 四風子連打
	DrawFourKans                     // 四開槓
	DrawFourRiichi                   // 四家立直
	DrawThreeRon                     // 三家和
)

var drawNames = [...]string{"exhaustive", "nagashi", "ninekinds", "fourwinds", "fourkans", "fourriichi", "threeron"}

func (r DrawReason) String() string {
	if r >= 0 && int(r) < len(drawNames) {
		return drawNames[r]
	}
	return fmt.Sprintf("DrawReason(%d)", int32(r))
}

// HiddenTile stands for a tile a seat may not see (others' draws).
const HiddenTile = NoTile

// Event is one state change of a game. It is a small value type; which
// fields mean something depends on Kind (see the kind constants).
type Event struct {
	Kind   EventKind
	Seat   sim.Seat
	From   sim.Seat
	Tile   Tile
	Meld   MeldKind
	Flags  EventFlag
	N      uint8 // tiles used in Tiles
	Round  uint8
	Honba  uint8
	Sticks uint8
	Han    uint8
	Fu     uint8
	// Yakuman counts yakuman (double yakuman = 2) of an EvWin.
	Yakuman uint8
	Tiles   [13]Tile
	Value   int32
}

// For returns the event as seat sees it, and false if seat does not see it
// at all. Deals are private; other seats' draws are seen with the tile
// hidden; everything else is public.
func (e Event) For(seat sim.Seat) (Event, bool) {
	switch e.Kind {
	case EvDeal:
		return e, e.Seat == seat
	case EvDraw:
		if e.Seat != seat {
			e.Tile = HiddenTile
		}
	}
	return e, true
}

// String is a compact text form for logs and tests.
func (e Event) String() string {
	s := e.Kind.String()
	if e.Seat != sim.NoSeat {
		s += fmt.Sprintf(" s%d", e.Seat)
	}
	switch e.Kind {
	case EvHandStart:
		return fmt.Sprintf("%s round=%d honba=%d sticks=%d left=%d", s, e.Round, e.Honba, e.Sticks, e.Value)
	case EvScore, EvPoints, EvGameStart:
		return fmt.Sprintf("%s %d", s, e.Value)
	case EvDeal:
		return s + " " + tileList(e.Tiles[:e.N])
	case EvDora, EvDiscard:
		return fmt.Sprintf("%s %v f%d", s, e.Tile, e.Flags)
	case EvDraw:
		t := "?"
		if e.Tile != HiddenTile {
			t = e.Tile.String()
		}
		return fmt.Sprintf("%s %s left=%d f%d", s, t, e.Value, e.Flags)
	case EvCall:
		return fmt.Sprintf("%s %v %v from s%d %s", s, e.Meld, e.Tile, e.From, tileList(e.Tiles[:e.N]))
	case EvWin:
		return fmt.Sprintf("%s %v from s%d han=%d fu=%d yakuman=%d points=%d", s, e.Tile, e.From, e.Han, e.Fu, e.Yakuman, e.Value)
	case EvExhaustive:
		return s + " " + DrawReason(e.Value).String()
	case EvTenpai:
		return fmt.Sprintf("%s %v", s, e.Flags&FlagTenpai != 0)
	case EvHandEnd:
		return fmt.Sprintf("%s sticks=%d", s, e.Sticks)
	}
	return s
}

func tileList(ts []Tile) string {
	b := make([]byte, 0, 2*len(ts))
	for _, t := range ts {
		b = append(b, t.String()...)
	}
	return string(b)
}
