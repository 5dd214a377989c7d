package mahjong

import (
	"math/bits"
	"strings"
)

// KindSet is a set of tile kinds (bit k = kind k), the allocation-free
// answer of Waits and Ukeire.
type KindSet uint64

// Has reports whether kind k is in the set.
func (s KindSet) Has(k Tile) bool { return s>>k.Kind()&1 != 0 }

// Len returns the number of kinds in the set.
func (s KindSet) Len() int { return bits.OnesCount64(uint64(s)) }

// Tiles appends the kinds of the set to dst in ascending order.
func (s KindSet) Tiles(dst []Tile) []Tile {
	for x := uint64(s); x != 0; x &= x - 1 {
		dst = append(dst, Tile(bits.TrailingZeros64(x)))
	}
	return dst
}

// String writes the set in compact notation ("14m5z").
func (s KindSet) String() string {
	var buf [34]Tile
	return FormatCompact(s.Tiles(buf[:0]))
}

// drawShanten sets out[w] to the shanten of c plus one tile of kind w,
// for every kind w with c[w] < 4 (127 for the others). One pass a group
// gives its ids with each tile more (shift9), so each of the 34 answers
// costs one product and one final lookup.
func drawShanten(c *[34]uint8, melds int, out *[34]int8) {
	st, ht := tables()
	t := pairTabs
	h := *c
	// each group's id and its ids with one tile more (one pass a group)
	var cur [4]uint8
	var plus [36]uint8
	for g := 0; g < 3; g++ {
		cur[g] = st.shift9((*[9]uint8)(h[g*9:g*9+9]), (*[9]uint8)(plus[g*9:g*9+9]), nil)
	}
	var z [9]uint8
	copy(z[:], h[27:34])
	cur[3] = ht.shift9(&z, (*[9]uint8)(plus[27:36]), nil)
	mp := int(t.mp[int(cur[0])*t.nS+int(cur[1])])
	sz := int(t.sz[int(cur[2])*t.nH+int(cur[3])])
	fin := t.fin((4 - melds) & 7)
	// Special forms: counts of the hand as it stands.
	special := false
	var n, pairs, kinds, yk, ypair int
	if melds == 0 {
		for kk, x := range h {
			n += int(x)
			if x == 0 {
				continue
			}
			kinds++
			if x >= 2 {
				pairs++
			}
			if yaochuMask>>kk&1 != 0 {
				yk++
				if x >= 2 {
					ypair = 1
				}
			}
		}
		special = n+1 >= 13
	}
	for w := 0; w < NumKinds; w++ {
		if h[w] >= 4 {
			out[w] = 127
			continue
		}
		mpw, szw := t.withGroup(w/9, plus[w], &cur, mp, sz)
		s := int(fin[mpw*t.nSZ+szw]) - 1
		if special {
			s = min(s, specialAfterDraw(pairs, kinds, yk, ypair, w, h[w]))
		}
		out[w] = int8(s)
	}
}

// Waits returns the kinds that complete a hand of 13−3·melds tiles (c
// counts the concealed tiles). It is shape-based, as the 地鳳 server's
// getMachi: a kind the hand already holds four of is listed when a fifth
// copy would complete the shape (a "fifth tile" wait that can never come).
// Use LiveWaits for the kinds that can still be drawn.
func Waits(c *[34]uint8, melds int) KindSet {
	var out [34]int8
	drawShanten(c, melds, &out)
	var s KindSet
	for w := range out {
		if out[w] == -1 {
			s |= 1 << w
		} else if c[w] == 4 && fifthTileCompletes(c, Tile(w)) {
			s |= 1 << w
		}
	}
	return s
}

// LiveWaits returns the waits of a 13−3·melds tile hand that are not all
// in the hand itself (Waits without the "fifth tile" waits).
func LiveWaits(c *[34]uint8, melds int) KindSet {
	var out [34]int8
	drawShanten(c, melds, &out)
	var s KindSet
	for w := range out {
		if out[w] == -1 {
			s |= 1 << w
		}
	}
	return s
}

// Tenpai reports whether a hand of 13−3·melds tiles is ready in the
// server's (shape-based) sense: Waits is not empty.
func Tenpai(c *[34]uint8, melds int) bool { return Waits(c, melds) != 0 }

