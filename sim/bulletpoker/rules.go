package bulletpoker

import (
	"errors"
	"fmt"
	"strings"
)

// MaxPlayers is the largest table; MinPlayers the smallest.
const (
	MinPlayers = 2
	MaxPlayers = 6
)

// MaxBet is the most bullets a revolver holds: the bet cap.
const MaxBet = 6

// Street is a betting round of a hand.
type Street int8

// The streets in order.
const (
	Preflop Street = iota
	Flop
	Turn
	River
)

var streetNames = [...]string{"preflop", "flop", "turn", "river"}

// String is the street's name ("preflop", "flop", "turn", "river").
func (s Street) String() string {
	if s < 0 || int(s) >= len(streetNames) {
		return "?"
	}
	return streetNames[s]
}

// MarshalText writes the street's name (for JSON rules).
func (s Street) MarshalText() ([]byte, error) {
	if s < 0 || int(s) >= len(streetNames) {
		return nil, fmt.Errorf("%w: street %d", ErrRules, s)
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a street's name.
func (s *Street) UnmarshalText(b []byte) error {
	for i, n := range streetNames {
		if strings.EqualFold(string(b), n) {
			*s = Street(i)
			return nil
		}
	}
	return fmt.Errorf("%w: unknown street %q", ErrRules, b)
}

// Rules is a variant of the game. The zero value of every switch is the
// browser game's rule; Players and HandCap must be set (see Preset).
type Rules struct {
	// Players is the number of seats, 2..6.
	Players int `json:"players"`
	// HandCap ends a match after this many hands [ours: 200].
	HandCap int `json:"hand_cap"`
	// AllInMinStreet is the first street on which all-in is allowed
	// (Liar's Texas: flop).
	AllInMinStreet Street `json:"allin_min_street"`
	// AllInSimultaneous: after an all-in every other player in the hand
	// answers call or fold at once (several open decisions); answers are
	// revealed together.
	AllInSimultaneous bool `json:"allin_simultaneous"`
	// SwitchRevealsDiscard shows a switched-out hole card to everyone.
	SwitchRevealsDiscard bool `json:"switch_reveals_discard"`
	// RiseOnly: on each street every player either adds exactly one
	// bullet (the first "raise"s, the others "call") or folds; no all-in.
	RiseOnly bool `json:"rise_only"`
}

// ErrRules reports invalid rules or an unknown preset.
var ErrRules = errors.New("bulletpoker: invalid rules")

// Validate checks the rules.
func (r Rules) Validate() error {
	switch {
	case r.Players < MinPlayers || r.Players > MaxPlayers:
		return fmt.Errorf("%w: %d players (want %d..%d)", ErrRules, r.Players, MinPlayers, MaxPlayers)
	case r.HandCap < 1 || r.HandCap > 10000:
		return fmt.Errorf("%w: hand cap %d (want 1..10000)", ErrRules, r.HandCap)
	case r.AllInMinStreet < Preflop || r.AllInMinStreet > River:
		return fmt.Errorf("%w: all-in street %d", ErrRules, r.AllInMinStreet)
	}
	return nil
}

// Classic is the browser game's rules for four players.
func Classic() Rules { return Rules{Players: 4, HandCap: 200} }

// LiarsTexas is Liar's Bar's "Liar's Texas" for four players: every switch
// on. Under RiseOnly no all-in is possible, so the two all-in switches only
// matter if RiseOnly is turned off again (the "simultaneous" preset).
func LiarsTexas() Rules {
	r := Simultaneous()
	r.RiseOnly = true
	return r
}

// Simultaneous is Classic with the Liar's Texas all-in rules (no all-in
// preflop, simultaneous answers to an all-in, revealed discards) but free
// betting.
func Simultaneous() Rules {
	r := Classic()
	r.AllInMinStreet = Flop
	r.AllInSimultaneous = true
	r.SwitchRevealsDiscard = true
	return r
}

var presets = []struct {
	name string
	make func() Rules
}{
	{"classic", Classic},
	{"liarstexas", LiarsTexas},
	{"simultaneous", Simultaneous},
}

// Presets lists the preset names.
func Presets() []string {
	out := make([]string, len(presets))
	for i, p := range presets {
		out[i] = p.name
	}
	return out
}

// Preset returns the named rules ("classic", "liarstexas", "simultaneous").
func Preset(name string) (Rules, error) {
	for _, p := range presets {
		if p.name == name {
			return p.make(), nil
		}
	}
	return Rules{}, fmt.Errorf("%w: unknown preset %q (have %s)", ErrRules, name, strings.Join(Presets(), ", "))
}
