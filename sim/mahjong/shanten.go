package mahjong

import (
	"encoding/binary"
	"math/bits"
)

// Shanten returns the exact shanten number of a hand: the number of tile
// exchanges it is away from tenpai (0 = tenpai, -1 = complete), the best of
// the normal form, chiitoitsu and kokushi (the last two only for a closed
// hand, melds == 0, of 13 or 14 tiles). c counts the concealed tiles by
// kind (1–14 tiles, at most 4 a kind); melds is the number of melds
// (0–4, kans included) already made.
//
// A hand of 13−3·melds tiles gives the shanten of the waiting hand; a hand
// of 14−3·melds tiles (with the draw) gives the shanten after the best
// discard. "Exact" means no reading ever counts on a fifth copy of a kind:
// 1111m234p567s789s2z is 1-shanten, not tenpai on a fifth 1m (Waits, which
// is shape-based, still lists 1m). Shanten allocates nothing. Counts above
// 4, more than 14 concealed tiles or melds outside 0–4 give a meaningless
// number (never a panic): callers validate outside input first.
func Shanten(c *[34]uint8, melds int) int {
	s := ShantenNormal(c, melds)
	if melds != 0 || s <= 0 {
		return s
	}
	n, chiitoi, kokushi := specialForms(c)
	if n < 13 {
		return s
	}
	return min(s, chiitoi, kokushi)
}

// Byte-lane constants for specialForms: adding 0x7F (0x7E) to a count
// 0–4 sets the lane's top bit iff the count is ≥ 1 (≥ 2).
const (
	lanesHi   = 0x8080808080808080
	lanesGE1  = 0x7F7F7F7F7F7F7F7F
	lanesGE2  = 0x7E7E7E7E7E7E7E7E
	lanesOnes = 0x0101010101010101
)

// yaochuLanes marks the terminal and honor kinds in the four 8-byte words
// of the counts (kinds 0–7, 8–15, 16–23, 24–31; 32 and 33 are honors).
var yaochuLanes = [4]uint64{
	0x80,               // 1m
	0x8080,             // 9m 1p
	0x808000,           // 9p 1s
	0x8080808080800000, // 9s 1z–5z
}

// specialForms returns the number of tiles and the chiitoitsu and kokushi
// shanten of c without branches: each 8-kind word of counts is tested
// lane by lane (counts are at most 4, so lanes never carry).
func specialForms(c *[34]uint8) (n, chiitoi, kokushi int) {
	var kinds, pairs, yk, yp int
	for i := 0; i < 4; i++ {
		w := binary.LittleEndian.Uint64(c[i*8 : i*8+8])
		ge1 := (w + lanesGE1) & lanesHi
		ge2 := (w + lanesGE2) & lanesHi
		n += int((w * lanesOnes) >> 56)
		kinds += bits.OnesCount64(ge1)
		pairs += bits.OnesCount64(ge2)
		yk += bits.OnesCount64(ge1 & yaochuLanes[i])
		yp |= bits.OnesCount64(ge2 & yaochuLanes[i])
	}
	for _, x := range c[32:34] {
		x &= 7
		n += int(x)
		kinds += int(isKind[x])
		pairs += int(isPair[x])
		yk += int(isKind[x])
		yp |= int(isPair[x])
	}
	chiitoi = 6 - pairs + max(0, 7-kinds)
	kokushi = 13 - yk - min(yp, 1)
	return n, chiitoi, kokushi
}

// isKind[x] is 1 if a count x holds the kind; isPair[x] if it holds a pair.
var (
	isKind = [8]uint8{0, 1, 1, 1, 1, 1, 1, 1}
	isPair = [8]uint8{0, 0, 1, 1, 1, 1, 1, 1}
)

