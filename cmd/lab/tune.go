package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"gamelab/arena"
	"gamelab/sim"
	"gamelab/strategies"
)

func init() {
	register(&command{name: "tune", summary: "tune a strategy's parameters by self-play (SPSA or CMA-ES) and write a strategy file", run: runTune})
}

const tuneAbout = `Tunes the parameters of --strategy by SPSA (--method spsa, the default;
Spall 1992, as fishtest runs it) or CMA-ES (--method cmaes; Hansen's
covariance matrix adaptation, gonum's CmaEsChol).

SPSA: each step perturbs all free parameters at once by ±c_k (in units of each
parameter's range; integer and boolean parameters by at least one step),
seats the two perturbed versions at one table with opponents from
--opponents filling the other seats (seatings balanced as in lab arena;
on two seats they meet head to head), plays whole duplicate sets of at
least 16 games on all --workers (results do not depend on --workers), and
moves along the difference of their --objective with gain a_k. CMA-ES:
each generation seats every sampled candidate against the same opponents
on the same deals, all candidates' games on all --workers, and moves the
distribution toward the best half; the result is its mean. Objectives:

  placement  fraction of the other seats beaten (ties half); the default
  score      the game's score per game (chips, points, 1/0)
  rankpt     rank points per game (mahjong: Tenhou uma +90/+45/0/-135)

Four fifths of --games tune. The rest is the validation gate: the tuned
strategy and the starting one each play the same deals and seatings
against the tuning field and against a held-out field (--validate-against,
default every other built-in strategy of the game); the per-set difference
of the objective gets a 95% interval. The file (--out) is written only if
the tuned strategy is not worse in either field (the interval's upper end
is not below 0); otherwise exit 1 with the numbers, unless --force.
Integer and boolean parameters are written as integers. Every step's
parameters and objective go to --trajectory (CSV).`

// tuneObjective is a per-game value of the seats a player holds.
type tuneObjective struct {
	name  string
	value func(res *sim.Result, lineup []int, p int) (float64, bool)
	scale float64 // typical spread of a difference, to size the gain
}

// objectiveFor resolves --objective for a match.
func objectiveFor(name string, m arena.Match) (tuneObjective, error) {
	mean := func(f func(res *sim.Result, seat int) float64) func(*sim.Result, []int, int) (float64, bool) {
		return func(res *sim.Result, lineup []int, p int) (float64, bool) {
			s, n := 0.0, 0
			for seat, q := range lineup {
				if q == p {
					s += f(res, seat)
					n++
				}
			}
			if n == 0 {
				return 0, false
			}
			return s / float64(n), true
		}
	}
	switch name {
	case "placement":
		return tuneObjective{name: name, scale: 1, value: func(res *sim.Result, lineup []int, p int) (float64, bool) {
			if !slices.Contains(lineup, p) {
				return 0, false
			}
			return arena.SeatScore(res.Placement, func(s int) bool { return lineup[s] == p }), true
		}}, nil
	case "score":
		return tuneObjective{name: name, scale: 0, value: mean(func(res *sim.Result, seat int) float64 { return res.Score[seat] })}, nil
	case "rankpt":
		rp, ok := m.(interface{ RankPoints() []float64 })
		if !ok || len(rp.RankPoints()) < m.Seats() {
			return tuneObjective{}, usagef("--objective rankpt: %s has no rank points (use placement or score)", m.Game())
		}
		pts := rp.RankPoints()
		return tuneObjective{name: name, scale: slices.Max(pts) - slices.Min(pts), value: mean(func(res *sim.Result, seat int) float64 {
			return pts[res.Placement[seat]-1]
		})}, nil
	}
	return tuneObjective{}, usagef("--objective %q: want placement, score or rankpt", name)
}

func runTune(ctx context.Context, args []string) error { return tuneMain(ctx, args, os.Stderr) }

