package tavern

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"gamelab/sim"
	"gamelab/sim/bulletpoker"
	"gamelab/sim/simtest"
)

// TestBulletPokerWireFold checks the wire and request paths (see
// checkWireFold) over random matches of every preset.
func TestBulletPokerWireFold(t *testing.T) {
	for _, preset := range bulletpoker.Presets() {
		r := simtest.Preset(t, bulletpoker.Preset, preset)
		for g := range 20 {
			tb, err := newBulletPokerTable(preset, r.Players, sim.Seed(7, uint64(g)), "random")
			if err != nil {
				t.Fatal(err)
			}
			bt := tb.(*bulletPokerTable)
			views := make([]bulletpoker.View, r.Players)
			for i := range views {
				views[i] = bulletpoker.NewView(r, sim.Seat(i))
			}
			checkWireFold(t, wireMatch[bulletpoker.View]{
				label: fmt.Sprintf("%s game %d", preset, g), table: bt, views: views,
				fold: func(views []bulletpoker.View, from int) int {
					evs := bt.s.Events()
					for _, ev := range evs[from:] {
						for seat := range views {
							if pe, ok := ev.For(sim.Seat(seat)); ok {
								e, err := decodeBulletPokerEvent(encodeBulletPokerEvent(pe, sim.Seat(seat)))
								if err != nil {
									t.Fatal(err)
								}
								views[seat].Apply(e)
							}
						}
					}
					return len(evs)
				},
				engine:  bt.s.View,
				request: BulletPokerView,
			})
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
		raw := encodeBulletPokerEvent(e, e.Seat)
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

func TestBulletPokerRulesText(t *testing.T) {
	lt, err := NewTable(GameBulletPoker, "liarstexas", 4, 1, "random")
	if err != nil {
		t.Fatal(err)
	}
	cl, err := NewTable(GameBulletPoker, "classic", 3, 1, "random")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		text        string
		want, never []string
	}{
		{lt.RulesText("zh"), []string{"子弹德州，4 人", "骗子德州", "翻牌前不能全押", "同时选择跟或弃", "亮给所有人"}, []string{"Bullet poker"}},
		{lt.RulesText("en"), []string{"4 players", "Liar's Texas", "No all-in preflop", "at once", "shown to all"}, []string{"子弹"}},
		{cl.RulesText("en"), []string{"3 players", "5% God save"}, []string{"Liar's Texas", "No all-in preflop", "shown to all"}},
	} {
		for _, w := range c.want {
			if !strings.Contains(c.text, w) {
				t.Errorf("rules text lacks %q: %s", w, c.text)
			}
		}
		for _, n := range c.never {
			if strings.Contains(c.text, n) {
				t.Errorf("rules text has %q: %s", n, c.text)
			}
		}
	}
}

// TestBulletPokerEventsListOnlyRealCards: hole, board, offer, showdown and
// switch events list exactly their real cards (a hole event held two real
// cards and two 2c of padding before), in every seat's log and the public
// events.
func TestBulletPokerEventsListOnlyRealCards(t *testing.T) {
	for _, preset := range bulletpoker.Presets() {
		tb, err := NewTable(GameBulletPoker, preset, 4, 21, "random")
		if err != nil {
			t.Fatal(err)
		}
		check := func(where string, raws []json.RawMessage) {
			for _, raw := range raws {
				var w struct {
					Type  string   `json:"type"`
					Seat  int      `json:"seat"`
					Count int      `json:"count"`
					Shown bool     `json:"shown"`
					Cards []string `json:"cards"`
				}
				if err := json.Unmarshal(raw, &w); err != nil {
					t.Fatal(err)
				}
				want := map[string]int{"hole": 2, "showdown": 2, "board": w.Count, "offer": w.Count}
				n, ok := want[w.Type]
				if w.Type == "switch" {
					n, ok = len(w.Cards), len(w.Cards) <= 2 && (w.Shown || len(w.Cards) != 1)
				}
				if !ok {
					n = 0
				}
				if len(w.Cards) != n || !ok && w.Type == "switch" {
					t.Errorf("%s %s: %s", preset, where, raw)
				}
			}
		}
		for !tb.Done() {
			for seat := range tb.Seats() {
				_, log := tb.Log(sim.Seat(seat))
				check(fmt.Sprintf("seat %d log", seat), log)
			}
			seat := tb.Next()[0]
			id, err := tb.DecideLocal(seat)
			if err != nil {
				t.Fatal(err)
			}
			if err := tb.Apply(seat, Reply{Choice: id}); err != nil {
				t.Fatal(err)
			}
		}
		check("public", tb.Public(0))
	}
}
