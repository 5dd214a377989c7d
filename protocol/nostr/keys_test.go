package nostr

import (
	"errors"
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
