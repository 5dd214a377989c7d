package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/protocol/nostr"
)

func runKeygen(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	old := stdout
	stdout = &out
	defer func() { stdout = old }()
	code := run(context.Background(), append([]string{"nostr", "keygen"}, args...), &errb)
	return code, out.String(), errb.String()
}

// TestNostrKeygen: the printed nsec and npub are one identity; --out
// writes the nsec to a new 0600 file the live player can load, prints no
// secret, and never overwrites a file.
func TestNostrKeygen(t *testing.T) {
	code, out, _ := runKeygen(t)
	f := strings.Fields(out)
	if code != 0 || len(f) != 4 || f[0] != "npub" || f[2] != "nsec" {
		t.Fatalf("exit %d: %q", code, out)
	}
	k, err := nostr.ParseSecret(f[3])
	if err != nil || k.Npub != f[1] {
		t.Fatalf("nsec %s gives %s, printed npub %s (%v)", f[3][:10], k.Npub, f[1], err)
	}
	p := filepath.Join(t.TempDir(), "me.nsec")
	code, out, _ = runKeygen(t, "--out", p)
	if code != 0 || strings.Contains(out, "nsec1") {
		t.Fatalf("--out: exit %d, %q", code, out)
	}
	st, err := os.Stat(p)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v, mode %v", err, st.Mode())
	}
	k, err = nostr.LoadKeys(p, "")
	if err != nil || !strings.Contains(out, k.Npub) {
		t.Fatalf("key file holds %s (%v); printed %q", k.Npub, err, out)
	}
	before, _ := os.ReadFile(p)
	if code, _, errs := runKeygen(t, "--out", p); code != 2 || !strings.Contains(errs, "exists") {
		t.Fatalf("overwrite: exit %d, %q", code, errs)
	}
	if after, _ := os.ReadFile(p); !bytes.Equal(before, after) {
		t.Fatal("the key file was overwritten")
	}
	if code, _, _ := runKeygen(t, "extra"); code != 2 {
		t.Fatalf("stray argument: exit %d", code)
	}
}
