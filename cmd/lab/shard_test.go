package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"gamelab/datasets"
)

// TestMain lets the test binary stand in for the lab binary: with
// GAMELAB_TEST_LAB=1 it runs the CLI on its arguments, so tests can run
// lab as a separate process (to kill it, or to hand it to a scheduler).
// GAMELAB_TEST_VERSION, when set, is the version it stamps on its runs.
func TestMain(m *testing.M) {
	if os.Getenv("GAMELAB_TEST_LAB") == "1" {
		if v := os.Getenv("GAMELAB_TEST_VERSION"); v != "" {
			version = func() string { return v }
		}
		os.Exit(run(context.Background(), os.Args[1:], os.Stderr))
	}
	os.Exit(m.Run())
}

// labEnv is the environment that makes this test binary act as lab. The
// test's own version goes with it: a test binary has no VCS stamp, so
// version() asks git about the source tree, and a tree edited (or
// checked out) while the test runs would give the processes of one run
// different versions, and their run directories different summaries.
func labEnv() []string {
	return []string{"GAMELAB_TEST_LAB=1", "GAMELAB_TEST_VERSION=" + version()}
}

// labProcess returns a command running this binary as lab with args.
func labProcess(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	c := exec.Command(self, args...)
	c.Env = append(os.Environ(), labEnv()...)
	return c
}

