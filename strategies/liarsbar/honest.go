package liarsbar

import (
	"math/rand/v2"

	"gamelab/sim/liarsbar"
	"gamelab/strategies"
)

// Honest plays the table card and wilds (up to Most cards), bluffs with a
// single card only when it holds nothing true, and challenges when the
// previous claim is impossible or its probability by a hypergeometric
// count of unseen cards (Supportable) is below Doubt.
type Honest struct {
	Most   int
	Doubt  float64
	Danger float64
}

// Reset does nothing: Honest decides from the view alone.
func (h *Honest) Reset() {}

// Decide aims by the aiming policy, challenges a doubtful claim, else
// plays its true cards (or a one-card bluff).
func (h *Honest) Decide(v *liarsbar.View, legal []liarsbar.Action, rng *rand.Rand) liarsbar.Action {
	play, challenge, aim := kindOf(legal)
	if aim {
		return aimAt(v, legal, h.Danger)
	}
	if challenge && (!play || Supportable(v) < h.Doubt) {
		return liarsbar.ChallengeAction
	}
	want, n := truePlay(v, min(h.Most, v.Rules.MaxPlay))
	if n == 0 {
		lieCards(v, &want, 1)
	}
	return playMask(v, &want) // canonical, hence legal; Play reports it if not
}

func init() {
	Registry.Add("honest", "plays table cards and wilds, bluffs only when it must, challenges improbable claims",
		[]strategies.Param{
			{Name: "most", Default: 3, Min: 1, Max: 3, Help: "most true cards per play", Kind: strategies.Int},
			{Name: "doubt", Default: 0.3, Min: 0, Max: 1, Help: "challenge when the claim's probability is below this"},
			aimParam,
		},
		func(p strategies.Values) Strategy {
			return &Honest{Most: int(p["most"]), Doubt: p["doubt"], Danger: p["danger"]}
		})
}
