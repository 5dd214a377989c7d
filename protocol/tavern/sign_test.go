package tavern

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// TestSeedRecipe signs the seed's own example (section 四) and checks the
// verifier accepts it and refuses any one-byte change. The expected value
// was computed independently with Python's hmac module, as the seed's Flask
// bot does:
//
//	python3 -c 'import hmac,hashlib;print(hmac.new(b"s3cret",b"1761123456.POST./tavern/v1/games/liars_bar/matches/lb1021abcd/events.{\"protocol\":1}",hashlib.sha256).hexdigest())'
func TestSeedRecipe(t *testing.T) {
	secret := []byte("s3cret")
	const ts = 1761123456
	path := "/tavern/v1/games/liars_bar/matches/lb1021abcd/events"
	body := []byte(`{"protocol":1}`)
	got := Sign(secret, ts, "POST", path, body)
	if got != seedRecipeSig {
		t.Fatalf("Sign = %s, want %s", got, seedRecipeSig)
	}
	now := time.Unix(ts+10, 0)
	if err := Verify(secret, now, "1761123456", got, "POST", path, body); err != nil {
		t.Fatalf("Verify refused the seed's recipe: %v", err)
	}
	// Every one-byte change of the body, path or signature is refused.
	for i := range body {
		b := []byte(string(body))
		b[i] ^= 1
		if Verify(secret, now, "1761123456", got, "POST", path, b) == nil {
			t.Errorf("body byte %d changed, still accepted", i)
		}
	}
	for i := range path {
		p := []byte(path)
		p[i] ^= 1
		if Verify(secret, now, "1761123456", got, "POST", string(p), body) == nil {
			t.Errorf("path byte %d changed, still accepted", i)
		}
	}
	for i := len(sigPrefix); i < len(got); i++ {
		s := []byte(got)
		s[i] ^= 1
		if Verify(secret, now, "1761123456", string(s), "POST", path, body) == nil {
			t.Errorf("signature byte %d changed, still accepted", i)
		}
	}
	if Verify(secret, now, "1761123456", got, "PUT", path, body) == nil {
		t.Error("method changed, still accepted")
	}
}

const seedRecipeSig = "sha256=32acc9b46174a5dde51677fbcbca84e12d5d08e320bb4cf17933be32abab8589"

func TestVerifyRefuses(t *testing.T) {
	secret := []byte("k")
	now := time.Unix(2_000_000_000, 0)
	good := func(ts int64) string { return Sign(secret, ts, "POST", "/p", nil) }
	cases := []struct {
		name, ts, sig string
	}{
		{"stale", "1999999699", good(1999999699)},
		{"future", "2000000301", good(2000000301)},
		{"no timestamp", "", good(2000000000)},
		{"signed timestamp", "+2000000000", good(2000000000)},
		{"no prefix", "2000000000", strings.TrimPrefix(good(2000000000), "sha256=")},
		{"wrong secret", "2000000000", Sign([]byte("other"), 2000000000, "POST", "/p", nil)},
		{"empty", "2000000000", ""},
	}
	for _, c := range cases {
		err := Verify(secret, now, c.ts, c.sig, "POST", "/p", nil)
		if !errors.Is(err, ErrSignature) {
			t.Errorf("%s: Verify = %v, want ErrSignature", c.name, err)
		}
	}
	if err := Verify(secret, now, "1999999701", good(1999999701), "POST", "/p", nil); err != nil {
		t.Errorf("299 s old refused: %v", err)
	}
}
