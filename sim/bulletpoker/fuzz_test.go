package bulletpoker

import (
	"errors"
	"testing"

	"gamelab/sim"
	"gamelab/sim/cards"
)

// FuzzApply drives a match with arbitrary (seat, action) pairs, most of them
// illegal: Apply must never panic, must refuse with a typed error exactly
// the actions Legal does not list, and refusals must change nothing.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), uint8(0), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(uint64(7), uint8(2), []byte{13, 13, 13, 40, 41, 42, 99, 200})
	all := allActions()
	f.Fuzz(func(t *testing.T, seed uint64, preset uint8, script []byte) {
		r := mustPreset(t, Presets()[int(preset)%len(Presets())])
		r.Players = MinPlayers + int(preset/3)%(MaxPlayers-MinPlayers+1)
		s := New(r, seed)
		var legal []Action
		for _, b := range script {
			if s.Done() {
				break
			}
			seat := sim.Seat(int(b%8) - 1)
			a := all[int(b/8)%len(all)]
			legal = s.Legal(seat, legal[:0])
			isLegal := false
			for _, l := range legal {
				isLegal = isLegal || l == a
			}
			before := encode(s)
			err := s.Apply(seat, a)
			switch {
			case isLegal && err != nil:
				t.Fatalf("legal %v by seat %d refused: %v", a, seat, err)
			case !isLegal && err == nil:
				t.Fatalf("illegal %v by seat %d accepted", a, seat)
			case err != nil && !errors.Is(err, ErrIllegalAction) && !errors.Is(err, ErrNotYourTurn) && !errors.Is(err, ErrGameOver):
				t.Fatalf("untyped error %v", err)
			case err != nil && string(before) != string(encode(s)):
				t.Fatalf("refused %v changed the state", a)
			}
		}
	})
}

// FuzzViewApply folds arbitrary events (as a wire might deliver them):
// View.Apply, and Sample of the view it builds, must never panic.
func FuzzViewApply(f *testing.F) {
	f.Add([]byte{0, 4, 1, 0, 0, 0, 0, 2, 9, 9, 9, 9, 6, 200, 3, 1, 2, 3})
	f.Fuzz(func(t *testing.T, b []byte) {
		v := View{Seat: sim.Seat(int(len(b)%8) - 1)}
		for len(b) >= 12 {
			e := Event{Kind: EventKind(b[0] % 14), Seat: sim.Seat(int8(b[1])), Hand: int16(b[2]),
				Button: sim.Seat(int8(b[3])), Alive: b[4], Street: Street(int8(b[5])), Act: Kind(int8(b[6])),
				Bet: int8(b[7]), Current: int8(b[8]), Count: int8(b[9]), Hole: int8(b[10]), Offer: int8(b[11])}
			if len(b) >= 16 {
				copy(e.Cards[:], []cards.Card{cards.Card(b[12]), cards.Card(b[13]), cards.Card(b[14]), cards.Card(b[15])})
			}
			v.Apply(e)
			_ = v.Known()
			b = b[12:]
		}
		// A live adapter determinizes whatever view it rebuilt: the
		// sampler and the sample's moves must not panic either.
		rng := sim.NewPCG(uint64(len(b)))
		s := Sample(&v, &rng)
		_ = s.View(v.Seat)
		_ = s.Legal(v.Seat, nil)
	})
}
