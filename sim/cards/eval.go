package cards

import "math/bits"

// Tables built by buildTables (build.go).
var (
	// cardKey[c]: the card's rank weight (rankWeight) in bits rankShift..63,
	// 1 in the card-count field (bits 32..39) and 7 in the 8-bit field of
	// its suit (bits 8s..8s+7). Indexed by a uint8 so lookups need no
	// bounds check; entries past 51 are zero.
	cardKey [256]uint64
	// cardMask[c]: the card's rank bit in the 16-bit field of its suit.
	cardMask [256]uint64
	// flushRank[13-bit rank mask]: best flush or straight flush.
	flushRank [1 << 13]HandRank
	// rank7Table: the perfect hash of the rank multisets of seven cards,
	// 2^16 ranks then the 2^hash7Buckets displacements (one array, so one
	// base address serves both loads); hashDisp and rankTable: of five
	// and six cards.
	rank7Table [1<<16 + 1<<hash7Buckets]HandRank
	hashDisp   [1 << hashBuckets]HandRank
	rankTable  [1 << hashSlots]HandRank
)

const (
	// rankShift: the rank key (the sum of the cards' rank weights, below
	// 2^rankKeyBits) fills the top bits of a hand's summed key; above the
	// card count at countShift, so k>>countShift is the rank key and the
	// count, which the hashes take.
	rankShift   = 64 - rankKeyBits
	rankKeyBits = 23
	countShift  = 32
	// Each card adds 7 to its suit's 8-bit field: 4 cards make 28, 5 make
	// 35 and 7 make 49, so bit 5 (32) of a field is set exactly when its
	// suit holds five or more cards, and one AND tells a flush.
	flushBits = 0x20202020
)

// flushOf is the rank of the flush among the cards cs whose summed keys
// k have a flush bit set (the lowest one, if two: only with eight or
// more cards).
func flushOf(k uint64, cs []Card) HandRank {
	var m uint64
	for _, c := range cs {
		m |= cardMask[c]
	}
	// The suit's field starts at bit 8*suit, its masks at bit 16*suit.
	return flushRank[(m>>(uint(bits.TrailingZeros64(k&flushBits))&^7*2))&(1<<13-1)]
}

// rankOfKey finishes an evaluation from the summed card keys of a hand of
// 5 or 6 cards; cs are those cards (read only for a flush).
func rankOfKey(k uint64, cs []Card) HandRank {
	if uint32(k)&flushBits != 0 {
		return flushOf(k, cs)
	}
	h := (k >> countShift) * hashMul56
	b := uint32(h>>(64-hashBuckets)) & (1<<hashBuckets - 1)
	s := uint32(h>>(64-hashBuckets-hashSlots)) ^ uint32(hashDisp[b])
	return rankTable[s&(1<<hashSlots-1)]
}

// Eval7 ranks the best five-card hand among seven distinct valid cards, in
// any order. It does not allocate. Invalid or repeated cards give a
// meaningless rank (never a panic).
//
// The technique is OMPEval's (github.com/zekyll/OMPEval, Hand.h and
// HandEvaluator.h): per-card keys are summed into a rank key and suit
// counters, so card order does not matter; a flush is one AND on the
// counters; a non-flush hand is one lookup of its rank key through a
// perfect hash. Ours (build.go) hashes by one 32-bit multiply and one
// 16-bit displacement (hash and displace, Belazzougui, Botelho and
// Dietzfelbinger, ESA 2009) where OMPEval adds a row offset to the key
// (row displacement); with our greedy rank weights row displacement
// packs poorly, and the multiply costs one instruction. The function is
// written for few instructions (about 30 on amd64, no frame: the flush
// test is one TEST against an immediate, the key sum one dependent chain
// of loads folded into adds), because it is too big for Go to inline and
// every caller pays for the call; a profile-guided build (go build -pgo)
// inlines it into hot loops (figures: docs/performance.md, "Hand
// evaluator").
func Eval7(c *[7]Card) HandRank {
	k := cardKey[c[0]] + cardKey[c[1]] + cardKey[c[2]] + cardKey[c[3]] +
		cardKey[c[4]] + cardKey[c[5]] + cardKey[c[6]]
	if uint32(k)&flushBits != 0 {
		return flushOf(k, c[:])
	}
	h := uint32(k>>countShift) * hash7Mul
	return rank7Table[uint16(h>>(32-hash7Buckets-16))^uint16(rank7Table[1<<16+uint(h>>(32-hash7Buckets))])]
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
	switch len(cs) {
	case 7:
		return Eval7((*[7]Card)(cs))
	case 5, 6:
		var k uint64
		for _, c := range cs {
			k += cardKey[c]
		}
		return rankOfKey(k, cs)
	}
	return 0
}
