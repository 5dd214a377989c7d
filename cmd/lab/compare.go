package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"gamelab/arena"
	"gamelab/datasets"
)

func init() {
	register(&command{name: "compare", summary: "compare two runs played on the same games, game by game (paired)", run: runCompare})
}

const compareAbout = `Compares two whole runs played on the same games (lab arena --out, or
lab merge of their shards, with the same --game, --rules, --schedule,
--seed, --games and number of players: typically two lineups of one
table, e.g. --wolves 'ismcts?iters=2000' against --wolves rule).

Team games (werewolf): for each team's win, paired by game, A's and B's
rate with its Wilson 95 % interval, the paired difference B − A with its
95 % interval (Wald for dependent proportions, Agresti's Categorical Data
Analysis §11.1.1) and McNemar's test on the games only one run won (z and
the exact two-sided p). Runs in duplicate sets get a note that their
games are not independent (team lineups are played one game per deal).

Other games: for each player (the i-th strategy of --players in A against
the i-th in B, which took the same seats of the same games), its mean
score per game (over the seats it held), the difference paired by
duplicate set (the games of a set share a deal; by game in the other
schedules) with a Student t 95 % interval.`

// compareReport is what lab compare prints (--json gives it as is).
type compareReport struct {
	Game     string        `json:"game"`
	Rules    string        `json:"rules"`
	Schedule string        `json:"schedule"`
	Seed     string        `json:"seed"`
	Games    int64         `json:"games"`
	A        compareRun    `json:"a"`
	B        compareRun    `json:"b"`
	Teams    []compareTeam `json:"teams,omitempty"`
	// SetsShareDeals says that some duplicate set holds several games:
	// the team figures then treat dependent games as independent.
	SetsShareDeals bool              `json:"sets_share_deals,omitempty"`
	Scores         []compareStrategy `json:"scores,omitempty"`
}

type compareRun struct {
	Dir     string   `json:"dir"`
	Players []string `json:"players"`
}

// compareTeam is one team's win, A against B.
type compareTeam struct {
	Team string `json:"team"`
	arena.PairedRate
	// BySet, when the games of a duplicate set share a deal, compares the
	// sets' win rates (the sets are independent, their games are not):
	// the interval to trust for such runs.
	BySet *arena.PairedMean `json:"by_set,omitempty"`
}

// compareStrategy is player p's mean score, A's strategy against B's (the
// same seats of the same games), paired by set (a duplicate set, or a game
// in the other schedules) over Games games.
type compareStrategy struct {
	A     string `json:"a"`
	B     string `json:"b"`
	Games int    `json:"games"`
	arena.PairedMean
}

func runCompare(ctx context.Context, args []string) error {
	fs := flagSet("lab compare [--json] RUN_A RUN_B", compareAbout)
	asJSON := fs.Bool("json", false, "print the comparison as JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usagef("compare: want two run directories RUN_A RUN_B, got %d arguments", len(pos))
	}
	rep, err := comparePaired(pos[0], pos[1])
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	return printCompare(rep)
}

// pairedRun is one run's outcomes by game index.
type pairedRun struct {
	seeds  []uint64
	sets   []int64
	teams  map[string][]bool // team -> won, by game
	names  []string          // the match's players
	lineup [][]int
	scores [][]float64 // player -> game -> mean score over its seats, NaN if it held none
}

