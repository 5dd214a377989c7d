package cards

import (
	"math/bits"
	"slices"
)

// This file builds the evaluator's tables at package initialisation. The
// direct evaluator here works on rank counts and suit masks; it is exact but
// slow and only runs over the 79,079 rank multisets of five to seven cards
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

// topRanks returns the n highest ranks set in mask, highest first.
func topRanks(mask uint16, n int) []Rank {
	out := make([]Rank, 0, n)
	for r := int(Ace); r >= 0 && len(out) < n; r-- {
		if mask&(1<<r) != 0 {
			out = append(out, Rank(r))
		}
	}
	return out
}

// flushValue is the best hand of a flush whose ranks are mask (5+ bits).
func flushValue(mask uint16) value {
	if t := straightTop(mask); t >= 0 {
		return pack(StraightFlush, Rank(t))
	}
	return pack(Flush, topRanks(mask, 5)...)
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
		return pack(FourOfAKind, append([]Rank{q}, topRanks(present&^(1<<q), 1)...)...)
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
		return pack(ThreeOfAKind, append([]Rank{t}, topRanks(present&^(1<<t), 2)...)...)
	}
	if bits.OnesCount16(pairs) >= 2 {
		p1 := hi(pairs)
		p2 := hi(pairs &^ (1 << p1))
		return pack(TwoPair, append([]Rank{p1, p2}, topRanks(present&^(1<<p1|1<<p2), 1)...)...)
	}
	if pairs != 0 {
		p := hi(pairs)
		return pack(OnePair, append([]Rank{p}, topRanks(present&^(1<<p), 3)...)...)
	}
	return pack(HighCard, topRanks(present, 5)...)
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
// each, with its counts and its additive rank key.
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
			rec(r+1, left-c, key+uint64(c)<<(3*r))
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

// Perfect-hash geometry: 2^hashBuckets buckets, 2^hashSlots slots.
const (
	hashBuckets = 14
	hashSlots   = 17
	hashMul     = 0x9e3779b97f4a7c15
)

func buildTables() {
	ranks := rankOf(allValues())
	if len(ranks) != NumHandRanks {
		panic("cards: wrong number of distinct hand values")
	}
	for c := range NumCards {
		card := Card(c)
		cardKey[c] = 1<<(3*uint(card.Rank())) | 1<<(suitShift+3*uint(card.Suit()))
	}
	for s := range len(flushSuitOf) {
		flushSuitOf[s] = -1
		for u := range 4 {
			if (s>>(3*u))&7 >= 5 {
				flushSuitOf[s] = int8(u)
			}
		}
	}
	for m := range 1 << 13 {
		if bits.OnesCount16(uint16(m)) >= 5 {
			flushRank[m] = ranks.of(flushValue(uint16(m)))
		}
	}
	// Gather every rank multiset of 5..7 cards with its rank.
	type entry struct {
		key  uint64
		rank HandRank
	}
	var entries []entry
	for n := 5; n <= 7; n++ {
		forMultisets(n, func(cnt *[13]uint8, key uint64) {
			entries = append(entries, entry{key, ranks.of(countsValue(cnt))})
		})
	}
	// Hash and displace: place the biggest buckets first, each with the
	// smallest displacement d that sends all its keys to free slots.
	buckets := make([][]int, 1<<hashBuckets)
	for i, e := range entries {
		b, _ := hashParts(e.key)
		buckets[b] = append(buckets[b], i)
	}
	order := make([]int, len(buckets))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return len(buckets[b]) - len(buckets[a]) })
	used := make([]bool, 1<<hashSlots)
	for _, b := range order {
		if len(buckets[b]) == 0 {
			break
		}
		placed := false
		for d := uint32(0); d < 1<<hashSlots && !placed; d++ {
			ok := true
			for i, ei := range buckets[b] {
				_, p := hashParts(entries[ei].key)
				s := p ^ d
				if used[s] {
					ok = false
				}
				for _, ej := range buckets[b][:i] {
					_, q := hashParts(entries[ej].key)
					if q^d == s {
						ok = false
					}
				}
				if !ok {
					break
				}
			}
			if ok {
				hashDisp[b] = d
				for _, ei := range buckets[b] {
					_, p := hashParts(entries[ei].key)
					used[p^d] = true
					rankTable[p^d] = entries[ei].rank
				}
				placed = true
			}
		}
		if !placed {
			panic("cards: perfect hash construction failed")
		}
	}
}

// hashParts splits the hash of a rank key into its bucket and slot.
func hashParts(key uint64) (bucket, slot uint32) {
	h := key * hashMul
	return uint32(h >> (64 - hashBuckets)), uint32(h>>(64-hashBuckets-hashSlots)) & (1<<hashSlots - 1)
}

func init() { buildTables() }
