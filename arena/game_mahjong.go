package arena

import (
	"gamelab/sim/mahjong"
	sm "gamelab/strategies/mahjong"
)

// Riichi mahjong: 4 seats (presets dihou, tenhou). Duplicate sets play each
// wall seed four times with the seats rotated. Extras are Tenhou-style
// rates from the engine's per-seat counts. Its Runner uses only the
// engine's and the strategies package's public contract.
func init() {
	Register(&mahjongGame{Game[mahjong.Rules, sm.Strategy, mahjong.View, mahjong.Action]{
		Title:        "mahjong",
		Preset:       mahjong.Preset,
		PresetNames:  mahjong.Presets,
		DefaultName:  "dihou",
		SeatsOf:      func(r mahjong.Rules) int { return r.Players },
		Registry:     sm.Registry,
		PlayFunc:     sm.Play,
		ExtrasFunc:   tenhouRates,
		DescribeFunc: describeMahjong,
		// Tenhou's rank points of a 鳳凰卓 半荘 (uma and the 4th-place
		// penalty, without the raw score): +90/+45/0/−135.
		RankPoints: []float64{90, 45, 0, -135},
	}})
}

// mahjongGame sizes the no-flag demo of lab arena.
type mahjongGame struct {
	Game[mahjong.Rules, sm.Strategy, mahjong.View, mahjong.Action]
}

// DemoGames is the size of `lab arena` with no flags: 200 duplicate sets.
func (*mahjongGame) DemoGames() int64 { return 800 }

// describeMahjong gives the named features of strategies/mahjong
// (DescribeDecision): hand, melds, rivers, dora, scores, shanten and
// ukeire per legal discard.
func describeMahjong(v *mahjong.View, legal []mahjong.Action) (string, any) {
	return sm.DescribeDecision(v, legal)
}

// tenhouRates (mahjong's ExtrasFunc) turns a mahjong player's summed seat stats ("hands", "wins",
// "dealins", "riichi", "calls", "win_points", and when present "draws" and
// "dealin_points") into the rates Tenhou's player statistics show: win
// rate (和了率), deal-in rate (放銃率), riichi rate (立直率) and call rate
// (副露率), each per hand played, the average points of a win (平均和了),
// the draw rate (流局率) and the average points paid for a deal-in
// (平均放銃). Average rank (平均順位) is the table's "avg place" column;
// rank points the summary's rank_points.
func tenhouRates(sums map[string]float64) []Extra {
	hands := sums["hands"]
	if hands == 0 {
		return nil
	}
	out := []Extra{
		{"hand win rate", sums["wins"] / hands},
		{"deal-in rate", sums["dealins"] / hands},
		{"riichi rate", sums["riichi"] / hands},
		{"call rate", sums["calls"] / hands},
	}
	avg := 0.0
	if w := sums["wins"]; w > 0 {
		avg = sums["win_points"] / w
	}
	out = append(out, Extra{"avg win points", avg})
	if _, ok := sums["dealin_points"]; ok {
		dl := 0.0
		if n := sums["dealins"]; n > 0 {
			dl = sums["dealin_points"] / n
		}
		out = append(out, Extra{"draw rate", sums["draws"] / hands}, Extra{"avg deal-in points", dl})
	}
	out = append(out, Extra{"hands/game", hands / sums["games"]})
	return out
}
