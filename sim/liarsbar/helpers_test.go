package liarsbar

import "gamelab/sim"

// Helpers for tests that set up rounds by hand (rules_test.go) and for
// the reference checks of the engine's incremental hand masks.

func newEvent(k EventKind) Event {
	return Event{Kind: k, To: sim.NoSeat, Seat: sim.NoSeat, Target: sim.NoSeat}
}

func (s *State) emit(e Event) { s.events = append(s.events, e) }

// emitHand logs seat's hand privately to it.
func (s *State) emitHand(seat sim.Seat) {
	h := &s.hands[seat]
	e := s.add(EvHand)
	e.To, e.N = seat, h.n
	storeCards(&e.Cards, h.word()) // cards past h.n are zero
}

// sort puts the hand in Card order (insertion sort; at most 8 cards),
// zeroes the cards past n and recomputes the masks. The engine keeps its
// hands sorted itself; this is for hands set up from outside.
func (h *hand) sort() {
	for i := int8(1); i < h.n; i++ {
		for j := i; j > 0 && h.c[j] < h.c[j-1]; j-- {
			h.c[j], h.c[j-1] = h.c[j-1], h.c[j]
		}
	}
	for i := h.n; i < MaxHand; i++ {
		h.c[i] = 0
	}
	h.index()
}

// index recomputes dup and devil from c[:n] card by card (the reference
// for masks).
func (h *hand) index() {
	var dup, devil uint8
	for i := int8(0); i < h.n; i++ {
		if i > 0 && h.c[i] == h.c[i-1] {
			dup |= 1 << i
		}
		if h.c[i] == Devil {
			devil |= 1 << i
		}
	}
	h.dup, h.devil = dup, devil
}
