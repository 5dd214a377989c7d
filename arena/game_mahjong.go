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
		Title:       "mahjong",
		Preset:      mahjong.Preset,
		PresetNames: mahjong.Presets,
		DefaultName: "dihou",
		SeatsOf:     func(r mahjong.Rules) int { return r.Players },
		Registry:    sm.Registry,
		PlayFunc:    sm.Play,
		ExtrasFunc:  TenhouRates,
	}})
}

// mahjongGame sizes the no-flag demo of lab arena.
type mahjongGame struct {
	Game[mahjong.Rules, sm.Strategy, mahjong.View, mahjong.Action]
}

// DemoGames is the size of `lab arena` with no flags: 100 duplicate sets.
func (*mahjongGame) DemoGames() int64 { return 400 }
