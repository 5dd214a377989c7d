package nostr

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// BIP-173 bech32 (https://github.com/bitcoin/bips/blob/master/bip-0173.mediawiki),
// as NIP-19 uses it for npub/nsec. Written here to avoid go-nostr's nip19
// dependency tree.

const bech32Charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

// ErrKey reports a malformed key.
var ErrKey = errors.New("nostr: bad key")

func bech32Polymod(values []byte) uint32 {
	gen := [5]uint32{0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3}
	chk := uint32(1)
	for _, v := range values {
		b := chk >> 25
		chk = (chk&0x1ffffff)<<5 ^ uint32(v)
		for i := range 5 {
			if (b>>i)&1 == 1 {
				chk ^= gen[i]
			}
		}
	}
	return chk
}

func hrpExpand(hrp string) []byte {
	out := make([]byte, 0, 2*len(hrp)+1)
	for i := 0; i < len(hrp); i++ {
		out = append(out, hrp[i]>>5)
	}
	out = append(out, 0)
	for i := 0; i < len(hrp); i++ {
		out = append(out, hrp[i]&31)
	}
	return out
}

// convertBits regroups bits (8→5 with padding, 5→8 without).
func convertBits(data []byte, from, to uint, pad bool) ([]byte, error) {
	acc, bits := uint32(0), uint(0)
	maxv := uint32(1)<<to - 1
	var out []byte
	for _, v := range data {
		if uint32(v)>>from != 0 {
			return nil, fmt.Errorf("%w: bad data value", ErrKey)
		}
		acc = acc<<from | uint32(v)
		bits += from
		for bits >= to {
			bits -= to
			out = append(out, byte(acc>>bits&maxv))
		}
	}
	if pad {
		if bits > 0 {
			out = append(out, byte(acc<<(to-bits)&maxv))
		}
	} else if bits >= from || acc<<(to-bits)&maxv != 0 {
		return nil, fmt.Errorf("%w: bad padding", ErrKey)
	}
	return out, nil
}

func bech32Encode(hrp string, data []byte) string {
	d5, _ := convertBits(data, 8, 5, true)
	values := append(hrpExpand(hrp), d5...)
	pm := bech32Polymod(append(values, 0, 0, 0, 0, 0, 0)) ^ 1
	var b strings.Builder
	b.WriteString(hrp)
	b.WriteByte('1')
	for _, v := range d5 {
		b.WriteByte(bech32Charset[v])
	}
	for i := range 6 {
		b.WriteByte(bech32Charset[(pm>>(5*(5-i)))&31])
	}
	return b.String()
}

func bech32Decode(s string) (string, []byte, error) {
	if strings.ToLower(s) != s && strings.ToUpper(s) != s {
		return "", nil, fmt.Errorf("%w: mixed case", ErrKey)
	}
	s = strings.ToLower(s)
	pos := strings.LastIndexByte(s, '1')
	if pos < 1 || pos+7 > len(s) || len(s) > 200 {
		return "", nil, fmt.Errorf("%w: not bech32", ErrKey)
	}
	hrp := s[:pos]
	var d5 []byte
	for i := pos + 1; i < len(s); i++ {
		v := strings.IndexByte(bech32Charset, s[i])
		if v < 0 {
			// The position, not the character: s may be a secret key.
			return "", nil, fmt.Errorf("%w: bad character at position %d", ErrKey, i+1)
		}
		d5 = append(d5, byte(v))
	}
	if bech32Polymod(append(hrpExpand(hrp), d5...)) != 1 {
		return "", nil, fmt.Errorf("%w: bad checksum", ErrKey)
	}
	data, err := convertBits(d5[:len(d5)-6], 5, 8, false)
	if err != nil {
		return "", nil, err
	}
	return hrp, data, nil
}

// EncodeNpub writes a 32-byte hex public key as npub.
func EncodeNpub(pubHex string) (string, error) { return encodeKey("npub", pubHex) }

// EncodeNsec writes a 32-byte hex secret key as nsec.
func EncodeNsec(secHex string) (string, error) { return encodeKey("nsec", secHex) }

func encodeKey(hrp, h string) (string, error) {
	b, err := hex.DecodeString(h)
	if err != nil || len(b) != 32 {
		return "", fmt.Errorf("%w: want 64 hex digits", ErrKey)
	}
	return bech32Encode(hrp, b), nil
}

// DecodeNpub returns the hex public key of an npub (a "nostr:" prefix is allowed).
func DecodeNpub(npub string) (string, error) {
	return decodeKey("npub", strings.TrimPrefix(npub, "nostr:"))
}

func decodeKey(want, s string) (string, error) {
	hrp, data, err := bech32Decode(s)
	if err != nil {
		return "", err
	}
	if hrp != want || len(data) != 32 {
		return "", fmt.Errorf("%w: want a %s of 32 bytes", ErrKey, want)
	}
	return hex.EncodeToString(data), nil
}
