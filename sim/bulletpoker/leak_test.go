package bulletpoker

import (
	"testing"

	"gamelab/sim"
	"gamelab/sim/cards"
)

// TestNoLeak: over random matches of every preset, what a seat sees of
// another seat's cards is only its showdown hand and, when the rules show
// it, its switched-out card; a seat's View never holds another's hole cards
// or offers.
func TestNoLeak(t *testing.T) {
	for _, name := range Presets() {
		r := mustPreset(t, name)
		r.Players = 5
		p := sim.NewPCG(sim.Label(name))
		var legal []Action
		for g := range 300 {
			s := New(r, uint64(g))
			for !s.Done() {
				next := s.Next()
				seat := next[p.IntN(len(next))]
				legal = s.Legal(seat, legal[:0])
				if err := s.Apply(seat, legal[p.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
				for me := range sim.Seat(r.Players) {
					v := s.View(me)
					for o := range sim.Seat(r.Players) {
						if o == me || v.ShownRank[o] != 0 || !v.HasHole || s.hole[o] == ([2]cards.Card{}) {
							continue
						}
						for _, c := range s.hole[o] {
							if v.Hole[0] == c || v.Hole[1] == c {
								t.Fatalf("%s: seat %d holds %v of seat %d", name, me, c, o)
							}
						}
					}
					if v.NOffers > 0 && (me != s.toAct || s.simul) {
						t.Fatalf("%s: seat %d sees offers out of turn", name, me)
					}
				}
			}
			for _, e := range s.events {
				for me := range sim.Seat(r.Players) {
					ev, ok := e.For(me)
					if !ok {
						if e.Kind != EvDeal && e.Kind != EvOffer {
							t.Fatalf("%s: %v hidden from seat %d", name, e, me)
						}
						continue
					}
					if (ev.Kind == EvDeal || ev.Kind == EvOffer) && ev.Seat != me {
						t.Fatalf("%s: seat %d sees %v", name, me, ev)
					}
					if ev.Kind == EvSwitch && ev.Seat != me {
						if ev.Cards[1] != 0 || ev.Hole != 0 || ev.Offer != 0 || !r.SwitchRevealsDiscard && ev.Cards[0] != cards.Card(0) {
							t.Fatalf("%s: seat %d sees %v", name, me, ev)
						}
					}
				}
			}
		}
	}
}
