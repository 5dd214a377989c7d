package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gamelab/arena"
	"gamelab/datasets"
	"gamelab/strategies"
)

// arenaLab runs the CLI and returns exit code, stdout and stderr.
func arenaLab(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	old := stdout
	stdout = &out
	defer func() { stdout = old }()
	code := run(context.Background(), args, &errb)
	return code, out.String(), errb.String()
}

func TestArenaJSONIdenticalForAnyWorkers(t *testing.T) {
	args := []string{"arena", "--game", "coin", "--rules", "four", "--players", "weak,mid,strong,ace", "--games", "400", "--seed", "5", "--json"}
	code, one, _ := arenaLab(t, append(args, "--workers", "1")...)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	_, two, _ := arenaLab(t, append(args, "--workers", "2")...)
	if one != two {
		t.Fatal("--workers 1 and 2 print different summaries")
	}
	var rep struct {
		Seed    string `json:"seed"`
		Players []struct {
			Name    string  `json:"name"`
			WinRate float64 `json:"win_rate"`
		} `json:"players"`
		Teams map[string]struct {
			WinRate float64 `json:"win_rate"`
		} `json:"teams"`
	}
	if err := json.Unmarshal([]byte(one), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Seed != "5" || len(rep.Players) != 4 || rep.Players[3].WinRate <= rep.Players[0].WinRate {
		t.Errorf("summary %+v", rep)
	}
	if _, ok := rep.Teams["odds"]; !ok {
		t.Errorf("no teams.odds.win_rate in %s", one)
	}
}

// A seed above 2^53 read back by a float64 JSON decoder (as jq and
// JavaScript do) still replays the run exactly: JSON outputs carry it as a
// decimal string and --seed takes that string, quotes and all. The numeric
// seed_number beside it is lossy.
func TestSeedReadBackAsFloat64Replays(t *testing.T) {
	const big = "18446744073709551557"
	args := []string{"arena", "--game", "coin", "--rules", "four", "--players", "weak,ace", "--games", "40", "--json"}
	code, first, _ := arenaLab(t, append(args, "--seed", big)...)
	var o map[string]any // numbers become float64
	if err := json.Unmarshal([]byte(first), &o); code != 0 || err != nil {
		t.Fatalf("exit %d %v", code, err)
	}
	seed, ok := o["seed"].(string)
	if !ok || seed != big {
		t.Fatalf("seed %v, want the string %s", o["seed"], big)
	}
	if n := o["seed_number"].(float64); fmt.Sprintf("%.0f", n) == big {
		t.Errorf("seed_number %.0f survived float64: the test seed is not big enough", n)
	}
	for _, again := range []string{seed, `"` + seed + `"`} {
		if _, replay, _ := arenaLab(t, append(args, "--seed", again)...); replay != first {
			t.Errorf("--seed %s does not replay the run", again)
		}
	}
}

func TestArenaTablePrintsSeed(t *testing.T) {
	code, out, _ := arenaLab(t, "arena", "--game", "coin", "--players", "weak,ace", "--games", "40", "--seed", "77")
	if code != 0 || !strings.Contains(out, "seed:     77") || !strings.Contains(out, "ace") || !strings.Contains(out, "hands/game") {
		t.Errorf("exit %d, table:\n%s", code, out)
	}
}

func TestBadInputExitsTwoWithOneLine(t *testing.T) {
	dir := t.TempDir()
	foreign := filepath.Join(dir, "foreign")
	os.MkdirAll(foreign, 0o755)
	os.WriteFile(filepath.Join(foreign, "games.parquet"), []byte("PAR1 not really"), 0o644)
	nine := filepath.Join(dir, "nine.json")
	os.WriteFile(nine, []byte(`{"players": 9}`), 0o644)
	odd := filepath.Join(dir, "odd.json")
	os.WriteFile(odd, []byte(`{"players": 2, "colour": "red"}`), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"arena", "--game", "chess"}, `unknown game "chess"`},
		{[]string{"arena", "--game", "coin", "--players", "weak,nobody"}, `unknown coin strategy "nobody"`},
		{[]string{"arena", "--game", "coin", "--players", "weak?speed=1,mid"}, `no parameter "speed"`},
		{[]string{"arena", "--game", "coin", "--players", "weak?strength=500,mid"}, "outside"},
		{[]string{"arena", "--game", "coin", "--players", "weak"}, "at least 2 players"},
		{[]string{"arena", "--game", "coin", "--rules", "huge"}, `rules "huge"`},
		{[]string{"arena", "--game", "coin", "--rules", nine}, "9 players, want 2..8"},
		{[]string{"arena", "--game", "coin", "--rules", odd}, `unknown field "colour"`},
		{[]string{"arena", "--game", "coin", "--schedule", "swiss"}, `unknown schedule "swiss"`},
		{[]string{"arena", "--game", "coin", "--seed", "-3"}, "--seed"},
		{[]string{"arena", "--game", "coin", "--shard", "3/3"}, "--shard"},
		{[]string{"arena", "--game", "coin", "--decisions"}, "--decisions needs --out"},
		{[]string{"arena", "--game", "coin", "--out", filepath.Join(nine, "run")}, "--out"},
		{[]string{"export", foreign, "--out", filepath.Join(nine, "run")}, "--out"},
		{[]string{"report", foreign}, "not a gamelab table"},
		{[]string{"report", filepath.Join(dir, "missing")}, "no such file"},
		{[]string{"merge", "--out", filepath.Join(dir, "m"), foreign}, "not a gamelab table"},
		{[]string{"sprt", "--game", "coin", "--candidate", "weak"}, "--baseline"},
		{[]string{"sprt", "--game", "coin", "--candidate", "weak", "--baseline", "mid", "--elo0", "5", "--elo1", "1"}, "elo0"},
		{[]string{"tune", "--game", "coin", "--strategy", "broken", "--out", filepath.Join(dir, "t.json")}, "no tunable"},
	} {
		code, _, stderr := arenaLab(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("lab %v: exit %d, stderr %q; want exit 2 and one line with %q", c.args, code, stderr, c.want)
		}
	}
	if ents, _ := os.ReadDir(filepath.Join(dir, "m")); len(ents) != 0 {
		t.Errorf("failed merge left %v", ents)
	}
}

