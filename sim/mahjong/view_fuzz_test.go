package mahjong

import (
	"encoding/binary"
	"slices"
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// FuzzViewApply folds arbitrary event sequences into a View: events out
// of order, of other seats (with or without Event.For), naming seats
// outside 0..3, tiles that do not exist, tile lists longer than Tiles.
// Apply (the fold adapters run on parsed wire events) must never panic
// and must leave a view whose rivers, melds and indicators stay within
// their arrays (Counts and River.Slice work). The seeds are whole 東風
// games of both presets for every seat, so the seed run in go test folds
// real games.
//
//	go test ./sim/mahjong -run XXX -fuzz FuzzViewApply -fuzztime 60s
func FuzzViewApply(f *testing.F) {
	for pi, name := range Presets() {
		r := mustPreset(f, name)
		r.Winds = 1
		events := winningGame(r, sim.Seed(uint64(pi), 7))
		if got := decodeEvents(encodeEvents(nil, events)); !slices.Equal(got, events) {
			f.Fatalf("%s: the event codec does not round-trip a real game", name)
		}
		// the whole game for seat 0; for each seat, the game start and
		// one of the hands (a different one each, so between them the
		// seeds hold wins, riichi, calls, kans and draws); one hand
		// unfiltered (the private events of the other seats too)
		f.Add(encodeEvents([]byte{0, 1}, events))
		hands := splitHands(events)
		for seat := range 4 {
			h := hands[(seat+1)%len(hands)]
			f.Add(encodeEvents(encodeEvents([]byte{byte(seat), 1}, events[:1]), h))
		}
		f.Add(encodeEvents([]byte{byte(pi), 0}, hands[0]))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 2 {
			return
		}
		me := sim.Seat(b[0] % 4)
		filter := b[1]&1 != 0
		v := NewView(me)
		for i, e := range decodeEvents(b[2:]) {
			if filter {
				var ok bool
				if e, ok = e.For(me); !ok {
					continue
				}
			}
			v.Apply(e)
			_ = v.Counts()
			for s := range v.Rivers {
				_ = v.Rivers[s].Slice()
				if v.NMelds[s] > 4 {
					t.Fatalf("event %d (%+v): seat %d has %d melds", i, rawEvent(e), s, v.NMelds[s])
				}
			}
			if v.NDora > 5 || v.NUra > 5 {
				t.Fatalf("event %d (%+v): %d dora, %d ura indicators", i, rawEvent(e), v.NDora, v.NUra)
			}
		}
	})
}

// splitHands cuts a game's events into its hands (handstart..handend).
func splitHands(events []Event) [][]Event {
	var hands [][]Event
	start := -1
	for i, e := range events {
		switch e.Kind {
		case EvHandStart:
			start = i
		case EvHandEnd:
			if start >= 0 {
				hands = append(hands, events[start:i+1])
			}
		}
	}
	return hands
}

// rawEvent prints an event's fields (Event.String assumes a well-formed
// event).
type rawEvent Event

// winningGame plays a game of r where every seat wins and declares
// riichi when it may, makes a closed or added kan half the time it may,
// discards a tile that keeps its shanten lowest, and calls a third of the
// time it may (so the log has wins, riichi, calls,
// kans and draws), and returns its event log.
func winningGame(r Rules, seed uint64) []Event {
	s := New(r, seed)
	rng := sim.NewPCG(seed)
	var legal []Action
	for !s.Done() {
		next := s.Next()
		seat := next[rng.IntN(len(next))]
		legal = s.Legal(seat, legal[:0])
		if len(legal) == 0 || s.Apply(seat, playToWin(s, seat, legal, &rng)) != nil {
			break
		}
	}
	return slices.Clone(s.Events())
}