func tuneMain(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flagSet("lab tune --strategy SPEC --out FILE.json [flags]", tuneAbout)
	var f runFlags
	addRunFlags(fs, &f)
	strat := fs.String("strategy", "", "strategy to tune (spec: its parameters are the starting point)")
	opps := fs.String("opponents", "", "tuning field, comma-separated specs (default: the untuned strategy)")
	objName := fs.String("objective", "placement", "what to maximize: placement, score or rankpt")
	method := fs.String("method", "spsa", "optimizer: spsa or cmaes")
	freeze := fs.String("freeze", "", "comma-separated parameters to keep at their starting values")
	heldOut := fs.String("validate-against", "", "held-out field of the validation gate (default: every other built-in strategy)")
	force := fs.Bool("force", false, "write the file even when the validation gate fails")
	trajectory := fs.String("trajectory", "", "CSV of every step's parameters and objective (default: FILE.trajectory.csv beside --out)")
	fs.Int64Var(&f.games, "games", 4000, "budget in games (four fifths tune, one fifth validates)")
	out := fs.String("out", "", "strategy JSON file to write")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	if *strat == "" || *out == "" {
		return usagef("tune: --strategy and --out are required")
	}
	if *method != "spsa" && *method != "cmaes" {
		return usagef("--method %q: want spsa or cmaes", *method)
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
	frozen := map[string]bool{}
	for _, name := range strings.Split(*freeze, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		if !slices.ContainsFunc(params, func(p strategies.Param) bool { return p.Name == name }) {
			return usagef("--freeze %s: %s/%s has no such parameter", name, r.Name(), start.Name)
		}
		frozen[name] = true
	}
	var tunable []strategies.Param
	for _, p := range params {
		if p.Max > p.Min && !frozen[p.Name] {
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
	var held []string
	if *heldOut != "" {
		if held, err = parsePlayers(*heldOut); err != nil {
			return err
		}
	} else {
		for _, s := range r.Strategies() {
			if s != start.Name {
				held = append(held, s)
			}
		}
	}
	m0, err := r.Prepare(f.rules, append(append([]string{start.String()}, field...), held...))
	if err != nil {
		return arenaInputError(err)
	}
	obj, err := objectiveFor(*objName, m0)
	if err != nil {
		return err
	}
	if f.games < 10 {
		return usagef("--games %d: the budget must be at least 10 games", f.games)
	}
	if *trajectory == "" {
		*trajectory = strings.TrimSuffix(*out, ".json") + ".trajectory.csv"
	}
	for _, path := range []string{*out, *trajectory} {
		if err := checkWritableFile(path); err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "lab tune: %s %s, %s, %s, %d games, seed %d (replay with --seed %d)\n", r.Name(), m0.RulesName(), start.String(), obj.name, f.games, seed, seed)

	sp := spsa{r: r, rules: f.rules, start: start, tunable: tunable, field: field, obj: obj, seed: seed, workers: f.workers}
	run := sp.run
	if *method == "cmaes" {
		run = sp.cmaes
	}
	tuned, steps, err := run(ctx, f.games*4/5, *trajectory)
	if err != nil {
		return err
	}
	gateGames := max(f.games-f.games*4/5, 2)
	fields := []gateField{{"tuning field", field}, {"held-out field", held}}
	results, err := validate(ctx, r, f.rules, tuned, start.String(), fields, obj, gateGames, seed, f.workers)
	if err != nil {
		return err
	}
	var lines []string
	pass := true
	for _, g := range results {
		lines = append(lines, g.String())
		pass = pass && g.Hi >= 0
	}
	fmt.Fprintf(stdout, "tuned: %s\nstart: %s\n%s\n", tuned, start.String(), strings.Join(lines, "\n"))
	if !pass && !*force {
		return &exitError{code: 1, msg: fmt.Sprintf("tune: validation failed, %s not written (the tuned strategy is worse: %s; --force writes it anyway)", *out, strings.Join(lines, "; "))}
	}
	m, err := r.Prepare(f.rules, []string{tuned})
	if err != nil {
		return arenaInputError(err)
	}
	tsp, err := strategies.ParseSpec(tuned)
	if err != nil {
		return fmt.Errorf("tune: tuned spec %q: %w", tuned, err)
	}
	note := fmt.Sprintf("lab tune: %s, %d steps, objective %s, seed %d, vs %v; %s", strings.ToUpper(*method), steps, obj.name, seed, field, strings.Join(lines, "; "))
	if err := strategies.WriteFile(*out, strategies.File{Game: r.Name(), Spec: tsp, Note: note,
		Rules: json.RawMessage(m.Rules()), RulesName: m.RulesName()}); err != nil {
		return err
	}
	if !pass {
		fmt.Fprintf(stdout, "validation failed; written anyway (--force): %s\n", *out)
	} else {
		fmt.Fprintf(stdout, "wrote %s (trajectory %s)\n", *out, *trajectory)
	}
	return nil
}

// checkWritableFile proves path can be created (bad input: exit 2).
func checkWritableFile(path string) error {
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return usagef("cannot write %s: %v", path, err)
	}
	err = f.Close()
	if os.IsNotExist(statErr) {
		os.Remove(path)
	}
	if err != nil {
		return usagef("cannot write %s: %v", path, err)
	}
	return nil
}

// stepGames is the least number of games an SPSA step plays.
const stepGames = 16

// spsa is one tuning run (by SPSA, run, or CMA-ES, cmaes).
type spsa struct {
	r       arena.Runner
	rules   string
	start   strategies.Spec
	tunable []strategies.Param
	field   []string
	obj     tuneObjective
	seed    uint64
	workers int
}

// specOf is the strategy at θ (each parameter scaled to [0, 1] by its
// range); integer and boolean parameters are rounded onto their grid.
func (s *spsa) specOf(th []float64) (string, []float64) {
	sp := strategies.Spec{Name: s.start.Name, Params: map[string]float64{}}
	for k, v := range s.start.Params {
		sp.Params[k] = v
	}
	vals := make([]float64, len(s.tunable))
	for i, p := range s.tunable {
		v := p.Min + min(max(th[i], 0), 1)*(p.Max-p.Min)
		if p.Kind != strategies.Real {
			v = min(max(math.Round(v), math.Ceil(p.Min)), math.Floor(p.Max))
		} else {
			// 4 significant digits: SPSA's noise is far above that
			v, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
		}
		sp.Params[p.Name], vals[i] = v, v
	}
	return sp.String(), vals
}

// run tunes over budget games, writing the trajectory CSV, and returns the
// tuned spec and the number of steps.
func (s *spsa) run(ctx context.Context, budget int64, trajectory string) (string, int64, error) {
	d := len(s.tunable)
	theta := s.startTheta()
	m0, err := s.r.Prepare(s.rules, []string{s.start.String()})
	if err != nil {
		return "", 0, arenaInputError(err)
	}
	seats := m0.Seats()
	// Opponents of each step: all of the field when it fits beside the
	// two perturbed players, else its (seats-2)-combinations in turn.
	tables := fieldTables(s.field, seats-2)
	probe, err := s.r.Prepare(s.rules, append([]string{s.start.String(), s.start.String()}, tables[0]...))
	if err != nil {
		return "", 0, arenaInputError(err)
	}
	sched0, err := arena.NewSchedule("duplicate", seats, len(probe.Players()), 0)
	if err != nil {
		return "", 0, arenaInputError(err)
	}
	setSize := sched0.SetSize()
	// At least stepGames games a step, whole sets, so the perturbed pair is
	// measured on enough deals and up to stepGames workers share a step;
	// fixed, so the result does not depend on --workers.
	setsPerStep := max(1, (stepGames+setSize-1)/setSize)
	iters := max(budget/(setSize*setsPerStep), 1)

	tf, err := s.createTrajectory(trajectory, "objective_diff")
	if err != nil {
		return "", 0, err
	}
	defer tf.Close()

	// Spall's guidelines: α = 0.602, γ = 0.101, A ≈ 10 % of the steps;
	// c = 0.1 of the range; a sized so that a normalized objective
	// difference of 0.5 moves a parameter by about 2.5 % of its range at
	// the first step.
	const alpha, gamma = 0.602, 0.101
	A := 0.1 * float64(iters)
	c := 0.1
	a := 0.05 * math.Pow(A+1, alpha) / 0.5 * c
	plus, minus, delta, ci := make([]float64, d), make([]float64, d), make([]float64, d), make([]float64, d)
	scale := s.obj.scale
	games := int64(0)
	for k := int64(0); k < iters; k++ {
		ck := c / math.Pow(float64(k+1), gamma)
		ak := a / math.Pow(A+float64(k+1), alpha)
		flip := tuneRand(s.seed, uint64(k))
		for i, p := range s.tunable {
			delta[i] = 1
			if flip.Uint64()&1 == 0 {
				delta[i] = -1
			}
			ci[i] = ck
			if p.Kind != strategies.Real {
				ci[i] = max(ck, 1/(p.Max-p.Min)) // at least one step
			}
			plus[i] = theta[i] + ci[i]*delta[i]
			minus[i] = theta[i] - ci[i]*delta[i]
		}
		ps, _ := s.specOf(plus)
		ms, _ := s.specOf(minus)
		players := append([]string{ps, ms}, tables[k%int64(len(tables))]...)
		m, err := s.r.Prepare(s.rules, players)
		if err != nil {
			return "", 0, arenaInputError(err)
		}
		sched, err := arena.NewSchedule("duplicate", m.Seats(), len(players), tuneSeed(s.seed, uint64(k)))
		if err != nil {
			return "", 0, arenaInputError(err)
		}
		var sumP, sumM float64
		var nP, nM int
		n := sched.SetSize() * setsPerStep
		err = arena.Run(ctx, m, sched, arena.Options{First: 0, End: n, Workers: s.workers}, func(rec *arena.Record) error {
			if v, ok := s.obj.value(&rec.Result, rec.Lineup, 0); ok {
				sumP += v
				nP++
			}
			if v, ok := s.obj.value(&rec.Result, rec.Lineup, 1); ok {
				sumM += v
				nM++
			}
			if s.obj.scale == 0 {
				for _, x := range rec.Result.Score {
					scale = max(scale, 2*math.Abs(x))
				}
			}
			return nil
		})
		if err != nil {
			return "", 0, arenaInputError(err)
		}
		games += n
		diff := 0.0
		if nP > 0 && nM > 0 {
			diff = sumP/float64(nP) - sumM/float64(nM)
		}
		if scale > 0 {
			for i := range d {
				theta[i] = min(max(theta[i]+ak*(diff/scale)/(2*ci[i]*delta[i]), 0), 1)
			}
		}
		_, vals := s.specOf(theta)
		if err := writeStep(tf, k+1, games, diff, vals); err != nil {
			return "", 0, err
		}
	}
	if err := tf.Close(); err != nil {
		return "", 0, err
	}
	tuned, _ := s.specOf(theta)
	return tuned, iters, nil
}

// createTrajectory creates the trajectory CSV with its header: step,
// games, the objective column, then the tunable parameters (the format
// reports.ReadTrajectory reads).
func (s *spsa) createTrajectory(path, objective string) (*os.File, error) {
	tf, err := os.Create(path)
	if err != nil {
		return nil, usagef("--trajectory: %v", err)
	}
	head := []string{"step", "games", objective}
	for _, p := range s.tunable {
		head = append(head, p.Name)
	}
	if _, err := fmt.Fprintln(tf, strings.Join(head, ",")); err != nil {
		tf.Close()
		return nil, err
	}
	return tf, nil
}

// writeStep appends one row to a trajectory CSV.
func writeStep(w io.Writer, step, games int64, objective float64, vals []float64) error {
	row := []string{strconv.FormatInt(step, 10), strconv.FormatInt(games, 10), strconv.FormatFloat(objective, 'g', 6, 64)}
	for _, v := range vals {
		row = append(row, strconv.FormatFloat(v, 'g', 6, 64))
	}
	_, err := fmt.Fprintln(w, strings.Join(row, ","))
	return err
}

// z95 is the standard normal's 97.5th percentile.
const z95 = 1.959963984540054

// gateField is a named opponent field of the validation gate.
type gateField struct {
	Name    string
	Players []string
}

// gateResult is the tuned minus the starting strategy's objective in one
// field: mean per-set difference with its 95 % interval.
type gateResult struct {
	Field     string
	Objective string
	Diff      float64
	Lo, Hi    float64
	Sets      int64
}

func (g gateResult) String() string {
	verdict := "not worse"
	if g.Hi < 0 {
		verdict = "WORSE"
	}
	return fmt.Sprintf("%s: tuned - start %s %+.4f, 95%% [%+.4f, %+.4f] over %d sets: %s", g.Field, g.Objective, g.Diff, g.Lo, g.Hi, g.Sets, verdict)
}

// validate plays tuned and start against each field on identical deals
// and seatings (the same schedule seed, the candidate in slot 0) and
// returns the paired per-set differences of the objective. A field larger
// than seats-1 plays its (seats-1)-combinations in turn.
func validate(ctx context.Context, r arena.Runner, rules, tuned, start string, fields []gateField, obj tuneObjective, games int64, seed uint64, workers int) ([]gateResult, error) {
	var out []gateResult
	perField := max(games/int64(len(fields)), 1)
	for fi, f := range fields {
		if len(f.Players) == 0 {
			continue
		}
		m0, err := r.Prepare(rules, append([]string{start}, f.Players...))
		if err != nil {
			return nil, arenaInputError(err)
		}
		tables := fieldTables(f.Players, m0.Seats()-1)
		var diffs []float64
		for ti, t := range tables {
			var perSet [2][]float64
			for x, cand := range []string{tuned, start} {
				m, err := r.Prepare(rules, append([]string{cand}, t...))
				if err != nil {
					return nil, arenaInputError(err)
				}
				sched, err := arena.NewSchedule("duplicate", m.Seats(), len(m.Players()), sim.Seed(seed, sim.Label("gate"), uint64(fi), uint64(ti)))
				if err != nil {
					return nil, arenaInputError(err)
				}
				n := sched.RoundUp(max(perField/int64(len(tables)), 1))
				sum, cnt, set := 0.0, 0, int64(-1)
				flush := func() {
					if cnt > 0 {
						perSet[x] = append(perSet[x], sum/float64(cnt))
					}
					sum, cnt = 0, 0
				}
				err = arena.Run(ctx, m, sched, arena.Options{First: 0, End: n, Workers: workers}, func(rec *arena.Record) error {
					if rec.Set != set {
						flush()
						set = rec.Set
					}
					if v, ok := obj.value(&rec.Result, rec.Lineup, 0); ok {
						sum += v
						cnt++
					}
					return nil
				})
				if err != nil {
					return nil, arenaInputError(err)
				}
				flush()
			}
			for i := range min(len(perSet[0]), len(perSet[1])) {
				diffs = append(diffs, perSet[0][i]-perSet[1][i])
			}
		}
		mean, half := meanCI(diffs)
		out = append(out, gateResult{Field: f.Name + " (" + strings.Join(f.Players, ",") + ")", Objective: obj.name, Diff: mean, Lo: mean - half, Hi: mean + half, Sets: int64(len(diffs))})
	}
	return out, nil
}

// fieldTables splits a field into the opponents of each table: all of it
// when it fits in k seats, else its k-combinations in turn.
func fieldTables(field []string, k int) [][]string {
	if len(field) <= k {
		return [][]string{field}
	}
	var tables [][]string
	for _, c := range arena.Combinations(len(field), k) {
		t := make([]string, 0, k)
		for _, i := range c {
			t = append(t, field[i])
		}
		tables = append(tables, t)
	}
	return tables
}

// meanCI is the mean of x and the half-width of its 95 % interval
// (normal approximation; infinite below two values).
func meanCI(x []float64) (mean, half float64) {
	if len(x) == 0 {
		return 0, math.Inf(1)
	}
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	if len(x) < 2 {
		return mean, math.Inf(1)
	}
	ss := 0.0
	for _, v := range x {
		ss += (v - mean) * (v - mean)
	}
	return mean, z95 * math.Sqrt(ss/float64(len(x)-1)/float64(len(x)))
}

// tuneSeed derives the seed of tuning step k.
func tuneSeed(root, k uint64) uint64 { return sim.Seed(root, sim.Label("tune"), k) }

// tuneRand is the perturbation stream of step k.
func tuneRand(root, k uint64) *sim.PCG {
	p := sim.NewPCG(sim.Seed(root, sim.Label("spsa"), k))
	return &p
}
