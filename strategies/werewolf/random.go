package werewolf

import (
	"math/rand/v2"

	"gamelab/sim/werewolf"
)

// Random plays uniformly among the legal actions. With probability Quiet
// it passes the discussion, or, at night, plays a non-message action when
// it has one.
type Random struct{ Quiet float64 }

// Decide implements Strategy.
func (r *Random) Decide(v *werewolf.View, legal []werewolf.Action, rng *rand.Rand) werewolf.Action {
	if r.Quiet > 0 && rng.Float64() < r.Quiet {
		last := legal[len(legal)-1]
		if last.Kind != werewolf.ActTalk && last.Kind != werewolf.ActWhisper {
			// Pass, or a divine/kill/vote: drop the messages.
			i := 0
			for i < len(legal) && (legal[i].Kind == werewolf.ActTalk || legal[i].Kind == werewolf.ActWhisper) {
				i++
			}
			if last.Kind == werewolf.ActPass {
				return last
			}
			return legal[i+rng.IntN(len(legal)-i)]
		}
	}
	return legal[rng.IntN(len(legal))]
}

// Reset implements Strategy.
func (r *Random) Reset() {}
