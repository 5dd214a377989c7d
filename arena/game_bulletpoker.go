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

// describeBulletpoker: phase is the street; features hand number, bet to
// match, own bet, own bullets loaded, seats alive, seats in the hand.
func describeBulletpoker(v *bulletpoker.View, _ []bulletpoker.Action) (string, []float32) {
	alive, in := 0, 0
	for i := range v.Alive {
		if v.Alive[i] {
			alive++
		}
		if v.InHand[i] {
			in++
		}
	}
	return v.Street.String(), []float32{float32(v.Hand), float32(v.Current), float32(v.Bet[v.Seat]), float32(v.Loaded[v.Seat]), float32(alive), float32(in)}
}
