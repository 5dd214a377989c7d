package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTavernVerbsRefuseBadInput(t *testing.T) {
	dir := t.TempDir()
	short := filepath.Join(dir, "short")
	good := filepath.Join(dir, "good")
	for name, secret := range map[string]string{short: "abc\n", good: "0123456789abcdef0123456789abcdef\n"} {
		if err := os.WriteFile(name, []byte(secret), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"live", "tavern", "--strategy", "liars_bar=bayes"}, "--secret-file is required"},
		{[]string{"live", "tavern", "--secret-file", short, "--strategy", "liars_bar=bayes"}, "line 1 is shorter than 16"},
		{[]string{"live", "tavern", "--secret-file", good}, "--strategy GAME=SPEC is required"},
		{[]string{"live", "tavern", "--secret-file", good, "--strategy", "chess=x"}, `unknown game "chess"`},
		{[]string{"live", "tavern", "--secret-file", good, "--strategy", "liars_bar=nope"}, `unknown liarsbar strategy "nope"`},
		{[]string{"tavern", "dealer"}, "--game is required"},
		{[]string{"tavern", "dealer", "--game", "liars_bar", "--rules", "wild"}, `unknown variant "wild"`},
		{[]string{"tavern", "dealer", "--game", "liars_bar", "--bot", "nourl"}, "want BASEURL=SECRETFILE"},
		{[]string{"tavern", "dealer", "--game", "liars_bar", "--lang", "fr"}, `--lang "fr"`},
	}
	for _, c := range cases {
		var stderr bytes.Buffer
		code := run(context.Background(), c.args, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), c.want) || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("lab %v: exit %d, stderr %q; want exit 2 and one line with %q", c.args, code, stderr.String(), c.want)
		}
		if strings.Contains(stderr.String(), "0123456789abcdef") {
			t.Errorf("lab %v: the secret leaked into an error", c.args)
		}
	}
}

func TestTavernDealerLocalMatch(t *testing.T) {
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"tavern", "dealer", "--game", "bullet_poker", "--seats", "3", "--seed", "42"}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
}
