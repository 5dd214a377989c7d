package main

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"sync"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"

	"gamelab/arena"
	"gamelab/sim"
)

// cmaesSigma is CMA-ES's initial step size in units of each parameter's
// range (the tunables are scaled to [0, 1]).
const cmaesSigma = 0.25

// cmaes tunes by CMA-ES (Hansen and Ostermeier, "Completely derandomized
// self-adaptation in evolution strategies", Evol. Comput. 9, 2001), with
// gonum's CmaEsChol doing the sampling and the adaptation. Each generation
// seats every candidate in turn against the same opponents on the same
// deals (common random numbers, so the ranking compares strategies rather
// than luck) and plays the whole population's games on all workers. The
// tunables live in [0, 1] by a mirror at the bounds (mirror), so every
// sample is a legal strategy; the result is the distribution's mean after
// the last generation, not the luckiest sample. It writes the trajectory
// (generation, games, mean objective of the population, parameters at
// the mean) and returns the tuned spec and the number of generations.
func (s *spsa) cmaes(ctx context.Context, budget int64, trajectory string) (string, int64, error) {
	d := len(s.tunable)
	x0 := s.startTheta()
	m0, err := s.r.Prepare(s.rules, []string{s.start.String()})
	if err != nil {
		return "", 0, arenaInputError(err)
	}
	tables := fieldTables(s.field, m0.Seats()-1)
	probe, err := s.r.Prepare(s.rules, append([]string{s.start.String()}, tables[0]...))
	if err != nil {
		return "", 0, arenaInputError(err)
	}
	sched0, err := arena.NewSchedule("duplicate", m0.Seats(), len(probe.Players()), 0)
	if err != nil {
		return "", 0, arenaInputError(err)
	}
	setSize := sched0.SetSize()
	perEval := setSize * max(1, (stepGames+setSize-1)/setSize)
	pop := 4 + int(3*math.Log(float64(d)))
	gens := max(budget/(perEval*int64(pop)), 1)

	tf, err := s.createTrajectory(trajectory, "objective")
	if err != nil {
		return "", 0, err
	}
	defer tf.Close()

	games := int64(0)
	eval := func(gen int64, xs [][]float64) ([]float64, error) {
		specs := make([]string, len(xs))
		for i, x := range xs {
			specs[i], _ = s.specOf(mirror(x))
		}
		vals, err := s.evalField(ctx, specs, tables[gen%int64(len(tables))], sim.Seed(s.seed, sim.Label("cmaes"), uint64(gen)), perEval)
		if err != nil {
			return nil, err
		}
		games += perEval * int64(len(xs))
		fs := make([]float64, len(vals))
		for i, v := range vals {
			fs[i] = -v // CMA-ES minimizes
		}
		return fs, nil
	}
	after := func(gen int64, fs, mean []float64) error {
		_, vals := s.specOf(mirror(mean))
		avg := 0.0
		for _, f := range fs {
			avg -= f / float64(len(fs))
		}
		return writeStep(tf, gen+1, games, avg, vals)
	}
	pcg := sim.NewPCG(sim.Seed(s.seed, sim.Label("cmaes-sample")))
	mean, err := cmaesMinimize(x0, cmaesSigma, pop, gens, &pcg, eval, after)
	if err != nil {
		return "", 0, err
	}
	if err := tf.Close(); err != nil {
		return "", 0, err
	}
	tuned, _ := s.specOf(mirror(mean))
	return tuned, gens, nil
}

// startTheta is the starting parameters scaled to [0, 1] by their ranges.
func (s *spsa) startTheta() []float64 {
	theta := make([]float64, len(s.tunable))
	for i, p := range s.tunable {
		v, ok := s.start.Params[p.Name]
		if !ok {
			v = p.Default
		}
		theta[i] = (v - p.Min) / (p.Max - p.Min)
	}
	return theta
}

// evalField plays each candidate in slot 0 against opponents on the same
// deals (one schedule seed) for games games and returns each one's mean
// objective. The candidates run side by side on all workers; each
// candidate's figure depends only on its spec and the seed, so the result
// does not depend on workers.
func (s *spsa) evalField(ctx context.Context, specs, opponents []string, seed uint64, games int64) ([]float64, error) {
	vals := make([]float64, len(specs))
	errs := make([]error, len(specs))
	par := min(max(s.workers, 1), len(specs))
	inner := max(s.workers/len(specs), 1)
	sem := make(chan struct{}, par)
	var wg sync.WaitGroup
	for i, spec := range specs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			vals[i], errs[i] = s.evalOne(ctx, spec, opponents, seed, games, inner)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return vals, nil
}

