package tavern

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Header names and the signature prefix of section 四.
const (
	HeaderTimestamp = "X-Tavern-Timestamp"
	HeaderSignature = "X-Tavern-Signature"
	sigPrefix       = "sha256="
	// MaxSkew is how far a request's timestamp may be from our clock.
	MaxSkew = 300 * time.Second
	// MaxBody is the largest request body a bot accepts (the seed's Flask
	// bot sets the same MAX_CONTENT_LENGTH).
	MaxBody = 64 << 10
)

// ErrSignature reports a missing, malformed, stale or wrong signature. Its
// text never contains the secret or the expected signature.
var ErrSignature = errors.New("tavern: bad signature")

// Sign returns the X-Tavern-Signature value for a request:
// "sha256=" + hex(HMAC_SHA256(secret, "{ts}.{METHOD}.{path}.{body}")).
func Sign(secret []byte, ts int64, method, path string, body []byte) string {
	m := hmac.New(sha256.New, secret)
	m.Write(strconv.AppendInt(nil, ts, 10))
	m.Write([]byte{'.'})
	m.Write([]byte(method))
	m.Write([]byte{'.'})
	m.Write([]byte(path))
	m.Write([]byte{'.'})
	m.Write(body)
	return sigPrefix + hex.EncodeToString(m.Sum(nil))
}

// Verify checks a request's timestamp header (decimal seconds, within MaxSkew
// of now) and signature header in constant time.
func Verify(secret []byte, now time.Time, tsHeader, sigHeader, method, path string, body []byte) error {
	if tsHeader == "" || strings.TrimLeft(tsHeader, "0123456789") != "" || len(tsHeader) > 12 {
		return errors.Join(ErrSignature, errors.New("missing or malformed timestamp"))
	}
	ts, err := strconv.ParseInt(tsHeader, 10, 64)
	if err != nil {
		return errors.Join(ErrSignature, errors.New("malformed timestamp"))
	}
	if d := now.Sub(time.Unix(ts, 0)); d > MaxSkew || d < -MaxSkew {
		return errors.Join(ErrSignature, errors.New("timestamp outside 300 s"))
	}
	if !strings.HasPrefix(sigHeader, sigPrefix) {
		return errors.Join(ErrSignature, errors.New("signature without sha256= prefix"))
	}
	want := Sign(secret, ts, method, path, body)
	if !hmac.Equal([]byte(sigHeader), []byte(want)) {
		return errors.Join(ErrSignature, errors.New("signature mismatch"))
	}
	return nil
}
