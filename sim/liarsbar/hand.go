package liarsbar

// hand is a seat's sorted hand. Cards past n are zero (so a hand event
// copies c whole), and dup and devil describe c[:n] for Legal and the
// play check: bit i of dup is set when card i equals card i-1, bit i of
// devil when card i is the Devil.
//
// The engine reads and writes c as one little-endian word (card i in byte
// i): the deal and a play build the new hand in a register and store it
// once, which avoids a chain of byte stores followed by a wide load of the
// same memory.
type hand struct {
	c     [MaxHand]Card
	n     int8
	dup   uint8
	devil uint8
}

const (
	ones      = 0x0101010101010101 // a 1 in every byte
	devilWord = uint64(Devil) * ones
)

// word is the hand's cards as one word, card i in byte i.
func (h *hand) word() uint64 { return loadCards(&h.c) }

// loadCards reads 8 cards as one word, card i in byte i (the compiler
// merges the byte loads into one load).
func loadCards(c *[MaxHand]Card) uint64 {
	return uint64(c[0]) | uint64(c[1])<<8 | uint64(c[2])<<16 | uint64(c[3])<<24 |
		uint64(c[4])<<32 | uint64(c[5])<<40 | uint64(c[6])<<48 | uint64(c[7])<<56
}

// storeCards writes w to 8 cards, byte i to card i (merged into one store).
func storeCards(c *[MaxHand]Card, w uint64) {
	c[0], c[1], c[2], c[3] = Card(w), Card(w>>8), Card(w>>16), Card(w>>24)
	c[4], c[5], c[6], c[7] = Card(w>>32), Card(w>>40), Card(w>>48), Card(w>>56)
}

// set makes the hand the n sorted cards of w (bytes past n zero).
func (h *hand) set(w uint64, n int8) {
	storeCards(&h.c, w)
	h.n = n
	h.dup, h.devil = masks(w, n)
}

// masks computes the dup and devil masks of the n cards of w.
func masks(w uint64, n int8) (dup, devil uint8) {
	in := uint8(uint16(1)<<n - 1)
	return zeroBytes(w^w<<8) & in &^ 1, zeroBytes(w^devilWord) & in
}

// zeroBytes has bit i set when byte i of x is zero; every byte of x must
// be below 8 (a card kind, or the xor of two).
func zeroBytes(x uint64) uint8 {
	nz := (x | x>>1 | x>>2) & ones // bit 0 of byte i: byte i is nonzero
	return ^uint8(nz * 0x0102040810204080 >> 56)
}

// sortedWord lays out the n cards with cnt's byte c cards of kind c in
// Card order, card i in byte i, without a loop over kinds: with cum_c the
// number of cards of kind at most c (the bytes of cnt*ones are those
// prefix sums), card p is the number of kinds c with cum_c <= p, so the
// word is the sum of the "thermometers" ones<<(8*cum_c), cut to n bytes.
func sortedWord(cnt uint64, n int8) uint64 {
	cum := cnt * ones
	// One term a kind but the last (whose cum is n: only the tail), unrolled.
	w := thermometer[cum&15] + thermometer[cum>>8&15] + thermometer[cum>>16&15] +
		thermometer[cum>>24&15] + thermometer[cum>>32&15] + thermometer[cum>>40&15]
	return w & lowBytes[n&15]
}

// thermometer[v] has a 1 in every byte from v up (none for v >= 8);
// lowBytes[n] has all bits set in the bytes below n.
var thermometer, lowBytes = func() (t, l [16]uint64) {
	for v := range 16 {
		if v < 8 {
			t[v] = ones << (8 * v)
			l[v] = 1<<(8*v) - 1
		} else {
			l[v] = ^uint64(0)
		}
	}
	return t, l
}()
