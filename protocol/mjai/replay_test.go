package mjai

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"gamelab/sim/mahjong"

	"pgregory.net/rapid"
)

// logOf renders a finished game as an mjai log.
func logOf(s *mahjong.State) []byte {
	var b bytes.Buffer
	w := NewWriter(All, []string{"a", "b", "c", "d"})
	for _, e := range s.Events() {
		for _, m := range w.Write(e) {
			b.Write(m.AppendJSON(nil))
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// TestReplayOwnLogs: every game's mjai log replays in the engine from the
// walls the log shows, to the same payments and final scores.
func TestReplayOwnLogs(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		seed := rapid.Uint64().Draw(rt, "seed")
		s := playGame(rt, seed, func(*mahjong.State) {})
		log, err := ReadLog(bytes.NewReader(logOf(s)))
		if err != nil {
			rt.Fatal(err)
		}
		sum, err := Replay(log, mahjong.Tenhou())
		if err != nil {
			rt.Fatalf("seed %d: %v", seed, err)
		}
		if sum.Final != s.Scores() || sum.Hands != int(s.Result().Stats["hands"]) {
			rt.Fatalf("seed %d: replay %+v, game %v %v", seed, sum, s.Scores(), s.Result().Stats)
		}
	})
}

// TestReplayMismatch: a log whose payments or actions the engine does not
// reproduce is refused with ErrReplay, never a panic.
func TestReplayMismatch(t *testing.T) {
	s := playGame(t, 5, func(*mahjong.State) {})
	text := string(logOf(s))
	for name, edit := range map[string]func(string) string{
		"deltas": func(x string) string {
			h := strings.Index(x, `{"type":"hora"`)
			i := h + strings.Index(x[h:], `"deltas":[`)
			return x[:i] + `"deltas":[1` + x[i+len(`"deltas":[`)+1:]
		},
		"discard": func(x string) string {
			i := strings.Index(x, `{"type":"dahai","actor":1,"pai":"`)
			j := i + len(`{"type":"dahai","actor":1,"pai":"`)
			return x[:j] + "9z" + x[j+2:]
		},
		"cut": func(x string) string { return x[:len(x)/2] },
	} {
		edited := edit(text)
		log, err := ReadLog(strings.NewReader(edited))
		if err != nil {
			if name == "cut" || name == "discard" {
				continue // a cut or bad line may not even parse
			}
			t.Fatalf("%s: %v", name, err)
		}
		_, err = Replay(log, mahjong.Tenhou())
		if !errors.Is(err, ErrReplay) && name != "cut" {
			t.Errorf("%s: Replay = %v, want ErrReplay", name, err)
		}
	}
}

// TestReplayTripleRon: games whose hand ends in 三家和 (three rons on one
// discard abort the hand under Tenhou rules). Their logs carry only
// `ryukyoku sanchaho`, no hora lines; the replay must make the three rons
// itself (found by TestReplayOwnLogs's random seeds).
func TestReplayTripleRon(t *testing.T) {
	for _, seed := range []uint64{989973382873166231, 1134159214570840215} {
		s := playGame(t, seed, func(*mahjong.State) {})
		text := logOf(s)
		if !bytes.Contains(text, []byte(`"reason":"sanchaho"`)) {
			t.Fatalf("seed %d: no three-ron draw in the game any more; pick another seed", seed)
		}
		log, err := ReadLog(bytes.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		sum, err := Replay(log, mahjong.Tenhou())
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if sum.Final != s.Scores() {
			t.Errorf("seed %d: replay ends at %v, the game at %v", seed, sum.Final, s.Scores())
		}
	}
}
