package arena

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"

	"gamelab/sim"
	"gamelab/strategies"
)

// Validator is what every engine's Rules type provides.
type Validator interface{ Validate() error }

// Game adapts one engine and its strategies package to a Runner using only
// their public contract (Preset, Presets, Rules.Validate, Registry, Play).
// R is the engine's Rules, S its Strategy, V its View and A its Action.
type Game[R Validator, S any, V any, A fmt.Stringer] struct {
	Title       string
	Preset      func(name string) (R, error)
	PresetNames func() []string
	DefaultName string
	SeatsOf     func(R) int
	Registry    *strategies.Registry[S]
	PlayFunc    func(r R, seed uint64, players []S, observe func(sim.Seat, *V, []A, A)) (sim.Result, error)
	ExtrasFunc  func(sums map[string]float64) []Extra // nil: mean per game of each stat
	TeamFunc    func(tag string) string               // nil: no teams
	// SeatTagsFunc gives the tag (werewolf: dealt role) of each seat of
	// the game seeded by seed, before play; with TeamFunc it lets a match
	// seat players by team (PrepareTeams). nil: no team lineups.
	SeatTagsFunc func(r R, seed uint64, dst []string) []string
	// DescribeFunc gives a decision's phase and the game's named features
	// of the deciding seat's view and legal actions for the decisions
	// dataset (nil: none). It runs only when decisions are recorded.
	DescribeFunc func(v *V, legal []A) (phase string, features any)
	// RankPoints, if not nil, gives the points of each placement (1st
	// first), averaged per game with a 95 % interval in the summary
	// (mahjong: Tenhou's +90/+45/0/−135).
	RankPoints []float64
	// Outcome says what a finished game's score and placements mean (see
	// the Outcome constants); "" is OutcomePoints.
	Outcome string
}

// What a game's Result means, so reports show only the figures that do
// (no score histogram of a win/lose score, no placement plot where a
// placement only says which team won).
const (
	// OutcomePoints: the score is in points (mahjong) and placements
	// rank every seat.
	OutcomePoints = "points"
	// OutcomePlaces: the score is win/lose (1 for the winner, a share on
	// ties) and placements rank every seat (the elimination order).
	OutcomePlaces = "placements"
	// OutcomeTeam: the score is win/lose for a whole team and placements
	// only tell winners from losers (werewolf).
	OutcomeTeam = "team"
)

// Name implements Runner.
func (g *Game[R, S, V, A]) Name() string { return g.Title }

// Presets implements Runner.
func (g *Game[R, S, V, A]) Presets() []string { return g.PresetNames() }

// DefaultRules implements Runner.
func (g *Game[R, S, V, A]) DefaultRules() string { return g.DefaultName }

// Strategies implements Runner.
func (g *Game[R, S, V, A]) Strategies() []string { return g.Registry.Names() }

// Help implements Runner.
func (g *Game[R, S, V, A]) Help(name string) string { return g.Registry.Help(name) }

// Params implements Runner.
func (g *Game[R, S, V, A]) Params(name string) ([]strategies.Param, error) {
	p, err := g.Registry.Params(name)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInput, err)
	}
	return p, nil
}

// LoadRules resolves a preset name, a JSON rules file or inline JSON (as
// stamped in a dataset) and validates it.
func (g *Game[R, S, V, A]) LoadRules(spec string) (R, string, error) {
	var r R
	if spec == "" {
		spec = g.DefaultName
	}
	if inline := strings.HasPrefix(strings.TrimSpace(spec), "{"); inline || strings.HasSuffix(spec, ".json") {
		raw := []byte(spec)
		if !inline {
			var err error
			if raw, err = os.ReadFile(spec); err != nil {
				return r, "", inputErr("rules: %v", err)
			}
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil {
			return r, "", inputErr("rules %s: %v", spec, err)
		}
	} else {
		var err error
		if r, err = g.Preset(spec); err != nil {
			return r, "", inputErr("%s rules %q: %v (presets: %s)", g.Title, spec, err, strings.Join(g.PresetNames(), ", "))
		}
	}
	if err := r.Validate(); err != nil {
		return r, "", inputErr("%s rules %s: %v", g.Title, spec, err)
	}
	return r, spec, nil
}

// Prepare implements Runner.
func (g *Game[R, S, V, A]) Prepare(rules string, players []string) (Match, error) {
	r, name, err := g.LoadRules(rules)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("arena: encoding rules: %w", err)
	}
	m := &match[R, S, V, A]{g: g, rules: r, rulesJSON: string(raw), rulesName: name, seats: g.SeatsOf(r)}
	if len(players) == 0 {
		return nil, inputErr("no players given (%s strategies: %s)", g.Title, strings.Join(g.Strategies(), ", "))
	}
	for _, p := range players {
		if _, err := g.Registry.New(p); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrInput, err)
		}
		// Canonical text form, also for JSON strategy files, so a
		// dataset replays without the file.
		sp, err := strategies.ParseSpec(p)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrInput, err)
		}
		m.players = append(m.players, sp.String())
	}
	return m, nil
}

