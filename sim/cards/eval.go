package cards

import "math/bits"

// Tables built by buildTables (build.go).
var (
	// cardKey[c]: base-8 rank count in bits 3r, suit count in the 4-bit
	// field at suitShift+4s. Indexed by a uint8 so lookups need no bounds
	// check; entries past 51 are zero.
	cardKey [256]uint64
	// cardMask[c]: the card's rank bit in the 16-bit field of its suit.
	cardMask [256]uint64
	// flushRank[13-bit rank mask]: best flush or straight flush.
	flushRank [1 << 13]HandRank
	// hash7Disp and rank7Table: the perfect hash of the rank multisets of
	// seven cards; hashDisp and rankTable: of five and six cards.
	hash7Disp  [1 << hash7Buckets]uint16
	rank7Table [1 << hash7Slots]HandRank
	hashDisp   [1 << hashBuckets]uint16
	rankTable  [1 << hashSlots]HandRank
	// hashMul56 is the multiplier of the five- and six-card hash.
	hashMul56 uint64
)

const (
	suitShift = 40
	rankMask  = 1<<39 - 1
	// Suit counts start at 3 (flushBias), so a suit with five or more
	// cards sets the top bit of its 4-bit field (3+5 = 8; at most 3+7 =
	// 10, no carry): one AND tells a flush.
	flushBias = 0x3333 << suitShift
	flushBits = 0x8888 << suitShift
)

// flushOf is the rank of the flush whose suit's field is the lowest set
// bit of f (k+flushBias masked by flushBits) among the cards cs.
func flushOf(f uint64, cs []Card) HandRank {
	var m uint64
	for _, c := range cs {
		m |= cardMask[c]
	}
	suit := uint(bits.TrailingZeros64(f)-suitShift-3) / 4
	return flushRank[(m>>(16*suit))&(1<<13-1)]
}

// rankOfKey finishes an evaluation from the summed card keys of a hand of
// 5 or 6 cards; cs are those cards (read only for a flush).
func rankOfKey(k uint64, cs []Card) HandRank {
	if f := (k + flushBias) & flushBits; f != 0 {
		return flushOf(f, cs)
	}
	h := (k & rankMask) * hashMul56
	b := uint32(h>>(64-hashBuckets)) & (1<<hashBuckets - 1)
	s := uint32(h>>(64-hashBuckets-hashSlots)) ^ uint32(hashDisp[b])
	return rankTable[s&(1<<hashSlots-1)]
}

// Eval7 ranks the best five-card hand among seven distinct valid cards, in
// any order. It does not allocate. Invalid or repeated cards give a
// meaningless rank (never a panic).
//
// The technique is OMPEval's (github.com/zekyll/OMPEval): per-card keys
// are summed into a rank multiset key and suit counters, a flush is one
// AND on the counters, and a non-flush hand is one perfect-hash lookup
// of its rank multiset (ours by hash and displace, built at init; the
// seven-card table alone is 128 KB so it stays in cache).
func Eval7(c *[7]Card) HandRank {
	k := (cardKey[c[0]] + cardKey[c[1]]) + (cardKey[c[2]] + cardKey[c[3]]) +
		((cardKey[c[4]] + cardKey[c[5]]) + cardKey[c[6]])
	return rank7OfKey(k, c)
}

// rank7OfKey is rankOfKey for seven cards.
func rank7OfKey(k uint64, c *[7]Card) HandRank {
	if f := (k + flushBias) & flushBits; f != 0 {
		return flushOf(f, c[:])
	}
	h := (k & rankMask) * hashMul
	b := uint32(h>>(64-hash7Buckets)) & (1<<hash7Buckets - 1)
	s := uint32(h>>(64-hash7Buckets-hash7Slots)) ^ uint32(hash7Disp[b])
	return rank7Table[s&(1<<hash7Slots-1)]
}

// Eval6 ranks the best five-card hand among six distinct valid cards.
func Eval6(c *[6]Card) HandRank {
	k := cardKey[c[0]] + cardKey[c[1]] + cardKey[c[2]] + cardKey[c[3]] +
		cardKey[c[4]] + cardKey[c[5]]
	return rankOfKey(k, c[:])
}

// Eval5 ranks five distinct valid cards.
func Eval5(c *[5]Card) HandRank {
	k := cardKey[c[0]] + cardKey[c[1]] + cardKey[c[2]] + cardKey[c[3]] + cardKey[c[4]]
	return rankOfKey(k, c[:])
}

// Evaluate ranks the best five-card hand among 5, 6 or 7 distinct valid
// cards; any other count gives 0. It does not allocate.
func Evaluate(cs []Card) HandRank {
	if len(cs) < 5 || len(cs) > 7 {
		return 0
	}
	var k uint64
	for _, c := range cs {
		k += cardKey[c]
	}
	if len(cs) == 7 {
		return rank7OfKey(k, (*[7]Card)(cs))
	}
	return rankOfKey(k, cs)
}
