package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"gamelab/arena"
	"gamelab/datasets"
	"gamelab/reports"
	"gamelab/sim"
	"gamelab/strategies"
)

func init() {
	register(&command{name: "arena", summary: "run a tournament: duplicate sets, round robin or gauntlet, with ratings", run: runArena})
}

const arenaAbout = `Plays a tournament between strategies and prints one line per strategy:
games (seats taken), mean score, placements, win rate with its 95% interval
and a Plackett–Luce rating (Elo scale) with its 95% interval, then the
game's extras (mahjong: Tenhou-style rates; werewolf: per team and role).
With no flags it runs the demo: the built-in mahjong strategies on dihou
rules in duplicate sets. The seed is always printed; rerun with --seed to
replay exactly. Results do not depend on --workers.

Strategies are given as name?param=value&param=value (or a JSON strategy
file); 'lab strategies [--game G]' lists every strategy with its
parameters, their types, defaults and ranges.`

// runFlags are the flags arena, sprt and tune share.
type runFlags struct {
	game, rules, schedule, out, shard string
	seed                              seedFlag
	workers                           int
	games                             int64
}

func addRunFlags(fs *flag.FlagSet, f *runFlags) {
	fs.StringVar(&f.game, "game", "", "game: "+strings.Join(arena.Games(), ", ")+" (default mahjong, else the first)")
	fs.StringVar(&f.rules, "rules", "", "rules: a preset name or a JSON rules file (default: the game's demo preset)")
	addSeedFlag(fs, &f.seed, "root seed")
	fs.IntVar(&f.workers, "workers", runtime.GOMAXPROCS(0), "parallel games (results do not depend on it)")
}

// gameAndSeed resolves --game (noting a fallback on stderr) and --seed
// (random when absent; the verbs print it), the first step of arena, sprt
// and tune.
func (f *runFlags) gameAndSeed(stderr io.Writer) (arena.Runner, uint64, error) {
	r, err := resolveGame(f.game, stderr)
	if err != nil {
		return nil, 0, err
	}
	return r, f.seed.resolve(nil, ""), nil
}

// resolveGame picks the game, noting a fallback on stderr.
func resolveGame(name string, stderr io.Writer) (arena.Runner, error) {
	if name == "" {
		g, fallback := arena.DefaultGame()
		if g == "" {
			return nil, usagef("no game is registered in this build")
		}
		if fallback {
			fmt.Fprintf(stderr, "lab arena: mahjong is not in this build yet; falling back to %s\n", g)
		}
		name = g
	}
	r, err := arena.Lookup(matchGame(name, arena.Games()))
	if err != nil {
		return nil, usagef("--game: %v", err)
	}
	return r, nil
}

// teamFlag collects --team TEAM=SPEC (and --village, --wolves).
type teamFlag map[string]string

func (t teamFlag) String() string { return fmt.Sprint(map[string]string(t)) }

func (t *teamFlag) Set(v string) error {
	team, spec, ok := strings.Cut(v, "=")
	if !ok || team == "" || spec == "" {
		return fmt.Errorf("%q: want TEAM=SPEC", v)
	}
	if *t == nil {
		*t = teamFlag{}
	}
	if _, dup := (*t)[team]; dup {
		return fmt.Errorf("team %s given twice", team)
	}
	(*t)[team] = spec
	return nil
}

// parsePlayers splits --players: comma-separated specs, or a JSON file
// holding an array of specs (a JSON file that is a single strategy is a
// spec itself).
func parsePlayers(s string) ([]string, error) {
	if strings.HasSuffix(s, ".json") && !strings.Contains(s, ",") {
		raw, err := os.ReadFile(s)
		if err != nil {
			return nil, usagef("--players: %v", err)
		}
		var list []string
		if json.Unmarshal(raw, &list) == nil {
			return list, nil
		}
		return []string{s}, nil
	}
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out, nil
}

// parseShard reads "i/n" (0-based i, as a Kubernetes Indexed Job's
// JOB_COMPLETION_INDEX).
func parseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	i, e1 := strconv.Atoi(a)
	n, e2 := strconv.Atoi(b)
	if !ok || e1 != nil || e2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, usagef("--shard %q: want i/n with 0 <= i < n", s)
	}
	return i, n, nil
}

// arenaInputError maps arena and dataset input errors to exit 2.
func arenaInputError(err error) error {
	var ue *usageError
	if errors.As(err, &ue) {
		return err
	}
	if errors.Is(err, arena.ErrInput) || errors.Is(err, strategies.ErrSpec) || errors.Is(err, datasets.ErrForeign) || errors.Is(err, datasets.ErrRead) {
		return usagef("%s", arenaOneLine(err.Error()))
	}
	return err
}

func arenaOneLine(s string) string { return strings.ReplaceAll(strings.TrimSpace(s), "\n", "; ") }

