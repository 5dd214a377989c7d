package arena

import (
	"gamelab/sim/liarsbar"
	sl "gamelab/strategies/liarsbar"
)

// Liar's Bar: 2–6 seats (presets basic, devil, chaos for 4). Its Runner
// uses only the engine's and the strategies package's public contract.
func init() {
	Register(&Game[liarsbar.Rules, sl.Strategy, liarsbar.View, liarsbar.Action]{
		Title:        "liarsbar",
		Preset:       liarsbar.Preset,
		PresetNames:  liarsbar.Presets,
		DefaultName:  liarsbar.VariantBasic,
		SeatsOf:      func(r liarsbar.Rules) int { return r.Players },
		Registry:     sl.Registry,
		Outcome:      OutcomePlaces,
		PlayFunc:     sl.Play,
		DescribeFunc: describeLiarsbar,
	})
}

// describeLiarsbar gives the named features of strategies/liarsbar
// (DescribeDecision).
func describeLiarsbar(v *liarsbar.View, legal []liarsbar.Action) (string, any) {
	return sl.DescribeDecision(v, legal)
}
