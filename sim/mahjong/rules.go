package mahjong

import (
	"errors"
	"fmt"
)

// Rules are the table rules of a game: the scoring choices (ScoreRules)
// plus the flow of play. Every difference between the presets is a named
// field, so other tables are presets, not forks. Dihou() copies the live
// 地鳳 server (spec mahjong-dihou.md, sections 2.4–3.6); Tenhou() is
// Tenhou's 東南 red-five game, used to replay real Tenhou logs.
type Rules struct {
	ScoreRules
	// Name of the preset the rules came from ("dihou", "tenhou"); for
	// display only.
	Name string `json:"name,omitempty"`
	// Players is the number of seats; only 4 is supported.
	Players int `json:"players"`
	// Winds is the game length in round winds: 1 = 東風戦, 2 = 半荘戦.
	Winds int `json:"winds"`
	// StartPoints each seat starts with.
	StartPoints int `json:"start_points"`
	// Wall is the wall layout: "dihou" (spec 3.1: deal wall[0..51] by
	// seat, dead wall 52..65, rinshan from the live sequence) or
	// "tenhou" (Tenhou's layout, testdata README).
	Wall string `json:"wall"`
	// RiichiNeedsPoints: riichi needs at least 1000 points.
	RiichiNeedsPoints bool `json:"riichi_needs_points"`
	// DoubleRiichiAfterCalls: W riichi counts even if someone called
	// before the declaration (地鳳); otherwise any call cancels it.
	DoubleRiichiAfterCalls bool `json:"double_riichi_after_calls"`
	// RiichiKanChangesWaits: an ankan in riichi is allowed whenever the
	// hand stays tenpai (地鳳); otherwise the waits must not change.
	RiichiKanChangesWaits bool `json:"riichi_kan_changes_waits"`
	// KanAfterCall: ankan/kakan may be declared right after a pon or chi,
	// before discarding (地鳳).
	KanAfterCall bool `json:"kan_after_call"`
	// Kuikae: after pon/chi the called kind (and the suji partner of a
	// chi) may not be discarded at once (Tenhou).
	Kuikae bool `json:"kuikae"`
	// MultiRon: several seats may ron one discard (double ron); three rons
	// abort the hand with ThreeRonAbort. Without MultiRon one claimant
	// wins, chosen by RonOrder.
	MultiRon bool `json:"multi_ron"`
	// RonOrder picks the one winner when several seats ron one tile and
	// MultiRon is off: RonTurnOrder ("turn", also the empty value) takes
	// the first claimant in turn order after the discarder (head bump);
	// RonJoinOrder ("join") takes the lowest seat index, seat 0 first.
	// The live 地鳳 server takes the first ron answer to arrive and sends
	// its prompts in join order 200 ms apart, so with prompt answers the
	// lowest join index wins (docs/rules/mahjong.md, "Ron order").
	RonOrder string `json:"ron_order,omitempty"`
	// ThreeRonAbort: three ron claims on one tile abort the hand (三家和).
	ThreeRonAbort bool `json:"three_ron_abort"`
	// NineKinds: 九種九牌 abortive draw may be declared.
	NineKinds bool `json:"nine_kinds"`
	// AbortRotates: abortive draws rotate the dealer (地鳳; 三家和 keeps
	// the dealer unless the dealer dealt in). Otherwise the dealer stays.
	AbortRotates bool `json:"abort_rotates"`
	// KokushiRobsAnkan: a kokushi tenpai may ron the tile of another
	// seat's ankan (Tenhou); 地鳳 allows no chankan on an ankan.
	KokushiRobsAnkan bool `json:"kokushi_robs_ankan"`
	// OpenKanDoraLater: the kan dora of a daiminkan or kakan is flipped
	// after the kan player's discard (Tenhou); otherwise at once.
	OpenKanDoraLater bool `json:"open_kan_dora_later"`
	// ChankanKanDora: a win by robbing a kakan shows and counts that
	// kakan's kan dora (地鳳, docs/rules/mahjong.md "The two presets"; the server's rules: "Chankan wins
	// count the new kan dora"; the server sends the pending kan-dora notice
	// right after "say ron"). Tenhou shows no new dora on a chankan.
	ChankanKanDora bool `json:"chankan_kan_dora"`
	// KakanClearsIppatsu: declaring a kakan clears every ippatsu at once,
	// so robbing it is never ippatsu (地鳳, spec: "cleared by any call/kan
	// by anyone"). Tenhou clears it only once nobody robs the kakan.
	KakanClearsIppatsu bool `json:"kakan_clears_ippatsu"`
	// Tobi: the game ends when a score falls below zero.
	Tobi bool `json:"tobi"`
	// Pao: liability for 大三元/大四喜 fed by a pon or kan.
	Pao bool `json:"pao"`
	// AgariYame: in the last hand the game ends when the dealer keeps the
	// deal while in first place with at least TargetPoints.
	AgariYame bool `json:"agari_yame"`
	// TargetPoints: with WestExtension, the game goes on past its last
	// scheduled hand until somebody has this many points.
	TargetPoints int `json:"target_points"`
	// WestExtension: play on into the next wind (sudden death) while
	// nobody reached TargetPoints, at most one extra wind.
	WestExtension bool `json:"west_extension"`
	// SticksToWinner: riichi sticks left at the end go to first place;
	// otherwise they are lost.
	SticksToWinner bool `json:"sticks_to_winner"`
	// NagashiFirstOnly and NagashiKeepsPot: 地鳳's nagashi mangan pays
	// only the first such seat in seat order, adds the pot and honba and
	// keeps the pot on the table; the dealer always rotates.
	// Otherwise (Tenhou) every such seat is paid a mangan tsumo without
	// honba or pot, and the dealer keeps the deal iff tenpai.
	NagashiDihou bool `json:"nagashi_dihou"`
	// TenpaiExcludesKarahai: at an exhaustive draw, a hand whose only
	// waits are tiles it holds all four of is noten (Tenhou).
	TenpaiExcludesFourHeld bool `json:"tenpai_excludes_four_held"`
	// TieBySeat: equal final scores are ranked by seat order (seat 0 is
	// the first dealer); otherwise they share a place.
	TieBySeat bool `json:"tie_by_seat"`
}

