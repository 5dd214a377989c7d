package nostr

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// NIP-19's published example keys.
const (
	nip19Pub  = "3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d"
	nip19Npub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"
	nip19Sec  = "67dea2ed018072d675f5415ecfaed7d2597555e202d85b3d65ea4e58d2d92ffa"
	nip19Nsec = "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5"
)

func TestBech32Keys(t *testing.T) {
	if got, err := EncodeNpub(nip19Pub); err != nil || got != nip19Npub {
		t.Fatalf("EncodeNpub = %q, %v", got, err)
	}
	if got, err := EncodeNsec(nip19Sec); err != nil || got != nip19Nsec {
		t.Fatalf("EncodeNsec = %q, %v", got, err)
	}
	if got, err := DecodeNpub("nostr:" + nip19Npub); err != nil || got != nip19Pub {
		t.Fatalf("DecodeNpub = %q, %v", got, err)
	}
	k1, err := ParseSecret(nip19Nsec)
	if err != nil {
		t.Fatal(err)
	}
	k2, err := ParseSecret("  " + strings.ToUpper(nip19Sec) + "\n")
	if err != nil || k1 != k2 {
		t.Fatalf("hex and nsec differ: %v %v %v", k1, k2, err)
	}
	if strings.Contains(k1.String(), nip19Sec) || k1.String() != k1.Npub {
		t.Fatal("String leaks the secret")
	}
	bad := []string{"", "nsec1", nip19Npub, nip19Nsec[:len(nip19Nsec)-1] + "q", "zz" + nip19Sec[2:], nip19Sec[:60]}
	for _, b := range bad {
		if _, err := ParseSecret(b); !errors.Is(err, ErrKey) {
			t.Errorf("ParseSecret(%q) = %v", b, err)
		}
	}
	if _, err := ParsePubkey(nip19Npub[:20]); !errors.Is(err, ErrKey) {
		t.Error("short npub accepted")
	}
	if got, err := ParsePubkey(nip19Pub); err != nil || got != nip19Pub {
		t.Error(got, err)
	}
}

func TestTranscriptNpubsDecode(t *testing.T) {
	for _, n := range []string{
		"npub1ul9ua2mg3aw8ahpsq4cg6hj88uudhh0pw4p939kuxqly092zrlqs0558fk",
		"npub1u2shf2vznlv9kmx3vfzxztge8gtpjstfwmk96u9jq2vly5m2lv4srqvgdc",
	} {
		h, err := DecodeNpub(n)
		if err != nil {
			t.Fatal(err)
		}
		if back, _ := EncodeNpub(h); back != n {
			t.Fatalf("%s -> %s -> %s", n, h, back)
		}
	}
}

// TestSecretNeverShown formats keys (alone and inside a config) every way
// a log line or error could, and loads bad key files: the secret, hex or
// nsec, never appears.
func TestSecretNeverShown(t *testing.T) {
	k, err := ParseSecret(nip19Sec)
	if err != nil {
		t.Fatal(err)
	}
	cfg := PlayerConfig{Keys: k}
	var logged bytes.Buffer
	slog.New(slog.NewTextHandler(&logged, nil)).Info("x", "keys", k, "cfg", cfg)
	slog.New(slog.NewJSONHandler(&logged, nil)).Info("x", "keys", k)
	shown := []string{fmt.Sprint(k), fmt.Sprintf("%v %+v %#v %s", k, k, k, k), fmt.Sprintf("%v %+v %#v", cfg, cfg, cfg), logged.String()}
	// Key files with one wrong character: the error names no part of the key.
	dir := t.TempDir()
	for i, bad := range []string{nip19Nsec[:20] + "b" + nip19Nsec[21:], nip19Sec[:63] + "g", nip19Nsec[:62]} {
		path := filepath.Join(dir, fmt.Sprint(i))
		if err := os.WriteFile(path, []byte(bad), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := LoadKeys(path, "")
		if !errors.Is(err, ErrKey) {
			t.Fatalf("LoadKeys(%q) = %v", bad, err)
		}
		shown = append(shown, err.Error())
	}
	for _, s := range shown {
		for _, secret := range []string{nip19Sec, nip19Nsec, nip19Sec[:16], nip19Nsec[5:21]} {
			if strings.Contains(strings.ToLower(s), secret) {
				t.Errorf("secret %q shown in %q", secret, s)
			}
		}
	}
}
