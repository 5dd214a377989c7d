package main

import (
	"bytes"
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/protocol/tavern"
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
		{[]string{"tavern", "dealer", "--game", "chess"}, `unknown game "chess"`},
		{[]string{"tavern", "dealer", "--game", "bullet_poker", "--rules", "default"}, `unknown preset "default"`},
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

// TestTavernCheck runs lab tavern check against our bot on 127.0.0.1: both
// games answered, every answer offered; with a wrong secret every request
// is refused and the check exits 1; bad input exits 2.
func TestTavernCheck(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	wrong := filepath.Join(dir, "wrong")
	os.WriteFile(good, []byte("0123456789abcdef0123456789abcdef\n"), 0o600)
	os.WriteFile(wrong, []byte("fedcba9876543210fedcba9876543210\n"), 0o600)
	lb, _ := tavern.NewPlayer("liars_bar", "bayes")
	bp, _ := tavern.NewPlayer("bullet_poker", "equity?rollouts=50")
	bot := &tavern.Bot{Secret: []byte("0123456789abcdef0123456789abcdef"), Players: map[string]tavern.Player{"liars_bar": lb, "bullet_poker": bp}}
	srv := httptest.NewServer(bot.Handler("/tavern"))
	defer srv.Close()
	var out bytes.Buffer
	stdout = &out
	defer func() { stdout = os.Stdout }()

	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"tavern", "check", srv.URL + "/tavern", "--secret-file", good}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, stderr.String(), out.String())
	}
	for _, want := range []string{"liars_bar    invitation", "accept=true", "bullet_poker", "decision (our dealer's form)", "decision (generic fields only)", "all answers well formed"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	if n := strings.Count(out.String(), " offered"); n != 4 {
		t.Errorf("%d decisions answered with an offered id, want 4:\n%s", n, out.String())
	}
	out.Reset()
	stderr.Reset()
	if code := run(context.Background(), []string{"tavern", "check", srv.URL + "/tavern", "--secret-file", wrong, "--game", "liarsbar"}, &stderr); code != 1 || !strings.Contains(out.String(), "401") {
		t.Errorf("wrong secret: exit %d, report:\n%s", code, out.String())
	}
	for _, args := range [][]string{
		{"tavern", "check", "--secret-file", good},
		{"tavern", "check", "ftp://x", "--secret-file", good},
		{"tavern", "check", srv.URL, "--secret-file", good, "--game", "chess"},
	} {
		stderr.Reset()
		if code := run(context.Background(), args, &stderr); code != 2 {
			t.Errorf("lab %v: exit %d, want 2 (%s)", args, code, stderr.String())
		}
	}
}

// TestTavernGameAliases: every tavern verb reads liarsbar/bulletpoker as
// liars_bar/bullet_poker.
func TestTavernGameAliases(t *testing.T) {
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"tavern", "dealer", "--game", "liarsbar", "--seats", "2", "--seed", "3"}, &stderr); code != 0 {
		t.Errorf("dealer --game liarsbar: exit %d: %s", code, stderr.String())
	}
	if code := run(context.Background(), []string{"tavern", "dealer", "--game", "bulletpoker", "--rules", "liarstexas", "--seats", "2", "--seed", "3"}, &stderr); code != 0 {
		t.Errorf("dealer --game bulletpoker: exit %d: %s", code, stderr.String())
	}
}
