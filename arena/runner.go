package arena

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"gamelab/sim"
	"gamelab/strategies"
)

// Runner is one game as the arena sees it. Each game registers one (see
// Register and the game_*.go files); everything else in the arena is generic.
type Runner interface {
	// Name is the game's name on the command line ("mahjong").
	Name() string
	// Presets lists the named rule sets; DefaultRules is the one used when
	// none is given.
	Presets() []string
	DefaultRules() string
	// Strategies lists the registered strategies, Params their tunables.
	Strategies() []string
	Params(strategy string) ([]strategies.Param, error)
	// Help is a strategy's one-line description.
	Help(strategy string) string
	// Prepare resolves rules (a preset name or a JSON file) and checks the
	// player specs against the strategy registry.
	Prepare(rules string, players []string) (Match, error)
}

// Match is a validated rule set with its players, ready to play.
type Match interface {
	Game() string
	Seats() int
	// Rules is the rules' canonical JSON; RulesName the preset name or
	// file it came from.
	Rules() string
	RulesName() string
	// Players are the canonical specs, in the order given.
	Players() []string
	// NewTable returns a Table for one goroutine: it owns one strategy
	// instance per seat and player.
	NewTable() Table
	// Extras turns a player's summed seat stats (plus "games") into the
	// game's derived figures (mahjong: Tenhou-style rates).
	Extras(sums map[string]float64) []Extra
	// Team maps a seat tag (werewolf role) to its team, "" if none.
	Team(tag string) string
}

// Table plays games for one goroutine. Not safe for concurrent use.
type Table interface {
	// Play plays the game seeded by seed with seat i taken by player
	// lineup[i], and fills rec (Result, Length, Decisions if asked).
	Play(seed uint64, lineup []int, rec *Record, decisions bool) error
}

// Extra is one derived per-player figure shown beside the standard columns.
type Extra struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
}

// Decision is one choice made in a game, recorded on request.
type Decision struct {
	Step int32
	Seat int8
	// Legal are the legal actions offered, as text in the engine's order;
	// Chosen is the action taken and ChosenIndex its index in Legal (see
	// chosenIndex), -1 if none matches.
	Legal       []string
	Chosen      string
	ChosenIndex int32
	Phase       string
	// Features are the game's named features of the deciding seat's view
	// (its DescribeFunc; e.g. *strategies/mahjong.Features), nil if the
	// game describes none.
	Features any
	// Note is what the deciding strategy said about this decision, if it
	// says anything (a strategy with a Note() string method, such as an
	// LLM's prompt and answer); empty otherwise.
	Note string
}

// Record is one finished game as it streams from the workers to the sinks.
type Record struct {
	Index  int64  // game number in the whole (unsharded) run
	Set    int64  // duplicate set (or game number for other schedules)
	Seed   uint64 // the deal seed handed to the engine
	Lineup []int  // seat -> player index
	Result sim.Result
	Length int32 // decisions taken in the game
	// Decisions is filled only when the run asks for them.
	Decisions []Decision
}

// ErrInput marks bad input from outside (unknown game, strategy, parameter,
// wrong seat count, bad rules): the CLI reports it and exits 2.
var ErrInput = errors.New("arena")

func inputErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInput, fmt.Sprintf(format, args...))
}

var (
	regMu   sync.Mutex
	runners = map[string]Runner{}
	order   []string
)

// Register adds a game; it panics on a duplicate name (programmer error).
func Register(r Runner) {
	regMu.Lock()
	defer regMu.Unlock()
	if _, ok := runners[r.Name()]; ok {
		panic("arena: duplicate game " + r.Name())
	}
	runners[r.Name()] = r
	order = append(order, r.Name())
}

// Games lists the registered games, sorted.
func Games() []string {
	regMu.Lock()
	defer regMu.Unlock()
	g := slices.Clone(order)
	sort.Strings(g)
	return g
}

// Lookup returns the Runner of a game.
func Lookup(game string) (Runner, error) {
	regMu.Lock()
	r, ok := runners[game]
	regMu.Unlock()
	if !ok {
		return nil, inputErr("unknown game %q (have %s)", game, strings.Join(Games(), ", "))
	}
	return r, nil
}

// DefaultGame is the game `lab arena` plays with no flags: mahjong when it
// is registered, otherwise the first registered game (fallback says so).
func DefaultGame() (game string, fallback bool) {
	g := Games()
	if slices.Contains(g, "mahjong") {
		return "mahjong", false
	}
	if len(g) == 0 {
		return "", true
	}
	return g[0], true
}
