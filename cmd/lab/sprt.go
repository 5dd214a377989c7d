package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"gamelab/arena"
)

func init() {
	register(&command{name: "sprt", summary: "test a candidate against a baseline with a sequential probability ratio test", run: runSPRT})
}

const sprtAbout = `Plays the candidate against the baseline in duplicate sets (every seat
rotation of one deal; on more than two seats one candidate faces copies of
the baseline, Mortal-style 1v3) until the generalized SPRT in the
normalized-Elo model (fishtest/fastchess) crosses a bound, then prints the
fastchess report block, headed "Results of CANDIDATE vs BASELINE (...)".
On long runs an interim block follows every --interim sets. The LLR is
fishtest's exact GSPRT with its regularization, so a candidate that wins
(or loses) every game decides too.

Exit codes: 0 H1 accepted (the candidate is at least elo1 better), 1 H0
accepted, 3 no verdict within --games, 2 bad input or a run-time error.
--out is checked writable before the first game.`

// sprtOutcome is what sprt.json holds (and lab report plots).
type sprtOutcome struct {
	Game      string     `json:"game"`
	Rules     string     `json:"rules"`
	Candidate string     `json:"candidate"`
	Baseline  string     `json:"baseline"`
	Seed      string     `json:"seed"`        // exact, decimal
	SeedNum   uint64     `json:"seed_number"` // the same as a JSON number: readers decoding float64 round it above 2^53
	SetSize   int        `json:"set_size"`
	Elo0      float64    `json:"elo0"`
	Elo1      float64    `json:"elo1"`
	Alpha     float64    `json:"alpha"`
	Beta      float64    `json:"beta"`
	Sets      int64      `json:"sets"`
	Games     int64      `json:"games"`
	LLR       float64    `json:"llr"`
	Bounds    [2]float64 `json:"bounds"`
	Verdict   string     `json:"verdict"`
	Elo       float64    `json:"elo"`
	EloCI     float64    `json:"elo_ci95"`
	NElo      float64    `json:"nelo"`
	NEloCI    float64    `json:"nelo_ci95"`
	LOS       float64    `json:"los"`
	Block     string     `json:"block"`
	Trace     []float64  `json:"llr_trace"` // LLR after each set (thinned to <= 2000 points)
}

func runSPRT(ctx context.Context, args []string) error { return sprtMain(ctx, args, os.Stderr) }

func sprtMain(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flagSet("lab sprt --candidate SPEC --baseline SPEC [flags]", sprtAbout)
	var f runFlags
	addRunFlags(fs, &f)
	cand := fs.String("candidate", "", "candidate strategy spec or JSON file")
	base := fs.String("baseline", "", "baseline strategy spec or JSON file")
	elo0 := fs.Float64("elo0", 0, "H0 bound in normalized Elo")
	elo1 := fs.Float64("elo1", 5, "H1 bound in normalized Elo")
	alpha := fs.Float64("alpha", 0.05, "type I error")
	beta := fs.Float64("beta", 0.05, "type II error")
	fs.Int64Var(&f.games, "games", 40000, "stop without a verdict after this many games")
	fs.StringVar(&f.out, "out", "", "write sprt.json (report block, LLR after each set) into this directory for lab report")
	asJSON := fs.Bool("json", false, "print the outcome (sprt.json's content) as JSON on stdout instead of the block")
	interim := fs.Int64("interim", 1000, "print an interim block every this many sets (0: none)")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	if *interim < 0 {
		return usagef("--interim %d: want 0 or a positive count of sets", *interim)
	}
	if *cand == "" || *base == "" {
		return usagef("sprt: --candidate and --baseline are required")
	}
	r, seed, err := f.gameAndSeed(stderr)
	if err != nil {
		return err
	}
	m, err := r.Prepare(f.rules, []string{*cand, *base})
	if err != nil {
		return arenaInputError(err)
	}
	sched, err := arena.NewSchedule("duplicate", m.Seats(), 2, seed)
	if err != nil {
		return arenaInputError(err)
	}
	test, err := arena.NewSPRT(*elo0, *elo1, *alpha, *beta, int(sched.SetSize()))
	if err != nil {
		return arenaInputError(err)
	}
	if f.games < 1 {
		return usagef("--games %d: want a positive count", f.games)
	}
	if f.out != "" {
		if err := checkWritableDir(f.out); err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "lab sprt: %s %s, %s vs %s, seed %d (replay with --seed %d)\n", m.Game(), m.RulesName(), m.Players()[0], m.Players()[1], seed, seed)
	head := fmt.Sprintf("%s vs %s (%s %s, duplicate sets of %d games, seed %d)", m.Players()[0], m.Players()[1], m.Game(), m.RulesName(), sched.SetSize(), seed)
	interimOut := stdout
	if *asJSON {
		interimOut = stderr
	}
	onInterim := func(t *arena.SPRT) {
		fmt.Fprintf(interimOut, "Interim results of %s after %d sets:\n%s\n", head, t.Sets(), t.Block())
	}
	if *interim == 0 {
		onInterim = nil
	}
	out, err := playSPRT(ctx, m, sched, test, sched.RoundUp(f.games), f.workers, true, *interim, onInterim)
	if err != nil {
		if err = arenaInputError(err); errors.As(err, new(*usageError)) {
			return err
		}
		return &exitError{code: 2, msg: "sprt: " + arenaOneLine(err.Error())}
	}
	out.Game, out.Rules, out.Seed, out.SeedNum, out.SetSize = m.Game(), m.RulesName(), seedText(seed), seed, int(sched.SetSize())
	out.Candidate, out.Baseline = m.Players()[0], m.Players()[1]
	out.Block = "Results of " + head + ":\n" + out.Block
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return &exitError{code: 2, msg: "sprt: " + err.Error()}
		}
	} else {
		fmt.Fprint(stdout, out.Block)
	}
	if f.out != "" {
		if err := writeJSONFile(filepath.Join(f.out, "sprt.json"), out); err != nil {
			return &exitError{code: 2, msg: "sprt: " + err.Error()}
		}
	}
	verdict := fmt.Sprintf("no verdict after %d games", out.Games)
	code := 3
	switch out.Verdict {
	case "H0":
		verdict, code = fmt.Sprintf("H0 accepted: %s is not %g nElo better than %s", out.Candidate, *elo1, out.Baseline), 1
	case "H1":
		verdict, code = fmt.Sprintf("H1 accepted: %s is stronger than %s", out.Candidate, out.Baseline), 0
	}
	if !*asJSON {
		fmt.Fprintln(stdout, verdict)
	}
	if code == 0 {
		return nil
	}
	return &exitError{code: code, msg: "sprt: " + verdict}
}

