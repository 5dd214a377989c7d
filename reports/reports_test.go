package reports

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/arena"
)

var testReport = arena.Report{Game: "mahjong", Rules: "dihou", Schedule: "duplicate", Seed: 7, Seats: 4, Games: 8, Sets: 2,
	Players: []arena.PlayerReport{
		{Name: "efficiency", Games: 16, MeanScore: 1200, ScoreCI: 300, Placements: []int64{6, 4, 4, 2}, AvgPlace: 2.125, WinRate: 0.375, WinCI: [2]float64{0.18, 0.61},
			Rating: arena.Rating{Elo: 40, CI: 90}, Extras: []arena.Extra{{Name: "win rate", Value: 0.22}, {Name: "avg rank", Value: 2.125}},
			Roles: map[string]arena.Rate{"seer": {Games: 3, WinRate: 2.0 / 3, CI: arena.Wilson(2, 3)}}},
		{Name: "defense", Games: 16, MeanScore: -1200, Placements: []int64{2, 4, 4, 6}, AvgPlace: 2.875, WinRate: 0.125, WinCI: arena.Wilson(2, 16), ScoreCI: 280, Rating: arena.Rating{Elo: -40, CI: 90}},
	},
	Teams: map[string]arena.Rate{"village": {Games: 10, WinRate: 0.6, CI: [2]float64{0.31, 0.83}}},
}

func TestTablesShowEveryFigure(t *testing.T) {
	var b bytes.Buffer
	if err := Tables(&b, testReport); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"seed 7", "efficiency", "1200.000 ± 300.000", "6/4/4/2", "37.5% (18.0–61.0)", "+40 ± 90", "22.0%", "2.125", "village", "60.0% (31.0–83.0)", "seer"} {
		if !strings.Contains(out, want) {
			t.Errorf("tables lack %q:\n%s", want, out)
		}
	}
}

func TestHTMLHasPlots(t *testing.T) {
	h := NewHistogram(-5000, 5000, 20)
	for _, x := range []float64{-4000, 100, 100, 9000} {
		h.Add(x)
	}
	if h.Counts[2] != 1 || h.Counts[10] != 2 || h.Counts[19] != 1 {
		t.Errorf("histogram %v", h.Counts)
	}
	var b bytes.Buffer
	err := WriteHTML(&b, Page{Title: "t", Report: testReport, Scores: map[string]*Histogram{"efficiency": h},
		LLR: []float64{0.1, 0.5, -0.2}, LLRBounds: [2]float64{-2.94, 2.94}, SPRTBlock: "LLR: -0.20"})
	if err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if n := strings.Count(out, "<svg"); n != 4 {
		t.Errorf("%d plots, want 4 (ratings, placements, scores, LLR)", n)
	}
	for _, want := range []string{"<pre>", "LLR: -0.20", "Rating (Elo"} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// The terminal tables are compared with testdata/tables.golden (go test
// ./reports -update rewrites it after a deliberate change).
func TestTablesGolden(t *testing.T) {
	var b bytes.Buffer
	if err := Tables(&b, testReport); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "tables.golden")
	if *update {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("tables differ from %s (run with -update after a deliberate change):\n%s", path, b.String())
	}
}
