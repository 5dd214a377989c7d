package cards

// HandRank is the strength of a poker hand: 1 (the weakest five-card hand,
// 7-5-4-3-2 offsuit) to 7462 (a royal flush). Higher is better; equal ranks
// tie. 0 means "no hand".
type HandRank uint16

// NumHandRanks is the number of distinct five-card hand values.
const NumHandRanks = 7462

// Category is a hand's class, HighCard (0) to StraightFlush (8).
type Category uint8

// The hand categories, weakest first.
const (
	HighCard Category = iota
	OnePair
	TwoPair
	ThreeOfAKind
	Straight
	Flush
	FullHouse
	FourOfAKind
	StraightFlush
)

// NumCategories is the number of hand categories.
const NumCategories = 9

var categoryNames = [NumCategories]string{
	"high card", "one pair", "two pair", "three of a kind", "straight",
	"flush", "full house", "four of a kind", "straight flush",
}

// String is the category's English name, e.g. "full house".
func (c Category) String() string {
	if c >= NumCategories {
		return "?"
	}
	return categoryNames[c]
}

// categoryStart[c] is the lowest HandRank of category c; the counts of
// distinct hands per category are 1277, 2860, 858, 858, 10, 1277, 156, 156, 10.
var categoryStart = [NumCategories + 1]HandRank{1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453, 7463}

// Category is the class of the hand.
func (h HandRank) Category() Category {
	c := Category(0)
	for c+1 < NumCategories && h >= categoryStart[c+1] {
		c++
	}
	return c
}

// String is e.g. "full house (#7200)".
func (h HandRank) String() string {
	if h == 0 || h > NumHandRanks {
		return "no hand"
	}
	return h.Category().String() + " (#" + itoa(int(h)) + ")"
}

func itoa(n int) string {
	var b [8]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return string(b[i:])
}
