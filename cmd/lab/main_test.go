package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestExitCodes checks the CLI's contract: help exits 0, bad input exits 2
// with one line naming the culprit.
func TestExitCodes(t *testing.T) {
	cases := []struct {
		args   []string
		code   int
		stderr string // substring of the one-line error, "" for none
	}{
		{[]string{"version"}, 0, ""},
		{[]string{"version", "--help"}, 0, ""},
		{[]string{"help", "version"}, 0, ""},
		{[]string{"--help"}, 0, ""},
		{[]string{}, 2, "missing command"},
		{[]string{"nope"}, 2, `unknown command "nope"`},
		{[]string{"version", "--bogus"}, 2, "-bogus"},
	}
	for _, c := range cases {
		var stderr bytes.Buffer
		code := run(context.Background(), c.args, &stderr)
		if code != c.code {
			t.Errorf("lab %v: exit %d, want %d (stderr %q)", c.args, code, c.code, stderr.String())
		}
		if c.stderr == "" && stderr.Len() != 0 {
			t.Errorf("lab %v: unexpected stderr %q", c.args, stderr.String())
		}
		if c.stderr != "" {
			if !strings.Contains(stderr.String(), c.stderr) || strings.Count(stderr.String(), "\n") != 1 {
				t.Errorf("lab %v: stderr %q, want one line containing %q", c.args, stderr.String(), c.stderr)
			}
		}
	}
}

func TestParseFlagsInterspersed(t *testing.T) {
	fs := flagSet("lab x", "")
	win := fs.String("win", "", "")
	tsumo := fs.Bool("tsumo", false, "")
	pos, err := parseFlags(fs, []string{"123m", "--win", "3m", "456p", "--tsumo", "--", "--raw"})
	if err != nil {
		t.Fatal(err)
	}
	if *win != "3m" || !*tsumo || strings.Join(pos, " ") != "123m 456p --raw" {
		t.Errorf("win=%q tsumo=%v pos=%q", *win, *tsumo, pos)
	}
}

func TestGroupDispatch(t *testing.T) {
	ran := ""
	registerSub("testgroup", &command{name: "sub", summary: "s", run: func(ctx context.Context, args []string) error {
		ran = strings.Join(args, " ")
		return nil
	}})
	if code := run(context.Background(), []string{"testgroup", "sub", "a", "b"}, &bytes.Buffer{}); code != 0 || ran != "a b" {
		t.Errorf("exit %d, ran %q", code, ran)
	}
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"testgroup", "nope"}, &stderr); code != 2 || !strings.Contains(stderr.String(), `unknown sub-command "nope"`) {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}

// TestVocabulary checks what every verb shares: stray positional
// arguments are refused, game names have two spellings, errors carry one
// "lab" prefix, Ctrl-C exits 130, and the version names a revision.
func TestVocabulary(t *testing.T) {
	cases := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"arena", "liarsbar", "--games", "40"}, 2, `lab arena: unexpected argument "liarsbar" (did you mean --game liarsbar?)`},
		{[]string{"sprt", "extra"}, 2, `lab sprt: unexpected argument "extra"`},
		{[]string{"tune", "extra"}, 2, `lab tune: unexpected argument "extra"`},
		{[]string{"version", "extra"}, 2, `lab version: unexpected argument "extra"`},
		{[]string{"live", "tavern", "extra"}, 2, `lab live tavern: unexpected argument "extra"`},
		{[]string{"tavern", "dealer", "extra"}, 2, `lab tavern dealer: unexpected argument "extra"`},
		{[]string{"arena", "--bogus"}, 2, "lab arena: flag provided but not defined: -bogus"},
		{[]string{"mahjong"}, 2, "lab mahjong: missing sub-command"},
		{[]string{"arena", "--game", "liars_bar", "--games", "0x"}, 2, "lab arena: invalid value"},
		{[]string{"arena", "--game", "nosuch"}, 2, `nosuch`},
	}
	for _, c := range cases {
		var stderr bytes.Buffer
		code := run(context.Background(), c.args, &stderr)
		line := stderr.String()
		if code != c.code || !strings.Contains(line, c.stderr) || strings.Count(line, "\n") != 1 || strings.Contains(line, "lab: lab") {
			t.Errorf("lab %v: exit %d, stderr %q; want exit %d and one line containing %q", c.args, code, line, c.code, c.stderr)
		}
	}
	for _, name := range []string{"liarsbar", "liars_bar", "LiarsBar"} {
		if got := matchGame(name, []string{"mahjong", "liars_bar"}); got != "liars_bar" {
			t.Errorf("matchGame(%q) = %q, want liars_bar", name, got)
		}
		if got := matchGame(name, []string{"liarsbar", "bulletpoker"}); got != "liarsbar" {
			t.Errorf("matchGame(%q) = %q, want liarsbar", name, got)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stderr bytes.Buffer
	if code := run(ctx, []string{"arena", "--game", "liars_bar", "--games", "40", "--seed", "1"}, &stderr); code != exitInterrupted {
		t.Errorf("interrupted arena: exit %d, want %d (stderr %q)", code, exitInterrupted, stderr.String())
	}
	if v := version(); strings.Contains(v, "unknown") {
		t.Errorf("version() = %q, want a VCS revision", v)
	}
}