// checkWritableDir creates dir if needed and proves a file can be written
// in it, so a run does not fail at its end (bad input: exit 2).
func checkWritableDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return usagef("--out: %v", err)
	}
	f, err := os.CreateTemp(dir, ".lab-check-*")
	if err != nil {
		return usagef("--out %s: not writable: %v", dir, err)
	}
	name := f.Name()
	cerr := f.Close()
	if err := os.Remove(name); err != nil {
		return err
	}
	if cerr != nil {
		return usagef("--out %s: not writable: %v", dir, cerr)
	}
	return nil
}

var errStop = errors.New("sprt: bound crossed")

// playSPRT feeds sets to the test in order and, with stop, ends at the
// first set where a bound is crossed, so the verdict does not depend on
// workers.
// With every > 0 and interim, interim is called after every that many sets.
func playSPRT(ctx context.Context, m arena.Match, sched *arena.Schedule, test *arena.SPRT, games int64, workers int, stop bool, every int64, interim func(*arena.SPRT)) (sprtOutcome, error) {
	k := int(sched.SetSize())
	scores := make([]float64, 0, k)
	var trace []float64
	bar := arenaProgress(games, "games")
	err := arena.Run(ctx, m, sched, arena.Options{First: 0, End: games, Workers: workers}, func(r *arena.Record) error {
		if bar != nil {
			bar.Add(1)
		}
		lineup := r.Lineup
		scores = append(scores, arena.SeatScore(r.Result.Placement, func(s int) bool { return lineup[s] == 0 }))
		if len(scores) < k {
			return nil
		}
		test.AddSet(scores)
		scores = scores[:0]
		trace = append(trace, test.LLR())
		if stop && test.Verdict() != "" {
			return errStop
		}
		if interim != nil && every > 0 && test.Sets()%every == 0 && test.Sets()*int64(k) < games {
			interim(test)
		}
		return nil
	})
	if bar != nil {
		bar.Finish()
	}
	if err != nil && !errors.Is(err, errStop) {
		return sprtOutcome{}, err
	}
	e := test.Estimate()
	lo, hi := test.Bounds()
	return sprtOutcome{Elo0: test.Elo0, Elo1: test.Elo1, Alpha: test.Alpha, Beta: test.Beta, Sets: test.Sets(), Games: test.Sets() * int64(k),
		LLR: test.LLR(), Bounds: [2]float64{lo, hi}, Verdict: test.Verdict(), Elo: e.Elo, EloCI: e.EloCI, NElo: e.NElo, NEloCI: e.NEloCI, LOS: e.LOS,
		Block: test.Block(), Trace: thinTrace(trace, 2000)}, nil
}

// thinTrace keeps at most n evenly spaced points (always the last).
func thinTrace(x []float64, n int) []float64 {
	if len(x) <= n {
		return x
	}
	out := make([]float64, 0, n)
	for i := range n {
		out = append(out, x[(i+1)*len(x)/n-1])
	}
	return out
}