// A run that fails midway leaves nothing under the output names.
func TestFailedRunWritesNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	code, _, stderr := arenaLab(t, "arena", "--game", "coin", "--players", "weak,broken", "--games", "40", "--seed", "1", "--out", dir)
	if code != 1 || !strings.Contains(stderr, "broken strategy") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("failed run left %v", ents)
	}
	// bad input is refused before --out is created
	bad := filepath.Join(t.TempDir(), "bad")
	if code, _, _ := arenaLab(t, "arena", "--game", "coin", "--players", "weak,nobody", "--out", bad); code != 2 {
		t.Errorf("unknown strategy with --out: exit %d", code)
	}
	if _, err := os.Stat(bad); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("refused run created --out: %v", err)
	}
}

// Shards run separately and merged give exactly the unsharded run: the
// same summary and the same rows.
func TestShardsMergeIntoTheUnshardedRun(t *testing.T) {
	dir := t.TempDir()
	base := []string{"arena", "--game", "coin", "--rules", "four", "--players", "weak,mid,strong", "--games", "120", "--seed", "11", "--json", "--decisions"}
	if code, _, se := arenaLab(t, append(base, "--out", filepath.Join(dir, "full"))...); code != 0 {
		t.Fatal(se)
	}
	var shards []string
	for i := range 3 {
		d := filepath.Join(dir, "shard"+string(rune('0'+i)))
		shards = append(shards, d)
		if code, _, se := arenaLab(t, append(base, "--out", d, "--shard", string(rune('0'+i))+"/3", "--workers", "1")...); code != 0 {
			t.Fatal(se)
		}
	}
	// merge in a scrambled order: merge sorts shards by game range
	if code, _, se := arenaLab(t, append([]string{"merge", "--json", "--out", filepath.Join(dir, "merged")}, shards[2], shards[0], shards[1])...); code != 0 {
		t.Fatal(se)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "full", "summary.json"))
	b, _ := os.ReadFile(filepath.Join(dir, "merged", "summary.json"))
	if len(a) == 0 || string(a) != string(b) {
		t.Errorf("merged summary differs:\n%s\n%s", a, b)
	}
	g1 := readTable[datasets.GameRow](t, filepath.Join(dir, "full"), datasets.Games)
	g2 := readTable[datasets.GameRow](t, filepath.Join(dir, "merged"), datasets.Games)
	if len(g1) != 120 || !reflect.DeepEqual(g1, g2) {
		t.Errorf("merged games differ (%d vs %d rows)", len(g1), len(g2))
	}
	d1 := readTable[datasets.DecisionRow](t, filepath.Join(dir, "full"), datasets.Decisions)
	d2 := readTable[datasets.DecisionRow](t, filepath.Join(dir, "merged"), datasets.Decisions)
	if len(d1) != 120*4 || !reflect.DeepEqual(d1, d2) {
		t.Errorf("merged decisions differ (%d vs %d rows)", len(d1), len(d2))
	}
	// a missing shard is refused
	if code, _, _ := arenaLab(t, "merge", "--out", filepath.Join(dir, "bad"), shards[0], shards[2]); code != 2 {
		t.Errorf("merge with a gap: exit %d", code)
	}
}

