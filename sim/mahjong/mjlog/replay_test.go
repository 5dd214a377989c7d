package mjlog

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// cutLog is the one test log that stops before the game's end (in the
// middle of its 8th hand).
const cutLog = "2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog"

func readLog(t *testing.T, name string) *Log {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("../testdata/tenhou", name))
	if err != nil {
		t.Fatal(err)
	}
	lg, err := ParseBytes(raw)
	if err != nil {
		t.Fatal(err)
	}
	return lg
}

func TestReplayTenhouLogs(t *testing.T) {
	files, err := filepath.Glob("../testdata/tenhou/*.mjlog")
	if err != nil || len(files) != 11 {
		t.Fatalf("want 11 logs, found %d (%v)", len(files), err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			sum, err := Replay(readLog(t, filepath.Base(f)))
			if err != nil {
				t.Fatal(err)
			}
			if sum.Complete != (filepath.Base(f) != cutLog) {
				t.Errorf("complete %v", sum.Complete)
			}
			t.Logf("%+v", sum)
		})
	}
}

// TestNineKindsDeclarer: a 九種九牌 draw is declared by the seat whose hand
// the RYUUKYOKU tag shows (haiN), which need not be seat 0 nor the dealer;
// the replay lets that seat declare it.
func TestNineKindsDeclarer(t *testing.T) {
	for _, tc := range []struct {
		log        string
		hand, seat int // hand 1-based, as Mismatch prints it
	}{
		{"2011020613gm-00a9-0000-3774f8d1.mjlog", 5, 3},  // 東4-1, dealer seat 3, first draw
		{"2020060723gm-00a9-0000-58807e27.mjlog", 10, 2}, // 西1-0, dealer seat 0
	} {
		lg := readLog(t, tc.log)
		h := lg.Hands[tc.hand-1]
		st := h.Steps[len(h.Steps)-1]
		if st.Kind != Ryuukyoku || st.DrawType != "yao9" || st.Who != tc.seat {
			t.Errorf("%s hand %d ends with %+v, want yao9 by seat %d", tc.log, tc.hand, st, tc.seat)
		}
		if _, err := Replay(lg); err != nil {
			t.Errorf("%s: %v", tc.log, err)
		}
	}
}

// TestReplayCutLog: a log cut before the game's end replays every step it
// has and says it is not complete; a log that claims the game's end
// (owari) where the engine plays on is still a mismatch.
func TestReplayCutLog(t *testing.T) {
	sum, err := Replay(readLog(t, cutLog))
	if err != nil || sum.Complete || sum.Hands != 8 {
		t.Fatalf("cut log: %+v, %v", sum, err)
	}
	lg := readLog(t, "double-ron.mjlog")
	lg.Hands = lg.Hands[:len(lg.Hands)-1] // the owari went with the last hand
	lg.HasFinal = false
	if sum, err := Replay(lg); err != nil || sum.Complete || sum.Hands != 3 {
		t.Fatalf("double-ron without its last hand: %+v, %v", sum, err)
	}
	lg.HasFinal = true
	var m *Mismatch
	if _, err := Replay(lg); !errors.As(err, &m) || m.Expected != "game over" {
		t.Fatalf("a claimed end the engine does not reach: %v", err)
	}
}

// A corrupted log (a draw changed) must be reported as a mismatch.
func TestReplayDetectsMismatch(t *testing.T) {
	raw, err := os.ReadFile("../testdata/tenhou/double-ron.mjlog")
	if err != nil {
		t.Fatal(err)
	}
	lg, err := ParseBytes(raw)
	if err != nil {
		t.Fatal(err)
	}
	for i := range lg.Hands[0].Steps {
		if st := &lg.Hands[0].Steps[i]; st.Kind == Draw && i > 10 {
			st.Tile ^= 1
			break
		}
	}
	_, err = Replay(lg)
	var m *Mismatch
	if !errors.As(err, &m) || !errors.Is(err, ErrMismatch) {
		t.Fatalf("corrupted log replayed with %v", err)
	}
	t.Log(m)
}