// comparePaired checks that the runs in dirA and dirB are pairable and
// compares them game by game.
func comparePaired(dirA, dirB string) (compareReport, error) {
	var rep compareReport
	infoA, err := datasets.Info(dirA)
	if err != nil {
		return rep, arenaInputError(fmt.Errorf("compare: %w", err))
	}
	infoB, err := datasets.Info(dirB)
	if err != nil {
		return rep, arenaInputError(fmt.Errorf("compare: %w", err))
	}
	for _, c := range []struct {
		what string
		a, b any
	}{
		{"game", infoA.Game, infoB.Game},
		{"rules", infoA.RulesJSON, infoB.RulesJSON},
		{"schedule", infoA.Schedule, infoB.Schedule},
		{"seed", infoA.Seed, infoB.Seed},
		{"number of games", infoA.Total, infoB.Total},
		{"number of players", len(infoA.Players), len(infoB.Players)},
	} {
		if c.a != c.b {
			return rep, usagef("compare: %s and %s are not pairable: %s %v vs %v", dirA, dirB, c.what, compareValue(c.a), compareValue(c.b))
		}
	}
	for _, in := range []struct {
		dir  string
		info datasets.RunInfo
	}{{dirA, infoA}, {dirB, infoB}} {
		if in.info.First != 0 || in.info.End != in.info.Total {
			return rep, usagef("compare: %s holds games %d..%d of %d (a shard): join the shards with lab merge first", in.dir, in.info.First, in.info.End-1, in.info.Total)
		}
	}
	mA, a, err := readPaired(dirA, infoA)
	if err != nil {
		return rep, err
	}
	_, b, err := readPaired(dirB, infoB)
	if err != nil {
		return rep, err
	}
	for i := range a.seeds {
		if a.seeds[i] != b.seeds[i] || a.sets[i] != b.sets[i] || !slices.Equal(a.lineup[i], b.lineup[i]) {
			return rep, usagef("compare: %s and %s are not pairable: game %d was dealt differently", dirA, dirB, i)
		}
	}
	rep = compareReport{Game: infoA.Game, Rules: infoA.Rules, Schedule: infoA.Schedule, Seed: fmt.Sprint(uint64(infoA.Seed)),
		Games: infoA.Total, A: compareRun{dirA, infoA.Players}, B: compareRun{dirB, infoB.Players}}
	if o, ok := mA.(interface{ Outcome() string }); ok && o.Outcome() == arena.OutcomeTeam {
		for _, t := range sortedKeys(a.teams, b.teams) {
			wa, wb := a.teams[t], b.teams[t]
			if wa == nil {
				wa = make([]bool, len(a.seeds))
			}
			if wb == nil {
				wb = make([]bool, len(b.seeds))
			}
			rep.Teams = append(rep.Teams, compareTeam{Team: t, PairedRate: arena.ComparePaired(wa, wb)})
		}
		for i := 1; i < len(a.sets); i++ {
			rep.SetsShareDeals = rep.SetsShareDeals || a.sets[i] == a.sets[i-1]
		}
		if rep.SetsShareDeals {
			for i := range rep.Teams {
				t := rep.Teams[i].Team
				xa, xb := setMeans(a.sets, winsAsFloats(a.teams[t], len(a.sets))), setMeans(a.sets, winsAsFloats(b.teams[t], len(a.sets)))
				bySet := arena.ComparePairedMeans(xa, xb)
				rep.Teams[i].BySet = &bySet
			}
		}
		return rep, nil
	}
	for p := range a.scores {
		// Games of one duplicate set share a deal: their outcomes are
		// not independent, the sets are. So the pairs are sets, over the
		// games where the player held a seat in both runs.
		var sets []int64
		var sa, sb []float64
		for i := range a.scores[p] {
			if x, y := a.scores[p][i], b.scores[p][i]; !math.IsNaN(x) && !math.IsNaN(y) {
				sets, sa, sb = append(sets, a.sets[i]), append(sa, x), append(sb, y)
			}
		}
		rep.Scores = append(rep.Scores, compareStrategy{a.names[p], b.names[p], len(sa), arena.ComparePairedMeans(setMeans(sets, sa), setMeans(sets, sb))})
	}
	return rep, nil
}

// winsAsFloats is a team's wins as 1s and 0s over n games (all 0 when the
// team never played: nil).
func winsAsFloats(w []bool, n int) []float64 {
	x := make([]float64, n)
	for i := range w {
		if w[i] {
			x[i] = 1
		}
	}
	return x
}

