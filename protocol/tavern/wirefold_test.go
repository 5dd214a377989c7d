package tavern

import (
	"testing"

	"gamelab/sim"
)

// wireMatch is one match of a game for checkWireFold: its table, the
// seats' views folded so far, and the game's ways to fold, see and rebuild
// a View.
type wireMatch[V comparable] struct {
	label string
	table Table
	views []V // one per seat, at the game's starting View
	// fold applies, to every seat's view, the wire round trip (encode,
	// decode) of the engine events it may see from index from on, and
	// returns the new event count.
	fold func(views []V, from int) int
	// engine is the engine's own View of a seat; request rebuilds it from
	// a decision request.
	engine  func(seat sim.Seat) V
	request func(d *Decision) (V, error)
}

// checkWireFold is the live path's guard: engine events rendered as tavern
// JSON, parsed back and folded give exactly the engine's View for every
// seat after every step (one seat's answer per step), and so does the
// request path (the View rebuilt from a decision's setup and log) every
// 41st step and at the end. The table's own strategies play.
func checkWireFold[V comparable](t *testing.T, m wireMatch[V]) {
	t.Helper()
	setup, seen := m.table.Setup(), 0
	for steps := 0; ; steps++ {
		seen = m.fold(m.views, seen)
		for seat := range m.views {
			want := m.engine(sim.Seat(seat))
			if m.views[seat] != want {
				t.Fatalf("%s step %d seat %d: folded wire view\n%+v\nengine view\n%+v", m.label, steps, seat, m.views[seat], want)
			}
			if steps%41 == 0 || m.table.Done() {
				turn := int64(steps)
				base, log := m.table.Log(sim.Seat(seat))
				d := &Decision{Common: Common{TurnID: &turn, You: &You{Seat: seat}}, Setup: setup, Base: base, Log: log}
				got, err := m.request(d)
				if err != nil || got != want {
					t.Fatalf("%s step %d seat %d: request view %+v (%v)", m.label, steps, seat, got, err)
				}
			}
		}
		if m.table.Done() {
			return
		}
		seat := m.table.Next()[0]
		id, err := m.table.DecideLocal(seat)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.table.Apply(seat, Reply{Choice: id}); err != nil {
			t.Fatal(err)
		}
	}
}
