package liarsbar

import (
	"math/rand/v2"

	"gamelab/sim/liarsbar"
	"gamelab/strategies"
)

// Bayes estimates the probability that the last play is a lie and weighs
// the revolver hazards of a challenge against those of playing on.
//
// P(lie) = (1-q) + q*λ, where q = Supportable(v) is the hypergeometric
// chance that the claimant was dealt enough true cards for all it claimed
// this round, and λ its rate of voluntary lies: a Beta(Prior·4, (1-Prior)·4)
// prior updated by the lies and truths its revealed plays showed.
//
// In units of "probability that a seat dies now", with h(s) = 1/(6-pulls):
//   - challenge (basic, devil): P(lie)·h(claimant) − Risk·(1−P(lie))·h(me);
//     chaos: P(lie)·h(me) (we shoot someone) − Risk·(1−P(lie))·h(me);
//   - play on: the next seat challenges with probability Caught (1 if it
//     will be the only seat with cards): a true play gains Caught·h(next),
//     a bluff costs Risk·Caught·h(me) (chaos: the next seat shoots one of
//     the others with its own revolver).
//
// It challenges when the first exceeds the second by Threshold. It plays
// its true cards (up to 3) and, with probability Bluff, adds one lie to
// shed cards faster; with no true card it bluffs with one card.
type Bayes struct {
	Bluff, Threshold, Risk, Prior, Caught, Danger float64
}

// Reset does nothing: Bayes decides from the view alone.
func (b *Bayes) Reset() {}

// LieProb is the bayes estimate that the last play is a lie.
func (b *Bayes) LieProb(v *liarsbar.View) float64 {
	if v.Last < 0 {
		return 0
	}
	q := Supportable(v)
	const w = 4
	lies, truths := float64(v.ShownLies[v.Last]), float64(v.ShownTruths[v.Last])
	lambda := (b.Prior*w + lies) / (w + lies + truths)
	return (1 - q) + q*lambda
}

// Decide weighs a challenge against playing on (see Bayes).
func (b *Bayes) Decide(v *liarsbar.View, legal []liarsbar.Action, rng *rand.Rand) liarsbar.Action {
	play, challenge, aim := kindOf(legal)
	if aim {
		return aimAt(v, legal, b.Danger)
	}
	if !play {
		return liarsbar.ChallengeAction
	}
	chaos := v.Rules.Variant == liarsbar.VariantChaos
	hMe := liarsbar.Hazard(int(v.Pulls[v.Seat]))

	want, n := truePlay(v, v.Rules.MaxPlay)
	lie := false
	if n == 0 {
		n = lieCards(v, &want, 1)
		lie = true
	} else if n < v.Rules.MaxPlay && rng.Float64() < b.Bluff {
		if k := lieCards(v, &want, 1); k > 0 {
			n += k
			lie = true
		}
	}
	if !challenge || v.Last < 0 {
		// No claim to weigh (a challenge with nothing on the table comes
		// only from an inconsistent live request): play on.
		return playMask(v, &want)
	}

	pLie := b.LieProb(v)
	var evChallenge float64
	if chaos {
		evChallenge = pLie*hMe - b.Risk*(1-pLie)*hMe
	} else {
		evChallenge = pLie*liarsbar.Hazard(int(v.Pulls[v.Last])) - b.Risk*(1-pLie)*hMe
	}
	next, forced := nextHolderAfter(v, n)
	c := b.Caught
	if forced {
		c = 1
	}
	evPlay := 0.0
	if next >= 0 {
		hNext := liarsbar.Hazard(int(v.Pulls[next]))
		switch {
		case !lie:
			evPlay = c * hNext
		case chaos:
			evPlay = -b.Risk * c * hNext / float64(max(1, v.Living()-1))
		default:
			evPlay = -b.Risk * c * hMe
		}
	}
	if evChallenge-evPlay > b.Threshold {
		return liarsbar.ChallengeAction
	}
	return playMask(v, &want)
}

func init() {
	Registry.Add("bayes", "estimates P(lie) from unseen cards and reveals, weighs both revolver hazards",
		[]strategies.Param{
			{Name: "bluff", Default: 0, Min: 0, Max: 1, Help: "probability of adding one lie to a true play"},
			{Name: "threshold", Default: 0.03, Min: -1, Max: 1, Help: "challenge when its value exceeds playing on by this"},
			{Name: "risk", Default: 3, Min: 0, Max: 5, Help: "weight of our own death against another seat's"},
			{Name: "prior", Default: 0.15, Min: 0, Max: 1, Help: "prior rate of voluntary lies of the others"},
			{Name: "caught", Default: 0.5, Min: 0, Max: 1, Help: "believed probability that the next seat challenges our play"},
			aimParam,
		},
		func(p strategies.Values) Strategy {
			return &Bayes{Bluff: p["bluff"], Threshold: p["threshold"], Risk: p["risk"], Prior: p["prior"], Caught: p["caught"], Danger: p["danger"]}
		})
}
