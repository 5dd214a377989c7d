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
// for every kind w with c[w] < 4 (127 for the others). It reuses the
// group vectors of c, so each of the 34 answers costs one group lookup.
func drawShanten(c *[34]uint8, melds int, out *[34]int8) {
	st, ht := tables()
	var g [4]*groupVec
	g[0] = st.vecAt(st.rank9((*[9]uint8)(c[0:9])))
	g[1] = st.vecAt(st.rank9((*[9]uint8)(c[9:18])))
	g[2] = st.vecAt(st.rank9((*[9]uint8)(c[18:27])))
	g[3] = ht.vecAt(ht.rank7((*[7]uint8)(c[27:34])))
	var a01, a23 groupVec
	var ex [4]groupVec // combination of the other three groups
	combine(&a01, g[0], g[1])
	combine(&a23, g[2], g[3])
	combine(&ex[0], g[1], &a23)
	combine(&ex[1], g[0], &a23)
	combine(&ex[2], &a01, g[3])
	combine(&ex[3], &a01, g[2])
	k := 4 - melds

	// Special forms: counts of the hand as it stands.
	special := false
	var n, pairs, kinds, yk, ypair int
	if melds == 0 {
		for kk, x := range c {
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
	for gi := 0; gi < 4; gi++ {
		base, width := gi*9, 9
		if gi == 3 {
			width = 7
		}
		var d [9]uint8
		copy(d[:width], c[base:base+width])
		for r := 0; r < width; r++ {
			w := base + r
			if d[r] >= 4 {
				out[w] = 127
				continue
			}
			d[r]++
			var v *groupVec
			if gi == 3 {
				v = ht.vecAt(ht.rank7((*[7]uint8)(d[:7])))
			} else {
				v = st.vecAt(st.rank9(&d))
			}
			d[r]--
			s := int(finalGoal(v, &ex[gi], k)) - 1
			if special {
				p, kd, y, yp := pairs, kinds, yk, ypair
				switch d[r] {
				case 0:
					kd++
				case 1:
					p++
				}
				if yaochuMask>>w&1 != 0 {
					if d[r] == 0 {
						y++
					} else if d[r] == 1 {
						yp = 1
					}
				}
				s = min(s, 6-p+max(0, 7-kd), 13-y-yp)
			}
			out[w] = int8(s)
		}
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
// fifth copy).
func fifthTileCompletes(c *[34]uint8, w Tile) bool {
	x := *c
	x[w]++
	n := 0
	for _, v := range x {
		n += int(v)
	}
	if n%3 != 2 {
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
	h := *c
	var base [4]*groupVec
	base[0] = st.vecAt(st.rank9((*[9]uint8)(h[0:9])))
	base[1] = st.vecAt(st.rank9((*[9]uint8)(h[9:18])))
	base[2] = st.vecAt(st.rank9((*[9]uint8)(h[18:27])))
	base[3] = ht.vecAt(ht.rank7((*[7]uint8)(h[27:34])))
	// plus[w]: the group vector of w's group with one more w (reused by
	// every discard from another group).
	var plus [34]*groupVec
	for w := 0; w < 34; w++ {
		if h[w] < 4 {
			h[w]++
			plus[w] = groupVecOf(st, ht, &h, w/9)
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
	special := melds == 0 && n-1+1 >= 13
	k := 4 - melds
	for d := 0; d < NumKinds; d++ {
		if h[d] == 0 {
			continue
		}
		gd := d / 9
		h[d]--
		cur := base
		cur[gd] = groupVecOf(st, ht, &h, gd)
		var a01, a23 groupVec
		var ex [4]groupVec
		combine(&a01, cur[0], cur[1])
		combine(&a23, cur[2], cur[3])
		combine(&ex[0], cur[1], &a23)
		combine(&ex[1], cur[0], &a23)
		combine(&ex[2], &a01, cur[3])
		combine(&ex[3], &a01, cur[2])
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
		s13 := int(finalGoal(cur[0], &ex[0], k)) - 1
		if special && n-1 >= 13 {
			s13 = min(s13, 6-p+max(0, 7-kd), 13-y-min(yp, 1))
		}
		acc := Acceptance{Tile: Tile(d), Shanten: s13}
		for w := 0; w < NumKinds; w++ {
			if h[w] >= 4 {
				continue
			}
			g := w / 9
			v := plus[w]
			if g == gd {
				h[w]++
				v = groupVecOf(st, ht, &h, g)
				h[w]--
			}
			sw := int(finalGoal(v, &ex[g], k)) - 1
			if special && sw >= s13 {
				pw, kw, yw, ypw := p, kd, y, yp
				switch h[w] {
				case 0:
					kw++
				case 1:
					pw++
				}
				if yaochuMask>>w&1 != 0 {
					if h[w] == 0 {
						yw++
					} else if h[w] == 1 {
						ypw++
					}
				}
				sw = min(sw, 6-pw+max(0, 7-kw), 13-yw-min(ypw, 1))
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

// groupVecOf returns the table vector of group g (0–2 number suits,
// 3 honors) of the counts h.
func groupVecOf(st, ht *groupTable, h *[34]uint8, g int) *groupVec {
	if g == 3 {
		return ht.vecAt(ht.rank7((*[7]uint8)(h[27:34])))
	}
	return st.vecAt(st.rank9((*[9]uint8)(h[g*9 : g*9+9])))
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
