package werewolf

import (
	"math/rand/v2"
	"testing"

	"gamelab/sim"
	"gamelab/sim/werewolf"
)

// FuzzDecideOnFoldedView folds arbitrary events into a view (as a live
// adapter might rebuild one from a server's data) and asks every strategy
// to decide from it: no strategy may panic or answer outside legal.
func FuzzDecideOnFoldedView(f *testing.F) {
	f.Add([]byte{2, byte(werewolf.EvStart), 0, 0, 0, 0, 5, byte(werewolf.EvTalk), 1, 0xff, 1, 0, 3})
	f.Add([]byte{0, byte(werewolf.EvTalk), 2, 0xff, 2, 2, 14, byte(werewolf.EvTally), 3, 4, 0, 0, 0})
	names := Registry.Names()
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) == 0 {
			return
		}
		var legal []werewolf.Action
		switch b[0] % 4 {
		case 0:
			legal = []werewolf.Action{werewolf.Vote(0), werewolf.Vote(2), werewolf.Vote(4)}
		case 1:
			legal = []werewolf.Action{werewolf.Talk(werewolf.VoteFor(1), ""), werewolf.Talk(werewolf.ComingOut(werewolf.RoleSeer), ""), werewolf.Pass()}
		case 2:
			legal = []werewolf.Action{werewolf.Whisper(werewolf.VoteFor(3), ""), werewolf.Kill(1), werewolf.Kill(3)}
		case 3:
			legal = []werewolf.Action{werewolf.Divine(0), werewolf.Divine(2)}
		}
		v := werewolf.NewView(sim.Seat(b[0] % 5))
		for b = b[1:]; len(b) >= 6; b = b[6:] {
			v.Apply(werewolf.Event{Kind: werewolf.EventKind(b[0] % 18), Seat: sim.Seat(int8(b[1])), Target: sim.Seat(int8(b[2])),
				Role: werewolf.Role(b[3] % 6), Phase: werewolf.Phase(b[4] % 5), Count: int8(b[5]),
				Content: werewolf.Content{Kind: werewolf.ContentKind(b[3] % 6), Role: werewolf.Role(b[4] % 6), Target: sim.Seat(int8(b[5]))}})
		}
		for _, name := range names {
			s, err := New(name)
			if err != nil {
				t.Fatal(err)
			}
			s.Reset()
			a := s.Decide(&v, legal, rand.New(rand.NewPCG(1, 2)))
			if !containsIgnoringText(legal, a) {
				t.Fatalf("%s chose %v, not among %v", name, a, legal)
			}
		}
	})
}
