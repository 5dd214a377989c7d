package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

func runMjai(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	oldIn, oldOut, oldErr := mjaiStdin, mjaiStdout, mjaiStderr
	mjaiStdin, mjaiStdout, mjaiStderr = strings.NewReader(stdin), &out, &errb
	defer func() { mjaiStdin, mjaiStdout, mjaiStderr = oldIn, oldOut, oldErr }()
	code := run(context.Background(), append([]string{"mjai"}, args...), &errb)
	return code, out.String(), errb.String()
}

// TestMjaiBotAnswers: lab mjai bot answers the seat's own draw (no
// possible_actions: legal from the view), keeps quiet on other seats'
// events, joins on hello, and answers an mjai.app array line once.
func TestMjaiBotAnswers(t *testing.T) {
	in := `{"type":"hello","protocol":"mjsonp","protocol_version":3}
{"type":"start_game","id":1,"names":["a","b","c","d"]}
{"type":"start_kyoku","bakaze":"E","dora_marker":"1p","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["?","?","?","?","?","?","?","?","?","?","?","?","?"],["1m","9m","1p","9p","1s","9s","E","S","W","N","P","F","5mr"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}
{"type":"tsumo","actor":0,"pai":"?"}
{"type":"dahai","actor":0,"pai":"2s","tsumogiri":true}
[{"type":"tsumo","actor":1,"pai":"C"}]
`
	code, out, errs := runMjai(t, in, "bot", "--strategy", "tsumogiri", "--seed", "1")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 {
		t.Fatalf("exit %d, answers %q, stderr %s", code, out, errs)
	}
	if !strings.Contains(lines[0], `"type":"join"`) || !strings.Contains(lines[1], `{"type":"dahai","actor":1,"pai":"C","tsumogiri":true}`) {
		t.Errorf("answers %q", out)
	}
}

func TestMjaiBotBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bot"}, "--strategy is required"},
		{[]string{"bot", "--strategy", "nope"}, `unknown mahjong strategy "nope"`},
		{[]string{"bot", "--strategy", "efficiency", "stray"}, `unexpected argument "stray"`},
		{[]string{"nope"}, "unknown sub-command"},
	} {
		code, _, errs := runMjai(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line with %q", c.args, code, errs, c.want)
		}
	}
	// A broken line is logged and skipped, not fatal.
	code, out, errs := runMjai(t, "not json\n[not json either\n", "bot", "--strategy", "efficiency", "--seed", "1")
	if code != 0 || strings.TrimSpace(out) != `{"type":"none"}` || strings.Count(errs, "bad message") != 2 {
		t.Errorf("exit %d, out %q, stderr %q", code, out, errs)
	}
}

// TestExportMjaiReplays: lab export --format mjai writes one log per game
// (gzip too), and lab mahjong replay replays each to the recorded scores;
// a non-mahjong run and an unknown format are refused with exit 2.
func TestExportMjaiReplays(t *testing.T) {
	dir := t.TempDir()
	run := filepath.Join(dir, "run")
	if code, _, se := arenaLab(t, "arena", "--rules", "tenhou", "--players", "efficiency,defense", "--games", "4", "--seed", "9", "--out", run); code != 0 {
		t.Fatalf("arena: %s", se)
	}
	for _, gz := range []bool{false, true} {
		out := filepath.Join(dir, fmt.Sprint("logs", gz))
		args := []string{"export", run, "--out", out, "--format", "mjai"}
		if gz {
			args = append(args, "--gzip")
		}
		if code, _, se := arenaLab(t, args...); code != 0 {
			t.Fatalf("export: %s", se)
		}
		files, _ := filepath.Glob(filepath.Join(out, "game-*.mjson*"))
		if len(files) != 4 {
			t.Fatalf("%d logs written", len(files))
		}
		code, rep, se := arenaLab(t, append([]string{"mahjong", "replay"}, files...)...)
		if code != 0 || strings.Count(rep, ": OK mjai log") != 4 {
			t.Errorf("replay: exit %d\n%s\n%s", code, rep, se)
		}
	}
	coin := filepath.Join(dir, "coin")
	arenaLab(t, "arena", "--game", "coin", "--rules", "duel", "--players", "weak,mid", "--games", "4", "--seed", "1", "--out", coin)
	for _, args := range [][]string{
		{"export", coin, "--out", filepath.Join(dir, "x"), "--format", "mjai"},
		{"export", run, "--out", filepath.Join(dir, "y"), "--format", "csv"},
		{"export", run, "--out", filepath.Join(dir, "y"), "--format", "mjai", "--decisions"},
		{"export", run, "--out", filepath.Join(dir, "y"), "--gzip"},
	} {
		if code, _, se := arenaLab(t, args...); code != 2 {
			t.Errorf("%v: exit %d (%s), want 2", args, code, se)
		}
	}
}
