package tavern

import (
	"testing"

	"gamelab/sim"
	"gamelab/sim/liarsbar"
)

// TestLiarsBarWireFold: engine events → tavern JSON → parse → fold equals
// the engine's View for every seat after every step, in every variant.
func TestLiarsBarWireFold(t *testing.T) {
	for _, variant := range liarsbar.Presets() {
		for g := range 30 {
			seats := 2 + g%5
			tb, err := newLiarsBarTable(variant, seats, sim.Seed(9, uint64(g)), "random")
			if err != nil {
				t.Fatal(err)
			}
			lt := tb.(*liarsBarTable)
			setup := lt.Setup()
			// Each seat folds the wire form of the events it may see as
			// they come; every 41st step the whole request path is
			// checked too (LiarsBarView over the full log).
			views := make([]liarsbar.View, seats)
			for i := range views {
				views[i] = liarsbar.NewView(lt.s.Rules(), sim.Seat(i))
			}
			seen := 0
			for steps := 0; ; steps++ {
				evs := lt.s.Events()
				for ; seen < len(evs); seen++ {
					for seat := range seats {
						if evs[seen].VisibleTo(sim.Seat(seat)) {
							e, err := decodeLiarsBarEvent(encodeLiarsBarEvent(evs[seen]))
							if err != nil {
								t.Fatal(err)
							}
							views[seat].Apply(e)
						}
					}
				}
				for seat := range seats {
					want := lt.s.View(sim.Seat(seat))
					if views[seat] != want {
						t.Fatalf("%s game %d step %d seat %d: folded wire view\n%+v\nengine view\n%+v", variant, g, steps, seat, views[seat], want)
					}
					if steps%41 == 0 || lt.Done() {
						turn := int64(steps)
						d := &Decision{Common: Common{TurnID: &turn, You: &You{Seat: seat}}, Setup: setup, Log: lt.Log(sim.Seat(seat))}
						got, err := LiarsBarView(d)
						if err != nil || got != want {
							t.Fatalf("%s game %d step %d seat %d: request view %v (%v)", variant, g, steps, seat, got, err)
						}
					}
				}
				if lt.Done() {
					break
				}
				for _, seat := range append([]sim.Seat(nil), lt.Next()...) {
					id, err := lt.DecideLocal(seat)
					if err != nil {
						t.Fatal(err)
					}
					if err := lt.Apply(seat, Reply{Choice: id}); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}

func TestLiarsBarEventRoundTrip(t *testing.T) {
	for _, variant := range liarsbar.Presets() {
		r, _ := liarsbar.Preset(variant)
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
