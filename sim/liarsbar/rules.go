package liarsbar

import "fmt"

// Limits of the engine's fixed-size state.
const (
	MaxPlayers = 6  // seats at most
	MaxHand    = 8  // cards in a hand at most
	MaxPlay    = 3  // cards in one play at most
	maxDeck    = 40 // the basic deck doubled for 5–6 seats
	Chambers   = 6  // chambers of a revolver
)

// Variant names.
const (
	VariantBasic = "basic"
	VariantDevil = "devil"
	VariantChaos = "chaos"
)

// Rules is a validated set of rules. Build it with Preset and change
// Players (2–6) or the cap as needed, then Validate.
type Rules struct {
	// Variant is "basic", "devil" or "chaos".
	Variant string `json:"variant"`
	// Players is the number of seats, 2–6. With 5 or 6 seats every card
	// count of the deck is doubled [ours].
	Players int `json:"players"`
	// HandSize is the number of cards dealt to each living seat per round.
	HandSize int `json:"hand_size"`
	// MaxPlay is the most cards one play may hold (chaos: exactly 1).
	MaxPlay int `json:"max_play"`
	// MaxRounds caps the game [ours]: after this many rounds the survivors
	// are ranked by fewest pulls.
	MaxRounds int `json:"max_rounds"`
}

// Presets lists the names Preset accepts.
func Presets() []string { return []string{VariantBasic, VariantDevil, VariantChaos} }

// Preset returns the rules of a variant for 4 players.
func Preset(name string) (Rules, error) {
	switch name {
	case VariantBasic, VariantDevil:
		return Rules{Variant: name, Players: 4, HandSize: 5, MaxPlay: 3, MaxRounds: 200}, nil
	case VariantChaos:
		return Rules{Variant: name, Players: 4, HandSize: 3, MaxPlay: 1, MaxRounds: 200}, nil
	}
	return Rules{}, fmt.Errorf("%w: unknown variant %q (have basic, devil, chaos)", ErrRules, name)
}

// Validate reports whether the rules can be played.
func (r Rules) Validate() error {
	if r.Variant != VariantBasic && r.Variant != VariantDevil && r.Variant != VariantChaos {
		return fmt.Errorf("%w: unknown variant %q (have basic, devil, chaos)", ErrRules, r.Variant)
	}
	if r.Players < 2 || r.Players > MaxPlayers {
		return fmt.Errorf("%w: players %d outside 2..%d", ErrRules, r.Players, MaxPlayers)
	}
	if r.HandSize < 1 || r.HandSize > MaxHand {
		return fmt.Errorf("%w: hand_size %d outside 1..%d", ErrRules, r.HandSize, MaxHand)
	}
	if r.MaxPlay < 1 || r.MaxPlay > MaxPlay {
		return fmt.Errorf("%w: max_play %d outside 1..%d", ErrRules, r.MaxPlay, MaxPlay)
	}
	if r.Variant == VariantChaos && r.MaxPlay != 1 {
		return fmt.Errorf("%w: chaos plays exactly 1 card, max_play is %d", ErrRules, r.MaxPlay)
	}
	if n := r.Players * r.HandSize; n > r.DeckSize() {
		return fmt.Errorf("%w: %d seats x %d cards need %d cards, the deck has %d", ErrRules, r.Players, r.HandSize, n, r.DeckSize())
	}
	if r.MaxRounds < 1 || r.MaxRounds > 100000 {
		return fmt.Errorf("%w: max_rounds %d outside 1..100000", ErrRules, r.MaxRounds)
	}
	return nil
}

// Deck returns how many of each card the deck holds.
func (r Rules) Deck() [NumCards]int {
	var d [NumCards]int
	switch r.Variant {
	case VariantBasic:
		d[Queen], d[King], d[Ace], d[Joker] = 6, 6, 6, 2
	case VariantDevil:
		d[Queen], d[King], d[Ace], d[Joker], d[Devil] = 6, 6, 5, 2, 1
	case VariantChaos:
		d[King], d[Queen], d[Master], d[Chaos] = 5, 5, 1, 1
	}
	if r.Players > 4 {
		for i := range d {
			d[i] *= 2
		}
	}
	return d
}

// DeckSize is the number of cards in the deck.
func (r Rules) DeckSize() int {
	n := 0
	for _, c := range r.Deck() {
		n += c
	}
	return n
}

// TableCards lists the cards the table deck holds: Q K A, chaos Q K.
func (r Rules) TableCards() []Card {
	if r.Variant == VariantChaos {
		return []Card{Queen, King}
	}
	return []Card{Queen, King, Ace}
}

// variant codes kept in the hot state.
type variant uint8

const (
	vBasic variant = iota
	vDevil
	vChaos
)

func (r Rules) code() variant {
	switch r.Variant {
	case VariantDevil:
		return vDevil
	case VariantChaos:
		return vChaos
	}
	return vBasic
}
