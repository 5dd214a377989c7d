package mjlog

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestReplayTenhouLogs(t *testing.T) {
	files, err := filepath.Glob("../testdata/tenhou/*.mjlog")
	if err != nil || len(files) != 8 {
		t.Fatalf("want 8 logs, found %d (%v)", len(files), err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			lg, err := ParseBytes(raw)
			if err != nil {
				t.Fatal(err)
			}
			sum, err := Replay(lg)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%+v", sum)
		})
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