// Teams lists the teams a team lineup can name (nil when the game has
// none): the distinct teams of the seat tags of a few deals.
func (g *Game[R, S, V, A]) Teams(rules string) ([]string, error) {
	if g.SeatTagsFunc == nil || g.TeamFunc == nil {
		return nil, nil
	}
	r, _, err := g.LoadRules(rules)
	if err != nil {
		return nil, err
	}
	var teams []string
	for seed := range uint64(4) {
		for _, tag := range g.SeatTagsFunc(r, seed, nil) {
			if t := g.TeamFunc(tag); t != "" && !slices.Contains(teams, t) {
				teams = append(teams, t)
			}
		}
	}
	slices.Sort(teams)
	return teams, nil
}

// PrepareTeams is Prepare for a team lineup: team maps each team of the
// game (Teams) to the strategy spec that plays all its seats. The match's
// players are the specs in the order of Teams; every game seats them by
// the tags dealt, whatever lineup the schedule gives (use a schedule of
// one game per deal: roundrobin).
func (g *Game[R, S, V, A]) PrepareTeams(rules string, team map[string]string) (Match, error) {
	teams, err := g.Teams(rules)
	if err != nil {
		return nil, err
	}
	if teams == nil {
		return nil, inputErr("%s has no teams: team lineups are for team games", g.Title)
	}
	var players []string
	for _, t := range teams {
		spec, ok := team[t]
		if !ok {
			return nil, inputErr("%s team lineup: no strategy for team %s (teams: %s)", g.Title, t, strings.Join(teams, ", "))
		}
		players = append(players, spec)
	}
	for t := range team {
		if !slices.Contains(teams, t) {
			return nil, inputErr("%s has no team %q (teams: %s)", g.Title, t, strings.Join(teams, ", "))
		}
	}
	m, err := g.Prepare(rules, players)
	if err != nil {
		return nil, err
	}
	mm := m.(*match[R, S, V, A])
	mm.teams = teams
	return mm, nil
}

// TeamRunner is a Runner whose game seats players by team.
type TeamRunner interface {
	Teams(rules string) ([]string, error)
	PrepareTeams(rules string, team map[string]string) (Match, error)
}

type match[R Validator, S any, V any, A fmt.Stringer] struct {
	// teams, when set, seats players by team: teams[i] is player i's
	// team, and Play overrides the schedule's lineup from the seat tags.
	teams     []string
	g         *Game[R, S, V, A]
	rules     R
	rulesJSON string
	rulesName string
	seats     int
	players   []string
}

func (m *match[R, S, V, A]) Game() string      { return m.g.Title }
func (m *match[R, S, V, A]) Seats() int        { return m.seats }
func (m *match[R, S, V, A]) Rules() string     { return m.rulesJSON }
func (m *match[R, S, V, A]) RulesName() string { return m.rulesName }
func (m *match[R, S, V, A]) Players() []string { return slices.Clone(m.players) }

func (m *match[R, S, V, A]) Extras(sums map[string]float64) []Extra {
	if m.g.ExtrasFunc != nil {
		return m.g.ExtrasFunc(sums)
	}
	return MeanPerGame(sums)
}

// Outcome implements outcomer.
func (m *match[R, S, V, A]) Outcome() string {
	if m.g.Outcome == "" {
		return OutcomePoints
	}
	return m.g.Outcome
}

// RankPoints implements rankPointer.
func (m *match[R, S, V, A]) RankPoints() []float64 { return m.g.RankPoints }

func (m *match[R, S, V, A]) Team(tag string) string {
	if m.g.TeamFunc == nil {
		return ""
	}
	return m.g.TeamFunc(tag)
}

