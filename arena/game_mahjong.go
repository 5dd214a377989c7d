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
		ExtrasFunc:   TenhouRates,
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

// describeMahjong: phase "turn" with a drawn tile, else "claim"; features
// round, honba, own score, live wall tiles, riichi declared, own melds.
func describeMahjong(v *mahjong.View, _ []mahjong.Action) (string, []float32) {
	phase := "claim"
	if v.Drawn != mahjong.NoTile {
		phase = "turn"
	}
	riichi := 0
	for _, r := range v.Riichi {
		if r {
			riichi++
		}
	}
	return phase, []float32{float32(v.Round), float32(v.Honba), float32(v.Scores[v.Me]), float32(v.WallLeft), float32(riichi), float32(v.NMelds[v.Me])}
}
