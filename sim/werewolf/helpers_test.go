package werewolf

import (
	"encoding/binary"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// playRandom plays s to the end: a uniformly chosen seat of Next plays a
// uniformly chosen legal action (talk included), drawing from p.
func playRandom(s *State, p *sim.PCG, buf []Action) []Action {
	for !s.Done() {
		next := s.Next()
		seat := next[p.IntN(len(next))]
		buf = s.Legal(seat, buf[:0])
		if err := s.Apply(seat, buf[p.IntN(len(buf))]); err != nil {
			panic(err)
		}
	}
	return buf
}

// playDecisive plays s to the end with the uniform random play of the
// check in docs/rules/werewolf.md: everyone passes the discussion and the
// wolf chat and nobody whispers; votes, divines and kills are uniform
// among the legal targets.
func playDecisive(s *State, p *sim.PCG, buf []Action) []Action {
	for !s.Done() {
		seat := s.Next()[0] // the first seat to act; the others wait for the next pass
		night := s.Phase() == PhaseNight
		if night && s.seersLeft&bit(seat) == 0 && s.killersLeft&bit(seat) == 0 {
			// Done tonight but for the wolf chat: pass it.
			if err := s.Apply(seat, Pass()); err != nil {
				panic(err)
			}
			continue
		}
		buf = s.Legal(seat, buf[:0])
		i := 0
		for i < len(buf) && (buf[i].Kind == ActWhisper || (night && buf[i].Kind == ActPass)) {
			i++
		}
		if s.Phase() == PhaseDiscussion {
			i = len(buf) - 1 // pass
		}
		if err := s.Apply(seat, buf[i+p.IntN(len(buf)-i)]); err != nil {
			panic(err)
		}
	}
	return buf
}

// encode serializes the whole log and the pending decisions.
func encode(s *State) []byte {
	b := make([]byte, 0, 16*len(s.log)+32)
	for _, e := range s.log {
		rec := [16]byte{byte(e.Kind), e.Day, byte(e.Phase), byte(e.Seat), byte(e.Target), byte(e.Role),
			byte(e.Team), b2u(e.Auto), byte(e.Deadline), byte(e.Count),
			byte(e.Content.Kind), byte(e.Content.Role), byte(e.Content.Target), byte(e.Seats), byte(e.Seats >> 8), byte(len(e.Text))}
		b = append(b, rec[:]...)
		if e.Text != "" {
			b = binary.AppendUvarint(b, uint64(len(e.Text)))
			b = append(b, e.Text...)
		}
	}
	b = append(b, 0xff)
	for _, seat := range s.Next() {
		b = append(b, byte(seat))
	}
	return b
}

func b2u(x bool) byte {
	if x {
		return 1
	}
	return 0
}

// mustPreset returns the rules of preset name, failing the test (or the
// rapid check) t on an error.
func mustPreset(t simtest.Fataler, name string) Rules {
	t.Helper()
	return simtest.Preset(t, Preset, name)
}