func TestExportReplaysWithDecisionsAndReport(t *testing.T) {
	dir := t.TempDir()
	run1 := filepath.Join(dir, "run")
	if code, _, se := arenaLab(t, "arena", "--game", "coin", "--players", "weak,ace", "--games", "20", "--seed", "3", "--out", run1); code != 0 {
		t.Fatal(se)
	}
	exp := filepath.Join(dir, "exp")
	if code, _, se := arenaLab(t, "export", run1, "--out", exp, "--decisions"); code != 0 {
		t.Fatal(se)
	}
	dec := readTable[datasets.DecisionRow](t, exp, datasets.Decisions)
	if len(dec) != 20*4 || dec[0].Chosen != "c1" || len(dec[0].Legal) != 2 || dec[0].Legal[dec[0].ChosenIndex] != "c1" {
		t.Errorf("%d decisions, first %+v", len(dec), dec[0])
	}
	code, out, se := arenaLab(t, "report", exp)
	if code != 0 || !strings.Contains(out, "seed:     3") || !strings.Contains(out, "players:  weak, ace") || !strings.Contains(out, "above ↓ vs →") {
		t.Fatalf("report exit %d: %s %s", code, out, se)
	}
	html, _ := os.ReadFile(filepath.Join(exp, "report.html"))
	if strings.Count(string(html), "<svg") < 3 {
		t.Errorf("report.html has %d plots", strings.Count(string(html), "<svg"))
	}
}

func TestSPRTVerdicts(t *testing.T) {
	dir := t.TempDir()
	code, out, _ := arenaLab(t, "sprt", "--game", "coin", "--rules", "duel", "--candidate", "ace", "--baseline", "weak", "--seed", "1", "--out", dir)
	if code != 0 || !strings.Contains(out, "H1 accepted") || !strings.Contains(out, "Ptnml(0-2)") || !strings.Contains(out, "LLR: 2.9") {
		t.Errorf("strong candidate: exit %d\n%s", code, out)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, "sprt.json"))
	var s sprtOutcome
	if err := json.Unmarshal(raw, &s); err != nil || s.Verdict != "H1" || len(s.Trace) == 0 {
		t.Errorf("sprt.json %+v %v", s, err)
	}
	code, out, _ = arenaLab(t, "sprt", "--game", "coin", "--rules", "duel", "--candidate", "weak", "--baseline", "ace", "--seed", "1")
	if code != 1 || !strings.Contains(out, "LLR: -2.9") {
		t.Errorf("weak candidate: exit %d\n%s", code, out)
	}
	if code, _, _ := arenaLab(t, "report", dir); code != 0 {
		t.Errorf("report of an sprt dir: exit %d", code)
	}
	html, _ := os.ReadFile(filepath.Join(dir, "report.html"))
	if !strings.Contains(string(html), "SPRT: ace vs weak") || !strings.Contains(string(html), "Results of ace vs weak") {
		t.Errorf("report.html of an sprt dir does not name candidate and baseline")
	}
}

// Exit 3 without a verdict at --games, the block names the match, interim
// blocks come every --interim sets, --json carries the exact seed as a
// string, and an unwritable --out fails before the first game (exit 2).
func TestSPRTExitCodesAndOutputs(t *testing.T) {
	code, out, _ := arenaLab(t, "sprt", "--game", "coin", "--rules", "duel", "--candidate", "mid", "--baseline", "mid?strength=2.1", "--seed", "1", "--games", "40", "--interim", "5")
	if code != 3 || !strings.Contains(out, "Results of mid vs mid?strength=2.1 (coin duel, duplicate sets of 2 games, seed 1):") ||
		strings.Count(out, "Interim results of") != 3 || !strings.Contains(out, "no verdict after 40 games") {
		t.Errorf("no verdict: exit %d\n%s", code, out)
	}
	code, out, _ = arenaLab(t, "sprt", "--game", "coin", "--rules", "duel", "--candidate", "ace", "--baseline", "weak", "--seed", "18446744073709551615", "--json")
	var o map[string]any
	if err := json.Unmarshal([]byte(out), &o); code != 0 || err != nil || o["seed"] != "18446744073709551615" || o["verdict"] != "H1" {
		t.Errorf("--json: exit %d %v\n%s", code, err, out)
	}
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	code, out, se := arenaLab(t, "sprt", "--game", "coin", "--rules", "duel", "--candidate", "ace", "--baseline", "weak", "--seed", "1", "--out", filepath.Join(file, "dir"))
	if code != 2 || out != "" || strings.Count(se, "\n") != 1 {
		t.Errorf("unwritable --out: exit %d, stdout %q, stderr %q", code, out, se)
	}
}

