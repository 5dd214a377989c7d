package main

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gamelab/sim"
	"gamelab/strategies"
)

// On a noisy toy objective with a known optimum the driven CmaEsChol
// moves its mean from 0.96 away to within 0.1 of the optimum (gonum's
// CmaEsChol folds the step size into the covariance it samples from and
// narrows slowly, which suits noisy game objectives), and the run is
// deterministic.
func TestCMAESMinimizesAToyObjective(t *testing.T) {
	target := []float64{0.7, 0.3, 0.55}
	run := func() ([]float64, []float64) {
		var firsts []float64
		eval := func(gen int64, xs [][]float64) ([]float64, error) {
			noise := sim.NewPCG(uint64(gen) + 1)
			fs := make([]float64, len(xs))
			for i, x := range xs {
				for j, v := range x {
					fs[i] += (v - target[j]) * (v - target[j])
				}
				fs[i] += 0.0002 * (noise.Float64() - 0.5)
			}
			return fs, nil
		}
		after := func(gen int64, fs, mean []float64) error {
			if gen == 0 {
				firsts = slices.Clone(mean)
			}
			return nil
		}
		pcg := sim.NewPCG(9)
		mean, err := cmaesMinimize([]float64{0.1, 0.9, 0.1}, 0.25, 7, 80, &pcg, eval, after)
		if err != nil {
			t.Fatal(err)
		}
		return mean, firsts
	}
	dist := func(x []float64) float64 {
		d := 0.0
		for j := range x {
			d += (x[j] - target[j]) * (x[j] - target[j])
		}
		return math.Sqrt(d)
	}
	mean, first := run()
	if dist(mean) > 0.1 || dist(first) < dist(mean) {
		t.Errorf("mean %v (%.3f away), optimum %v (after one generation %v)", mean, dist(mean), target, first)
	}
	if again, _ := run(); !slices.Equal(again, mean) {
		t.Errorf("two runs differ: %v %v", mean, again)
	}
}

// The mirror keeps every sample inside [0, 1] and is the identity there.
func TestMirrorStaysInBounds(t *testing.T) {
	for _, c := range []struct{ x, want float64 }{{0.3, 0.3}, {1.2, 0.8}, {-0.25, 0.25}, {2.5, 0.5}, {-1.1, 0.9}, {1, 1}, {0, 0}} {
		if got := mirror([]float64{c.x})[0]; math.Abs(got-c.want) > 1e-12 {
			t.Errorf("mirror(%v) = %v, want %v", c.x, got, c.want)
		}
	}
}

// CMA-ES on the coin game (higher strength wins more) raises the
// strength, passes the gate, writes a typed file and a trajectory lab
// report plots, identically for any --workers.
func TestTuneCMAESRaisesCoinStrength(t *testing.T) {
	dir := t.TempDir()
	var traj [2][]byte
	for i, w := range []string{"1", "2"} {
		file := filepath.Join(dir, "cma"+w+".json")
		code, out, se := arenaLab(t, "tune", "--method", "cmaes", "--game", "coin", "--rules", "four", "--strategy", "steps", "--opponents", "mid,strong",
			"--validate-against", "weak", "--games", "2000", "--seed", "3", "--workers", w, "--out", file)
		if code != 0 {
			t.Fatalf("exit %d: %s\n%s", code, se, out)
		}
		f, err := strategies.ReadFile(file)
		if v := f.Params["strength"]; err != nil || v != math.Trunc(v) || v < 6 {
			t.Errorf("tuned integer strength %v %v (start 2, best 16)\n%s", v, err, out)
		}
		if !strings.Contains(f.Note, "CMAES") || strings.Count(out, "not worse") != 2 {
			t.Errorf("note %q\n%s", f.Note, out)
		}
		traj[i], _ = os.ReadFile(strings.TrimSuffix(file, ".json") + ".trajectory.csv")
	}
	lines := strings.Split(strings.TrimSpace(string(traj[0])), "\n")
	if lines[0] != "step,games,objective,strength" || len(lines) < 10 {
		t.Errorf("trajectory:\n%s", traj[0])
	}
	if string(traj[0]) != string(traj[1]) {
		t.Errorf("--workers 1 and 2 tune differently")
	}
}

// Started at the best strength, CMA-ES can only move down: whatever it
// finds, a file is written only when the gate finds it not worse in both
// fields, and a WORSE verdict exits 1 with no file.
func TestTuneCMAESNeverWritesAWorseFile(t *testing.T) {
	dir := t.TempDir()
	for _, seed := range []string{"1", "2", "3"} {
		file := filepath.Join(dir, "best"+seed+".json")
		code, out, se := arenaLab(t, "tune", "--method", "cmaes", "--game", "coin", "--rules", "four", "--strategy", "steps?strength=16", "--opponents", "mid,strong",
			"--validate-against", "weak", "--games", "400", "--seed", seed, "--out", file)
		_, statErr := os.Stat(file)
		worse := strings.Contains(out, "WORSE")
		switch {
		case code == 0 && (worse || statErr != nil):
			t.Errorf("seed %s: exit 0 with a WORSE gate or no file:\n%s", seed, out)
		case code == 1 && (!worse || statErr == nil):
			t.Errorf("seed %s: exit 1 without a WORSE gate, or a file written:\n%s%s", seed, out, se)
		case code != 0 && code != 1:
			t.Errorf("seed %s: exit %d %s", seed, code, se)
		}
	}
}