// NewTable builds one strategy instance per (seat, player) so a strategy
// never shares state across seats of the same game.
func (m *match[R, S, V, A]) NewTable() Table {
	t := &table[R, S, V, A]{m: m, inst: make([][]S, m.seats), have: make([][]bool, m.seats), seats: make([]S, m.seats)}
	for i := range t.inst {
		t.inst[i] = make([]S, len(m.players))
		t.have[i] = make([]bool, len(m.players))
	}
	t.observe = func(seat sim.Seat, v *V, legal []A, chosen A) {
		t.length++
		if t.rec != nil {
			d := Decision{Step: t.length - 1, Seat: int8(seat), Legal: make([]string, len(legal)), Chosen: chosen.String()}
			for i, a := range legal {
				d.Legal[i] = a.String()
			}
			d.ChosenIndex = chosenIndex(d.Legal, d.Chosen)
			if m.g.DescribeFunc != nil {
				d.Phase, d.Features = m.g.DescribeFunc(v, legal)
			}
			if n, ok := any(t.seats[seat]).(interface{ Note() string }); ok {
				d.Note = n.Note()
			}
			t.rec.Decisions = append(t.rec.Decisions, d)
		}
	}
	return t
}

type table[R Validator, S any, V any, A fmt.Stringer] struct {
	m       *match[R, S, V, A]
	inst    [][]S
	have    [][]bool
	seats   []S
	length  int32
	tags    []string
	rec     *Record
	observe func(sim.Seat, *V, []A, A)
}

func (t *table[R, S, V, A]) Play(seed uint64, lineup []int, rec *Record, decisions bool) error {
	if len(lineup) != t.m.seats {
		return fmt.Errorf("arena: lineup of %d for %d seats", len(lineup), t.m.seats)
	}
	if t.m.teams != nil {
		// Team lineup: each seat takes the player of its tag's team, in
		// place (Record.Lineup shows the seats as played).
		t.tags = t.m.g.SeatTagsFunc(t.m.rules, seed, t.tags[:0])
		for seat, tag := range t.tags {
			i := slices.Index(t.m.teams, t.m.g.TeamFunc(tag))
			if i < 0 {
				return fmt.Errorf("arena: seat %d (%s) has no team player", seat, tag)
			}
			lineup[seat] = i
		}
	}
	for seat, p := range lineup {
		if !t.have[seat][p] {
			s, err := t.m.g.Registry.New(t.m.players[p])
			if err != nil {
				return err
			}
			t.inst[seat][p], t.have[seat][p] = s, true
		}
		t.seats[seat] = t.inst[seat][p]
	}
	t.length = 0
	t.rec = nil
	rec.Decisions = rec.Decisions[:0]
	if decisions {
		t.rec = rec
	}
	res, err := t.m.g.PlayFunc(t.m.rules, seed, t.seats, t.observe)
	t.rec = nil
	if err != nil {
		return fmt.Errorf("%s game seed %d: %w", t.m.g.Title, seed, err)
	}
	if err := res.Validate(t.m.seats); err != nil {
		return fmt.Errorf("%s game seed %d: %w", t.m.g.Title, seed, err)
	}
	rec.Result = res
	rec.Length = t.length
	return nil
}

// chosenIndex is the index in legal of the chosen action's text, or of
// the longest legal text it extends by a space (a werewolf message adds
// its free text to the legal message it sends); -1 if none.
func chosenIndex(legal []string, chosen string) int32 {
	best, n := int32(-1), -1
	for i, s := range legal {
		if s == chosen {
			return int32(i)
		}
		if len(s) > n && len(chosen) > len(s) && chosen[len(s)] == ' ' && strings.HasPrefix(chosen, s) {
			best, n = int32(i), len(s)
		}
	}
	return best
}

// MeanPerGame is the default Extras: each summed stat divided by "games".
func MeanPerGame(sums map[string]float64) []Extra {
	games := sums["games"]
	var out []Extra
	for _, k := range sortedKeys(sums) {
		if k == "games" || games == 0 {
			continue
		}
		out = append(out, Extra{k + "/game", sums[k] / games})
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	k := make([]string, 0, len(m))
	for s := range m {
		k = append(k, s)
	}
	slices.Sort(k)
	return k
}
