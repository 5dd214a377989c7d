package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gamelab/protocol/nostr"
)

const testNsec = "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5"
const testSecHex = "67dea2ed018072d675f5415ecfaed7d2597555e202d85b3d65ea4e58d2d92ffa"

func TestNostrVerbsBadInput(t *testing.T) {
	srv := nostr.GenerateKeys().Npub
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.key")
	if err := os.WriteFile(bad, []byte("nsec1notakey"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("NOSTR_SECRET_KEY", "")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"live", "mahjong"}, "--server-npub"},
		{[]string{"live", "mahjong", "--server-npub", "npub1xyz"}, "--server-npub"},
		{[]string{"live", "mahjong", "--server-npub", srv, "--channel", "west"}, "--channel"},
		{[]string{"live", "mahjong", "--server-npub", srv, "--strategy", "nope"}, "--strategy"},
		{[]string{"live", "mahjong", "--server-npub", srv, "--relay", "http://x"}, "relay"},
		{[]string{"live", "mahjong", "--server-npub", srv}, "NOSTR_SECRET_KEY"},
		{[]string{"live", "mahjong", "--server-npub", srv, "--key-file", bad}, "bad key"},
		{[]string{"live", "mahjong", "--server-npub", srv, "--warn-after", "-1s"}, "--warn-after"},
		{[]string{"referee", "mahjong", "--games", "-1", "--new-key"}, "--games"},
		{[]string{"demo", "mahjong", "--relays", "9"}, "--relays"},
		{[]string{"demo", "mahjong", "--strategy", "nope"}, "--strategy"},
	}
	for _, c := range cases {
		var stderr bytes.Buffer
		code := run(context.Background(), c.args, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), c.want) || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("lab %v: exit %d, stderr %q; want exit 2 naming %q", c.args, code, stderr.String(), c.want)
		}
	}
}

// runLiveBriefly runs lab live mahjong with flags against a local relay
// and a server key nobody runs, for d, and returns the exit code, the
// logs and stderr.
func runLiveBriefly(t *testing.T, d time.Duration, flags ...string) (int, string, string) {
	t.Helper()
	var logs bytes.Buffer
	nostrLogOut = &logs
	defer func() { nostrLogOut = os.Stderr }()
	relayArgs := startLabRelay(t)
	t.Setenv("NOSTR_SECRET_KEY", testNsec)
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var stderr bytes.Buffer
	args := append(append([]string{"live", "mahjong", "--server-npub", nostr.GenerateKeys().Npub}, flags...), relayArgs...)
	code := run(ctx, args, &stderr)
	return code, logs.String(), stderr.String()
}

// TestLiveMahjongKeepsSecret runs the player against a local relay with no
// server for a moment: it must start, log, stop on the deadline, and never
// print the secret key in any form.
func TestLiveMahjongKeepsSecret(t *testing.T) {
	code, logs, stderr := runLiveBriefly(t, 300*time.Millisecond, "--start", "-v")
	if code != 1 {
		t.Errorf("exit %d (want 1: no game was played), stderr %q", code, stderr)
	}
	all := logs + stderr
	if !strings.Contains(all, "relay connected") || !strings.Contains(all, "gamestart") {
		t.Errorf("logs do not show the connection and the gamestart:\n%s", all)
	}
	if strings.Contains(all, testNsec) || strings.Contains(strings.ToLower(all), testSecHex) {
		t.Fatal("the secret key appears in the output")
	}
}

// TestLiveMahjongWarnsWithoutServer: nothing ever comes from a server key
// nobody runs; the player says so after --warn-after.
func TestLiveMahjongWarnsWithoutServer(t *testing.T) {
	_, logs, _ := runLiveBriefly(t, 1500*time.Millisecond, "--cpu", "--warn-after", "300ms")
	if !strings.Contains(logs, "is the server npub right?") {
		t.Errorf("no warning in the logs:\n%s", logs)
	}
}

func startLabRelay(t *testing.T) []string {
	t.Helper()
	s, err := relayListen()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return []string{"--relay", s.URL}
}

// TestDemoMahjongVerb runs the whole offline demo through the CLI.
func TestDemoMahjongVerb(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	var stderr bytes.Buffer
	if code := run(ctx, []string{"demo", "mahjong", "--strategy", "tsumogiri", "--relays", "1", "--seed", "5"}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
}