// labRun runs lab as a process and fails the test unless it exits 0.
func labRun(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	c := labProcess(t, args...)
	c.Stdout, c.Stderr = &out, &errb
	if err := c.Run(); err != nil {
		t.Fatalf("lab %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	return out.String() + errb.String()
}

// sameRun fails unless two run directories hold the same summary and the
// same games and seats rows.
func sameRun(t *testing.T, a, b string) {
	t.Helper()
	sa, _ := os.ReadFile(filepath.Join(a, "summary.json"))
	sb, _ := os.ReadFile(filepath.Join(b, "summary.json"))
	if len(sa) == 0 || !bytes.Equal(sa, sb) {
		t.Errorf("summaries differ:\n%s\n%s", sa, sb)
	}
	ga, _, err1 := datasets.ReadAll[datasets.GameRow](filepath.Join(a, "games.parquet"), datasets.Games)
	gb, _, err2 := datasets.ReadAll[datasets.GameRow](filepath.Join(b, "games.parquet"), datasets.Games)
	if err1 != nil || err2 != nil || len(ga) == 0 || !slices.EqualFunc(ga, gb, func(x, y datasets.GameRow) bool {
		return x.Index == y.Index && x.Seed == y.Seed && slices.Equal(x.Scores, y.Scores) && slices.Equal(x.Strategies, y.Strategies)
	}) {
		t.Errorf("games differ (%d vs %d rows; %v %v)", len(ga), len(gb), err1, err2)
	}
	pa, _, _ := datasets.ReadAll[datasets.SeatRow](filepath.Join(a, "seats.parquet"), datasets.Seats)
	pb, _, _ := datasets.ReadAll[datasets.SeatRow](filepath.Join(b, "seats.parquet"), datasets.Seats)
	if len(pa) == 0 || len(pa) != len(pb) {
		t.Errorf("seats differ (%d vs %d rows)", len(pa), len(pb))
	}
}

// A finished shard is not played again; a directory of another run is
// refused, not overwritten.
func TestCompleteShardIsANoOp(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "shard-1")
	args := []string{"arena", "--game", "coin", "--rules", "four", "--players", "weak,mid,strong", "--games", "120", "--seed", "11", "--shard", "1/3", "--out", dir}
	if code, _, se := arenaLab(t, args...); code != 0 {
		t.Fatalf("exit %d: %s", code, se)
	}
	m, err := datasets.ReadMarker(dir)
	if err != nil || !m.Complete || m.Shard != "1/3" || m.First <= 0 || m.End <= m.First || m.Total < 120 || m.End >= m.Total {
		t.Fatalf("marker %+v, %v", m, err)
	}
	if !slices.Contains(m.Args, "--seed") || slices.Contains(m.Args, "--shard") || slices.Contains(m.Args, "--out") {
		t.Errorf("marker args %q: want the run's flags with the seed, without --shard/--out", m.Args)
	}
	before, _ := os.Stat(filepath.Join(dir, "games.parquet"))
	code, out, se := arenaLab(t, args...)
	if code != 0 || !strings.Contains(out, "shard 1/3 already complete") {
		t.Errorf("second run: exit %d, stdout %q, stderr %q", code, out, se)
	}
	after, _ := os.Stat(filepath.Join(dir, "games.parquet"))
	if !after.ModTime().Equal(before.ModTime()) {
		t.Error("a complete shard was written again")
	}
	other := slices.Clone(args)
	other[slices.Index(other, "11")] = "12"
	code, _, se = arenaLab(t, other...)
	if code != 2 || !strings.Contains(se, "another run") || strings.Count(se, "\n") != 1 {
		t.Errorf("other run into the same directory: exit %d, stderr %q", code, se)
	}
}

// A shard killed mid-run is found by lab merge, lab merge --plan prints the
// command that makes it, and after rerunning only that shard the merged
// run equals the unsharded one.
func TestKilledShardRerunMergesToUnsharded(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 16,000 liar's bar games in subprocesses")
	}
	dir := t.TempDir()
	run := []string{"arena", "--game", "liarsbar", "--players", "bayes,honest,random,bayes?bluff=0.3", "--games", "8000", "--seed", "5", "--workers", "1"}
	var shards []string
	for i := range 4 {
		d := filepath.Join(dir, "shard-"+string(rune('0'+i)))
		shards = append(shards, d)
		if i != 2 {
			labRun(t, append(run, "--shard", string(rune('0'+i))+"/4", "--out", d)...)
		}
	}
	// shard 2: killed as soon as it has started
	c := labProcess(t, append(run, "--shard", "2/4", "--out", shards[2])...)
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, err := os.Stat(filepath.Join(shards[2], datasets.MarkerFile)); err == nil {
			break
		}
		if time.Now().After(deadline) {
			c.Process.Kill()
			t.Fatal("shard 2 never started")
		}
		time.Sleep(2 * time.Millisecond)
	}
	c.Process.Signal(syscall.SIGKILL)
	c.Wait()
	if m, err := datasets.ReadMarker(shards[2]); err != nil || m.Complete {
		t.Fatalf("killed shard's marker %+v, %v: want started, not complete", m, err)
	}
	merged := filepath.Join(dir, "merged")
	code, _, se := arenaLab(t, append([]string{"merge", "--out", merged}, shards...)...)
	if code != 2 || !strings.Contains(se, "missing shards 2/4 ("+shards[2]+" incomplete)") {
		t.Fatalf("merge with a killed shard: exit %d, stderr %q", code, se)
	}
	code, plan, se := arenaLab(t, append([]string{"merge", "--plan"}, shards...)...)
	lines := strings.Split(strings.TrimSpace(plan), "\n")
	if code != 0 || len(lines) != 1 || !strings.HasPrefix(lines[0], "lab arena ") {
		t.Fatalf("merge --plan: exit %d, %q, %q", code, plan, se)
	}
	// run exactly the planned command line, through a shell
	if !strings.Contains(lines[0], "--shard 2/4") || !strings.Contains(lines[0], shards[2]) {
		t.Fatalf("plan %q does not make shard 2/4 in %s", lines[0], shards[2])
	}
	self, _ := os.Executable()
	for range 2 {
		sh := exec.Command("sh", "-c", `lab() { "$SELF" "$@"; }; `+lines[0])
		sh.Env = append(append(os.Environ(), labEnv()...), "SELF="+self)
		out, err := sh.CombinedOutput()
		if err != nil {
			t.Fatalf("planned command: %v\n%s", err, out)
		}
		if m, _ := datasets.ReadMarker(shards[2]); !m.Complete {
			t.Fatalf("planned command left shard 2 incomplete:\n%s", out)
		}
	}
	code, plan, _ = arenaLab(t, append([]string{"merge", "--plan"}, shards...)...)
	if code != 0 || !strings.Contains(plan, "all 4 shards complete") {
		t.Errorf("plan after the rerun: exit %d, %q", code, plan)
	}
	labRun(t, "merge", "--out", merged, filepath.Join(dir, "shard-*"))
	full := filepath.Join(dir, "full")
	labRun(t, append(run, "--out", full)...)
	sameRun(t, full, merged)
	if sum, _ := os.ReadFile(filepath.Join(merged, "summary.json")); !bytes.Contains(sum, []byte(strconv.Quote(version()))) {
		t.Errorf("the merged summary does not carry the test's version %q", version())
	}
}
