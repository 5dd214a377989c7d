package mahjong

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// encoder serializes the whole event log, incrementally for the state it
// saw last (refused actions leave the log as it was, so the harness's many
// before/after encodings cost only the new events).
type encoder struct {
	s     *State
	first *Event
	n     int
	buf   []byte
}

func (en *encoder) encode(s *State) []byte {
	if en.s != s || len(s.log) == 0 || en.first != &s.log[0] || len(s.log) < en.n {
		en.s, en.first, en.n, en.buf = s, nil, 0, nil
		if len(s.log) > 0 {
			en.first = &s.log[0]
		}
	}
	en.buf = appendEvents(en.buf, s.log[en.n:])
	en.n = len(s.log)
	return en.buf
}

func appendEvents(b []byte, evs []Event) []byte {
	b = slices.Grow(b, 24*len(evs))
	for _, e := range evs {
		b = append(b, byte(e.Kind), byte(e.Seat), byte(e.From), byte(e.Tile), byte(e.Meld), byte(e.Flags),
			e.N, e.Round, e.Honba, e.Sticks, e.Han, e.Fu, e.Yakuman)
		b = append(b, byte(e.Value), byte(e.Value>>8), byte(e.Value>>16), byte(e.Value>>24))
		for _, t := range e.Tiles[:e.N] {
			b = append(b, byte(t))
		}
	}
	return b
}

// foldChecker checks, after every step, that each seat's View equals the
// fold of the events it may see, plus conservation invariants.
type foldChecker struct {
	last  *State
	n     int
	views [4]View
}

func (fc *foldChecker) check(s *State) error {
	if fc.last != s || len(s.log) < fc.n {
		fc.last, fc.n = s, 0
		for i := range fc.views {
			fc.views[i] = NewView(sim.Seat(i))
		}
	}
	for _, e := range s.log[fc.n:] {
		for i := range fc.views {
			if ev, ok := e.For(sim.Seat(i)); ok {
				fc.views[i].Apply(ev)
			}
		}
	}
	fc.n = len(s.log)
	for i := range fc.views {
		if got := s.View(sim.Seat(i)); got != fc.views[i] {
			return fmt.Errorf("seat %d: View differs from the fold of its events:\n view %+v\n fold %+v", i, got, fc.views[i])
		}
	}
	return checkInvariants(s)
}

// checkInvariants: 136 tiles accounted for, legal tile counts, points
// conserved with the sticks on the table.
func checkInvariants(s *State) error {
	if s.phase == phaseOver {
		return nil
	}
	total := 14 + s.liveLeft
	for i := range s.seats {
		ss := &s.seats[i]
		n := 0
		for _, c := range ss.hand {
			n += int(c)
		}
		if n != int(ss.n) {
			return fmt.Errorf("seat %d: counts hold %d tiles, n=%d", i, n, ss.n)
		}
		want := 13 - 3*int(ss.nMelds)
		if s.phase == phaseTurn && sim.Seat(i) == s.turn {
			want++
		}
		if int(ss.n) != want {
			return fmt.Errorf("seat %d holds %d concealed tiles with %d melds, want %d (phase %d turn %d)", i, ss.n, ss.nMelds, want, s.phase, s.turn)
		}
		total += n
		// The kept face and kind masks agree with the counts.
		var faces, have uint64
		for f := Tile(0); f < NumTiles; f++ {
			if ss.hand[f] > 0 {
				faces |= 1 << uint(faceSlot[f])
				have |= bit(f)
			}
		}
		var pons uint64
		for j := uint8(0); j < ss.nMelds; j++ {
			if ss.melds[j].Kind == Pon {
				pons |= bit(ss.melds[j].Tiles[0])
			}
		}
		if pons != ss.ponKinds {
			return fmt.Errorf("seat %d: kept pon kinds %x, melds give %x", i, ss.ponKinds, pons)
		}
		if faces != ss.faces || have != ss.have {
			return fmt.Errorf("seat %d: kept faces %x have %x, counts give %x %x", i, ss.faces, ss.have, faces, have)
		}
		for j := uint8(0); j < ss.nMelds; j++ {
			m := ss.melds[j]
			total += m.Len()
			if m.Kind != Ankan && m.Kind != Kakan {
				total-- // the claimed tile is counted in the river
			}
			if m.Kind == Kakan {
				total-- // the pon's claimed tile
			}
		}
		total += int(ss.river.N)
	}
	if total != 136 {
		return fmt.Errorf("%d tiles accounted for, want 136", total)
	}
	sum := int(s.sticks) * 1000
	for _, x := range s.scores {
		sum += int(x)
	}
	if sum != 4*s.rules.StartPoints+s.minted {
		return fmt.Errorf("points %v + %d sticks sum to %d (%d minted by nagashi)", s.scores, s.sticks, sum, s.minted)
	}
	return nil
}

func conformance(t *testing.T, r Rules, games int, seed uint64) simtest.Stats {
	var fc foldChecker
	var en encoder
	sum := 4.0 * float64(r.StartPoints)
	if !r.SticksToWinner || r.NagashiDihou {
		sum = math.NaN()
	}
	return simtest.Run(t, simtest.Config[*State, Action]{
		New:    func(seed uint64) *State { return New(r, seed) },
		Seats:  4,
		Encode: en.encode,
		Candidates: func(s *State, seat sim.Seat) []Action {
			c := []Action{{Kind: ActTsumo}, {Kind: ActRon}, {Kind: ActPass}, {Kind: ActKan}, {Kind: ActNineKinds}}
			for t := Tile(0); t < NumTiles; t += 3 {
				c = append(c, Action{Kind: ActDiscard, Tile: t}, Action{Kind: ActRiichi, Tile: t}, Action{Kind: ActAnkan, Tile: t})
			}
			return c
		},
		Check:      fc.check,
		ScoreSum:   sum,
		MaxSteps:   100000,
		CheckEvery: 25,
	}, games, seed)
}

// The conformance runs: 200 random 半荘 per preset always, and 1,800
// more (other seeds) that -short skips.
func TestConformanceTenhou(t *testing.T) { conformanceRun(t, Tenhou()) }

func TestConformanceDihou(t *testing.T) { conformanceRun(t, Dihou()) }

func conformanceRun(t *testing.T, r Rules) {
	st := conformance(t, r, 200, 2026)
	t.Logf("%d games, %d steps, max %d", st.Games, st.Steps, st.MaxLen)
	t.Run("more", func(t *testing.T) {
		if testing.Short() {
			t.Skip("1,800 more games skipped under -short")
		}
		st := conformance(t, r, 1800, 2027)
		t.Logf("%d games, %d steps, max %d", st.Games, st.Steps, st.MaxLen)
	})
}
