package liarsbar

import (
	"encoding/binary"
	"fmt"
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// encode serializes the whole event log and every hidden part of the state
// (hands, chambers, pending aims), so equal encodings mean equal games.
func encode(s *State) []byte {
	b := make([]byte, 0, 64+len(s.events)*24)
	for _, e := range s.events {
		b = append(b, byte(e.Kind), byte(e.To), byte(e.Seat), byte(e.Target))
		b = binary.LittleEndian.AppendUint16(b, uint16(e.Round))
		b = append(b, byte(e.Table), byte(e.N))
		for _, c := range e.Cards {
			b = append(b, byte(c))
		}
		b = append(b, byte(e.Pull), byte(e.Pulls), b2i(e.Hit), b2i(e.Truthful))
	}
	b = append(b, '|', byte(s.phase), byte(s.turn), byte(s.last), byte(s.nOwed), byte(s.aimFrom), byte(s.loser))
	for i := range s.n {
		h := s.hands[i]
		b = append(b, byte(h.n))
		for _, c := range h.c[:h.n] {
			b = append(b, byte(c))
		}
		g := s.guns[i]
		b = append(b, byte(g.chamber), byte(g.pulls), byte(g.loads), b2i(s.owed[i]), byte(s.aims[i]), b2i(s.alive[i]))
	}
	for _, c := range s.pile[:s.pileLen] {
		b = append(b, byte(c))
	}
	return b
}

func b2i(x bool) byte {
	if x {
		return 1
	}
	return 0
}

// folder keeps each seat's fold of the visible events incrementally, so
// the per-step view check costs O(new events), not O(log).
type folder struct {
	s     *State
	seen  int
	views [MaxPlayers]View
}

func (f *folder) check(s *State) error {
	if f.s != s || len(s.events) < f.seen {
		f.s, f.seen = s, 0
		for i := range s.n {
			f.views[i] = NewView(s.rules, sim.Seat(i))
		}
	}
	for _, e := range s.events[f.seen:] {
		if err := noLeak(e); err != nil {
			return err
		}
		for i := range s.n {
			f.views[i].Apply(e)
		}
	}
	f.seen = len(s.events)
	for i := range s.n {
		if got := s.View(sim.Seat(i)); got != f.views[i] {
			return fmt.Errorf("seat %d: View\n %+v\nfold of its events\n %+v", i, got, f.views[i])
		}
	}
	return invariants(s)
}

// noLeak checks that an event shows cards only where the rules allow:
// a hand only privately to its seat, a reveal publicly; no other event
// carries cards (and no event has a field for a chamber).
func noLeak(e Event) error {
	switch {
	case e.Kind == EvHand && (e.To == sim.NoSeat || e.To != e.Seat && e.Seat != sim.NoSeat):
		return fmt.Errorf("hand event visible beyond its seat: %+v", e)
	case e.Kind != EvHand && e.To != sim.NoSeat:
		return fmt.Errorf("public event kind %v marked private: %+v", e.Kind, e)
	case e.Kind != EvHand && e.Kind != EvReveal && e.Cards != [MaxHand]Card{}:
		return fmt.Errorf("%v event carries cards: %+v", e.Kind, e)
	}
	return nil
}

// invariants checks cards conservation and the revolvers.
func invariants(s *State) error {
	var have, want [NumCards]int
	for _, c := range s.base[:s.deckLen] {
		want[c]++
	}
	for i := range s.n {
		h := s.hands[i]
		for _, c := range h.c[:h.n] {
			have[c]++
		}
		sorted := h
		sorted.sort()
		if h != sorted {
			return fmt.Errorf("seat %d: hand %+v is not sorted with a zero tail and its masks, want %+v", i, h, sorted)
		}
	}
	for _, c := range s.pile[:s.pileLen] {
		have[c]++
	}
	for _, c := range s.deck[s.dealt:s.deckLen] {
		have[c]++
	}
	if have != want {
		return fmt.Errorf("cards not conserved: hands+pile+undealt %v, deck %v", have, want)
	}
	if h, l := masksOf(s); h != s.holding || l != s.living {
		return fmt.Errorf("masks holding %06b living %06b, want %06b %06b", s.holding, s.living, h, l)
	}
	alive := int8(0)
	for i := range s.n {
		g := s.guns[i]
		if g.chamber < 1 || g.chamber > Chambers {
			return fmt.Errorf("seat %d: live chamber %d outside 1..6", i, g.chamber)
		}
		if s.alive[i] {
			alive++
			if g.pulls >= g.chamber {
				return fmt.Errorf("seat %d alive with pulls %d >= chamber %d", i, g.pulls, g.chamber)
			}
		}
	}
	if alive != s.nAlive || alive < 1 {
		return fmt.Errorf("%d seats alive, counter says %d", alive, s.nAlive)
	}
	return nil
}

// junk are actions no seat may ever take.
var junk = []Action{{}, {Kind: Challenge, Target: 2}, {Kind: Aim, Cards: 1, Target: 0}, {Kind: 9}, AimAt(-1), AimAt(MaxPlayers), {Kind: Play, Cards: 0x80, Target: sim.NoSeat}}

// candidates lists actions to try on seat: every play mask over the seat's
// hand and one index beyond it, the challenge, every aim, and junk. Masks
// over higher indices are refused by the same bound check as the one
// beyond the hand, so they are left out to keep the run fast.
func candidates(s *State, seat sim.Seat) []Action {
	c := append([]Action(nil), junk...)
	n := min(int(s.hands[seat].n)+1, MaxHand)
	for m := 1; m < 1<<n; m++ {
		c = append(c, Action{Kind: Play, Cards: uint8(m), Target: sim.NoSeat})
	}
	c = append(c, ChallengeAction)
	for t := range sim.Seat(s.n) {
		c = append(c, AimAt(t))
	}
	return c
}

func conformance(t *testing.T, r Rules, games int, every int) simtest.Stats {
	t.Helper()
	f := &folder{}
	return simtest.Run(t, simtest.Config[*State, Action]{
		New:        func(seed uint64) *State { return New(r, seed) },
		Seats:      r.Players,
		Encode:     encode,
		Candidates: candidates,
		Check:      f.check,
		ScoreSum:   1,
		MaxSteps:   r.MaxRounds * (r.Players*r.HandSize + MaxPlayers + 2),
		CheckEvery: every,
	}, games, sim.Label(r.Variant)+uint64(r.Players))
}

func TestConformance(t *testing.T) {
	for _, name := range Presets() {
		t.Run(name, func(t *testing.T) {
			r := mustPreset(t, name)
			st := conformance(t, r, 10000, 29)
			t.Logf("%s: %d games, %d steps, longest %d, wins per seat %v", name, st.Games, st.Steps, st.MaxLen, st.Wins)
		})
	}
}

func TestConformanceSeatCounts(t *testing.T) {
	for _, name := range Presets() {
		for _, n := range []int{2, 3, 5, 6} {
			t.Run(fmt.Sprintf("%s/%d", name, n), func(t *testing.T) {
				r := mustPreset(t, name)
				r.Players = n
				conformance(t, r, 200, 13)
			})
		}
	}
}

// masksOf computes the holding and living masks from the hands and alive.
func masksOf(s *State) (holding, living uint8) {
	for i := range s.n {
		if s.hands[i].n > 0 {
			holding |= 1 << i
		}
		if s.alive[i] {
			living |= 1 << i
		}
	}
	return holding, living
}
