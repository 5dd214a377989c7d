package cards

import (
	"math/bits"
	"slices"
)

// This file builds the evaluator's tables at package initialisation. The
// direct evaluator here works on rank counts and suit masks; it is exact but
// slow and only runs over the 73,775 rank multisets of five to seven cards
// and the 8192 flush masks.

// value is a packed five-card hand value used while building: category in
// bits 20..23, then up to five ranks of 4 bits, most significant first.
type value uint32

func pack(c Category, rs ...Rank) value {
	v := value(c) << 20
	for i, r := range rs {
		v |= value(r) << (16 - 4*i)
	}
	return v
}

// straightTop returns the top rank of the highest straight in a 13-bit rank
// mask, or -1. The wheel A-2-3-4-5 has top Five.
func straightTop(mask uint16) int {
	for top := int(Ace); top >= int(Six); top-- {
		m := uint16(0x1f) << (top - 4)
		if mask&m == m {
			return top
		}
	}
	const wheel = 1<<Ace | 1<<Two | 1<<Three | 1<<Four | 1<<Five
	if mask&wheel == wheel {
		return int(Five)
	}
	return -1
}

// flushValue is the best hand of a flush whose ranks are mask (5+ bits).
func flushValue(mask uint16) value {
	if t := straightTop(mask); t >= 0 {
		return pack(StraightFlush, Rank(t))
	}
	return packTop(Flush, nil, mask, 5)
}

// packTop packs category c, the lead ranks, then the n highest ranks of
// rest, highest first.
func packTop(c Category, lead []Rank, rest uint16, n int) value {
	v := value(c) << 20
	i := 0
	for _, r := range lead {
		v |= value(r) << (16 - 4*i)
		i++
	}
	for r := int(Ace); r >= 0 && n > 0; r-- {
		if rest&(1<<r) != 0 {
			v |= value(r) << (16 - 4*i)
			i++
			n--
		}
	}
	return v
}

// countsValue is the best non-flush hand of a rank multiset of 5..7 cards.
func countsValue(cnt *[13]uint8) value {
	var present, pairs, trips, quads uint16
	for r := range 13 {
		switch {
		case cnt[r] >= 4:
			quads |= 1 << r
			fallthrough
		case cnt[r] >= 3:
			trips |= 1 << r
			fallthrough
		case cnt[r] >= 2:
			pairs |= 1 << r
			fallthrough
		case cnt[r] >= 1:
			present |= 1 << r
		}
	}
	hi := func(m uint16) Rank { return Rank(15 - bits.LeadingZeros16(m)) }
	if quads != 0 {
		q := hi(quads)
		return packTop(FourOfAKind, []Rank{q}, present&^(1<<q), 1)
	}
	if trips != 0 {
		t := hi(trips)
		if rest := pairs &^ (1 << t); rest != 0 {
			return pack(FullHouse, t, hi(rest))
		}
	}
	if s := straightTop(present); s >= 0 {
		return pack(Straight, Rank(s))
	}
	if trips != 0 {
		t := hi(trips)
		return packTop(ThreeOfAKind, []Rank{t}, present&^(1<<t), 2)
	}
	if bits.OnesCount16(pairs) >= 2 {
		p1 := hi(pairs)
		p2 := hi(pairs &^ (1 << p1))
		return packTop(TwoPair, []Rank{p1, p2}, present&^(1<<p1|1<<p2), 1)
	}
	if pairs != 0 {
		p := hi(pairs)
		return packTop(OnePair, []Rank{p}, present&^(1<<p), 3)
	}
	return packTop(HighCard, nil, present, 5)
}

// allValues lists the 7462 distinct five-card values in increasing order.
func allValues() []value {
	var vs []value
	forMultisets(5, func(cnt *[13]uint8, _ uint64) { vs = append(vs, countsValue(cnt)) })
	for m := uint16(0); m < 1<<13; m++ {
		if bits.OnesCount16(m) == 5 {
			vs = append(vs, flushValue(m))
		}
	}
	slices.Sort(vs)
	return slices.Compact(vs)
}

// forMultisets calls f for every multiset of n ranks with at most four of
// each, with its counts and its rank key (the sum of its rank weights).
func forMultisets(n int, f func(cnt *[13]uint8, key uint64)) {
	var cnt [13]uint8
	var rec func(r, left int, key uint64)
	rec = func(r, left int, key uint64) {
		if r == 13 {
			if left == 0 {
				f(&cnt, key)
			}
			return
		}
		for c := 0; c <= min(4, left); c++ {
			cnt[r] = uint8(c)
			rec(r+1, left-c, key+uint64(c)*rankWeight[r])
		}
		cnt[r] = 0
	}
	rec(0, n, 0)
}

// rankOf maps build values to dense HandRanks.
type rankOf []value

func (t rankOf) of(v value) HandRank {
	i, ok := slices.BinarySearch(t, v)
	if !ok {
		panic("cards: value missing from the value table")
	}
	return HandRank(i + 1)
}

