package mahjong

import (
	"math/rand/v2"

	"gamelab/sim/mahjong"
)

// Random picks a uniformly random legal action.
type Random struct{}

func (Random) Reset() {}

// viewBlind: Decide never reads the view, so Play need not fold it.
func (Random) viewBlind() {}

func (Random) Decide(v *mahjong.View, legal []mahjong.Action, rng *rand.Rand) mahjong.Action {
	return legal[rng.IntN(len(legal))]
}

// win returns the tsumo or ron action in legal, if any.
func win(legal []mahjong.Action) (mahjong.Action, bool) {
	for _, a := range legal {
		if a.Kind == mahjong.ActTsumo || a.Kind == mahjong.ActRon {
			return a, true
		}
	}
	return mahjong.Action{}, false
}

// pass returns the pass action if legal lists one (a claim prompt).
func pass(legal []mahjong.Action) (mahjong.Action, bool) {
	for _, a := range legal {
		if a.Kind == mahjong.ActPass {
			return a, true
		}
	}
	return mahjong.Action{}, false
}

// Tsumogiri wins when it can, never calls or riichis, and discards the
// drawn tile (its first legal discard when it has none).
type Tsumogiri struct{}

func (Tsumogiri) Reset() {}

func (Tsumogiri) Decide(v *mahjong.View, legal []mahjong.Action, rng *rand.Rand) mahjong.Action {
	if a, ok := win(legal); ok {
		return a
	}
	if a, ok := pass(legal); ok {
		return a
	}
	first := mahjong.Action{}
	for _, a := range legal {
		if a.Kind != mahjong.ActDiscard {
			continue
		}
		if a.Tile == v.Drawn {
			return a
		}
		if first.Kind == 0 {
			first = a
		}
	}
	if first.Kind != 0 {
		return first
	}
	return legal[0]
}

// Minimal is the seed's minimal AI: tsumo/ron when possible, "naku? no"
// to every call, otherwise its first legal discard (lowest tile).
type Minimal struct{}

func (Minimal) Reset() {}

func (Minimal) Decide(v *mahjong.View, legal []mahjong.Action, rng *rand.Rand) mahjong.Action {
	if a, ok := win(legal); ok {
		return a
	}
	if a, ok := pass(legal); ok {
		return a
	}
	for _, a := range legal {
		if a.Kind == mahjong.ActDiscard {
			return a
		}
	}
	return legal[0]
}