// arenaProgress returns a progress bar on an interactive terminal (never in CI
// or when stderr is redirected), or nil.
func arenaProgress(total int64, what string) *progressbar.ProgressBar {
	if os.Getenv("CI") != "" || !term.IsTerminal(int(os.Stderr.Fd())) {
		return nil
	}
	return progressbar.NewOptions64(total, progressbar.OptionSetWriter(os.Stderr), progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(), progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish())
}

func runArena(ctx context.Context, args []string) error {
	return arenaMain(ctx, args, os.Stderr)
}

func arenaMain(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flagSet("lab arena [flags]", arenaAbout)
	var f runFlags
	addRunFlags(fs, &f)
	players := fs.String("players", "", "players: comma-separated strategy specs (name?param=value) or JSON files, or a JSON file with a list (default: the built-in strategies)")
	fs.Int64Var(&f.games, "games", 0, "games to play, rounded up to whole duplicate sets (default: the game's demo size)")
	fs.StringVar(&f.schedule, "schedule", "duplicate", "schedule: duplicate, roundrobin or gauntlet")
	fs.StringVar(&f.out, "out", "", "write games/seats(/decisions).parquet and summary.json into this directory")
	fs.StringVar(&f.shard, "shard", "", "play only shard i/n of the run (0-based), for job arrays; merge with lab merge")
	asJSON := fs.Bool("json", false, "print the summary as JSON on stdout instead of tables")
	decisions := fs.Bool("decisions", false, "with --out, also write decisions.parquet (one row per decision)")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the run to this file (go tool pprof)")
	var teams teamFlag
	fs.Var(&teams, "team", "team lineup TEAM=SPEC: every seat dealt to TEAM plays SPEC (repeatable; team games only)")
	fs.Func("village", "werewolf: strategy of every village seat (= --team village=SPEC)", func(v string) error { return teams.Set("village=" + v) })
	fs.Func("wolves", "werewolf: strategy of every werewolf-team seat (= --team werewolf=SPEC)", func(v string) error { return teams.Set("werewolf=" + v) })
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	if *cpuprofile != "" {
		pf, err := os.Create(*cpuprofile)
		if err != nil {
			return usagef("--cpuprofile: %v", err)
		}
		if err := pprof.StartCPUProfile(pf); err != nil {
			pf.Close()
			return usagef("--cpuprofile: %v", err)
		}
		defer func() { pprof.StopCPUProfile(); pf.Close() }()
	}
	r, seed, err := f.gameAndSeed(stderr)
	if err != nil {
		return err
	}
	specs := r.Strategies()
	if *players != "" {
		if specs, err = parsePlayers(*players); err != nil {
			return err
		}
	}
	if *decisions && f.out == "" {
		return usagef("--decisions needs --out DIR")
	}
	var m arena.Match
	if len(teams) > 0 {
		tr, ok := r.(arena.TeamRunner)
		names, _ := tr.Teams(f.rules)
		switch {
		case !ok || names == nil:
			return usagef("--team/--village/--wolves: %s is not a team game", r.Name())
		case *players != "":
			return usagef("--players and team lineups (--team/--village/--wolves) exclude each other")
		}
		// One game per deal: the deal decides who sits where.
		f.schedule = "roundrobin"
		m, err = tr.PrepareTeams(f.rules, teams)
	} else {
		m, err = r.Prepare(f.rules, specs)
	}
	if err != nil {
		return arenaInputError(err)
	}
	sched, err := arena.NewSchedule(f.schedule, m.Seats(), len(m.Players()), seed)
	if err != nil {
		return arenaInputError(err)
	}
	if f.games < 0 {
		return usagef("--games %d: want a positive count", f.games)
	}
	if f.games == 0 {
		f.games = demoGames(r, sched)
	}
	total := sched.RoundUp(f.games)
	first, end := int64(0), total
	if f.shard != "" {
		i, n, err := parseShard(f.shard)
		if err != nil {
			return err
		}
		first, end, _ = sched.Shard(i, n, total)
	}
	if f.out != "" {
		// a bad --out is bad input: one line, exit 2, before any game
		if err := checkWritableDir(f.out); err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "lab arena: %s %s, %s, %d games, seed %d (replay with --seed %d)\n", m.Game(), m.RulesName(), f.schedule, end-first, seed, seed)
	info := datasets.RunInfo{Version: version(), Game: m.Game(), Rules: m.RulesName(), RulesJSON: m.Rules(), Players: m.Players(),
		Schedule: f.schedule, Seed: sim.SeedText(seed), First: first, End: end, Total: total, Shard: f.shard, Decisions: *decisions}
	resumable := f.shard != "" && f.out != ""
	if resumable {
		if done, err := shardComplete(f.out, info); err != nil {
			return err
		} else if done {
			fmt.Fprintf(stdout, "shard %s already complete in %s: nothing to play\n", f.shard, f.out)
			return nil
		}
		if err := startShard(f.out, shardMarker(info, args, false)); err != nil {
			return err
		}
	}
	rep, err := playRun(ctx, m, sched, info, f.workers, f.out, *decisions)
	if err != nil {
		if resumable {
			os.Remove(filepath.Join(f.out, datasets.MarkerFile))
		}
		return arenaInputError(err)
	}
	if resumable {
		if err := datasets.WriteMarker(f.out, shardMarker(info, args, true)); err != nil {
			return err
		}
	}
	if f.out != "" {
		fmt.Fprintf(stderr, "lab arena: wrote %s (games, seats%s parquet, summary.json)\n", f.out, map[bool]string{true: ", decisions", false: ""}[*decisions])
	}
	return printReport(rep, *asJSON)
}

