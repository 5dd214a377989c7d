package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"

	"math"

	"gamelab/arena"
	"gamelab/sim"
	"gamelab/strategies"
)

func init() {
	register(&command{name: "tune", summary: "tune a strategy's parameters by self-play (SPSA) and write a strategy file", run: runTune})
}

const tuneAbout = `Tunes the numeric parameters of --strategy by SPSA (Spall 1992, as fishtest
runs it): each step perturbs all parameters at once by ±c_k (in units of
each parameter's range), seats the two perturbed versions at one table
with the fixed --opponents filling the other seats (on two seats they meet
head to head, as in fishtest), plays one duplicate set, and moves along
their score difference with gain a_k. Four fifths of --games tune; the
last fifth plays the winner against the untuned strategy in duplicate sets
and prints the improvement with its 95% interval. The winner is written as
a strategy JSON file (--out) that arena, sprt and the live adapters accept.`

func runTune(ctx context.Context, args []string) error { return tuneMain(ctx, args, os.Stderr) }

func tuneMain(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flagSet("lab tune --strategy SPEC --out FILE.json [flags]", tuneAbout)
	var f runFlags
	addRunFlags(fs, &f)
	strat := fs.String("strategy", "", "strategy to tune (spec: its parameters are the starting point)")
	opps := fs.String("opponents", "", "fixed opponent field, comma-separated specs (default: the untuned strategy)")
	fs.Int64Var(&f.games, "games", 4000, "budget in games")
	out := fs.String("out", "", "strategy JSON file to write")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	if *strat == "" || *out == "" {
		return usagef("tune: --strategy and --out are required")
	}
	r, seed, err := f.gameAndSeed(stderr)
	if err != nil {
		return err
	}
	start, err := strategies.ParseSpec(*strat)
	if err != nil {
		return usagef("--strategy: %v", err)
	}
	params, err := r.Params(start.Name)
	if err != nil {
		return arenaInputError(err)
	}
	var tunable []strategies.Param
	for _, p := range params {
		if p.Max > p.Min {
			tunable = append(tunable, p)
		}
	}
	if len(tunable) == 0 {
		return usagef("tune: %s/%s has no tunable parameters", r.Name(), start.Name)
	}
	field := []string{start.String()}
	if *opps != "" {
		if field, err = parsePlayers(*opps); err != nil {
			return err
		}
	}
	if _, err := r.Prepare(f.rules, append([]string{start.String()}, field...)); err != nil {
		return arenaInputError(err)
	}
	if f.games < 10 {
		return usagef("--games %d: the budget must be at least 10 games", f.games)
	}

	// θ in [0,1]^d: each parameter scaled by its range.
	d := len(tunable)
	theta := make([]float64, d)
	for i, p := range tunable {
		v, ok := start.Params[p.Name]
		if !ok {
			v = p.Default
		}
		theta[i] = (v - p.Min) / (p.Max - p.Min)
	}
	specOf := func(th []float64) string {
		sp := strategies.Spec{Name: start.Name, Params: map[string]float64{}}
		for k, v := range start.Params {
			sp.Params[k] = v
		}
		for i, p := range tunable {
			// 4 significant digits: SPSA's noise is far above that
			v := p.Min + min(max(th[i], 0), 1)*(p.Max-p.Min)
			sp.Params[p.Name], _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
		}
		return sp.String()
	}
	m0, err := r.Prepare(f.rules, []string{start.String()})
	if err != nil {
		return arenaInputError(err)
	}
	fmt.Fprintf(stderr, "lab tune: %s %s, %s, %d games, seed %d (replay with --seed %d)\n", r.Name(), m0.RulesName(), start.String(), f.games, seed, seed)
	seats := int64(m0.Seats())
	tuneGames := f.games * 4 / 5
	iters := max(tuneGames/seats, 1)
	// Spall's guidelines: α = 0.602, γ = 0.101, A ≈ 10 % of the steps;
	// c = 0.1 of the range; a sized so that a score difference of 0.5
	// moves a parameter by about 2.5 % of its range at the first step.
	const alpha, gamma = 0.602, 0.101
	A := 0.1 * float64(iters)
	c := 0.1
	a := 0.05 * math.Pow(A+1, alpha) / 0.5 * c
	plus, minus := make([]float64, d), make([]float64, d)
	for k := int64(0); k < iters; k++ {
		ck := c / math.Pow(float64(k+1), gamma)
		ak := a / math.Pow(A+float64(k+1), alpha)
		flip := arenaRand(seed, uint64(k))
		delta := make([]float64, d)
		for i := range d {
			delta[i] = 1
			if flip.Uint64()&1 == 0 {
				delta[i] = -1
			}
			plus[i] = theta[i] + ck*delta[i]
			minus[i] = theta[i] - ck*delta[i]
		}
		players := append([]string{specOf(plus), specOf(minus)}, field...)
		m, err := r.Prepare(f.rules, players)
		if err != nil {
			return arenaInputError(err)
		}
		sched, err := arena.NewSchedule("duplicate", m.Seats(), len(players), arenaSeed(seed, uint64(k)))
		if err != nil {
			return arenaInputError(err)
		}
		// score difference of θ+ over θ- across the set
		diff := 0.0
		err = arena.Run(ctx, m, sched, arena.Options{First: 0, End: sched.SetSize(), Workers: f.workers}, func(rec *arena.Record) error {
			l := rec.Lineup
			diff += arena.SeatScore(rec.Result.Placement, func(s int) bool { return l[s] == 0 }) -
				arena.SeatScore(rec.Result.Placement, func(s int) bool { return l[s] == 1 })
			return nil
		})
		if err != nil {
			return arenaInputError(err)
		}
		diff /= float64(sched.SetSize())
		for i := range d {
			theta[i] = min(max(theta[i]+ak*diff/(2*ck*delta[i]), 0), 1)
		}
	}
	tuned := specOf(theta)

	// Evaluation: tuned vs the starting strategy in duplicate sets.
	m, err := r.Prepare(f.rules, []string{tuned, start.String()})
	if err != nil {
		return arenaInputError(err)
	}
	sched, _ := arena.NewSchedule("duplicate", m.Seats(), 2, arenaSeed(seed, 1<<62))
	test, _ := arena.NewSPRT(0, 5, 0.05, 0.05, m.Seats())
	evalGames := sched.RoundUp(max(f.games-tuneGames, seats))
	if _, err := playSPRT(ctx, m, sched, test, evalGames, f.workers, false, 0, nil); err != nil {
		return arenaInputError(err)
	}
	e := test.Estimate()
	sp, _ := strategies.ParseSpec(tuned)
	note := fmt.Sprintf("lab tune: SPSA, %d steps, seed %d, vs %v; evaluation over %d games: %+.1f ± %.1f Elo (nElo %+.1f ± %.1f)",
		iters, seed, field, test.Sets()*seats, e.Elo, e.EloCI, e.NElo, e.NEloCI)
	if err := strategies.WriteFile(*out, strategies.File{Game: r.Name(), Spec: sp, Note: note,
		Rules: json.RawMessage(m.Rules()), RulesName: m.RulesName()}); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "tuned: %s\nstart: %s\nimprovement over %d games: %+.1f ± %.1f Elo, nElo %+.1f ± %.1f, LOS %.1f %%\nwrote %s\n",
		tuned, start.String(), test.Sets()*seats, e.Elo, e.EloCI, e.NElo, e.NEloCI, 100*e.LOS, *out)
	return nil
}

// arenaSeed derives the seed of tuning step k.
func arenaSeed(root, k uint64) uint64 { return sim.Seed(root, sim.Label("tune"), k) }

// arenaRand is the perturbation stream of step k.
func arenaRand(root, k uint64) *sim.PCG {
	p := sim.NewPCG(sim.Seed(root, sim.Label("spsa"), k))
	return &p
}
