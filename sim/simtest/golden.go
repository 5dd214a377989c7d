package simtest

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// update is the one -update flag of every test binary that uses Golden.
var update = flag.Bool("update", false, "rewrite the golden files the tests compare against")

// Golden compares got with the file at path, or rewrites the file when the
// test runs with -update (go test ./sim/liarsbar -run Golden -update). A
// difference fails t at the first differing line, with both lines.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := range min(len(gl), len(wl)) {
		if !bytes.Equal(gl[i], wl[i]) {
			t.Fatalf("%s line %d:\n got %s\nwant %s\n(run with -update to accept)", path, i+1, gl[i], wl[i])
		}
	}
	t.Fatalf("%s: %d lines, want %d (run with -update to accept)", path, len(gl), len(wl))
}
