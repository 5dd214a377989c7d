package liarsbar

import (
	"math/bits"

	"gamelab/sim"
)

// revolver is one seat's six-chamber revolver: one live round at the secret
// chamber (1..6) and a public counter of pulls. Pulls never re-spin, so the
// k-th pull fires with probability 1/(7-k) and the 6th is certain.
type revolver struct {
	chamber int8 // secret: the pull that fires, 1..6
	pulls   int8 // public: pulls so far since the last load
	loads   int8 // how many times it was loaded (chaos reloads) [ours]
}

var labelChamber = sim.Label("chamber")

// load puts the live round at a fresh chamber derived from the game seed,
// the seat and the load number, Seed(seed, labelChamber, seat, loads),
// and resets the counter; chamber is the game's path Seed(seed,
// labelChamber, ...).
func (g *revolver) load(chamber sim.SeedPath, seat sim.Seat) {
	g.chamber = int8(1 + drawN(chamber.Then(uint64(seat)).Then(uint64(g.loads)).Seed(), Chambers))
	g.pulls = 0
	g.loads++
}

// drawN is a uniform draw in [0, n) from the hash h: Lemire's
// multiply-high of h by n, exact because the rare h whose low word
// Lemire would reject (below 2^64 mod n) draw again from a generator
// seeded with h. One hash, one multiply: cheaper than seeding a
// generator for a single draw.
func drawN(h uint64, n int) int {
	x, lo := bits.Mul64(h, uint64(n))
	if lo < uint64(n) && lo < -uint64(n)%uint64(n) {
		p := sim.NewPCG(h)
		return p.IntN(n)
	}
	return int(x)
}

// pull advances the counter and reports whether the live round fired.
func (g *revolver) pull() bool {
	g.pulls++
	return g.pulls == g.chamber
}

// Hazard is the probability that the next pull of a revolver with pulls
// pulls fires: 1/(6-pulls) (the round is uniformly in one of the 6-pulls
// chambers left).
func Hazard(pulls int) float64 {
	if pulls >= Chambers-1 {
		return 1
	}
	if pulls < 0 {
		pulls = 0
	}
	return 1 / float64(Chambers-pulls)
}
