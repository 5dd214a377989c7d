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
	dec, _, err := datasets.ReadAll[datasets.DecisionRow](filepath.Join(run, "decisions.parquet"), datasets.Decisions)
	if err != nil {
		t.Fatal(err)
	}
	seats, _, err := datasets.ReadAll[datasets.SeatRow](filepath.Join(run, "seats.parquet"), datasets.Seats)
	if err != nil {
		t.Fatal(err)
	}
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

// A mahjong run recorded with --decisions carries the named features, the
// legal list, the chosen index and the final result in every row; the
// notebook query of docs/datasets.md evaluates the max-ukeire policy on
// it, in Go and (when DuckDB is installed, as .ci/run does) with the
// docs' SQL run by DuckDB, which must agree.
func TestDecisionsDiscardAgreement(t *testing.T) {
	run := filepath.Join(t.TempDir(), "mj")
	if code, _, se := arenaLab(t, "arena", "--game", "mahjong", "--players", "efficiency,random", "--games", "4", "--seed", "1", "--decisions", "--out", run); code != 0 {
		t.Fatal(se)
	}
	dec, _, err := datasets.ReadAll[datasets.DecisionRow](filepath.Join(run, "decisions.parquet"), datasets.Decisions)
	if err != nil {
		t.Fatal(err)
	}
	games, _, err := datasets.ReadAll[datasets.GameRow](filepath.Join(run, "games.parquet"), datasets.Games)
	if err != nil {
		t.Fatal(err)
	}
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
		mods := os.Getenv("GAMELAB_DUCKDB_NODE")
		if mods == "" {
			mods = "/opt/gamelab/duckdb/node_modules"
		}
		if _, err := os.Stat(filepath.Join(mods, "@duckdb", "node-api")); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("DuckDB for the docs query is missing under CI (.ci/run installs it): %v", err)
			}
			t.Skipf("DuckDB not installed (npm install --prefix /opt/gamelab/duckdb @duckdb/node-api): %v", err)
		}
		sql := strings.ReplaceAll(docsQuery(t, "### Notebook query: discard agreement"), "'runs/mj/", "'"+run+"/")
		cmd := exec.Command("node", "testdata/duckdb.cjs")
		cmd.Env = append(os.Environ(), "NODE_PATH="+mods)
		cmd.Stdin = strings.NewReader(sql)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("duckdb: %v: %s", err, stderr.String())
		}
		var rows []struct {
			Strategy  string  `json:"strategy"`
			Discards  int     `json:"discards"`
			Agreement float64 `json:"agreement"`
		}
		if err := json.Unmarshal(out, &rows); err != nil {
			t.Fatalf("duckdb output %s: %v", out, err)
		}
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
	if code, _, se := arenaLab(t, append(args, "--decisions", "--out", filepath.Join(dir, "rec"))...); code != 0 {
		t.Fatal(se)
	}
	if code, _, se := arenaLab(t, "export", filepath.Join(dir, "plain"), "--decisions", "--out", filepath.Join(dir, "exp")); code != 0 {
		t.Fatal(se)
	}
	rec, _, err := datasets.ReadAll[datasets.DecisionRow](filepath.Join(dir, "rec", "decisions.parquet"), datasets.Decisions)
	if err != nil {
		t.Fatal(err)
	}
	exp, _, err := datasets.ReadAll[datasets.DecisionRow](filepath.Join(dir, "exp", "decisions.parquet"), datasets.Decisions)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec) < 1000 || !reflect.DeepEqual(rec, exp) {
		t.Errorf("export wrote %d decision rows, the recorded run %d (equal: %v)", len(exp), len(rec), reflect.DeepEqual(rec, exp))
	}
}