// setMeans averages the outcomes x of consecutive games of the same set.
func setMeans(sets []int64, x []float64) []float64 {
	var means []float64
	k := 0
	for i := range x {
		if i == 0 || sets[i] != sets[i-1] {
			if k > 0 {
				means[len(means)-1] /= float64(k)
			}
			means, k = append(means, 0), 0
		}
		means[len(means)-1] += x[i]
		k++
	}
	if k > 0 {
		means[len(means)-1] /= float64(k)
	}
	return means
}

// compareValue prints a configuration value of a pairability error on one
// line (rules are JSON).
func compareValue(v any) string {
	return strings.Join(strings.Fields(fmt.Sprint(v)), " ")
}

// readPaired reads a whole run's outcomes by game index, with the match
// it was played with.
func readPaired(dir string, info datasets.RunInfo) (arena.Match, pairedRun, error) {
	m, err := runMatch(info)
	if err != nil {
		return nil, pairedRun{}, arenaInputError(fmt.Errorf("compare: %s: %w", dir, err))
	}
	n := int(info.Total)
	names := m.Players()
	r := pairedRun{names: names, seeds: make([]uint64, n), sets: make([]int64, n), lineup: make([][]int, n), teams: map[string][]bool{}, scores: make([][]float64, len(names))}
	for p := range r.scores {
		r.scores[p] = make([]float64, n)
	}
	seen := make([]bool, n)
	sum := make([]float64, len(names))
	cnt := make([]int, len(names))
	_, err = datasets.ReadRun(dir, func(g *datasets.Game) error {
		i := int(g.Index)
		if i < 0 || i >= n || seen[i] {
			return usagef("compare: %s: game index %d out of place", dir, g.Index)
		}
		seen[i] = true
		r.seeds[i], r.sets[i], r.lineup[i] = g.Seed, g.Set, slices.Clone(g.Lineup)
		clear(sum)
		clear(cnt)
		for seat, p := range g.Lineup {
			if p < 0 || p >= len(names) || seat >= len(g.Result.Score) || seat >= len(g.Result.Placement) {
				return usagef("compare: %s: game %d has a broken lineup", dir, g.Index)
			}
			sum[p] += g.Result.Score[seat]
			cnt[p]++
			if seat < len(g.Result.SeatTags) {
				if t := m.Team(g.Result.SeatTags[seat]); t != "" {
					w := r.teams[t]
					if w == nil {
						w = make([]bool, n)
						r.teams[t] = w
					}
					w[i] = w[i] || g.Result.Placement[seat] == 1
				}
			}
		}
		for p := range names {
			r.scores[p][i] = math.NaN()
			if cnt[p] > 0 {
				r.scores[p][i] = sum[p] / float64(cnt[p])
			}
		}
		return nil
	})
	if err != nil {
		return m, r, arenaInputError(fmt.Errorf("compare: %w", err))
	}
	if i := slices.Index(seen, false); i >= 0 {
		return m, r, usagef("compare: %s: game %d is missing", dir, i)
	}
	return m, r, nil
}

// sortedKeys returns the keys of a and b, sorted, once each.
func sortedKeys[V any](a, b map[string]V) []string {
	var k []string
	for _, m := range []map[string]V{a, b} {
		for s := range m {
			if !slices.Contains(k, s) {
				k = append(k, s)
			}
		}
	}
	slices.Sort(k)
	return k
}

