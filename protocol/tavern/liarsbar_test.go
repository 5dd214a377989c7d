package tavern

import (
	"fmt"
	"testing"

	"gamelab/sim"
	"gamelab/sim/liarsbar"
	"gamelab/sim/simtest"
)

// TestLiarsBarWireFold checks the wire and request paths (see
// checkWireFold) over random games of every variant and 2-6 seats.
func TestLiarsBarWireFold(t *testing.T) {
	for _, variant := range liarsbar.Presets() {
		for g := range 30 {
			seats := 2 + g%5
			tb, err := newLiarsBarTable(variant, seats, sim.Seed(9, uint64(g)), "random")
			if err != nil {
				t.Fatal(err)
			}
			lt := tb.(*liarsBarTable)
			views := make([]liarsbar.View, seats)
			for i := range views {
				views[i] = liarsbar.NewView(lt.s.Rules(), sim.Seat(i))
			}
			checkWireFold(t, wireMatch[liarsbar.View]{
				label: fmt.Sprintf("%s game %d", variant, g), table: lt, views: views,
				fold: func(views []liarsbar.View, from int) int {
					evs := lt.s.Events()
					for _, ev := range evs[from:] {
						for seat := range views {
							if ev.VisibleTo(sim.Seat(seat)) {
								e, err := decodeLiarsBarEvent(encodeLiarsBarEvent(ev))
								if err != nil {
									t.Fatal(err)
								}
								views[seat].Apply(e)
							}
						}
					}
					return len(evs)
				},
				engine:  lt.s.View,
				request: LiarsBarView,
			})
		}
	}
}

func TestLiarsBarEventRoundTrip(t *testing.T) {
	for _, variant := range liarsbar.Presets() {
		r := simtest.Preset(t, liarsbar.Preset, variant)
		s := liarsbar.New(r, 5)
		var legal []liarsbar.Action
		for steps := 0; !s.Done(); steps++ {
			for _, seat := range append([]sim.Seat(nil), s.Next()...) {
				legal = s.Legal(seat, legal[:0])
				if err := s.Apply(seat, legal[steps%len(legal)]); err != nil {
					t.Fatal(err)
				}
			}
		}
		for i, e := range s.Events() {
			raw := encodeLiarsBarEvent(e)
			back, err := decodeLiarsBarEvent(raw)
			if err != nil {
				t.Fatalf("%s event %d %v: %v (%s)", variant, i, e, err, raw)
			}
			if back != e {
				t.Fatalf("%s event %d: %+v -> %s -> %+v", variant, i, e, raw, back)
			}
		}
	}
}

func TestLiarsBarReplyForms(t *testing.T) {
	cases := map[string]Reply{
		"play:0,2":  {Action: "play", Fields: map[string]any{"cards": []any{2.0, 0.0}}},
		"challenge": {Action: "challenge"},
		"aim:3":     {Action: "aim", Fields: map[string]any{"target": 3.0}},
	}
	for want, r := range cases {
		a, err := liarsBarReplyAction(r)
		if err != nil || a.String() != want {
			t.Errorf("%+v -> %v, %v; want %s", r, a, err, want)
		}
	}
	for _, r := range []Reply{{Action: "play"}, {Action: "aim", Fields: map[string]any{"target": 1.5}}, {Action: "dance"}, {Choice: "play:9"}} {
		if _, err := liarsBarReplyAction(r); err == nil {
			t.Errorf("%+v accepted", r)
		}
	}
}
