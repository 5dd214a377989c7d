package werewolf

import (
	"testing"

	"gamelab/sim"
)

// FuzzViewApply folds arbitrary events, as a live adapter might rebuild
// them from a server's data (an unknown name becomes NoSeat, a number may
// be anything): View.Apply must never panic.
func FuzzViewApply(f *testing.F) {
	f.Add([]byte{byte(EvTally), 0xff, 2, 0, 0, 0, byte(EvTalk), 0xff, 0xff, 1, 2, 3})
	f.Add([]byte{byte(EvMedium), 0, 0xff, 0, 0, 0, byte(EvStart), 0, 0, 0, 0, 200})
	f.Fuzz(func(t *testing.T, b []byte) {
		v := NewView(sim.Seat(int(len(b)%17) - 1))
		for ; len(b) >= 6; b = b[6:] {
			e := Event{Kind: EventKind(b[0] % byte(numEventKinds)), Seat: sim.Seat(int8(b[1])), Target: sim.Seat(int8(b[2])),
				Role: Role(b[3]), Phase: Phase(b[4] % byte(numPhases)), Count: int8(b[5]),
				Content: Content{Kind: ContentKind(b[3] % byte(numContentKinds)), Role: Role(b[4]), Target: sim.Seat(int8(b[5]))}}
			v.Apply(e)
		}
	})
}

// FuzzDeterminize determinizes views folded from arbitrary events: the
// sampler must never panic, whatever a live adapter rebuilt.
func FuzzDeterminize(f *testing.F) {
	f.Add([]byte{byte(EvStart), 0, 0, 0, 0, 5, byte(EvSetup), 0, 0, byte(RoleWerewolf), 0, 1, byte(EvDeal), 0, 0, 9, 0, 0})
	f.Add([]byte{byte(EvStart), 0, 0, 0, 0, 9, byte(EvPhase), 0, 0, 0, byte(PhaseVote), 3, byte(EvTally), 3, 12, 0, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		v := NewView(sim.Seat(int(len(b)%17) - 1))
		for ; len(b) >= 6; b = b[6:] {
			v.Apply(Event{Kind: EventKind(b[0] % byte(numEventKinds)), Seat: sim.Seat(int8(b[1])), Target: sim.Seat(int8(b[2])),
				Role: Role(b[3]), Phase: Phase(b[4] % byte(numPhases)), Count: int8(b[5]), Seats: uint16(b[5]) << 3,
				Content: Content{Kind: ContentKind(b[3] % byte(numContentKinds)), Role: Role(b[4]), Target: sim.Seat(int8(b[5]))}})
		}
		rng := sim.NewPCG(uint64(len(b)))
		s := Sample(&v, &rng)
		_ = s.View(v.Seat)
		_ = s.Next()
	})
}