// evalOne is one candidate's mean objective over games games.
func (s *spsa) evalOne(ctx context.Context, spec string, opponents []string, seed uint64, games int64, workers int) (float64, error) {
	m, err := s.r.Prepare(s.rules, append([]string{spec}, opponents...))
	if err != nil {
		return 0, arenaInputError(err)
	}
	sched, err := arena.NewSchedule("duplicate", m.Seats(), len(m.Players()), seed)
	if err != nil {
		return 0, arenaInputError(err)
	}
	sum, n := 0.0, 0
	err = arena.Run(ctx, m, sched, arena.Options{First: 0, End: sched.RoundUp(games), Workers: workers}, func(rec *arena.Record) error {
		if v, ok := s.obj.value(&rec.Result, rec.Lineup, 0); ok {
			sum += v
			n++
		}
		return nil
	})
	if err != nil {
		return 0, arenaInputError(err)
	}
	if n == 0 {
		return 0, nil
	}
	return sum / float64(n), nil
}

// mirror maps x into [0, 1] by mirroring at the bounds (a triangle
// wave), so CMA-ES may step past a bound and still sample a legal point.
func mirror(x []float64) []float64 {
	out := make([]float64, len(x))
	for i, v := range x {
		t := math.Mod(math.Abs(v), 2)
		if t > 1 {
			t = 2 - t
		}
		out[i] = t
	}
	return out
}

// cmaesMinimize runs gens generations of gonum's CmaEsChol from x0 with
// step size sigma and population pop, drawing samples from src. eval
// scores one generation's samples (lower is better) and after sees the
// scores and the new mean of each generation. It drives the method's
// task protocol itself, so a generation is evaluated as one batch (in
// parallel inside eval) and the run is deterministic. It returns the mean
// after the last generation: the weighted recombination of the best half
// (CMA-ES's own update), which with a noisy objective is a better estimate
// than the best single sample.
func cmaesMinimize(x0 []float64, sigma float64, pop int, gens int64, src rand.Source,
	eval func(gen int64, xs [][]float64) ([]float64, error), after func(gen int64, fs, mean []float64) error) ([]float64, error) {
	// CmaEsChol samples from N(mean, C) with C from InitCholesky (I when
	// nil, whatever InitStepSize says) and scales its covariance updates
	// by 1/InitStepSize: start at C = σ²I with InitStepSize 1, so the
	// updates are in the same (absolute) units as the samples.
	var c0 mat.Cholesky
	diag := make([]float64, len(x0))
	for i := range diag {
		diag[i] = sigma * sigma
	}
	if !c0.Factorize(mat.NewDiagDense(len(x0), diag)) {
		return nil, fmt.Errorf("cmaes: step size %g", sigma)
	}
	cma := &optimize.CmaEsChol{InitStepSize: 1, InitCholesky: &c0, Population: pop, Src: src, StopLogDet: math.NaN()}
	n := cma.Init(len(x0), pop)
	tasks := make([]optimize.Task, n)
	for i := range tasks {
		tasks[i] = optimize.Task{ID: i, Location: &optimize.Location{X: slices.Clone(x0)}}
	}
	ops, res := make(chan optimize.Task), make(chan optimize.Task)
	go cma.Run(ops, res, tasks)
	stop := func() {
		res <- optimize.Task{Op: optimize.PostIteration}
		close(res)
		for range ops {
		}
	}
	mean := slices.Clone(x0)
	for gen := int64(0); gen < gens; gen++ {
		batch := make([]optimize.Task, n)
		xs := make([][]float64, n)
		for i := range n {
			batch[i] = <-ops
			xs[i] = slices.Clone(batch[i].X)
		}
		fs, err := eval(gen, xs)
		if err != nil {
			stop()
			return nil, err
		}
		for i := range batch {
			batch[i].F = fs[i]
			res <- batch[i]
		}
		t := <-ops // MajorIteration, or MethodDone when the update failed
		mean = recombine(xs, fs, mean)
		if err := after(gen, fs, mean); err != nil {
			stop()
			return nil, err
		}
		if t.Op != optimize.MajorIteration || gen == gens-1 {
			stop()
			break
		}
		res <- t
	}
	return mean, nil
}

// recombine is CMA-ES's new mean: the best half of the samples weighted
// ln(μ+½) − ln(i) for the i-th best (normalized), ranked as gonum's
// CmaEsChol ranks them (the same sort), so it is the method's own mean.
func recombine(xs [][]float64, fs []float64, old []float64) []float64 {
	mu := len(xs) / 2
	if mu == 0 {
		return old
	}
	f := slices.Clone(fs)
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	sort.Sort(byValue{f, idx})
	w := make([]float64, mu)
	sum := 0.0
	for i := range w {
		w[i] = math.Log(float64(mu)+0.5) - math.Log(float64(i)+1)
		sum += w[i]
	}
	mean := make([]float64, len(xs[0]))
	for i := range w {
		for j, v := range xs[idx[i]] {
			mean[j] += w[i] / sum * v
		}
	}
	return mean
}

// byValue sorts values with their indexes, as gonum's bestSorter does.
type byValue struct {
	f   []float64
	idx []int
}

func (b byValue) Len() int           { return len(b.f) }
func (b byValue) Less(i, j int) bool { return b.f[i] < b.f[j] }
func (b byValue) Swap(i, j int) {
	b.f[i], b.f[j] = b.f[j], b.f[i]
	b.idx[i], b.idx[j] = b.idx[j], b.idx[i]
}
