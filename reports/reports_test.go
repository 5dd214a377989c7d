package reports

import (
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/sim/simtest"
)

func ptr(x float64) *float64 { return &x }

var testSummary = Summary{Game: "mahjong", Rules: "dihou", Schedule: "duplicate", Seed: 7, Seats: 4, Games: 8, Sets: 2,
	Version: "v0.0.0-test (vcs 0123456789ab)",
	Players: []Player{
		{Name: "efficiency", Games: 16, MeanScore: 1200, ScoreCI: 300, Placements: []int64{6, 4, 4, 2}, AvgPlace: 2.125, WinRate: 0.375, WinCI: [2]float64{0.18, 0.61},
			RankPoints: ptr(12.5), RankCI: 30, Elo: 40, EloCI: 90, Extras: []Extra{{Name: "win rate", Value: 0.22}, {Name: "avg rank", Value: 2.125}},
			Roles: map[string]Rate{"seer": {Games: 3, WinRate: 2.0 / 3, CI: [2]float64{0.208, 0.939}}}},
		{Name: "defense", Games: 16, MeanScore: -1200, Placements: []int64{2, 4, 4, 6}, AvgPlace: 2.875, WinRate: 0.125, WinCI: [2]float64{0.035, 0.36}, ScoreCI: 280,
			RankPoints: ptr(-12.5), RankCI: 30, Elo: -40, EloCI: 90},
	},
	Teams: map[string]Rate{"village": {Games: 10, WinRate: 0.6, CI: [2]float64{0.31, 0.83}}},
	HeadToHead: []Pair{
		{A: "efficiency", B: "defense", Pairs: 32, Above: 20, Ties: 2, Score: 0.65625, CI: [2]float64{0.48, 0.80}},
		{A: "defense", B: "efficiency", Pairs: 32, Above: 10, Ties: 2, Score: 0.34375, CI: [2]float64{0.20, 0.52}},
	},
}

func TestTablesShowEveryFigure(t *testing.T) {
	var b bytes.Buffer
	if err := Tables(&b, testSummary); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"lab:      v0.0.0-test (vcs 0123456789ab)", "game:     mahjong, rules dihou, 4 seats", "players:  efficiency, defense",
		"schedule: duplicate, 8 games in 2 duplicate sets", "seed:     7",
		"efficiency", "1200.000 ± 300.000", "6/4/4/2", "37.5% (18.0–61.0)", "+40 ± 90", "+12.5 ± 30.0", "22.0%", "2.125",
		"65.6% (48.0–80.0) n=32", "34.4% (20.0–52.0) n=32", "village", "60.0% (31.0–83.0)", "seer",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("tables lack %q:\n%s", want, out)
		}
	}
}

// The terminal tables are compared with testdata/tables.golden (go test
// ./reports -update rewrites it after a deliberate change).
func TestTablesGolden(t *testing.T) {
	var b bytes.Buffer
	if err := Tables(&b, testSummary); err != nil {
		t.Fatal(err)
	}
	simtest.Golden(t, filepath.Join("testdata", "tables.golden"), b.Bytes())
}

func TestTrajectoryTableGolden(t *testing.T) {
	tr, err := ReadTrajectory(strings.NewReader(testTrajectory))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := TrajectoryTable(&b, tr); err != nil {
		t.Fatal(err)
	}
	simtest.Golden(t, filepath.Join("testdata", "trajectory.golden"), b.Bytes())
}

const testTrajectory = `step,games,objective_diff,bluff,coward
1,16,0.25,0.1,3
2,32,-0.125,0.12,3
3,48,0.5,0.15,4
4,64,0,0.2,4
`

// plotTitles are the titles of the SVG plots on a page (gonum/plot
// writes a title as the text of the plot's first <text> element).
func plotTitles(page string) []string {
	var titles []string
	for _, svg := range strings.Split(page, "<svg")[1:] {
		_, after, ok := strings.Cut(svg, "<text")
		if !ok {
			continue
		}
		_, after, _ = strings.Cut(after, ">")
		title, _, _ := strings.Cut(after, "<")
		titles = append(titles, title)
	}
	return titles
}

