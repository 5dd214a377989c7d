package mahjong

import (
	"crypto/sha512"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

// ErrTenhouSeed reports a malformed Tenhou SHUFFLE seed.
var ErrTenhouSeed = errors.New("mahjong: bad Tenhou shuffle seed")

// tenhouSeedPrefix names Tenhou's published wall algorithm in mjlog files.
const tenhouSeedPrefix = "mt19937ar-sha512-n288-base64,"

// TenhouWalls rebuilds the walls of a real Tenhou game from the seed of its
// mjlog SHUFFLE tag ("mt19937ar-sha512-n288-base64,<base64>"). Tenhou's
// published algorithm: MT19937 seeded by init_by_array with the 624 decoded
// little-endian 32-bit words; per hand, 288 words are drawn and hashed with
// SHA-512 in 32-word chunks (as little-endian bytes, each digest read back
// as 16 little-endian words) to 144 words r; the 136 tile ids are shuffled
// by swap(i, i + r[i] % (136-i)); the dice are r[135]%6+1 and r[136]%6+1.
//
// Call Next once per hand, in the order the hands were played (aborted
// hands and renchan hands included).
type TenhouWalls struct {
	mt mt19937
}

// NewTenhouWalls decodes a SHUFFLE seed.
func NewTenhouWalls(seed string) (*TenhouWalls, error) {
	b64, ok := strings.CutPrefix(seed, tenhouSeedPrefix)
	if !ok {
		return nil, fmt.Errorf("%w: want prefix %q", ErrTenhouSeed, tenhouSeedPrefix)
	}
	raw, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrTenhouSeed, err)
	}
	if len(raw) != 624*4 {
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrTenhouSeed, len(raw), 624*4)
	}
	var key [624]uint32
	for i := range key {
		key[i] = binary.LittleEndian.Uint32(raw[4*i:])
	}
	w := &TenhouWalls{}
	w.mt.initByArray(key[:])
	return w, nil
}

// Next returns the next hand's 136 tile ids in Tenhou's wall order (see
// TenhouLayout) and its two dice (1..6).
func (w *TenhouWalls) Next() (wall [136]TileID, dice [2]int) {
	var src [288]uint32
	for i := range src {
		src[i] = w.mt.next()
	}
	var buf [128]byte
	var r [144]uint32
	for c := 0; c < 9; c++ {
		for i := 0; i < 32; i++ {
			binary.LittleEndian.PutUint32(buf[4*i:], src[32*c+i])
		}
		sum := sha512.Sum512(buf[:])
		for i := 0; i < 16; i++ {
			r[16*c+i] = binary.LittleEndian.Uint32(sum[4*i:])
		}
	}
	for i := range wall {
		wall[i] = TileID(i)
	}
	for i := 0; i < 136-1; i++ {
		j := i + int(r[i]%uint32(136-i))
		wall[i], wall[j] = wall[j], wall[i]
	}
	dice = [2]int{int(r[135]%6) + 1, int(r[136]%6) + 1}
	return wall, dice
}

// mt19937 is the 32-bit Mersenne Twister (Matsumoto and Nishimura 1998,
// reference mt19937ar.c), needed bit-exactly for Tenhou's walls.
type mt19937 struct {
	mt  [624]uint32
	mti int
}

func (m *mt19937) initGenrand(s uint32) {
	m.mt[0] = s
	for i := 1; i < 624; i++ {
		m.mt[i] = 1812433253*(m.mt[i-1]^(m.mt[i-1]>>30)) + uint32(i)
	}
	m.mti = 624
}

func (m *mt19937) initByArray(key []uint32) {
	m.initGenrand(19650218)
	i, j := 1, 0
	k := max(624, len(key))
	for ; k > 0; k-- {
		m.mt[i] = (m.mt[i] ^ ((m.mt[i-1] ^ (m.mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= 624 {
			m.mt[0] = m.mt[623]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k = 623; k > 0; k-- {
		m.mt[i] = (m.mt[i] ^ ((m.mt[i-1] ^ (m.mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= 624 {
			m.mt[0] = m.mt[623]
			i = 1
		}
	}
	m.mt[0] = 0x80000000
}

func (m *mt19937) next() uint32 {
	const upper, lower = 0x80000000, 0x7fffffff
	if m.mti >= 624 {
		mag := [2]uint32{0, 0x9908b0df}
		var kk int
		for kk = 0; kk < 624-397; kk++ {
			y := (m.mt[kk] & upper) | (m.mt[kk+1] & lower)
			m.mt[kk] = m.mt[kk+397] ^ (y >> 1) ^ mag[y&1]
		}
		for ; kk < 623; kk++ {
			y := (m.mt[kk] & upper) | (m.mt[kk+1] & lower)
			m.mt[kk] = m.mt[kk+(397-624)] ^ (y >> 1) ^ mag[y&1]
		}
		y := (m.mt[623] & upper) | (m.mt[0] & lower)
		m.mt[623] = m.mt[396] ^ (y >> 1) ^ mag[y&1]
		m.mti = 0
	}
	y := m.mt[m.mti]
	m.mti++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}