// Tuning the coin strength against a fixed field must raise it (higher
// strength wins more) and write a file the arena accepts.
func TestTuneRaisesCoinStrength(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tuned.json")
	code, out, se := arenaLab(t, "tune", "--game", "coin", "--rules", "duel", "--strategy", "mid", "--opponents", "strong", "--validate-against", "weak,ace", "--games", "600", "--seed", "4", "--out", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, se)
	}
	if !strings.Contains(out, "tuning field (strong): tuned - start placement") || !strings.Contains(out, "held-out field (weak,ace)") {
		t.Errorf("no gate figures:\n%s", out)
	}
	traj, err := os.ReadFile(strings.TrimSuffix(file, ".json") + ".trajectory.csv")
	if lines := strings.Split(strings.TrimSpace(string(traj)), "\n"); err != nil || lines[0] != "step,games,objective_diff,strength" || len(lines) < 10 {
		t.Errorf("trajectory %v:\n%s", err, traj)
	}
	f, err := strategies.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if f.Game != "coin" || f.Params["strength"] <= 2 {
		t.Errorf("tuned %+v\n%s", f, out)
	}
	if f.RulesName != "duel" || len(f.Rules) == 0 {
		t.Errorf("the tuned file does not record its rules: %q %s", f.RulesName, f.Rules)
	}
	if code, _, se := arenaLab(t, "arena", "--game", "coin", "--rules", "duel", "--players", file+",mid", "--games", "10", "--seed", "1"); code != 0 {
		t.Errorf("arena rejects the tuned file: %s", se)
	}
	// lab report on the tuning output plots the trajectory.
	code, out, se = arenaLab(t, "report", file)
	html, _ := os.ReadFile(strings.TrimSuffix(file, ".json") + ".report.html")
	if code != 0 || !strings.Contains(out, "strength") || !strings.Contains(string(html), "Tuning: strength") || !strings.Contains(string(html), "Tuning: objective_diff per step") {
		t.Errorf("report of a tune output: exit %d %s\n%s", code, se, out)
	}
	bad := filepath.Join(t.TempDir(), "bad.trajectory.csv")
	os.WriteFile(bad, []byte("step,games,objective_diff,strength\n1,2,x,3\n"), 0o644)
	if code, _, se := arenaLab(t, "report", bad); code != 2 || strings.Count(se, "\n") != 1 || !strings.Contains(se, "line 2") {
		t.Errorf("broken trajectory: exit %d %q", code, se)
	}
}

// Integer parameters stay integers; the result does not depend on
// --workers; bad --freeze and --objective values exit 2 with one line.
func TestTuneIntegersFreezeAndWorkers(t *testing.T) {
	dir := t.TempDir()
	var files [2][]byte
	for i, w := range []string{"1", "2"} {
		file := filepath.Join(dir, "steps"+w+".json")
		code, _, se := arenaLab(t, "tune", "--game", "coin", "--rules", "four", "--strategy", "steps", "--opponents", "mid,strong", "--validate-against", "weak", "--games", "800", "--seed", "2", "--workers", w, "--out", file)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, se)
		}
		f, err := strategies.ReadFile(file)
		if v := f.Params["strength"]; err != nil || v != math.Trunc(v) || v <= 2 {
			t.Errorf("tuned integer strength %v %v", v, err)
		}
		files[i], _ = os.ReadFile(strings.TrimSuffix(file, ".json") + ".trajectory.csv")
	}
	if string(files[0]) != string(files[1]) {
		t.Errorf("--workers 1 and 2 tune differently")
	}
	for _, c := range []struct{ args, want string }{
		{"--strategy mid --freeze speed", "--freeze speed"},
		{"--strategy mid --freeze strength", "no tunable parameters"},
		{"--strategy mid --objective rankpt", "no rank points"},
		{"--strategy mid --objective elo", "--objective"},
		{"--strategy mid --method newton", `--method "newton"`},
	} {
		args := append([]string{"tune", "--game", "coin", "--seed", "1", "--out", filepath.Join(dir, "x.json")}, strings.Fields(c.args)...)
		code, _, se := arenaLab(t, args...)
		if code != 2 || strings.Count(se, "\n") != 1 || !strings.Contains(se, c.want) {
			t.Errorf("%s: exit %d %q", c.args, code, se)
		}
	}
}