// ShantenNormal returns the shanten of the normal form (4 sets and a
// pair, melds counting as sets) for the counts c and melds made; see
// Shanten for the arguments.
func ShantenNormal(c *[34]uint8, melds int) int {
	st, ht := tables()
	t := pairTabs
	m := st.id[st.rank9((*[9]uint8)(c[0:9]))]
	p := st.id[st.rank9((*[9]uint8)(c[9:18]))]
	s := st.id[st.rank9((*[9]uint8)(c[18:27]))]
	z := ht.id[ht.rank7((*[7]uint8)(c[27:34]))]
	mp := int(t.mp[int(m)*t.nS+int(p)])
	sz := int(t.sz[int(s)*t.nH+int(z)])
	return int(t.fin((4 - melds) & 7)[mp*t.nSZ+sz]) - 1
}

// combine sets dst to the min-plus product of x and y: for each goal the
// fewest missing tiles over every split of blocks and pair between them.
// dst may alias x or y. (Unrolled by hand from the two-loop definition:
// r0[k] = min_j x0[j]+y0[k-j], r1[k] = min_j min(x0[j]+y1[k-j], x1[j]+y0[k-j]).)
func combine(dst *groupVec, x, y *groupVec) {
	r0 := x[0] + y[0]
	q0 := min(x[0]+y[5], x[5]+y[0])
	r1 := min(x[0]+y[1], x[1]+y[0])
	q1 := min(x[0]+y[6], x[5]+y[1], x[1]+y[5], x[6]+y[0])
	r2 := min(x[0]+y[2], x[1]+y[1], x[2]+y[0])
	q2 := min(x[0]+y[7], x[5]+y[2], x[1]+y[6], x[6]+y[1], x[2]+y[5], x[7]+y[0])
	r3 := min(x[0]+y[3], x[1]+y[2], x[2]+y[1], x[3]+y[0])
	q3 := min(x[0]+y[8], x[5]+y[3], x[1]+y[7], x[6]+y[2], x[2]+y[6], x[7]+y[1], x[3]+y[5], x[8]+y[0])
	r4 := min(x[0]+y[4], x[1]+y[3], x[2]+y[2], x[3]+y[1], x[4]+y[0])
	q4 := min(x[0]+y[9], x[5]+y[4], x[1]+y[8], x[6]+y[3], x[2]+y[7], x[7]+y[2], x[3]+y[6], x[8]+y[1], x[4]+y[5], x[9]+y[0])
	*dst = groupVec{r0, r1, r2, r3, r4, q0, q1, q2, q3, q4}
}

// finalGoal returns the fewest missing tiles for k blocks and the pair
// over the split between x and y.
func finalGoal(x, y *groupVec, k int) uint8 {
	best := uint8(255)
	for j := 0; j <= k; j++ {
		if v := x[j] + y[5+k-j]; v < best {
			best = v
		}
		if v := x[5+j] + y[k-j]; v < best {
			best = v
		}
	}
	return best
}

// ShantenChiitoi returns the shanten of the seven-pairs form: 6 − pairs,
// plus one for each kind missing below seven distinct kinds (four of a
// kind is one pair, never two).
func ShantenChiitoi(c *[34]uint8) int {
	pairs, kinds := 0, 0
	for _, x := range c {
		if x > 0 {
			kinds++
			if x >= 2 {
				pairs++
			}
		}
	}
	s := 6 - pairs
	if kinds < 7 {
		s += 7 - kinds
	}
	return s
}

// yaochuKinds are the 13 terminal and honor kinds.
var yaochuKinds = [13]Tile{0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33}

// ShantenKokushi returns the shanten of the thirteen-orphans form:
// 13 − distinct terminal/honor kinds − (1 if one of them is paired).
func ShantenKokushi(c *[34]uint8) int {
	kinds, pair := 0, 0
	for _, k := range yaochuKinds {
		if c[k] > 0 {
			kinds++
			if c[k] >= 2 {
				pair = 1
			}
		}
	}
	return 13 - kinds - pair
}

// yaochuMask has bit k set for the 13 terminal and honor kinds.
const yaochuMask = 1<<0 | 1<<8 | 1<<9 | 1<<17 | 1<<18 | 1<<26 | 0x7F<<27
