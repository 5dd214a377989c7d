package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func runReplay(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	old := stdout
	stdout = &out
	defer func() { stdout = old }()
	code := run(context.Background(), append([]string{"mahjong", "replay"}, args...), &errb)
	return code, out.String(), errb.String()
}

func TestMahjongReplayOK(t *testing.T) {
	files, _ := filepath.Glob("../../sim/mahjong/testdata/tenhou/*.mjlog")
	if len(files) != 11 {
		t.Fatalf("found %d logs", len(files))
	}
	code, out, errs := runReplay(t, files...)
	if code != 0 || strings.Count(out, ": OK ") != 11 || strings.Count(out, "log ends in hand 8 before the game's end") != 1 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	// --strict: the cut log fails as before.
	code, out, _ = runReplay(t, append([]string{"--strict"}, files...)...)
	if code != 1 || strings.Count(out, ": OK ") != 10 || !strings.Contains(out, "no-round-end.mjlog: MISMATCH log ends in hand 8") {
		t.Fatalf("--strict: exit %d\n%s", code, out)
	}
}

func TestMahjongReplayMismatch(t *testing.T) {
	raw, err := os.ReadFile("../../sim/mahjong/testdata/tenhou/double-ron.mjlog")
	if err != nil {
		t.Fatal(err)
	}
	// Change one logged draw: the wall rebuilt from the seed disagrees.
	re := regexp.MustCompile(`<T(\d+)/>`)
	loc := re.FindStringSubmatchIndex(string(raw))
	n, _ := strconv.Atoi(string(raw[loc[2]:loc[3]]))
	bad := string(raw[:loc[2]]) + strconv.Itoa((n+1)%136) + string(raw[loc[3]:])
	p := filepath.Join(t.TempDir(), "bad.mjlog")
	if err := os.WriteFile(p, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runReplay(t, p)
	if code != 1 || !strings.Contains(out, "MISMATCH") || !strings.Contains(out, "expected") {
		t.Fatalf("exit %d: %s", code, out)
	}
}

func TestMahjongReplayBadInput(t *testing.T) {
	if code, _, _ := runReplay(t); code != 2 {
		t.Fatalf("no file: exit %d", code)
	}
	p := filepath.Join(t.TempDir(), "x.mjlog")
	os.WriteFile(p, []byte("<mjloggm><INIT seed=\"x\"/></mjloggm>"), 0o644)
	if code, _, _ := runReplay(t, p); code != 2 {
		t.Fatalf("bad file: exit %d", code)
	}
	if code, _, _ := runReplay(t, "/nonexistent.mjlog"); code != 2 {
		t.Fatalf("missing file: exit %d", code)
	}
}
