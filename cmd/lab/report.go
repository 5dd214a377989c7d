package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"gamelab/arena"
	"gamelab/datasets"
	"gamelab/reports"
)

func init() {
	register(&command{name: "report", summary: "print a run directory's tables and write report.html with plots", run: runReport})
}

const reportAbout = `Reads a run directory written by lab arena --out (or lab merge, lab export),
recomputes the summary from its Parquet files, prints the run configuration
and tables (with the head-to-head crosstable) and writes DIR/report.html:
ratings with intervals, the placement distribution (where placements rank
every seat) and the score distribution (where scores are points), and the
LLR over sets of candidate vs baseline when DIR holds an sprt.json from
lab sprt --out. Given a tuning output (lab tune's FILE.json or its
FILE.trajectory.csv), it prints and plots the parameters and the objective
per step, into FILE.report.html.`

func runReport(ctx context.Context, args []string) error {
	fs := flagSet("lab report DIR|TUNE.json|TUNE.trajectory.csv", reportAbout)
	html := fs.String("html", "", "where to write the HTML page (default DIR/report.html, or FILE.report.html beside a tuning output)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("report: want one run directory or tuning output, got %d arguments", len(pos))
	}
	dir := pos[0]
	page := reports.Page{Title: "gamelab report: " + dir}
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		if page.Trajectory, err = readTrajectory(dir); err != nil {
			return err
		}
		if err := reports.TrajectoryTable(stdout, *page.Trajectory); err != nil {
			return err
		}
		if *html == "" {
			*html = strings.TrimSuffix(strings.TrimSuffix(dir, ".csv"), ".json") + ".report.html"
		}
		return writeReportHTML(*html, page)
	}
	if raw, err := os.ReadFile(filepath.Join(dir, "sprt.json")); err == nil {
		var s sprtOutcome
		if err := json.Unmarshal(raw, &s); err != nil {
			return usagef("report: %s/sprt.json: %v", dir, err)
		}
		page.Candidate, page.Baseline = s.Candidate, s.Baseline
		page.LLR, page.LLRSets, page.LLRBounds, page.SPRTBlock = s.Trace, s.Sets, s.Bounds, s.Block
	}
	if _, err := os.Stat(filepath.Join(dir, "games.parquet")); err == nil || page.LLR == nil {
		rep, hist, err := summarizeDir(dir)
		if err != nil {
			return arenaInputError(err)
		}
		page.Summary, page.Scores = reportSummary(rep), hist
		if err := reports.Tables(stdout, page.Summary); err != nil {
			return err
		}
	} else {
		fmt.Fprint(stdout, page.SPRTBlock)
	}
	if *html == "" {
		*html = filepath.Join(dir, "report.html")
	}
	return writeReportHTML(*html, page)
}

// readTrajectory reads a tuning trajectory: the CSV itself, or the one
// lab tune wrote beside a strategy file (FILE.json: FILE.trajectory.csv).
func readTrajectory(path string) (*reports.Trajectory, error) {
	if strings.HasSuffix(path, ".json") {
		path = strings.TrimSuffix(path, ".json") + ".trajectory.csv"
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, usagef("report: %v", err)
	}
	defer f.Close()
	t, err := reports.ReadTrajectory(f)
	if err != nil {
		return nil, usagef("report: %s: %v", path, err)
	}
	return &t, nil
}

// writeReportHTML writes the page through a temporary name.
func writeReportHTML(path string, page reports.Page) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	err = reports.WriteHTML(f, page)
	if e := f.Close(); err == nil {
		err = e
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	fmt.Fprintf(os.Stderr, "lab report: wrote %s\n", path)
	return nil
}

// summarizeDir re-aggregates a run directory and builds each player's
// score histogram (two streaming passes: range, then counts).
func summarizeDir(dir string) (arena.Report, map[string]*reports.Histogram, error) {
	info, err := datasets.Info(dir)
	if err != nil {
		return arena.Report{}, nil, err
	}
	m, err := runMatch(info)
	if err != nil {
		return arena.Report{}, nil, err
	}
	sum := arena.NewSummary(m)
	lo, hi := math.Inf(1), math.Inf(-1)
	var rec arena.Record
	if _, err := datasets.ReadRun(dir, func(r *datasets.Game) error {
		sum.Add(arenaRecord(r, &rec))
		for _, s := range r.Result.Score {
			lo, hi = math.Min(lo, s), math.Max(hi, s)
		}
		return nil
	}); err != nil {
		return arena.Report{}, nil, err
	}
	names := m.Players()
	hist := map[string]*reports.Histogram{}
	for _, n := range names {
		hist[n] = reports.NewHistogram(lo, hi, 30)
	}
	if _, err := datasets.ReadRun(dir, func(r *datasets.Game) error {
		for seat, p := range r.Lineup {
			hist[names[p]].Add(r.Result.Score[seat])
		}
		return nil
	}); err != nil {
		return arena.Report{}, nil, err
	}
	return finishReport(sum, info), hist, nil
}

// runMatch rebuilds the Match a dataset was played with.
func runMatch(info datasets.RunInfo) (arena.Match, error) {
	r, err := arena.Lookup(info.Game)
	if err != nil {
		return nil, err
	}
	return r.Prepare(info.RulesJSON, info.Players)
}
