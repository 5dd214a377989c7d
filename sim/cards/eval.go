package cards

// Tables built by buildTables (build.go).
var (
	// cardKey[c]: base-8 rank count in bits 3r, suit count in bits
	// suitShift+3s. Indexed by a uint8 so lookups need no bounds check;
	// entries past 51 are zero.
	cardKey [256]uint64
	// flushSuitOf[suit counts]: the suit with five or more cards, or -1.
	flushSuitOf [1 << 12]int8
	// flushRank[13-bit rank mask]: best flush or straight flush.
	flushRank [1 << 13]HandRank
	// hashDisp and rankTable: the perfect hash of non-flush rank multisets.
	hashDisp  [1 << hashBuckets]uint16
	rankTable [1 << hashSlots]HandRank
)

const (
	suitShift = 40
	rankMask  = 1<<39 - 1
)

// rankOfKey finishes an evaluation from the summed card keys of a hand of
// 5..7 cards; cs are those cards (read only for a flush).
func rankOfKey(k uint64, cs []Card) HandRank {
	if fs := flushSuitOf[(k>>suitShift)&(1<<12-1)]; fs >= 0 {
		var m uint16
		for _, c := range cs {
			if Suit(c&3) == Suit(fs) {
				m |= 1 << (c >> 2)
			}
		}
		return flushRank[m&(1<<13-1)]
	}
	h := (k & rankMask) * hashMul
	b := uint32(h>>(64-hashBuckets)) & (1<<hashBuckets - 1)
	s := uint32(h>>(64-hashBuckets-hashSlots)) ^ uint32(hashDisp[b])
	return rankTable[s&(1<<hashSlots-1)]
}

// Eval7 ranks the best five-card hand among seven distinct valid cards, in
// any order. It does not allocate. Invalid or repeated cards give a
// meaningless rank (never a panic).
func Eval7(c *[7]Card) HandRank {
	k := (cardKey[c[0]] + cardKey[c[1]]) + (cardKey[c[2]] + cardKey[c[3]]) +
		((cardKey[c[4]] + cardKey[c[5]]) + cardKey[c[6]])
	return rankOfKey(k, c[:])
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
	return rankOfKey(k, cs)
}
