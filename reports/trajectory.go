package reports

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
)

// Trajectory is a tuning run step by step, as lab tune writes it to CSV:
// columns step, games, the objective (its name is the column's: SPSA's
// objective_diff, CMA-ES's objective), then one column per parameter.
type Trajectory struct {
	Objective string
	Params    []string
	Steps     []Step
}

// Step is one row of a trajectory: the games played so far, the step's
// objective and the parameters after it.
type Step struct {
	Step, Games int64
	Objective   float64
	Values      []float64
}

// ErrTrajectory marks a file that is not a trajectory CSV.
var ErrTrajectory = errors.New("trajectory")

// ReadTrajectory parses a trajectory CSV; a malformed file gives an error
// wrapping ErrTrajectory that names the line.
func ReadTrajectory(r io.Reader) (Trajectory, error) {
	cr := csv.NewReader(r)
	head, err := cr.Read()
	if err != nil {
		return Trajectory{}, fmt.Errorf("%w: header: %v", ErrTrajectory, err)
	}
	if len(head) < 3 || head[0] != "step" || head[1] != "games" {
		return Trajectory{}, fmt.Errorf("%w: header %q: want step, games, the objective, then the parameters", ErrTrajectory, head)
	}
	t := Trajectory{Objective: head[2], Params: head[3:]}
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return Trajectory{}, fmt.Errorf("%w: %v", ErrTrajectory, err)
		}
		var st Step
		st.Step, err = strconv.ParseInt(rec[0], 10, 64)
		if err == nil {
			st.Games, err = strconv.ParseInt(rec[1], 10, 64)
		}
		for i := 2; err == nil && i < len(rec); i++ {
			var v float64
			if v, err = strconv.ParseFloat(rec[i], 64); err == nil && (math.IsNaN(v) || math.IsInf(v, 0)) {
				err = fmt.Errorf("%s is not finite", rec[i])
			}
			if i == 2 {
				st.Objective = v
			} else {
				st.Values = append(st.Values, v)
			}
		}
		if err != nil {
			return Trajectory{}, fmt.Errorf("%w: line %d: %v", ErrTrajectory, line, err)
		}
		t.Steps = append(t.Steps, st)
	}
	if len(t.Steps) == 0 {
		return Trajectory{}, fmt.Errorf("%w: no steps", ErrTrajectory)
	}
	return t, nil
}

// TrajectoryTable prints each parameter after the first and the last
// step with its range over the run, and the mean objective of the first
// and the last tenth of the steps.
func TrajectoryTable(w io.Writer, t Trajectory) error {
	first, last := t.Steps[0], t.Steps[len(t.Steps)-1]
	fmt.Fprintf(w, "tuning: %d steps, %d games\n", len(t.Steps), last.Games)
	tb := newTable(w)
	tb.Header("parameter", "step 1", fmt.Sprintf("step %d", last.Step), "min", "max")
	for i, name := range t.Params {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, s := range t.Steps {
			lo, hi = math.Min(lo, s.Values[i]), math.Max(hi, s.Values[i])
		}
		if err := tb.Append(name, fmt.Sprintf("%.4g", first.Values[i]), fmt.Sprintf("%.4g", last.Values[i]), fmt.Sprintf("%.4g", lo), fmt.Sprintf("%.4g", hi)); err != nil {
			return err
		}
	}
	tenth := max(len(t.Steps)/10, 1)
	mean := func(s []Step) float64 {
		m := 0.0
		for _, x := range s {
			m += x.Objective
		}
		return m / float64(len(s))
	}
	if err := tb.Append(t.Objective+" (mean of a tenth)", fmt.Sprintf("%.4g", mean(t.Steps[:tenth])), fmt.Sprintf("%.4g", mean(t.Steps[len(t.Steps)-tenth:])), "", ""); err != nil {
		return err
	}
	return tb.Render()
}

// trajectoryPlots draws the objective per step (with its running mean
// over a tenth of the steps) and one plot per parameter.
func trajectoryPlots(t Trajectory) ([]*plot.Plot, error) {
	obj := plot.New()
	obj.Title.Text = "Tuning: " + t.Objective + " per step"
	obj.X.Label.Text = "step"
	pts := make(plotter.XYs, len(t.Steps))
	run := make(plotter.XYs, len(t.Steps))
	win := max(len(t.Steps)/10, 1)
	sum := 0.0
	for i, s := range t.Steps {
		pts[i] = plotter.XY{X: float64(s.Step), Y: s.Objective}
		sum += s.Objective
		if i >= win {
			sum -= t.Steps[i-win].Objective
		}
		run[i] = plotter.XY{X: float64(s.Step), Y: sum / float64(min(i+1, win))}
	}
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	l, err := plotter.NewLine(run)
	if err != nil {
		return nil, err
	}
	l.Color = plotutil.Color(1)
	obj.Add(sc, l, plotter.NewGrid())
	obj.Legend.Add(t.Objective, sc)
	obj.Legend.Add(fmt.Sprintf("running mean of %d", win), l)
	obj.Legend.Top = true
	plots := []*plot.Plot{obj}
	for i, name := range t.Params {
		p := plot.New()
		p.Title.Text = "Tuning: " + name
		p.X.Label.Text = "step"
		xy := make(plotter.XYs, len(t.Steps))
		for j, s := range t.Steps {
			xy[j] = plotter.XY{X: float64(s.Step), Y: s.Values[i]}
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			return nil, err
		}
		l.Color = plotutil.Color(i)
		p.Add(l, plotter.NewGrid())
		plots = append(plots, p)
	}
	return plots, nil
}
