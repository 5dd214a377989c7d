package main

import (
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gamelab/datasets"
)

// readTable reads table name (datasets.Games, Seats or Decisions) of run
// directory dir, failing the test on any error.
func readTable[T any](t *testing.T, dir, name string) []T {
	t.Helper()
	rows, _, err := datasets.ReadAll[T](filepath.Join(dir, name+".parquet"), name)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// recordDecisions plays lab arena args with --decisions into run and
// returns its decision rows.
func recordDecisions(t *testing.T, run string, args ...string) []datasets.DecisionRow {
	t.Helper()
	if code, _, se := arenaLab(t, append(append([]string{"arena"}, args...), "--decisions", "--out", run)...); code != 0 {
		t.Fatal(se)
	}
	return readTable[datasets.DecisionRow](t, run, datasets.Decisions)
}

// agreement is one strategy's share of discards that the max-ukeire
// policy would have made.
type agreement struct {
	Discards  int
	Agreement float64
}

// discardAgreement is the notebook query of docs/datasets.md in Go over
// the reader: per strategy, the share of chosen discards (or riichi
// declarations) with the lowest shanten and, among those, the most ukeire.
func discardAgreement(t *testing.T, run string) map[string]agreement {
	t.Helper()
	dec := readTable[datasets.DecisionRow](t, run, datasets.Decisions)
	seats := readTable[datasets.SeatRow](t, run, datasets.Seats)
	type key struct{ index, seat int64 }
	strategy := map[key]string{}
	for _, s := range seats {
		strategy[key{s.Index, int64(s.Seat)}] = s.Strategy
	}
	agree := map[string]int{}
	out := map[string]agreement{}
	for _, d := range dec {
		f := d.Mahjong
		if f == nil || d.ChosenIndex < 0 || f.DiscardUkeire[d.ChosenIndex] < 0 {
			continue
		}
		minSh, maxUk := int32(math.MaxInt32), int32(-1)
		for _, sh := range f.DiscardShanten {
			if sh >= 0 {
				minSh = min(minSh, sh)
			}
		}
		for i, uk := range f.DiscardUkeire {
			if f.DiscardShanten[i] == minSh {
				maxUk = max(maxUk, uk)
			}
		}
		name := strategy[key{d.Index, int64(d.Seat)}]
		a := out[name]
		a.Discards++
		out[name] = a
		if f.DiscardShanten[d.ChosenIndex] == minSh && f.DiscardUkeire[d.ChosenIndex] == maxUk {
			agree[name]++
		}
	}
	for name, a := range out {
		a.Agreement = float64(agree[name]) / float64(a.Discards)
		out[name] = a
	}
	return out
}

// docsQuery returns the first ```sql block after heading in docs/datasets.md.
func docsQuery(t *testing.T, heading string) string {
	t.Helper()
	raw, err := os.ReadFile("../../docs/datasets.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(raw), heading)
	if !ok {
		t.Fatalf("docs/datasets.md has no %q", heading)
	}
	_, rest, ok = strings.Cut(rest, "```sql\n")
	sql, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatalf("docs/datasets.md: no sql block after %q", heading)
	}
	return sql
}

// duckDB runs sql with DuckDB (node and @duckdb/node-api, which .ci/run
// installs under /opt/gamelab/duckdb; GAMELAB_DUCKDB_NODE names another
// node_modules) and returns its rows as JSON. Without DuckDB the test is
// skipped, except under CI=true where it fails.
func duckDB(t *testing.T, sql string) []byte {
	t.Helper()
	mods := os.Getenv("GAMELAB_DUCKDB_NODE")
	if mods == "" {
		mods = "/opt/gamelab/duckdb/node_modules"
	}
	if _, err := os.Stat(filepath.Join(mods, "@duckdb", "node-api")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("DuckDB for the docs queries is missing under CI (.ci/run installs it): %v", err)
		}
		t.Skipf("DuckDB not installed (npm install --prefix /opt/gamelab/duckdb @duckdb/node-api): %v", err)
	}
	cmd := exec.Command("node", "testdata/duckdb.cjs")
	cmd.Env = append(os.Environ(), "NODE_PATH="+mods)
	cmd.Stdin = strings.NewReader(sql)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("duckdb: %v: %s", err, stderr.String())
	}
	return out
}

