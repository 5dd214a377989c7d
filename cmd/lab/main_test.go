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
