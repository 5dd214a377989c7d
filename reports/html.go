package reports

import (
	"bytes"
	"fmt"
	"html/template"
	"image/color"
	"io"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// Histogram counts values in equal bins over [Min, Max].
type Histogram struct {
	Min, Max float64
	Counts   []float64
}

// NewHistogram returns a histogram of bins bins over [lo, hi].
func NewHistogram(lo, hi float64, bins int) *Histogram {
	if !(hi > lo) {
		hi = lo + 1
	}
	return &Histogram{Min: lo, Max: hi, Counts: make([]float64, bins)}
}

// Add counts x (values outside the range go to the end bins).
func (h *Histogram) Add(x float64) {
	n := len(h.Counts)
	i := int(float64(n) * (x - h.Min) / (h.Max - h.Min))
	h.Counts[min(max(i, 0), n-1)]++
}

// Page is everything the HTML report shows; each part may be empty.
type Page struct {
	Title   string
	Summary Summary
	// Scores holds each player's score distribution (may be nil; never
	// drawn for win/lose scores).
	Scores map[string]*Histogram
	// SPRT: candidate and baseline, the LLR after each set (or after
	// evenly spaced sets, LLRSets in all, when the trace was thinned), its
	// bounds and the report block.
	Candidate, Baseline string
	LLR                 []float64
	LLRSets             int64
	LLRBounds           [2]float64
	SPRTBlock           string
	// Trajectory is a tuning run's parameters and objective per step.
	Trajectory *Trajectory
}

// WriteHTML writes a self-contained HTML page: the run configuration and
// tables as text, and SVG plots (gonum/plot): the ratings with their
// intervals, the placement distribution (where placements rank every
// seat), the score distribution (where scores are points), the SPRT's LLR
// over sets, and a tuning run's objective and parameters per step.
func WriteHTML(w io.Writer, pg Page) error {
	var tables bytes.Buffer
	if len(pg.Summary.Players) > 0 {
		if err := Tables(&tables, pg.Summary); err != nil {
			return err
		}
	}
	if pg.Trajectory != nil {
		if err := TrajectoryTable(&tables, *pg.Trajectory); err != nil {
			return err
		}
	}
	var ps []*plot.Plot
	for _, mk := range []func(Page) (*plot.Plot, error){ratingsPlot, placementsPlot, scoresPlot, llrPlot} {
		p, err := mk(pg)
		if err != nil {
			return err
		}
		if p != nil {
			ps = append(ps, p)
		}
	}
	if pg.Trajectory != nil {
		tp, err := trajectoryPlots(*pg.Trajectory)
		if err != nil {
			return err
		}
		ps = append(ps, tp...)
	}
	var plots []template.HTML
	for _, p := range ps {
		svg, err := toSVG(p)
		if err != nil {
			return err
		}
		plots = append(plots, template.HTML(svg))
	}
	return page.Execute(w, map[string]any{"Title": pg.Title, "Tables": tables.String(), "Plots": plots, "SPRT": pg.SPRTBlock})
}

var page = template.Must(template.New("report").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Title}}</title>
<style>body{font-family:sans-serif;margin:2em;max-width:70em}pre{background:#f6f6f6;padding:1em;overflow-x:auto}figure{display:inline-block;margin:1em}</style>
</head><body>
<h1>{{.Title}}</h1>
<h2>Tables</h2>
<pre>{{.Tables}}</pre>
{{if .SPRT}}<h2>SPRT</h2><pre>{{.SPRT}}</pre>{{end}}
<h2>Plots</h2>
{{range .Plots}}<figure>{{.}}</figure>
{{end}}
</body></html>
`))

func toSVG(p *plot.Plot) (string, error) {
	wt, err := p.WriterTo(6*vg.Inch, 4*vg.Inch, "svg")
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	if _, err := wt.WriteTo(&b); err != nil {
		return "", err
	}
	s := b.String()
	// drop the XML prolog so the SVG can sit inline in HTML
	if i := bytes.Index(b.Bytes(), []byte("<svg")); i > 0 {
		s = s[i:]
	}
	return s, nil
}

func names(rep Summary) []string {
	n := make([]string, len(rep.Players))
	for i, p := range rep.Players {
		n[i] = p.Name
	}
	return n
}

// ratingsPlot: each strategy's rating with its 95 % interval.
func ratingsPlot(pg Page) (*plot.Plot, error) {
	rep := pg.Summary
	if len(rep.Players) == 0 {
		return nil, nil
	}
	p := plot.New()
	p.Title.Text = "Rating (Elo, Plackett–Luce) ± 95% CI"
	pts := make(plotter.XYs, len(rep.Players))
	errs := make(plotter.YErrors, len(rep.Players))
	for i, pl := range rep.Players {
		pts[i] = plotter.XY{X: float64(i), Y: pl.Elo}
		ci := pl.EloCI
		if math.IsInf(ci, 0) || math.IsNaN(ci) {
			ci = 0
		}
		errs[i] = struct{ Low, High float64 }{ci, ci}
	}
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	eb, err := plotter.NewYErrorBars(struct {
		plotter.XYer
		plotter.YErrorer
	}{pts, errs})
	if err != nil {
		return nil, err
	}
	p.Add(sc, eb, plotter.NewGrid())
	p.NominalX(names(rep)...)
	p.Y.Label.Text = "Elo"
	return p, nil
}

// placementsPlot: how often each strategy took each place, where a
// placement ranks every seat (not a team's win or loss).
func placementsPlot(pg Page) (*plot.Plot, error) {
	rep := pg.Summary
	if len(rep.Players) == 0 || rep.Outcome == TeamWin {
		return nil, nil
	}
	p := plot.New()
	p.Title.Text = "Placement distribution"
	p.Y.Label.Text = "share of seats"
	// bars of one strategy side by side, the group centred on its tick
	w := vg.Points(min(14, 240/float64(rep.Seats*len(rep.Players))))
	top := 0.0
	for place := range rep.Seats {
		vals := make(plotter.Values, len(rep.Players))
		for i, pl := range rep.Players {
			if pl.Games > 0 {
				vals[i] = float64(pl.Placements[place]) / float64(pl.Games)
				top = max(top, vals[i])
			}
		}
		bars, err := plotter.NewBarChart(vals, w)
		if err != nil {
			return nil, err
		}
		bars.Offset = w * vg.Length(float64(place)-float64(rep.Seats-1)/2)
		bars.Color = plotutil.Color(place)
		bars.LineStyle.Width = 0
		p.Add(bars)
		p.Legend.Add(fmt.Sprintf("place %d", place+1), bars)
	}
	p.X.Min, p.X.Max = -0.5, float64(len(rep.Players))-0.5
	p.Y.Min, p.Y.Max = 0, top*1.4
	p.Legend.Top = true
	p.NominalX(names(rep)...)
	return p, nil
}

// scoresPlot: score distribution per strategy as step lines, where scores
// are points (a win/lose score has nothing to show beyond the win rate).
func scoresPlot(pg Page) (*plot.Plot, error) {
	if len(pg.Scores) == 0 || pg.Summary.Outcome != Points {
		return nil, nil
	}
	p := plot.New()
	p.Title.Text = "Score distribution"
	p.X.Label.Text = "score"
	p.Y.Label.Text = "share of seats"
	for i, name := range names(pg.Summary) {
		h := pg.Scores[name]
		if h == nil {
			continue
		}
		total := 0.0
		for _, c := range h.Counts {
			total += c
		}
		if total == 0 {
			continue
		}
		pts := make(plotter.XYs, len(h.Counts))
		width := (h.Max - h.Min) / float64(len(h.Counts))
		for b, c := range h.Counts {
			pts[b] = plotter.XY{X: h.Min + (float64(b)+0.5)*width, Y: c / total}
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.Color = plotutil.Color(i)
		l.StepStyle = plotter.MidStep
		p.Add(l)
		p.Legend.Add(name, l)
	}
	p.Legend.Top = true
	return p, nil
}

// llrPlot: the SPRT's LLR after each set, with its bounds.
func llrPlot(pg Page) (*plot.Plot, error) {
	if len(pg.LLR) == 0 {
		return nil, nil
	}
	p := plot.New()
	p.Title.Text = "SPRT log-likelihood ratio"
	if pg.Candidate != "" {
		p.Title.Text = fmt.Sprintf("SPRT: %s vs %s", pg.Candidate, pg.Baseline)
	}
	p.X.Label.Text = "sets"
	p.Y.Label.Text = "LLR"
	pts := make(plotter.XYs, len(pg.LLR))
	sets := max(pg.LLRSets, int64(len(pg.LLR)))
	for i, v := range pg.LLR {
		pts[i] = plotter.XY{X: float64((int64(i) + 1) * sets / int64(len(pg.LLR))), Y: v}
	}
	l, err := plotter.NewLine(pts)
	if err != nil {
		return nil, err
	}
	p.Add(l, plotter.NewGrid())
	for _, b := range pg.LLRBounds {
		bl, err := plotter.NewLine(plotter.XYs{{X: 1, Y: b}, {X: float64(sets), Y: b}})
		if err != nil {
			return nil, err
		}
		bl.Color = color.RGBA{R: 200, A: 255}
		bl.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
		p.Add(bl)
	}
	return p, nil
}