// Dihou returns the live 地鳳 server's rules (半荘; set Winds to 1 for the
// 東風 channel). Seat 0 is the first dealer; where the server uses its join
// order (the one paid nagashi mangan, ranking ties) the engine uses seat
// order from seat 0, which is the join order rotated to the first dealer.
func Dihou() Rules {
	return Rules{
		ScoreRules:             DihouScoring(),
		Name:                   "dihou",
		Players:                4,
		Winds:                  2,
		StartPoints:            25000,
		Wall:                   "dihou",
		DoubleRiichiAfterCalls: true,
		RiichiKanChangesWaits:  true,
		KanAfterCall:           true,
		RonOrder:               RonJoinOrder,
		ThreeRonAbort:          true,
		AbortRotates:           true,
		ChankanKanDora:         true,
		KakanClearsIppatsu:     true,
		NagashiDihou:           true,
		TieBySeat:              true,
	}
}

// Tenhou returns Tenhou's 東南 red-five rules (the GO type 169 games of
// the testdata logs).
func Tenhou() Rules {
	return Rules{
		ScoreRules:             TenhouScoring(),
		Name:                   "tenhou",
		Players:                4,
		Winds:                  2,
		StartPoints:            25000,
		Wall:                   "tenhou",
		RiichiNeedsPoints:      true,
		Kuikae:                 true,
		MultiRon:               true,
		ThreeRonAbort:          true,
		NineKinds:              true,
		OpenKanDoraLater:       true,
		KokushiRobsAnkan:       true,
		Tobi:                   true,
		Pao:                    true,
		AgariYame:              true,
		TargetPoints:           30000,
		WestExtension:          true,
		SticksToWinner:         true,
		TenpaiExcludesFourHeld: true,
		TieBySeat:              true,
	}
}

// The values of Rules.RonOrder.
const (
	RonTurnOrder = "turn" // first claimant after the discarder (the empty value too)
	RonJoinOrder = "join" // lowest seat index: the 地鳳 server's join order
)

// ErrUnknownPreset reports an unknown preset name.
var ErrUnknownPreset = errors.New("mahjong: unknown preset")

// ErrBadRules reports rules Validate refuses.
var ErrBadRules = errors.New("mahjong: bad rules")

// Presets lists the preset names.
func Presets() []string { return []string{"dihou", "tenhou"} }

// Preset returns the rules of a named preset.
func Preset(name string) (Rules, error) {
	switch name {
	case "dihou":
		return Dihou(), nil
	case "tenhou":
		return Tenhou(), nil
	}
	return Rules{}, fmt.Errorf("%w %q (have dihou, tenhou)", ErrUnknownPreset, name)
}

// Validate reports rules the engine cannot play.
func (r Rules) Validate() error {
	if err := r.ScoreRules.Validate(); err != nil {
		return fmt.Errorf("%w: %v", ErrBadRules, err)
	}
	switch {
	case r.Players != 4:
		return fmt.Errorf("%w: players %d: only 4 is supported", ErrBadRules, r.Players)
	case r.Winds < 1 || r.Winds > 3:
		return fmt.Errorf("%w: winds %d: want 1 (東風), 2 (半荘) or 3", ErrBadRules, r.Winds)
	case r.StartPoints <= 0 || r.StartPoints > 1_000_000 || r.StartPoints%100 != 0:
		return fmt.Errorf("%w: start_points %d: want a positive multiple of 100", ErrBadRules, r.StartPoints)
	case r.Wall != "dihou" && r.Wall != "tenhou":
		return fmt.Errorf("%w: wall %q: want dihou or tenhou", ErrBadRules, r.Wall)
	case r.RonOrder != "" && r.RonOrder != RonTurnOrder && r.RonOrder != RonJoinOrder:
		return fmt.Errorf("%w: ron_order %q: want turn or join", ErrBadRules, r.RonOrder)
	case r.WestExtension && r.TargetPoints <= 0:
		return fmt.Errorf("%w: west_extension needs target_points > 0", ErrBadRules)
	case r.AgariYame && r.TargetPoints < 0:
		return fmt.Errorf("%w: target_points %d < 0", ErrBadRules, r.TargetPoints)
	}
	return nil
}
