package arena

import (
	"gamelab/sim"
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

// describeLiarsbar: phase "challenge" when a play may be challenged, else
// "lead"; features round, own cards, cards played this round, cards of the
// last play, own pulls, seats alive.
func describeLiarsbar(v *liarsbar.View, _ []liarsbar.Action) (string, []float32) {
	phase := "lead"
	if v.Last != sim.NoSeat {
		phase = "challenge"
	}
	alive := 0
	for _, a := range v.Alive {
		if a {
			alive++
		}
	}
	return phase, []float32{float32(v.Round), float32(v.HandLen), float32(v.Pile), float32(v.LastCount), float32(v.Pulls[v.Seat]), float32(alive)}
}