// fifthTileCompletes reports whether c plus a fifth copy of w splits into
// sets and one pair (the normal form; seven pairs and kokushi cannot use a
// fifth copy). Counts that are not a hand (above 4, over 14 tiles) give
// false.
func fifthTileCompletes(c *[34]uint8, w Tile) bool {
	x := *c
	n := 0
	for _, v := range x {
		if v > 4 {
			return false
		}
		n += int(v)
	}
	x[w]++
	n++
	if n > 15 || n%3 != 2 {
		return false
	}
	for p := 0; p < 34; p++ {
		if x[p] >= 2 {
			x[p] -= 2
			if allSets(&x, 0) {
				return true
			}
			x[p] += 2
		}
	}
	return false
}

// allSets reports whether counts from kind i on split into triplets and
// runs (destroys nothing: restores x before returning).
func allSets(x *[34]uint8, i int) bool {
	for i < 34 && x[i] == 0 {
		i++
	}
	if i == 34 {
		return true
	}
	if x[i] >= 3 {
		x[i] -= 3
		ok := allSets(x, i)
		x[i] += 3
		if ok {
			return true
		}
	}
	if i < 27 && i%9 <= 6 && x[i+1] > 0 && x[i+2] > 0 {
		x[i]--
		x[i+1]--
		x[i+2]--
		ok := allSets(x, i)
		x[i]++
		x[i+1]++
		x[i+2]++
		return ok
	}
	return false
}

// Acceptance is one discard choice of a hand with its draw: the shanten
// after discarding Tile, the kinds whose draw would lower it, and how many
// of those tiles are unseen.
type Acceptance struct {
	Tile    Tile    // the discarded kind
	Shanten int     // shanten of the hand after the discard
	Tiles   KindSet // kinds that lower the shanten
	Count   int     // unseen copies of Tiles (4 − in hand − visible)
}

// Ukeire appends to dst one Acceptance per distinct kind of a hand of
// 14−3·melds tiles (c counts the concealed tiles, the draw included), in
// kind order; visible (may be nil) counts tiles seen outside the hand
// (rivers, melds, dora indicators) for the unseen counts. Sort the result
// with SortAcceptance for "best discard first". It allocates nothing when
// dst has room for 14 entries.
func Ukeire(c *[34]uint8, melds int, visible *[34]uint8, dst []Acceptance) []Acceptance {
	st, ht := tables()
	t := pairTabs
	h := *c
	var base [4]uint8 // vector ids of the four groups
	for g := 0; g < 4; g++ {
		base[g] = groupIDOf(st, ht, &h, g)
	}
	// plus[w]: the id of w's group with one more w (reused by every
	// discard from another group).
	var plus [34]uint8
	for w := 0; w < 34; w++ {
		if h[w] < 4 {
			h[w]++
			plus[w] = groupIDOf(st, ht, &h, w/9)
			h[w]--
		}
	}
	var n, pairs, kinds, yk, ypairs int
	for kk, x := range h {
		n += int(x)
		if x == 0 {
			continue
		}
		kinds++
		if x >= 2 {
			pairs++
		}
		if yaochuMask>>kk&1 != 0 {
			yk++
			if x >= 2 {
				ypairs++
			}
		}
	}
	special := melds == 0 && n >= 13
	fin := t.fin((4 - melds) & 7)
	for d := 0; d < NumKinds; d++ {
		if h[d] == 0 {
			continue
		}
		gd := d / 9
		h[d]--
		cur := base
		cur[gd] = groupIDOf(st, ht, &h, gd)
		mp := int(t.mp[int(cur[0])*t.nS+int(cur[1])])
		sz := int(t.sz[int(cur[2])*t.nH+int(cur[3])])
		// The special forms after the discard.
		p, kd, y, yp := pairs, kinds, yk, ypairs
		switch h[d] {
		case 0:
			kd--
			if yaochuMask>>d&1 != 0 {
				y--
			}
		case 1:
			p--
			if yaochuMask>>d&1 != 0 {
				yp--
			}
		}
		s13 := int(fin[mp*t.nSZ+sz]) - 1
		if special && n-1 >= 13 {
			s13 = min(s13, 6-p+max(0, 7-kd), 13-y-min(yp, 1))
		}
		acc := Acceptance{Tile: Tile(d), Shanten: s13}
		for w := 0; w < NumKinds; w++ {
			if h[w] >= 4 {
				continue
			}
			g := w / 9
			id := plus[w]
			if g == gd {
				h[w]++
				id = groupIDOf(st, ht, &h, g)
				h[w]--
			}
			mpw, szw := t.withGroup(g, id, &cur, mp, sz)
			sw := int(fin[mpw*t.nSZ+szw]) - 1
			if special && sw >= s13 {
				sw = min(sw, specialAfterDraw(p, kd, y, min(yp, 1), w, h[w]))
			}
			if sw < s13 {
				acc.Tiles |= 1 << w
				left := 4 - int(h[w])
				if visible != nil {
					left -= int(visible[w])
				}
				acc.Count += max(0, left)
			}
		}
		h[d]++
		dst = append(dst, acc)
	}
	return dst
}

