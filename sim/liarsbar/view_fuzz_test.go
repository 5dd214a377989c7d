package liarsbar

import (
	"encoding/binary"
	"slices"
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// FuzzViewApply folds arbitrary event sequences into a View: events out
// of order, of other seats, of seats outside the game, with counts out of
// range. Apply (the fold adapters run on parsed wire events) must never
// panic, and must leave a view whose own accessors work (MyHand, Living).
// The seeds are whole games of every variant, for every seat, so the seed
// run in go test folds real games.
//
//	go test ./sim/liarsbar -run XXX -fuzz FuzzViewApply -fuzztime 60s
func FuzzViewApply(f *testing.F) {
	for vi, name := range Presets() {
		r := mustPreset(f, name)
		for _, players := range []int{2, 4, 6} {
			r.Players = players
			if r.Validate() != nil {
				continue
			}
			events := randomGame(r, sim.Seed(uint64(vi), uint64(players)))
			for seat := range players {
				b := encodeEvents([]byte{byte(vi), byte(players - 2), byte(seat), 1}, events)
				if got := decodeEvents(b[4:]); !slices.Equal(got, events) {
					f.Fatalf("%s: the event codec does not round-trip a real game", name)
				}
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 4 {
			return
		}
		r := mustPreset(t, Presets()[int(b[0])%len(Presets())])
		r.Players = 2 + int(b[1])%(MaxPlayers-1)
		if r.Validate() != nil {
			return
		}
		seat := sim.Seat(int(b[2]) % r.Players)
		filter := b[3]&1 != 0
		v := NewView(r, seat)
		for i, e := range decodeEvents(b[4:]) {
			if filter {
				var ok bool
				if e, ok = e.For(seat); !ok {
					continue
				}
			}
			v.Apply(e)
			if v.HandLen < 0 || v.HandLen > MaxHand {
				t.Fatalf("event %d (%+v): HandLen %d outside 0..%d", i, rawEvent(e), v.HandLen, MaxHand)
			}
			_ = v.MyHand()
			if n := v.Living(); n < 0 || n > r.Players {
				t.Fatalf("event %d (%+v): %d living seats of %d", i, rawEvent(e), n, r.Players)
			}
		}
	})
}

// rawEvent prints an event's fields (Event.String assumes a well-formed
// event).
type rawEvent Event

// randomGame plays a game of r with random legal actions and returns its
// event log.
func randomGame(r Rules, seed uint64) []Event {
	s := New(r, seed)
	rng := sim.NewPCG(seed)
	playRandom(s, &rng, nil)
	return slices.Clone(s.Events())
}

// encodeEvents appends the fuzz encoding of events to b: per event its
// fields byte by byte (Round as 2 bytes), then its first N cards (none for
// N < 0, at most MaxHand).
func encodeEvents(b []byte, events []Event) []byte {
	for _, e := range events {
		var flags byte
		if e.Hit {
			flags |= 1
		}
		if e.Truthful {
			flags |= 2
		}
		b = append(b, byte(e.Kind), byte(e.To), byte(e.Seat), byte(e.Target))
		b = binary.LittleEndian.AppendUint16(b, uint16(e.Round))
		b = append(b, byte(e.Table), byte(e.N), byte(e.Pull), byte(e.Pulls), flags)
		for _, c := range e.Cards[:max(0, min(int(e.N), MaxHand))] {
			b = append(b, byte(c))
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
		e := Event{Kind: EventKind(next()), To: sim.Seat(int8(next())), Seat: sim.Seat(int8(next())), Target: sim.Seat(int8(next()))}
		lo, hi := next(), next()
		e.Round = int16(uint16(lo) | uint16(hi)<<8)
		e.Table, e.N, e.Pull, e.Pulls = Card(next()), int8(next()), int8(next()), int8(next())
		flags := next()
		e.Hit, e.Truthful = flags&1 != 0, flags&2 != 0
		for i := range max(0, min(int(e.N), MaxHand)) {
			e.Cards[i] = Card(next())
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
