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
	// strategies lists the strategies that play it ("name: help");
	// presets the rules presets a dealer can deal.
	strategies func() []string
	presets    func() []string
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

// GameKey reads a game name as users write it: the protocol's key
// (liars_bar, bullet_poker) or our package's name (liarsbar,
// bulletpoker), any case, '-' for '_'. An unknown name is returned as
// given with ok false (a bot still plays it from choices).
func GameKey(name string) (key string, ok bool) {
	n := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(name)), "-", "_")
	for k := range adapters {
		if n == k || n == strings.ReplaceAll(k, "_", "") {
			return k, true
		}
	}
	return name, false
}

// Strategies lists the strategies that play game ("name: help"), nil for
// a game we have none for.
func Strategies(game string) []string {
	a, err := lookup(game)
	if err != nil {
		return nil
	}
	return a.strategies()
}

// Presets lists the rules presets a dealer can deal for game.
func Presets(game string) []string {
	a, err := lookup(game)
	if err != nil {
		return nil
	}
	return a.presets()
}

func lookup(game string) (adapter, error) {
	game, _ = GameKey(game)
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

// registryHelp formats a strategy registry as "name: help" lines.
func registryHelp(names []string, help func(string) string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n + ": " + help(n)
	}
	return out
}
