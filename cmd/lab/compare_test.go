package main

import (
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/arena"
	"gamelab/datasets"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// compareArena plays a small werewolf run into a new directory.
func compareArena(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out := filepath.Join(dir, strings.Join(args, "_"))
	base := []string{"arena", "--game", "werewolf", "--rules", "5", "--games", "40", "--workers", "1", "--out", out}
	if code, _, errs := arenaLab(t, append(base, args...)...); code != 0 {
		t.Fatalf("lab arena %v: exit %d: %s", args, code, errs)
	}
	return out
}

// villageAlwaysWins rewrites run src into dst with every game won by the
// village (the wolves' seats lose), everything else kept: against src,
// the village wins in dst every game it lost in src and no other.
func villageAlwaysWins(t *testing.T, src, dst string) (losses int) {
	t.Helper()
	rewriteRun(t, src, dst, func(g *datasets.Game) {
		lost, winners := false, int8(0)
		for seat, tag := range g.Result.SeatTags {
			if werewolfTeamOf(tag) == "village" {
				lost = lost || g.Result.Placement[seat] != 1
				winners++
			}
		}
		for seat, tag := range g.Result.SeatTags {
			if werewolfTeamOf(tag) == "village" {
				g.Result.Score[seat], g.Result.Placement[seat] = 1, 1
			} else {
				g.Result.Score[seat], g.Result.Placement[seat] = 0, winners+1
			}
		}
		if lost {
			losses++
		}
	})
	return losses
}

// rewriteRun copies run src into dst with every game changed by edit.
func rewriteRun(t *testing.T, src, dst string, edit func(*datasets.Game)) {
	t.Helper()
	info, err := datasets.Info(src)
	if err != nil {
		t.Fatal(err)
	}
	w, err := datasets.Create(dst, info, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := datasets.ReadRun(src, func(g *datasets.Game) error {
		edit(g)
		return w.Add(g)
	}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func werewolfTeamOf(tag string) string {
	if tag == "werewolf" || tag == "madman" {
		return "werewolf"
	}
	return "village"
}

func compareJSON(t *testing.T, a, b string) compareReport {
	t.Helper()
	code, out, errs := arenaLab(t, "compare", "--json", a, b)
	if code != 0 {
		t.Fatalf("lab compare %s %s: exit %d: %s", a, b, code, errs)
	}
	var r compareReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestCompareTeamWins(t *testing.T) {
	dir := t.TempDir()
	a := compareArena(t, dir, "--seed", "3", "--village", "random", "--wolves", "random")
	b := filepath.Join(dir, "b")
	losses := villageAlwaysWins(t, a, b)
	if losses == 0 || losses == 40 {
		t.Fatalf("the village lost %d of 40 games: pick another seed", losses)
	}
	for _, c := range []struct {
		name       string
		a, b       string
		bOnly      int
		diff, z    float64
		rateB, hw  float64
		villageWin bool
	}{
		{"identical runs", a, a, 0, 0, 0, -1, 0, true},
		{"B wins every game A loses", a, b, losses, float64(losses) / 40, math.Sqrt(float64(losses)), 1,
			z95 * math.Sqrt(float64(losses)-float64(losses*losses)/40) / 40, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := compareJSON(t, c.a, c.b)
			if len(r.Teams) != 2 || r.Teams[0].Team != "village" || r.Teams[1].Team != "werewolf" {
				t.Fatalf("teams %+v, want village and werewolf", r.Teams)
			}
			v, w := r.Teams[0], r.Teams[1]
			if v.Games != 40 || v.AOnly != 0 || v.BOnly != c.bOnly {
				t.Errorf("village: games %d, A only %d, B only %d; want 40, 0, %d", v.Games, v.AOnly, v.BOnly, c.bOnly)
			}
			if math.Abs(v.Diff-c.diff) > 1e-12 || math.Abs(v.Z-c.z) > 1e-12 {
				t.Errorf("village: difference %v, z %v; want %v, %v", v.Diff, v.Z, c.diff, c.z)
			}
			if math.Abs(v.DiffCI[1]-v.Diff-c.hw) > 1e-12 {
				t.Errorf("village: interval %v around %v, want half width %v", v.DiffCI, v.Diff, c.hw)
			}
			if c.rateB >= 0 && v.RateB != c.rateB {
				t.Errorf("village: B's rate %v, want %v", v.RateB, c.rateB)
			}
			if math.Abs(w.Diff+v.Diff) > 1e-12 || math.Abs(w.Z+v.Z) > 1e-12 {
				t.Errorf("werewolf: difference %v, z %v; want the village's negated", w.Diff, w.Z)
			}
		})
	}
}

// TestCompareScores compares a seat game (coin, scored in points, in
// duplicate sets) with a copy where one strategy scores more, and with
// itself: every other strategy's paired difference is 0.
func TestCompareScores(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a")
	if code, _, errs := arenaLab(t, "arena", "--game", "coin", "--rules", "four", "--players", "weak,mid,strong,ace",
		"--games", "48", "--seed", "5", "--workers", "1", "--out", a); code != 0 {
		t.Fatalf("lab arena: exit %d: %s", code, errs)
	}
	// B: weak scores 1 more in set 0 and 3 more in set 1. Paired by set the
	// differences are 1 and 3: mean 2, standard error 1, t = 2 and the
	// interval 2 ± t(0.975, 1) = 2 ± 12.706.
	b := filepath.Join(dir, "b")
	players := []string{"weak", "mid", "strong", "ace"}
	rewriteRun(t, a, b, func(g *datasets.Game) {
		for seat, p := range g.Lineup {
			if players[p] == "weak" {
				g.Result.Score[seat] += float64(1 + 2*g.Set)
			}
		}
	})
	for _, s := range compareJSON(t, a, b).Scores {
		want := 0.0
		if s.A == "weak" {
			want = 2
		}
		if s.Pairs != 2 || math.Abs(s.Diff-want) > 1e-12 {
			t.Errorf("%s: %d sets, difference %v; want 2 sets, %v", s.A, s.Pairs, s.Diff, want)
		}
		if s.A == "weak" && (math.Abs(s.T-2) > 1e-9 || math.Abs(s.DiffCI[1]-2-12.706204736174698) > 1e-6) {
			t.Errorf("weak: t %v, interval %v; want t 2, 2 ± 12.706", s.T, s.DiffCI)
		}
	}

	r := compareJSON(t, a, a)
	if len(r.Teams) != 0 || len(r.Scores) != 4 {
		t.Fatalf("teams %d, strategies %d; want 0 and 4", len(r.Teams), len(r.Scores))
	}
	for _, s := range r.Scores {
		if s.Games != 48 || s.Pairs != 2 || s.Diff != 0 || s.T != 0 || s.MeanA != s.MeanB {
			t.Errorf("%s: %+v, want 48 games and no difference", s.A, s.PairedMean)
		}
	}
}

func TestCompareBadInput(t *testing.T) {
	dir := t.TempDir()
	a := compareArena(t, dir, "--seed", "3", "--village", "random", "--wolves", "random")
	seed := compareArena(t, dir, "--seed", "4", "--village", "random", "--wolves", "random")
	players := compareArena(t, dir, "--seed", "3", "--players", "random,rule,village", "--schedule", "roundrobin")
	rules := filepath.Join(dir, "rules7")
	if code, _, errs := arenaLab(t, "arena", "--game", "werewolf", "--rules", "7", "--games", "40", "--seed", "3",
		"--village", "random", "--wolves", "random", "--workers", "1", "--out", rules); code != 0 {
		t.Fatalf("lab arena: exit %d: %s", code, errs)
	}
	shard := compareArena(t, dir, "--seed", "3", "--village", "random", "--wolves", "random", "--shard", "0/2")
	broken := filepath.Join(dir, "broken")
	if err := os.MkdirAll(broken, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(broken, "games.parquet"), []byte("not parquet"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{a}, "want two run directories"},
		{[]string{a, a, a}, "got 3 arguments"},
		{[]string{a, filepath.Join(dir, "missing")}, "cannot read run"},
		{[]string{a, broken}, "not a gamelab table"},
		{[]string{a, seed}, "not pairable: seed 3 vs 4"},
		{[]string{a, players}, "not pairable: number of players 2 vs 3"},
		{[]string{a, rules}, "not pairable: rules"},
		{[]string{a, shard}, "a shard"},
		{[]string{a, "--bogus", a}, "-bogus"},
	} {
		code, _, errs := arenaLab(t, append([]string{"compare"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("lab compare %v: exit %d, stderr %q; want exit 2 and one line containing %q", c.args, code, errs, c.want)
		}
	}
}

// TestComparePrintsTable checks the printed table against
// testdata/compare.golden (go test -run ComparePrintsTable -update).
func TestComparePrintsTable(t *testing.T) {
	dir := t.TempDir()
	a := compareArena(t, dir, "--seed", "3", "--village", "random", "--wolves", "random")
	b := compareArena(t, dir, "--seed", "3", "--village", "rule", "--wolves", "random")
	code, out, errs := arenaLab(t, "compare", a, b)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	out = strings.ReplaceAll(strings.ReplaceAll(out, a, "RUN_A"), b, "RUN_B")
	golden := filepath.Join("testdata", "compare.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("lab compare printed\n%s\nwant (%s)\n%s", out, golden, want)
	}
}

// TestCompareTeamWinsBySet: in duplicate sets the games of a set share a
// deal, so the team comparison is also made set by set. Against a copy
// where the village wins every game, each set's difference is the share
// of its games the village lost; roundrobin lineups get no by-set line.
func TestCompareTeamWinsBySet(t *testing.T) {
	dir := t.TempDir()
	a := compareArena(t, dir, "--seed", "3", "--players", "random,rule", "--schedule", "duplicate")
	b := filepath.Join(dir, "b")
	villageAlwaysWins(t, a, b)
	var lost, games []float64 // per set
	last := int64(-1)
	if _, err := datasets.ReadRun(a, func(g *datasets.Game) error {
		if len(games) == 0 || g.Set != last {
			lost, games, last = append(lost, 0), append(games, 0), g.Set
		}
		for seat, tag := range g.Result.SeatTags {
			if werewolfTeamOf(tag) == "village" && g.Result.Placement[seat] != 1 {
				lost[len(lost)-1]++
				break
			}
		}
		games[len(games)-1]++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(games) < 2 || games[0] < 2 {
		t.Fatalf("%d sets of %v games: want several sets of several games", len(games), games)
	}
	zero, share := make([]float64, len(games)), make([]float64, len(games))
	for i := range games {
		share[i] = lost[i] / games[i]
	}
	want := arena.ComparePairedMeans(zero, share)
	r := compareJSON(t, a, b)
	if !r.SetsShareDeals || len(r.Teams) != 2 || r.Teams[0].BySet == nil {
		t.Fatalf("report %+v: want a by-set comparison of the village", r)
	}
	got := *r.Teams[0].BySet
	if got.Pairs != len(games) || math.Abs(got.Diff-want.Diff) > 1e-12 ||
		math.Abs(got.DiffCI[0]-want.DiffCI[0]) > 1e-12 || math.Abs(got.DiffCI[1]-want.DiffCI[1]) > 1e-12 {
		t.Errorf("village by set %+v, want %+v", got, want)
	}
	if math.Abs(got.Diff-r.Teams[0].Diff) > 1e-12 {
		t.Errorf("by set difference %v, per game %v: equal-sized sets must agree", got.Diff, r.Teams[0].Diff)
	}
	if w := r.Teams[1].BySet; w == nil || math.Abs(w.Diff+got.Diff) > 1e-12 {
		t.Errorf("werewolf by set %+v: want the village's difference negated", w)
	}
	rr := compareArena(t, dir, "--seed", "3", "--village", "random", "--wolves", "random")
	if r := compareJSON(t, rr, rr); r.SetsShareDeals || r.Teams[0].BySet != nil {
		t.Errorf("roundrobin lineups: shares deals %v, by set %+v; want neither", r.SetsShareDeals, r.Teams[0].BySet)
	}
}
