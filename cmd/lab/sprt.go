package main

import (
	"context"
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
fastchess report block. Exit 0 when H1 is accepted (the candidate is at
least elo1 better) or no verdict is reached within --games, 1 when H0 is
accepted.`

// sprtOutcome is what sprt.json holds (and lab report plots).
type sprtOutcome struct {
	Game      string     `json:"game"`
	Rules     string     `json:"rules"`
	Candidate string     `json:"candidate"`
	Baseline  string     `json:"baseline"`
	Seed      uint64     `json:"seed"`
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
	if _, err := parseFlags(fs, args); err != nil {
		return err
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
	fmt.Fprintf(stderr, "lab sprt: %s %s, %s vs %s, seed %d (replay with --seed %d)\n", m.Game(), m.RulesName(), m.Players()[0], m.Players()[1], seed, seed)
	out, err := playSPRT(ctx, m, sched, test, sched.RoundUp(f.games), f.workers, true)
	if err != nil {
		return arenaInputError(err)
	}
	out.Game, out.Rules, out.Seed = m.Game(), m.RulesName(), seed
	out.Candidate, out.Baseline = m.Players()[0], m.Players()[1]
	fmt.Fprint(arenaStdout, out.Block)
	if f.out != "" {
		if err := os.MkdirAll(f.out, 0o755); err != nil {
			return err
		}
		if err := writeJSONFile(filepath.Join(f.out, "sprt.json"), out); err != nil {
			return err
		}
	}
	switch out.Verdict {
	case "H0":
		return &exitError{code: 1, msg: fmt.Sprintf("sprt: H0 accepted: %s is not %g nElo better than %s", out.Candidate, *elo1, out.Baseline)}
	case "H1":
		fmt.Fprintf(arenaStdout, "H1 accepted: %s is stronger\n", out.Candidate)
	default:
		fmt.Fprintf(arenaStdout, "no verdict after %d games\n", out.Games)
	}
	return nil
}

var errStop = errors.New("sprt: bound crossed")

// playSPRT feeds sets to the test in order and, with stop, ends at the
// first set where a bound is crossed, so the verdict does not depend on
// workers.
func playSPRT(ctx context.Context, m arena.Match, sched *arena.Schedule, test *arena.SPRT, games int64, workers int, stop bool) (sprtOutcome, error) {
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
