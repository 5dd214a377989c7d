package mjai

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// FuzzFold: a foreign line inserted anywhere into a seat's stream, and
// the same line given to Serve and Replay, may be refused but never
// panics anything.
func FuzzFold(f *testing.F) {
	s := playGame(f, 3, func(*mahjong.State) {})
	w := NewWriter(1, nil)
	var msgs []Message
	for _, e := range s.Events() {
		if x, ok := e.For(1); ok {
			msgs = append(msgs, w.Write(x)...)
		}
	}
	for i := 0; i < len(msgs); i += 40 {
		f.Add(uint16(i), string(msgs[i].AppendJSON(nil)))
	}
	f.Add(uint16(3), `{"type":"pon","actor":1,"target":1,"pai":"5mr","consumed":["5m","5m"]}`)
	f.Add(uint16(5), `[{"type":"tsumo","actor":7,"pai":"?"}]`)
	f.Fuzz(func(t *testing.T, at uint16, line string) {
		ms, err := ParseLine([]byte(line))
		if err != nil {
			return
		}
		fd := NewFold(sim.NoSeat)
		pos := int(at) % len(msgs)
		for i := range msgs {
			if i == pos {
				for j := range ms {
					_, _ = fd.Apply(&ms[j])
				}
			}
			_, _ = fd.Apply(&msgs[i])
		}
		var out bytes.Buffer
		_ = Serve(bytes.NewReader([]byte(line+"\n")), &out, &tsumogiriOnly{}, ServeOptions{})
		_, _ = Replay(ms, mahjong.Tenhou())
	})
}

// tsumogiriOnly discards its draw, else plays its first legal action.
type tsumogiriOnly struct{}

func (tsumogiriOnly) Reset() {}
func (tsumogiriOnly) Decide(v *mahjong.View, legal []mahjong.Action, _ *rand.Rand) mahjong.Action {
	return Fallback(v, legal)
}