// The validation gate on a game with known truth: in the coin game a
// weaker strength loses in any field, so "weak" replacing "ace" fails the
// gate (interval below 0) and the reverse passes.
func TestTuneGateCatchesARegression(t *testing.T) {
	r, _ := arena.Lookup("coin")
	m, _ := r.Prepare("four", []string{"weak"})
	obj, _ := objectiveFor("placement", m)
	fields := []gateField{{"tuning field", []string{"mid"}}, {"held-out field", []string{"weak", "mid", "strong", "ace"}}}
	for _, c := range []struct {
		tuned, start string
		worse        bool
	}{{"weak", "ace", true}, {"ace", "weak", false}} {
		res, err := validate(context.Background(), r, "four", c.tuned, c.start, fields, obj, 800, 1, 2)
		if err != nil || len(res) != 2 {
			t.Fatalf("validate: %v %v", res, err)
		}
		for _, g := range res {
			if (g.Hi < 0) != c.worse || g.Sets < 10 {
				t.Errorf("%s replacing %s: %s", c.tuned, c.start, g)
			}
		}
	}
}

// With no --game the arena plays mahjong when it is built in, and says so
// when it falls back to another game.
func TestArenaDefaultGame(t *testing.T) {
	want, fallback := arena.DefaultGame()
	code, out, _ := arenaLab(t, "arena", "--games", "4", "--seed", "1", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var rep struct {
		Game string `json:"game"`
	}
	json.Unmarshal([]byte(out), &rep)
	if rep.Game != want || (!fallback && want != "mahjong") {
		t.Errorf("default game %q, want %q (fallback %v)", rep.Game, want, fallback)
	}
}

// Scripts read a werewolf team's win rate as teams.village.win_rate.
func TestArenaWerewolfTeams(t *testing.T) {
	code, out, _ := arenaLab(t, "arena", "--game", "werewolf", "--rules", "5", "--players", "rule,random", "--games", "20", "--seed", "2", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var rep struct {
		Teams map[string]struct {
			Games   int64   `json:"games"`
			WinRate float64 `json:"win_rate"`
		} `json:"teams"`
		Players []struct {
			Roles map[string]any `json:"roles"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	v, w := rep.Teams["village"], rep.Teams["werewolf"]
	if v.Games == 0 || w.Games == 0 || v.Games+w.Games != 20*5 {
		t.Errorf("teams %+v", rep.Teams)
	}
	if len(rep.Players) != 2 || rep.Players[0].Roles["seer"] == nil {
		t.Errorf("roles %+v", rep.Players)
	}
}

// lab strategies lists every registered strategy with typed parameters;
// the arena's help points to it; fractions for int parameters are refused.
func TestStrategiesListing(t *testing.T) {
	code, out, _ := arenaLab(t, "strategies", "--json")
	var list []strategyListing
	if err := json.Unmarshal([]byte(out), &list); code != 0 || err != nil {
		t.Fatalf("exit %d %v", code, err)
	}
	types := map[string]string{}
	games := map[string]int{}
	for _, s := range list {
		games[s.Game]++
		for _, p := range s.Params {
			types[s.Game+"/"+s.Name+"/"+p.Name] = p.Type
			if p.Default < p.Min || p.Default > p.Max {
				t.Errorf("%s/%s %s default %g outside [%g, %g]", s.Game, s.Name, p.Name, p.Default, p.Min, p.Max)
			}
		}
	}
	for _, g := range arena.Games() {
		r, _ := arena.Lookup(g)
		if games[g] != len(r.Strategies()) {
			t.Errorf("%s: %d strategies listed, %d registered", g, games[g], len(r.Strategies()))
		}
	}
	for k, want := range map[string]string{"bulletpoker/equity/rollouts": "int", "werewolf/rule/co_black": "bool", "liarsbar/bayes/bluff": "real", "coin/weak/strength": "real"} {
		if types[k] != want {
			t.Errorf("%s is %q, want %s", k, types[k], want)
		}
	}
	if code, out, _ := arenaLab(t, "strategies", "--game", "coin"); code != 0 || !strings.Contains(out, "strength     real default 1") {
		t.Errorf("text listing: exit %d\n%s", code, out)
	}
	if code, _, se := arenaLab(t, "strategies", "--game", "chess"); code != 2 || strings.Count(se, "\n") != 1 {
		t.Errorf("unknown game: exit %d %q", code, se)
	}
	if code, _, se := arenaLab(t, "arena", "--game", "bulletpoker", "--players", "equity?rollouts=2.5,random", "--games", "4", "--seed", "1"); code != 2 || !strings.Contains(se, "want an integer") {
		t.Errorf("fractional int parameter: exit %d %q", code, se)
	}
}

// Team lineups: every seat dealt to a team plays that team's strategy. In
// the coin game's evens/odds teams, ace (8) on the even seats against weak
// (1) on the odd ones wins 16/18 of the games, 8/18 per seat (the rates
// count seats); werewolf takes --village and
// --wolves; a game without teams refuses them with exit 2.
func TestArenaTeamLineups(t *testing.T) {
	code, out, se := arenaLab(t, "arena", "--game", "coin", "--team", "evens=ace", "--team", "odds=weak", "--games", "4000", "--seed", "3", "--json")
	var rep struct {
		Players []struct {
			Name  string     `json:"name"`
			Games int64      `json:"games"`
			CI    [2]float64 `json:"win_rate_ci95"`
		} `json:"players"`
		Teams map[string]struct {
			CI [2]float64 `json:"win_rate_ci95"`
		} `json:"teams"`
	}
	if err := json.Unmarshal([]byte(out), &rep); code != 0 || err != nil {
		t.Fatalf("exit %d %v %s", code, err, se)
	}
	if ci := rep.Teams["evens"].CI; len(rep.Players) != 2 || rep.Players[0].Name != "ace" || rep.Players[0].Games != 8000 || ci[0] > 8.0/18 || ci[1] < 8.0/18 {
		t.Errorf("evens=ace: %+v (truth 8/18 = 0.444 per seat)", rep)
	}
	code, out, se = arenaLab(t, "arena", "--game", "werewolf", "--village", "rule", "--wolves", "random", "--games", "200", "--seed", "3")
	if code != 0 || !strings.Contains(out, "│ rule     │ seer") || !strings.Contains(out, "│ random   │ werewolf") || strings.Contains(out, "│ rule     │ werewolf") {
		t.Errorf("werewolf teams: exit %d %s\n%s", code, se, out)
	}
	for _, args := range [][]string{
		{"--game", "liarsbar", "--village", "bayes"},
		{"--game", "werewolf", "--village", "rule"},
		{"--game", "werewolf", "--village", "rule", "--wolves", "rule", "--players", "rule"},
		{"--game", "werewolf", "--team", "village=rule", "--team", "aliens=rule"},
	} {
		code, _, se := arenaLab(t, append([]string{"arena", "--seed", "1", "--games", "10"}, args...)...)
		if code != 2 || strings.Count(se, "\n") != 1 {
			t.Errorf("%v: exit %d %q", args, code, se)
		}
	}
}

// lab report draws the plots each real game's outcome gives a meaning:
// mahjong scores points (score histogram, placements), liar's bar has a
// win/lose score with an elimination order (placements only), werewolf a
// team win/lose (neither).
func TestReportPlotsByGame(t *testing.T) {
	for _, c := range []struct {
		game, players string
		place, score  bool
	}{
		{"mahjong", "tsumogiri,minimal", true, true},
		{"liarsbar", "honest,random", true, false},
		{"werewolf", "rule,random", false, false},
	} {
		dir := filepath.Join(t.TempDir(), c.game)
		if code, _, se := arenaLab(t, "arena", "--game", c.game, "--players", c.players, "--games", "8", "--seed", "2", "--out", dir); code != 0 {
			t.Fatalf("%s: %s", c.game, se)
		}
		if code, _, se := arenaLab(t, "report", dir); code != 0 {
			t.Fatalf("%s report: %s", c.game, se)
		}
		raw, _ := os.ReadFile(filepath.Join(dir, "report.html"))
		html := string(raw)
		if !strings.Contains(html, "Rating (Elo") || strings.Contains(html, "Placement distribution") != c.place || strings.Contains(html, "Score distribution") != c.score {
			t.Errorf("%s: placements plot %v (want %v), score plot %v (want %v)", c.game,
				strings.Contains(html, "Placement distribution"), c.place, strings.Contains(html, "Score distribution"), c.score)
		}
	}
}
