package mahjong

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// probe plays uniformly at random and records every number its RNG gave
// and every view it was handed.
type probe struct {
	draws []uint64
	views []mahjong.View
}

func (p *probe) Reset() { p.draws, p.views = p.draws[:0], p.views[:0] }

func (p *probe) Decide(v *mahjong.View, legal []mahjong.Action, rng *rand.Rand) mahjong.Action {
	x := rng.Uint64()
	p.draws = append(p.draws, x)
	p.views = append(p.views, *v)
	return legal[x%uint64(len(legal))]
}

// TestPlayReuseIsFresh: Play reuses its table (State, RNGs, views) from
// game to game; every game still gives seat i exactly the stream of
// sim.NewRand(sim.Seed(seed, Label("strategy"), i)), views equal to the
// engine's, and the same result when replayed after other games.
func TestPlayReuseIsFresh(t *testing.T) {
	r := mahjong.Tenhou()
	results := map[uint64]sim.Result{}
	for round := 0; round < 2; round++ {
		for seed := uint64(1); seed <= 6; seed++ {
			ps := []*probe{{}, {}, {}, {}}
			players := []Strategy{ps[0], ps[1], ps[2], ps[3]}
			res, err := Play(r, seed, players, nil)
			if err != nil {
				t.Fatal(err)
			}
			if prev, ok := results[seed]; ok && !reflect.DeepEqual(prev, res) {
				t.Fatalf("seed %d: result changed on replay", seed)
			}
			results[seed] = res
			for i, p := range ps {
				want := sim.NewRand(sim.Seed(seed, sim.Label("strategy"), uint64(i)))
				for j, x := range p.draws {
					if w := want.Uint64(); x != w {
						t.Fatalf("seed %d seat %d draw %d: %d, fresh NewRand %d", seed, i, j, x, w)
					}
				}
			}
			// Replay the game in the engine and compare each view handed out.
			s := mahjong.New(r, seed)
			var k [4]int
			for !s.Done() {
				for _, seat := range append([]sim.Seat(nil), s.Next()...) {
					p := ps[seat]
					if got, want := p.views[k[seat]], s.View(seat); got != want {
						t.Fatalf("seed %d seat %d decision %d: view differs from the engine's", seed, seat, k[seat])
					}
					legal := s.Legal(seat, nil)
					a := legal[p.draws[k[seat]]%uint64(len(legal))]
					k[seat]++
					if err := s.Apply(seat, a); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}