// playToWin is winningGame's choice among legal.
func playToWin(s *State, seat sim.Seat, legal []Action, rng *sim.PCG) Action {
	best, bestShanten, pass := legal[rng.IntN(len(legal))], 99, false
	v := s.View(seat)
	for _, a := range legal {
		switch a.Kind {
		case ActTsumo, ActRon, ActRiichi:
			return a
		case ActAnkan, ActKakan:
			if rng.IntN(2) == 0 {
				return a
			}
		case ActPass:
			pass = true
		case ActDiscard:
			c := v.Counts()
			c[a.Tile.Kind()]--
			if sh := Shanten(&c, int(v.NMelds[seat])); sh < bestShanten || sh == bestShanten && rng.IntN(2) == 0 {
				best, bestShanten = a, sh
			}
		}
	}
	if pass && rng.IntN(3) != 0 {
		return Action{Kind: ActPass}
	}
	return best
}

// encodeEvents appends the fuzz encoding of events to b, compact so that
// the fuzzer's inputs (and its minimizing) stay small: per event Kind,
// Seat, a 2-byte mask of the other fields that are not zero, then those
// fields: one byte each, Value as a varint, N and the first N tiles (at
// most 13).
func encodeEvents(b []byte, events []Event) []byte {
	for _, e := range events {
		small := [...]byte{byte(e.From), byte(e.Tile), byte(e.Meld), byte(e.Flags), e.Round, e.Honba, e.Sticks, e.Han, e.Fu, e.Yakuman}
		var mask uint16
		for i, x := range small {
			if x != 0 {
				mask |= 1 << i
			}
		}
		if e.Value != 0 {
			mask |= 1 << 10
		}
		if e.N != 0 {
			mask |= 1 << 11
		}
		b = append(b, byte(e.Kind), byte(e.Seat), byte(mask), byte(mask>>8))
		for i, x := range small {
			if mask&(1<<i) != 0 {
				b = append(b, x)
			}
		}
		if e.Value != 0 {
			b = binary.AppendVarint(b, int64(e.Value))
		}
		if e.N != 0 {
			b = append(b, e.N)
			for _, t := range e.Tiles[:min(int(e.N), len(e.Tiles))] {
				b = append(b, byte(t))
			}
		}
	}
	return b
}

// decodeEvents reads what encodeEvents writes; any bytes decode (a short
// tail leaves fields zero).
func decodeEvents(b []byte) []Event {
	var out []Event
	next := func() byte {
		if len(b) == 0 {
			return 0
		}
		x := b[0]
		b = b[1:]
		return x
	}
	for len(b) > 0 {
		e := Event{Kind: EventKind(next()), Seat: sim.Seat(int8(next()))}
		mask := uint16(next()) | uint16(next())<<8
		var small [10]byte
		for i := range small {
			if mask&(1<<i) != 0 {
				small[i] = next()
			}
		}
		e.From, e.Tile, e.Meld, e.Flags = sim.Seat(int8(small[0])), Tile(small[1]), MeldKind(small[2]), EventFlag(small[3])
		e.Round, e.Honba, e.Sticks, e.Han, e.Fu, e.Yakuman = small[4], small[5], small[6], small[7], small[8], small[9]
		if mask&(1<<10) != 0 {
			x, n := binary.Varint(b)
			if n <= 0 {
				n = len(b) // cut short or too long: the rest is the value's
			}
			e.Value, b = int32(x), b[n:]
		}
		if mask&(1<<11) != 0 {
			e.N = next()
			for i := range min(int(e.N), len(e.Tiles)) {
				e.Tiles[i] = Tile(next())
			}
		}
		out = append(out, e)
	}
	return out
}

// mustPreset returns the rules of preset name, failing the test (or the
// rapid check) t on an error.
func mustPreset(t simtest.Fataler, name string) Rules {
	t.Helper()
	return simtest.Preset(t, Preset, name)
}

// BenchmarkViewFold folds a whole 東風 game into the views of the four
// seats, as strategies/mahjong's Play does (events through For, then
// Apply): ns per game.
func BenchmarkViewFold(b *testing.B) {
	r := mustPreset(b, "tenhou")
	r.Winds = 1
	events := winningGame(r, sim.Seed(1, 7))
	for b.Loop() {
		for seat := range sim.Seat(4) {
			v := NewView(seat)
			for _, e := range events {
				if x, ok := e.For(seat); ok {
					v.Apply(x)
				}
			}
		}
	}
	b.ReportMetric(float64(len(events)*4), "events/op")
}