// specialAfterDraw returns the better of the chiitoitsu and kokushi
// shanten after drawing kind w, held n times, into a hand with p pairs, kd
// kinds, y terminal/honor kinds and yp (0 or 1) terminal/honor pair.
func specialAfterDraw(p, kd, y, yp, w int, n uint8) int {
	switch n {
	case 0:
		kd++
	case 1:
		p++
	}
	if yaochuMask>>w&1 != 0 {
		if n == 0 {
			y++
		} else if n == 1 {
			yp = 1
		}
	}
	return min(6-p+max(0, 7-kd), 13-y-yp)
}

// groupIDOf returns the vector id of group g (0–2 number suits, 3 honors)
// of the counts h.
func groupIDOf(st, ht *groupTable, h *[34]uint8, g int) uint8 {
	if g == 3 {
		return ht.id[ht.rank7((*[7]uint8)(h[27:34]))]
	}
	return st.id[st.rank9((*[9]uint8)(h[g*9:g*9+9]))]
}

// Improvements returns, for a hand of 13−3·melds tiles, its shanten, the
// kinds whose draw lowers it and the unseen copies of them (visible may
// be nil; see Ukeire).
func Improvements(c *[34]uint8, melds int, visible *[34]uint8) (shanten int, tiles KindSet, count int) {
	return improvements(c, melds, visible)
}

func improvements(h *[34]uint8, melds int, visible *[34]uint8) (int, KindSet, int) {
	var out [34]int8
	drawShanten(h, melds, &out)
	s := Shanten(h, melds)
	var set KindSet
	count := 0
	for w := range out {
		if int(out[w]) < s {
			set |= 1 << w
			left := 4 - int(h[w])
			if visible != nil {
				left -= int(visible[w])
			}
			count += max(0, left)
		}
	}
	return s, set, count
}

// SortAcceptance orders discards best first: lower shanten, then more
// unseen accepting tiles, then more accepting kinds, then kind order.
func SortAcceptance(a []Acceptance) {
	less := func(x, y Acceptance) bool {
		if x.Shanten != y.Shanten {
			return x.Shanten < y.Shanten
		}
		if x.Count != y.Count {
			return x.Count > y.Count
		}
		if x.Tiles.Len() != y.Tiles.Len() {
			return x.Tiles.Len() > y.Tiles.Len()
		}
		return x.Tile < y.Tile
	}
	for i := 1; i < len(a); i++ { // insertion sort: ≤ 14 entries, no allocation
		for j := i; j > 0 && less(a[j], a[j-1]); j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// String writes "discard 5z: shanten 1, 12 tiles (14m36p)".
func (a Acceptance) String() string {
	var b strings.Builder
	b.WriteString(a.Tile.String())
	b.WriteString(": shanten ")
	b.WriteString(itoa(a.Shanten))
	b.WriteString(", ")
	b.WriteString(itoa(a.Count))
	b.WriteString(" tiles ")
	b.WriteString(a.Tiles.String())
	return b.String()
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// withGroup returns the product ids (mp, sz) of a hand whose group vectors
// are cur except that group g's is id: one changed group costs one lookup.
func (t *pairTables) withGroup(g int, id uint8, cur *[4]uint8, mp, sz int) (int, int) {
	switch g {
	case 0:
		mp = int(t.mp[int(id)*t.nS+int(cur[1])])
	case 1:
		mp = int(t.mp[int(cur[0])*t.nS+int(id)])
	case 2:
		sz = int(t.sz[int(id)*t.nH+int(cur[3])])
	default:
		sz = int(t.sz[int(cur[2])*t.nH+int(id)])
	}
	return mp, sz
}