// demoGames sizes the default run: the game's demo size if it names one,
// else 100 duplicate sets.
func demoGames(r arena.Runner, s *arena.Schedule) int64 {
	if d, ok := r.(interface{ DemoGames() int64 }); ok && d.DemoGames() > 0 {
		return d.DemoGames()
	}
	return 100 * s.SetSize()
}

// playRun plays info's game range, streaming into the summary and, with
// out, the Parquet files and summary.json (all renamed into place only on
// success).
func playRun(ctx context.Context, m arena.Match, sched *arena.Schedule, info datasets.RunInfo, workers int, out string, decisions bool) (arena.Report, error) {
	sum := arena.NewSummary(m)
	var w *datasets.Writer
	if out != "" {
		var err error
		if w, err = datasets.Create(out, info, 0); err != nil {
			return arena.Report{}, err
		}
	}
	bar := arenaProgress(info.End-info.First, "games")
	var g datasets.Game
	err := arena.Run(ctx, m, sched, arena.Options{First: info.First, End: info.End, Workers: workers, Decisions: decisions}, func(r *arena.Record) error {
		sum.Add(r)
		if bar != nil {
			bar.Add(1)
		}
		if w != nil {
			return w.Add(datasetGame(r, &g))
		}
		return nil
	})
	if bar != nil {
		bar.Finish()
	}
	if err != nil {
		if w != nil {
			w.Abort()
		}
		return arena.Report{}, err
	}
	rep := finishReport(sum, info)
	if w != nil {
		if err := w.Close(); err != nil {
			return rep, err
		}
		if err := writeJSONFile(filepath.Join(out, "summary.json"), rep); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

func finishReport(sum *arena.Summary, info datasets.RunInfo) arena.Report {
	rep := sum.Report()
	rep.Rules, rep.Schedule, rep.Seed, rep.SeedNum, rep.First = info.Rules, info.Schedule, info.Seed, uint64(info.Seed), info.First
	rep.Version = info.Version
	return rep
}

func printReport(rep arena.Report, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	return reports.Tables(stdout, reportSummary(rep))
}

// reportSummary converts the arena's summary into the reports package's
// own types (reports depends on sim only, never on the arena).
func reportSummary(rep arena.Report) reports.Summary {
	s := reports.Summary{Version: rep.Version, Game: rep.Game, Rules: rep.Rules, Schedule: rep.Schedule, Seed: rep.Seed,
		Seats: rep.Seats, Games: rep.Games, Sets: rep.Sets, Teams: reportRates(rep.Teams)}
	switch rep.Outcome {
	case arena.OutcomePlaces:
		s.Outcome = reports.Places
	case arena.OutcomeTeam:
		s.Outcome = reports.TeamWin
	default:
		s.Outcome = reports.Points
	}
	for _, p := range rep.Players {
		rp := reports.Player{Name: p.Name, Games: p.Games, MeanScore: p.MeanScore, ScoreCI: p.ScoreCI, Placements: p.Placements,
			AvgPlace: p.AvgPlace, WinRate: p.WinRate, WinCI: p.WinCI, RankPoints: p.RankPoints, RankCI: p.RankCI,
			Elo: p.Rating.Elo, EloCI: p.Rating.CI, Roles: reportRates(p.Roles)}
		for _, e := range p.Extras {
			rp.Extras = append(rp.Extras, reports.Extra{Name: e.Name, Value: e.Value})
		}
		s.Players = append(s.Players, rp)
	}
	for _, h := range rep.HeadToHead {
		s.HeadToHead = append(s.HeadToHead, reports.Pair{A: h.A, B: h.B, Pairs: h.Pairs, Above: h.Above, Ties: h.Ties, Score: h.Score, CI: h.CI})
	}
	return s
}

func reportRates(m map[string]arena.Rate) map[string]reports.Rate {
	if m == nil {
		return nil
	}
	out := make(map[string]reports.Rate, len(m))
	for k, r := range m {
		out[k] = reports.Rate{Games: r.Games, WinRate: r.WinRate, CI: r.CI}
	}
	return out
}

// writeJSONFile writes v as indented JSON through a temporary name.
func writeJSONFile(path string, v any) error {
	raw, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(raw, '\n'), 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}