// A mahjong run recorded with --decisions carries the named features, the
// legal list, the chosen index and the final result in every row; the
// notebook query of docs/datasets.md evaluates the max-ukeire policy on
// it, in Go and (when DuckDB is installed, as .ci/run does) with the
// docs' SQL run by DuckDB, which must agree.
func TestDecisionsDiscardAgreement(t *testing.T) {
	run := filepath.Join(t.TempDir(), "mj")
	dec := recordDecisions(t, run, "--game", "mahjong", "--players", "efficiency,random", "--games", "4", "--seed", "1")
	games := readTable[datasets.GameRow](t, run, datasets.Games)
	for _, d := range dec {
		g := games[d.Index]
		if d.Mahjong == nil || d.Liarsbar != nil || d.ChosenIndex < 0 || d.Legal[d.ChosenIndex] != d.Chosen ||
			len(d.Mahjong.DiscardUkeire) != len(d.Legal) || len(d.Mahjong.Hand) != 34 ||
			d.FinalScore != g.Scores[d.Seat] || d.FinalPlacement != g.Placements[d.Seat] {
			t.Fatalf("decision row %+v (game %+v)", d, g)
		}
	}
	got := discardAgreement(t, run)
	t.Logf("agreement with max ukeire: %+v", got)
	if e, r := got["efficiency"], got["random"]; e.Discards < 100 || r.Discards < 100 || e.Agreement < 0.95 || r.Agreement > 0.6 {
		t.Errorf("agreement with max ukeire: %+v", got)
	}
	t.Run("duckdb", func(t *testing.T) {
		rows := docsQueryRows[struct {
			Strategy  string  `json:"strategy"`
			Discards  int     `json:"discards"`
			Agreement float64 `json:"agreement"`
		}](t, "### Notebook query: discard agreement", "runs/mj/", run)
		if len(rows) != len(got) {
			t.Fatalf("duckdb %+v, Go %+v", rows, got)
		}
		for _, r := range rows {
			if g := got[r.Strategy]; g.Discards != r.Discards || math.Abs(g.Agreement-r.Agreement) > 1e-12 {
				t.Errorf("%s: duckdb %d discards %.6f, Go %d %.6f", r.Strategy, r.Discards, r.Agreement, g.Discards, g.Agreement)
			}
		}
	})
}

// lab export --decisions replays a mahjong run recorded without decisions
// into exactly the decision rows the run would have recorded with them.
func TestExportDecisionsMatchArena(t *testing.T) {
	dir := t.TempDir()
	args := []string{"arena", "--game", "mahjong", "--players", "efficiency,defense", "--games", "4", "--seed", "5"}
	if code, _, se := arenaLab(t, append(args, "--out", filepath.Join(dir, "plain"))...); code != 0 {
		t.Fatal(se)
	}
	rec := recordDecisions(t, filepath.Join(dir, "rec"), args[1:]...)
	if code, _, se := arenaLab(t, "export", filepath.Join(dir, "plain"), "--decisions", "--out", filepath.Join(dir, "exp")); code != 0 {
		t.Fatal(se)
	}
	exp := readTable[datasets.DecisionRow](t, filepath.Join(dir, "exp"), datasets.Decisions)
	if len(rec) < 1000 || !reflect.DeepEqual(rec, exp) {
		t.Errorf("export wrote %d decision rows, the recorded run %d (equal: %v)", len(exp), len(rec), reflect.DeepEqual(rec, exp))
	}
}

// The liar's bar query of docs/datasets.md: the share of truthful plays
// per strategy, by DuckDB and in Go over the reader.
func TestDecisionsLiarsbarTruthful(t *testing.T) {
	run := filepath.Join(t.TempDir(), "lb")
	dec := recordDecisions(t, run, "--game", "liarsbar", "--players", "honest,random", "--games", "40", "--seed", "2")
	seats := readTable[datasets.SeatRow](t, run, datasets.Seats)
	strategy := map[[2]int64]string{}
	for _, s := range seats {
		strategy[[2]int64{s.Index, int64(s.Seat)}] = s.Strategy
	}
	plays, truthful := map[string]int{}, map[string]int{}
	for _, d := range dec {
		f := d.Liarsbar
		if f == nil || len(f.PlayCards) != len(d.Legal) || d.ChosenIndex < 0 {
			t.Fatalf("decision row %+v", d)
		}
		if f.PlayCards[d.ChosenIndex] > 0 {
			name := strategy[[2]int64{d.Index, int64(d.Seat)}]
			plays[name]++
			if f.PlayTruthful[d.ChosenIndex] {
				truthful[name]++
			}
		}
	}
	share := func(name string) float64 { return float64(truthful[name]) / float64(plays[name]) }
	t.Logf("truthful plays: honest %.3f of %d, random %.3f of %d", share("honest"), plays["honest"], share("random"), plays["random"])
	if plays["honest"] < 50 || share("honest") <= share("random") {
		t.Errorf("honest %d/%d truthful, random %d/%d", truthful["honest"], plays["honest"], truthful["random"], plays["random"])
	}
	rows := docsQueryRows[struct {
		Strategy string  `json:"strategy"`
		Plays    int     `json:"plays"`
		Truthful float64 `json:"truthful"`
	}](t, "### Notebook query: how often a liar's bar", "runs/lb/", run)
	if len(rows) != len(plays) {
		t.Fatalf("duckdb %+v, Go %v", rows, plays)
	}
	for _, r := range rows {
		if r.Plays != plays[r.Strategy] || math.Abs(r.Truthful-share(r.Strategy)) > 1e-12 {
			t.Errorf("%s: duckdb %d plays %.6f truthful, Go %d %.6f", r.Strategy, r.Plays, r.Truthful, plays[r.Strategy], share(r.Strategy))
		}
	}
}

// docsQueryRows runs the SQL block under heading in docs/datasets.md with
// DuckDB, its 'dir…' paths pointed at the run directory run, and decodes
// the rows.
func docsQueryRows[T any](t *testing.T, heading, dir, run string) []T {
	t.Helper()
	out := duckDB(t, strings.ReplaceAll(docsQuery(t, heading), "'"+dir, "'"+run+"/"))
	var rows []T
	if err := json.Unmarshal(out, &rows); err != nil {
		t.Fatalf("duckdb output %s: %v", out, err)
	}
	return rows
}
