package tavern

import (
	"encoding/json"
	"testing"

	"gamelab/sim"
	"gamelab/sim/bulletpoker"
)

// TestBulletPokerWireFold is the live path's guard: engine events rendered
// as tavern JSON, parsed back and folded give exactly the engine's View,
// for every seat after every step of random matches of every preset.
func TestBulletPokerWireFold(t *testing.T) {
	for _, preset := range bulletpoker.Presets() {
		r, _ := bulletpoker.Preset(preset)
		for g := range 20 {
			seed := sim.Seed(7, uint64(g))
			tb, err := newBulletPokerTable(preset, r.Players, seed, "random")
			if err != nil {
				t.Fatal(err)
			}
			bt := tb.(*bulletPokerTable)
			setup := bt.Setup()
			views := make([]bulletpoker.View, r.Players)
			for i := range views {
				views[i].Seat = sim.Seat(i)
			}
			seen := 0
			for steps := 0; ; steps++ {
				evs := bt.s.Events()
				for ; seen < len(evs); seen++ {
					for seat := range r.Players {
						if pe, ok := evs[seen].For(sim.Seat(seat)); ok {
							e, err := decodeBulletPokerEvent(encodeBulletPokerEvent(pe))
							if err != nil {
								t.Fatal(err)
							}
							views[seat].Apply(e)
						}
					}
				}
				for seat := range r.Players {
					want := bt.s.View(sim.Seat(seat))
					if views[seat] != want {
						t.Fatalf("%s game %d step %d seat %d: folded wire view\n%+v\nengine view\n%+v", preset, g, steps, seat, views[seat], want)
					}
					if steps%41 == 0 || bt.Done() {
						turn := int64(steps)
						d := &Decision{Common: Common{TurnID: &turn, You: &You{Seat: seat}}, Setup: setup, Log: bt.Log(sim.Seat(seat))}
						got, err := BulletPokerView(d)
						if err != nil || got != want {
							t.Fatalf("%s game %d step %d seat %d: request view %+v (%v)", preset, g, steps, seat, got, err)
						}
					}
				}
				if bt.Done() {
					break
				}
				next := bt.Next()
				id, err := bt.DecideLocal(next[0])
				if err != nil {
					t.Fatal(err)
				}
				if err := bt.Apply(next[0], Reply{Choice: id}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func TestBulletPokerEventRoundTrip(t *testing.T) {
	s := bulletpoker.New(bulletpoker.Classic(), 3)
	legal := []bulletpoker.Action{}
	for steps := 0; !s.Done() && steps < 2000; steps++ {
		seat := s.Next()[0]
		legal = s.Legal(seat, legal[:0])
		if err := s.Apply(seat, legal[steps%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	for i, e := range s.Events() {
		raw := encodeBulletPokerEvent(e)
		back, err := decodeBulletPokerEvent(raw)
		if err != nil {
			t.Fatalf("event %d %v: %v (%s)", i, e, err, raw)
		}
		if back != e {
			t.Fatalf("event %d: %+v -> %s -> %+v", i, e, raw, back)
		}
	}
}

func FuzzDecodeBulletPokerEvent(f *testing.F) {
	f.Add([]byte(`{"type":"bet","seat":1,"act":"raise","bet":2,"current":2}`))
	f.Add([]byte(`{"type":"board","street":"flop","count":3,"cards":["Ah","Kd","2c","2c"]}`))
	f.Add([]byte(`{"type":"shot","seat":9}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		e, err := decodeBulletPokerEvent(json.RawMessage(b))
		if err != nil {
			return
		}
		var v bulletpoker.View
		v.Seat = 0
		v.Apply(e) // must not panic on anything the decoder accepts
	})
}

func TestBulletPokerReplyForms(t *testing.T) {
	cases := map[string]Reply{
		"switch:1:3": {Action: "switch", Fields: map[string]any{"hole": 1.0, "offer": 3.0}},
		"raise":      {Action: "raise"},
		"coward":     {Choice: "coward"},
	}
	for want, r := range cases {
		a, err := bulletPokerReplyAction(r)
		if err != nil || a.String() != want {
			t.Errorf("%+v -> %v, %v; want %s", r, a, err, want)
		}
	}
	// A switch without whole hole and offer fields was read as switch:0:0.
	for _, r := range []Reply{
		{Action: "switch"},
		{Action: "switch", Fields: map[string]any{"hole": 1.0}},
		{Action: "switch", Fields: map[string]any{"hole": 0.5, "offer": 0.0}},
		{Action: "switch", Fields: map[string]any{"hole": "1", "offer": 0.0}},
		{Action: "switch", Fields: map[string]any{"hole": 2.0, "offer": 0.0}},
		{Action: "dance"},
	} {
		if a, err := bulletPokerReplyAction(r); err == nil {
			t.Errorf("%+v accepted as %v", r, a)
		}
	}
}
