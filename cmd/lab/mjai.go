package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"

	"gamelab/protocol/mjai"
	sm "gamelab/strategies/mahjong"
)

// mjaiStdin, mjaiStdout and mjaiStderr are the bot's conversation and
// its log (tests swap them).
var (
	mjaiStdin  io.Reader = os.Stdin
	mjaiStdout io.Writer = os.Stdout
	mjaiStderr io.Writer = os.Stderr
)

func init() {
	groupSummary["mjai"] = "mjai protocol tools (play one of our strategies as an mjai bot)"
	registerSub("mjai", &command{
		name:    "bot",
		summary: "play a mahjong strategy as an mjai bot on stdin/stdout",
		run:     runMjaiBot,
	})
	atExit = append(atExit, reportMjaiBots)
}

func runMjaiBot(ctx context.Context, args []string) error {
	fs := flagSet("lab mjai bot --strategy <spec> [flags]",
		`Play a mahjong strategy as an mjai bot: read mjai messages from stdin (one
JSON object a line, or a JSON array a line as mjai.app sends), fold them into
the seat's view (Tenhou rules, red fives) and write the strategy's answers to
stdout, one JSON object a line. Legal actions come from the host's
possible_actions when it sends them, else from the view. Objects are answered
only when the seat acts (--dense: every object, "none" when idle, as the
original mjai server wants); an array line always gets one answer.

examples:
  lab mjai bot --strategy defense
  lab arena --rules tenhou --players 'efficiency,mjai?cmd=lab+mjai+bot+--strategy+defense'`)
	strat := fs.String("strategy", "", "mahjong strategy spec or JSON file (required)")
	dense := fs.Bool("dense", false, "answer every JSON-object message (none when idle)")
	name := fs.String("name", "gamelab", "player name sent in join when the host says hello")
	var seed seedFlag
	addSeedFlag(fs, &seed, "seed of the strategy's random choices")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("lab mjai bot: unexpected argument %q", pos[0])
	}
	if *strat == "" {
		return usagef("lab mjai bot: --strategy is required (have %v)", sm.Registry.Names())
	}
	s, err := sm.New(*strat)
	if err != nil {
		return usagef("lab mjai bot: %v", err)
	}
	sd := seed.resolve(mjaiStderr, "mjai bot")
	return mjai.Serve(mjaiStdin, mjaiStdout, s, mjai.ServeOptions{Name: *name, Dense: *dense, Seed: sd, Log: mjaiStderr})
}

// reportMjaiBots closes the external mjai bots a command ran and prints
// what each command's bots did (decisions and fallbacks) to w, with
// every bot process that ended in error.
func reportMjaiBots(w io.Writer) {
	stats, err := mjai.CloseAll()
	if err != nil {
		fmt.Fprintln(w, err)
	}
	cmds := make([]string, 0, len(stats))
	for c, s := range stats {
		if s.Decisions > 0 {
			cmds = append(cmds, c)
		}
	}
	sort.Strings(cmds)
	for _, c := range cmds {
		s := stats[c]
		fmt.Fprintf(w, "mjai bot %q: %d decisions, %d fallbacks (%d illegal, %d late, %d not running), %d stray lines, %d processes (%d ended in error)\n",
			c, s.Decisions, s.Fallbacks, s.Illegal, s.Late, s.Broken, s.Stray, s.Starts, s.Failed)
	}
}
