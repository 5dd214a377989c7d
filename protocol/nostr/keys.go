package nostr

import (
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"

	gn "github.com/nbd-wtf/go-nostr"
)

// Keys is a signing identity. String never shows the secret.
type Keys struct {
	secret string // hex; never logged
	Pub    string // hex public key (x-only, BIP-340)
	Npub   string
}

// String shows the npub only.
func (k Keys) String() string { return k.Npub }

// GoString keeps the secret out of %#v (which would print the
// unexported field of a Keys, or of a config holding one).
func (k Keys) GoString() string { return "nostr.Keys{Npub: " + strconv.Quote(k.Npub) + "}" }

// LogValue keeps the secret out of structured logs.
func (k Keys) LogValue() slog.Value { return slog.StringValue(k.Npub) }

// ParseSecret reads a secret key written as nsec or 64 hex digits
// (surrounding space ignored).
func ParseSecret(s string) (Keys, error) {
	s = strings.TrimSpace(s)
	var sec string
	if strings.HasPrefix(s, "nsec1") {
		h, err := decodeKey("nsec", s)
		if err != nil {
			return Keys{}, err
		}
		sec = h
	} else {
		b, err := hex.DecodeString(s)
		if err != nil || len(b) != 32 {
			return Keys{}, fmt.Errorf("%w: secret key must be nsec1… or 64 hex digits", ErrKey)
		}
		sec = strings.ToLower(s)
	}
	pub, err := gn.GetPublicKey(sec)
	if err != nil {
		return Keys{}, fmt.Errorf("%w: %v", ErrKey, err)
	}
	npub, err := EncodeNpub(pub)
	if err != nil {
		return Keys{}, fmt.Errorf("%w: public key: %v", ErrKey, err)
	}
	return Keys{secret: sec, Pub: pub, Npub: npub}, nil
}

// GenerateKeys returns a fresh random identity.
func GenerateKeys() Keys {
	k, err := ParseSecret(gn.GeneratePrivateKey())
	if err != nil {
		panic(err) // go-nostr returned a malformed key
	}
	return k
}

// LoadKeys reads the secret from the file at path, or if path is "" from
// the environment variable env. The secret never appears in errors.
func LoadKeys(path, env string) (Keys, error) {
	var s string
	if path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return Keys{}, fmt.Errorf("nostr: key file: %w", err)
		}
		s = string(b)
	} else {
		s = os.Getenv(env)
		if s == "" {
			return Keys{}, fmt.Errorf("%w: no key: give --key-file or set %s", ErrKey, env)
		}
	}
	return ParseSecret(s)
}

// ParsePubkey reads a public key written as npub (optionally "nostr:npub…")
// or 64 hex digits and returns it as hex.
func ParsePubkey(s string) (string, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "npub1") || strings.HasPrefix(s, "nostr:npub1") {
		return DecodeNpub(s)
	}
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != 32 || !gn.IsValidPublicKey(strings.ToLower(s)) {
		return "", fmt.Errorf("%w: public key must be npub1… or 64 hex digits", ErrKey)
	}
	return strings.ToLower(s), nil
}

// Nsec returns the secret key written as nsec (for key generation; never
// log it).
func (k Keys) Nsec() (string, error) {
	if k.secret == "" {
		return "", fmt.Errorf("%w: no secret key", ErrKey)
	}
	return EncodeNsec(k.secret)
}

// Sign fills e's pubkey, id and signature.
func (k Keys) Sign(e *gn.Event) error {
	if k.secret == "" {
		return fmt.Errorf("%w: no secret key", ErrKey)
	}
	return e.Sign(k.secret)
}