// printCompare prints the comparison as a plain table to stdout.
func printCompare(r compareReport) error {
	w := new(bytes.Buffer)
	fmt.Fprintf(w, "lab compare: %s %s, %s, %d games, seed %s\n", r.Game, r.Rules, r.Schedule, r.Games, r.Seed)
	fmt.Fprintf(w, "A: %s (%s)\nB: %s (%s)\n\n", r.A.Dir, strings.Join(r.A.Players, ", "), r.B.Dir, strings.Join(r.B.Players, ", "))
	pct := func(x float64) string { return fmt.Sprintf("%.1f", 100*x) }
	signed := func(x float64) string { return fmt.Sprintf("%+.1f", 100*x) }
	if len(r.Teams) > 0 {
		rows := [][]string{{"team wins", "A", "B", "B − A (points)", "McNemar"}}
		for _, t := range r.Teams {
			rows = append(rows, []string{t.Team,
				fmt.Sprintf("%s %% (%s–%s)", pct(t.RateA), pct(t.CIA[0]), pct(t.CIA[1])),
				fmt.Sprintf("%s %% (%s–%s)", pct(t.RateB), pct(t.CIB[0]), pct(t.CIB[1])),
				fmt.Sprintf("%s (%s to %s)", signed(t.Diff), signed(t.DiffCI[0]), signed(t.DiffCI[1])),
				fmt.Sprintf("z %.1f, p %s (A only %d, B only %d)", t.Z, compareP(t.P), t.AOnly, t.BOnly)})
		}
		if err := printColumns(w, rows); err != nil {
			return err
		}
		fmt.Fprintln(w, "\nrates with Wilson 95 % intervals; B − A: paired difference, 95 % interval; McNemar: z and exact two-sided p on the games one run won")
		if r.SetsShareDeals {
			fmt.Fprintln(w, "\nthe games of a duplicate set share a deal, so they are not independent: the intervals and McNemar above are too narrow;")
			fmt.Fprintln(w, "by set (each set's win rate, paired by set, Student t 95 % interval), the comparison to trust:")
			for _, t := range r.Teams {
				if t.BySet != nil {
					fmt.Fprintf(w, "  %s: %s (%s to %s) over %d sets, t %.2f\n", t.Team, signed(t.BySet.Diff), signed(t.BySet.DiffCI[0]), signed(t.BySet.DiffCI[1]), t.BySet.Pairs, t.BySet.T)
				}
			}
		}
		_, err := stdout.Write(w.Bytes())
		return err
	}
	rows := [][]string{{"mean score", "games", "sets", "A", "B", "B − A (95 %)", "t"}}
	for _, s := range r.Scores {
		name := s.A
		if s.B != s.A {
			name = s.A + " → " + s.B
		}
		f := scoreFormat(s.DiffCI[1] - s.Diff)
		rows = append(rows, []string{name, fmt.Sprint(s.Games), fmt.Sprint(s.Pairs), fmt.Sprintf(f, s.MeanA), fmt.Sprintf(f, s.MeanB),
			fmt.Sprintf("%s (%s to %s)", fmt.Sprintf("%+"+f[1:], s.Diff), fmt.Sprintf("%+"+f[1:], s.DiffCI[0]), fmt.Sprintf("%+"+f[1:], s.DiffCI[1])),
			fmt.Sprintf("%.2f", s.T)})
	}
	if err := printColumns(w, rows); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nmean score per game over the player's seats; B − A: paired by set (a duplicate set, else a game), Student t 95 % interval")
	_, err := stdout.Write(w.Bytes())
	return err
}

// scoreFormat is the format of a mean whose interval has half width h:
// two significant digits of h.
func scoreFormat(h float64) string {
	d := 3
	if h > 0 && !math.IsInf(h, 0) {
		d = max(0, 1-int(math.Floor(math.Log10(h))))
	}
	return fmt.Sprintf("%%.%df", d)
}

// compareP prints a p-value with two significant digits.
func compareP(p float64) string {
	if p >= 0.01 {
		return fmt.Sprintf("%.2f", p)
	}
	return fmt.Sprintf("%.1e", p)
}

// printColumns prints rows as left-aligned columns two spaces apart.
func printColumns(w io.Writer, rows [][]string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, row := range rows {
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	return tw.Flush()
}
