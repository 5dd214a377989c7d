package mahjong

import (
	"math/rand/v2"

	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// Defense plays Efficiency until another seat declares riichi; then it
// keeps pushing only while its shanten is at most Push (and, at tenpai,
// its hand holds at least PushValue dora, red fives and value-honor sets),
// and otherwise folds (betaori): it declines every call and discards the
// tile with the lowest danger against the riichi seats.
type Defense struct {
	Efficiency
	Push, PushValue float64
}

func (d *Defense) Decide(v *mahjong.View, legal []mahjong.Action, rng *rand.Rand) mahjong.Action {
	if a, ok := win(legal); ok {
		return a
	}
	if !anyRiichi(v) {
		return d.Efficiency.Decide(v, legal, rng)
	}
	// The shanten (of a 3n+2 hand: after the best discard). On its own
	// turn the hand is the one bestDiscard analyses next: Discards keeps it.
	c := v.Counts()
	melds := int(v.NMelds[v.Me])
	var sh int
	if _, claim := pass(legal); claim {
		sh = mahjong.Shanten(&c, melds)
	} else {
		d.discards.Reset(&c, melds)
		sh = d.discards.HandShanten()
	}
	push := float64(sh) <= d.Push && (sh > 0 || d.value(v) >= int(d.PushValue))
	if push {
		return d.Efficiency.Decide(v, legal, rng)
	}
	if p, ok := pass(legal); ok {
		return p
	}
	danger := dangerTable(v)
	return d.bestDiscard(v, legal, rng, &danger)
}

// value counts dora, red fives and value-honor sets in Me's hand.
func (d *Defense) value(v *mahjong.View) int {
	n := 0
	c := v.Counts()
	for _, ind := range v.Dora[:v.NDora] {
		n += int(c[mahjong.DoraFromIndicator(ind)])
	}
	n += int(v.Hand[mahjong.RedM5] + v.Hand[mahjong.RedP5] + v.Hand[mahjong.RedS5])
	for h := mahjong.East; h <= mahjong.Red; h++ {
		if c[h] >= 3 && isValueHonor(v, h) {
			n++
		}
	}
	me := v.Me
	for i := uint8(0); i < v.NMelds[me]; i++ {
		m := v.Melds[me][i]
		if m.Kind != mahjong.Chi && isValueHonor(v, m.Tiles[0].Kind()) {
			n++
		}
		for _, t := range m.Tiles[:m.Len()] {
			if t.IsRed() {
				n++
			}
		}
	}
	return n
}

// dangerTable rates each kind's danger against the riichi seats (the
// maximum over them): 0 genbutsu (in the riichi seat's river, or
// discarded by anyone after its declaration), then honors by how many
// are visible, suji terminals, suji 2/8, other suji, non-suji terminals,
// non-suji 2/8 and finally non-suji middle tiles.
func dangerTable(v *mahjong.View) [mahjong.NumKinds]int {
	var out [mahjong.NumKinds]int
	vis := visible(v)
	c := v.Counts()
	for s := range v.Riichi {
		if !v.Riichi[s] || sim.Seat(s) == v.Me {
			continue
		}
		var safe [mahjong.NumKinds]bool
		r := &v.Rivers[s]
		for i := uint8(0); i < r.N; i++ {
			safe[r.Tiles[i].Kind()] = true
		}
		// tiles others discarded after the declaration (approximation:
		// the same number of last discards of every river)
		after := int(r.N) - int(v.RiichiAt[s])
		for o := range v.Rivers {
			ro := &v.Rivers[o]
			for i := max(0, int(ro.N)-after); i < int(ro.N); i++ {
				safe[ro.Tiles[i].Kind()] = true
			}
		}
		for k := mahjong.Tile(0); k < mahjong.NumKinds; k++ {
			d := 0
			switch {
			case safe[k]:
				d = 0
			case k.IsHonor():
				seen := int(vis[k]) + int(c[k])
				switch {
				case seen >= 3:
					d = 1
				case seen == 2:
					d = 3
				default:
					d = 6
				}
			default:
				n := int(k%9) + 1
				suji := false
				switch {
				case n <= 3:
					suji = safe[k+3]
				case n >= 7:
					suji = safe[k-3]
				default:
					suji = safe[k-3] && safe[k+3]
				}
				switch {
				case suji && (n == 1 || n == 9):
					d = 2
				case suji && (n == 2 || n == 8):
					d = 3
				case suji:
					d = 5
				case n == 1 || n == 9:
					d = 7
				case n == 2 || n == 8:
					d = 9
				default:
					d = 12
				}
			}
			out[k] = max(out[k], d)
		}
	}
	return out
}