// Each kind of game gets only the plots that mean something: no score
// histogram for a win/lose score, no placement plot where a placement
// only says which team won; an SPRT names candidate and baseline; a tuning
// run plots its objective and every parameter.
func TestHTMLPlotsByGameType(t *testing.T) {
	hist := NewHistogram(-5000, 5000, 20)
	for _, x := range []float64{-4000, 100, 100, 9000} {
		hist.Add(x)
	}
	if hist.Counts[2] != 1 || hist.Counts[10] != 2 || hist.Counts[19] != 1 {
		t.Errorf("histogram %v", hist.Counts)
	}
	tr, err := ReadTrajectory(strings.NewReader(testTrajectory))
	if err != nil {
		t.Fatal(err)
	}
	with := func(o Outcome) Summary { s := testSummary; s.Outcome = o; return s }
	scores := map[string]*Histogram{"efficiency": hist}
	for _, c := range []struct {
		name string
		page Page
		want []string
	}{
		{"mahjong", Page{Summary: with(Points), Scores: scores}, []string{"Rating (Elo, Plackett–Luce) ± 95% CI", "Placement distribution", "Score distribution"}},
		{"liarsbar", Page{Summary: with(Places), Scores: scores}, []string{"Rating (Elo, Plackett–Luce) ± 95% CI", "Placement distribution"}},
		{"werewolf", Page{Summary: with(TeamWin), Scores: scores}, []string{"Rating (Elo, Plackett–Luce) ± 95% CI"}},
		{"sprt", Page{Candidate: "defense", Baseline: "tsumogiri", LLR: []float64{0.1, 0.5, -0.2}, LLRBounds: [2]float64{-2.94, 2.94}, SPRTBlock: "LLR: -0.20"},
			[]string{"SPRT: defense vs tsumogiri"}},
		{"tune", Page{Trajectory: &tr}, []string{"Tuning: objective_diff per step", "Tuning: bluff", "Tuning: coward"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteHTML(&b, c.page); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if got := plotTitles(out); strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("plots %q, want %q", got, c.want)
			}
			if c.page.SPRTBlock != "" && !strings.Contains(out, c.page.SPRTBlock) {
				t.Errorf("page lacks the SPRT block")
			}
			if len(c.page.Summary.Players) > 0 && !strings.Contains(out, "players:  efficiency, defense") {
				t.Errorf("page lacks the run configuration")
			}
		})
	}
}

func TestReadTrajectoryRejects(t *testing.T) {
	for _, in := range []string{
		"",
		"a,b,c\n1,2,3\n",
		"step,games\n1,2\n",
		"step,games,objective_diff,x\n",
		"step,games,objective_diff,x\n1,16,0.5\n",
		"step,games,objective_diff,x\n1,16,0.5,abc\n",
		"step,games,objective_diff,x\n1,16,NaN,1\n",
		"step,games,objective_diff,x\none,16,0.5,1\n",
	} {
		if _, err := ReadTrajectory(strings.NewReader(in)); !errors.Is(err, ErrTrajectory) {
			t.Errorf("%q: err %v, want ErrTrajectory", in, err)
		}
	}
}

func FuzzReadTrajectory(f *testing.F) {
	f.Add(testTrajectory)
	f.Add("step,games,objective\n1,2,3\n")
	f.Fuzz(func(t *testing.T, in string) {
		tr, err := ReadTrajectory(strings.NewReader(in))
		if err != nil {
			if !errors.Is(err, ErrTrajectory) {
				t.Fatalf("error %v does not wrap ErrTrajectory", err)
			}
			return
		}
		var b bytes.Buffer
		if err := TrajectoryTable(&b, tr); err != nil {
			t.Fatal(err)
		}
	})
}

// reports depends down: on sim and its own types, never on the arena
// (see docs/arena.md and the architecture's import rule).
func TestReportsDoNotImportArena(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if dep == "gamelab/arena" || strings.HasPrefix(dep, "gamelab/arena/") || strings.HasPrefix(dep, "gamelab/strategies") {
			t.Errorf("reports imports %s", dep)
		}
	}
}
