package tavern

import (
	"fmt"
	"slices"
	"strings"
)

// adapter ties one game of the protocol to our engine and strategies.
type adapter struct {
	// player builds the bot side for a strategy spec.
	player func(spec string) (Player, error)
	// table builds a dealer's match: rules preset ("" for the default),
	// seats, seed, and the strategy that plays seats without a bot.
	table func(rules string, seats int, seed uint64, fill string) (Table, error)
}

var adapters = map[string]adapter{}

// Games lists the game keys we can play and deal.
func Games() []string {
	var g []string
	for k := range adapters {
		g = append(g, k)
	}
	slices.Sort(g)
	return g
}

func lookup(game string) (adapter, error) {
	a, ok := adapters[game]
	if !ok {
		return adapter{}, fmt.Errorf("unknown game %q (have %s)", game, strings.Join(Games(), ", "))
	}
	return a, nil
}

// NewPlayer builds the bot side of game for a strategy spec (a name with
// parameters, or a strategy JSON file).
func NewPlayer(game, spec string) (Player, error) {
	a, err := lookup(game)
	if err != nil {
		return nil, err
	}
	return a.player(spec)
}

// NewTable builds one match of game for the dealer.
func NewTable(game, rules string, seats int, seed uint64, fill string) (Table, error) {
	a, err := lookup(game)
	if err != nil {
		return nil, err
	}
	return a.table(rules, seats, seed, fill)
}