// rankWeight[r] is what a card of rank r adds to a hand's rank key. The
// weights were found by a greedy search (the first weight 0, then each the
// smallest integer above the previous that keeps the sums of all
// multisets of at most seven of the weights so far, at most four of each,
// distinct): two hands of the same number of cards have the same rank
// key exactly when they have the same ranks. A Two weighs 0 because a
// hand's count of Twos follows from its other ranks. Seven-card keys stay
// below 4*1526359 + 3*667453 = 8,107,795 < 2^rankKeyBits.
// TestRankWeights checks the property.
var rankWeight = [13]uint64{0, 1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359}

// Perfect-hash geometry. The rank keys of seven cards (49,205 multisets)
// hash by a 32-bit multiply into 2^hash7Buckets buckets of 16-bit
// displacements (16 KB) and a 2^16-entry rank table (128 KB, 75 % full,
// so both stay in a core's L2 cache); those of five and six cards (24,570,
// hashed with their card count, as their keys may coincide) into their
// own tables. The multipliers are Fibonacci hashing's 2^w/φ (Knuth, TAOCP
// vol. 3, 6.4); buildTables panics if one stops giving a perfect hash.
const (
	hash7Buckets = 13
	hash7Mul     = 0x9e3779b9
	hashBuckets  = 13
	hashSlots    = 16
	hashMul56    = 0x9e3779b97f4a7c15
)

func buildTables() {
	ranks := rankOf(allValues())
	if len(ranks) != NumHandRanks {
		panic("cards: wrong number of distinct hand values")
	}
	for c := range NumCards {
		card := Card(c)
		cardKey[c] = rankWeight[card.Rank()]<<rankShift | 1<<countShift | 7<<(8*uint(card.Suit()))
		cardMask[c] = 1 << (16*uint(card.Suit()) + uint(card.Rank()))
	}
	for m := range 1 << 13 {
		if bits.OnesCount16(uint16(m)) >= 5 {
			flushRank[m] = ranks.of(flushValue(uint16(m)))
		}
	}
	if !buildHash(ranks, []int{7}, hash7Parts, rank7Table[1<<16:], rank7Table[:1<<16]) ||
		!buildHash(ranks, []int{5, 6}, hash56Parts, hashDisp[:], rankTable[:]) {
		panic("cards: a hash multiplier puts two keys in one bucket and slot")
	}
}

// buildHash builds a perfect hash of the rank multisets of ns cards by
// hash and displace (Belazzougui, Botelho and Dietzfelbinger, "Hash,
// displace, and compress", ESA 2009): a key's hash picks a bucket and a
// slot; each bucket gets the smallest displacement d (XORed into the slot)
// that sends all its keys to free slots, the biggest buckets first.
// It reports false if two keys share a bucket and a slot under parts.
func buildHash(ranks rankOf, ns []int, parts func(key uint64, n int) (bucket, slot uint32), disp, table []HandRank) bool {
	clear(disp)
	clear(table)
	type entry struct {
		slot uint32
		rank HandRank
	}
	var entries []entry
	var bucketOf []uint32
	for _, n := range ns {
		forMultisets(n, func(cnt *[13]uint8, key uint64) {
			b, p := parts(key, n)
			entries = append(entries, entry{p, ranks.of(countsValue(cnt))})
			bucketOf = append(bucketOf, b)
		})
	}
	// Group the entries by bucket (a counting sort).
	start := make([]int, len(disp)+1)
	for _, b := range bucketOf {
		start[b+1]++
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	grouped := make([]entry, len(entries))
	fill := slices.Clone(start)
	for i, b := range bucketOf {
		grouped[fill[b]] = entries[i]
		fill[b]++
	}
	buckets := make([][]entry, len(disp))
	for b := range buckets {
		buckets[b] = grouped[start[b]:start[b+1]]
	}
	order := make([]int, len(buckets))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return len(buckets[b]) - len(buckets[a]) })
	used := make([]bool, len(table))
	for _, b := range order {
		es := buckets[b]
		if len(es) == 0 {
			break
		}
		for i := range es {
			for j := range i {
				if es[i].slot == es[j].slot {
					return false
				}
			}
		}
		d := uint32(0)
	search:
		for ; d < uint32(len(table)); d++ {
			for _, e := range es {
				if used[e.slot^d] {
					continue search
				}
			}
			break
		}
		if d == uint32(len(table)) {
			panic("cards: perfect hash construction failed")
		}
		disp[b] = HandRank(d)
		for _, e := range es {
			used[e.slot^d] = true
			table[e.slot^d] = e.rank
		}
	}
	return true
}

// hash7Parts splits the hash of a seven-card rank key as Eval7 does.
func hash7Parts(key uint64, n int) (bucket, slot uint32) {
	h := uint32(key<<(rankShift-countShift)|uint64(n)) * hash7Mul
	return h >> (32 - hash7Buckets), h >> (32 - hash7Buckets - 16) & (1<<16 - 1)
}

// hash56Parts splits the hash of a rank key of n = 5 or 6 cards as
// rankOfKey does: it hashes the rank key and the card count together.
func hash56Parts(key uint64, n int) (bucket, slot uint32) {
	h := (key<<(rankShift-countShift) | uint64(n)) * hashMul56
	return uint32(h >> (64 - hashBuckets)), uint32(h>>(64-hashBuckets-hashSlots)) & (1<<hashSlots - 1)
}

func init() { buildTables() }
