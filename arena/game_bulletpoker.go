package arena

import (
	"gamelab/sim/bulletpoker"
	sb "gamelab/strategies/bulletpoker"
)

// Bullet poker: 2–6 seats (presets classic, liarstexas, simultaneous). Its
// Runner uses only the engine's and the strategies package's public
// contract.
func init() {
	Register(&Game[bulletpoker.Rules, sb.Strategy, bulletpoker.View, bulletpoker.Action]{
		Title:        "bulletpoker",
		Preset:       bulletpoker.Preset,
		PresetNames:  bulletpoker.Presets,
		DefaultName:  "classic",
		SeatsOf:      func(r bulletpoker.Rules) int { return r.Players },
		Registry:     sb.Registry,
		Outcome:      OutcomePlaces,
		PlayFunc:     sb.Play,
		DescribeFunc: describeBulletpoker,
	})
}

// describeBulletpoker gives the named features of strategies/bulletpoker
// (DescribeDecision).
func describeBulletpoker(v *bulletpoker.View, legal []bulletpoker.Action) (string, any) {
	return sb.DescribeDecision(v, legal)
}
