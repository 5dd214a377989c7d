package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// runBulletpoker runs "lab bulletpoker …" and returns exit code, stdout, stderr.
func runBulletpoker(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	old := stdout
	stdout = &out
	defer func() { stdout = old }()
	code := run(context.Background(), append([]string{"bulletpoker"}, args...), &errb)
	return code, out.String(), errb.String()
}

func TestBulletpokerShowdown(t *testing.T) {
	code, out, errs := runBulletpoker(t, "showdown", "Ah As", "Kd Qd", "--board", "Ks Qs 2c Ac 9h")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "three of a kind") || !strings.HasSuffix(lines[0], "safe") ||
		!strings.Contains(lines[1], "two pair") || strings.HasSuffix(lines[1], "safe") {
		t.Errorf("showdown:\n%s", out)
	}
	// Aces against a random-free known hand preflop: about 81-82% safe
	// for AA vs KQs; check the figures are probabilities summing above 1
	// only through ties.
	code, out, errs = runBulletpoker(t, "showdown", "Ah As", "Kd Qd", "--rollouts", "20000")
	if code != 0 || strings.Count(out, "safe 0.") != 2 {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	if !strings.Contains(out, "Ah As    safe 0.8") {
		t.Errorf("AA vs KQs preflop:\n%s", out)
	}
}

func TestBulletpokerShowdownBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"showdown"},
		{"showdown", "Ah Xx"},
		{"showdown", "Ah As", "As Kd"},
		{"showdown", "Ah As", "--board", "Ks Qs"},
		{"showdown", "Ah As", "--rollouts", "0"},
		// 24 hands use 48 cards: 4 left for a 5-card board (was a panic).
		append([]string{"showdown"}, strings.Fields("2c2d 2h2s 3c3d 3h3s 4c4d 4h4s 5c5d 5h5s 6c6d 6h6s 7c7d 7h7s 8c8d 8h8s 9c9d 9h9s TcTd ThTs JcJd JhJs QcQd QhQs KcKd KhKs")...),
	} {
		if code, _, errs := runBulletpoker(t, args...); code != 2 || !strings.HasPrefix(errs, "lab") || strings.Contains(errs, "lab: lab") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
}

func TestBulletpokerPlay(t *testing.T) {
	code, out, errs := runBulletpoker(t, "play", "equity?rollouts=30", "random", "loose?rollouts=30", "--preset", "liarstexas", "--seed", "7")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "start 3 players") || !strings.Contains(out, "game_over") || strings.Count(out, "place 1 ") < 1 {
		t.Errorf("play:\n%s", out)
	}
	if strings.Contains(out, "deal seat") || strings.Contains(out, "offer seat") {
		t.Error("the public log shows private cards")
	}
	code, out, _ = runBulletpoker(t, "play", "random", "random", "--seat", "1")
	if code != 0 || !strings.Contains(out, "deal seat 1") || strings.Contains(out, "deal seat 0") {
		t.Errorf("seat view:\n%s", out)
	}
	for _, args := range [][]string{{"play", "random"}, {"play", "random", "nosuch"}, {"play", "random", "random", "--preset", "x"}, {"play", "random", "random", "--seat", "2"}} {
		if code, _, _ := runBulletpoker(t, args...); code != 2 {
			t.Errorf("%v: exit %d", args, code)
		}
	}
}
