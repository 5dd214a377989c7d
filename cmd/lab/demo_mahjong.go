package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"gamelab/protocol/nostr"
	mjs "gamelab/strategies/mahjong"
)

func init() {
	registerSub("demo", &command{name: "mahjong", summary: "relay + referee + 4 AI players on 127.0.0.1: a whole 東風戦 over Nostr", run: runDemoMahjong})
}

func runDemoMahjong(ctx context.Context, args []string) error {
	fs := flagSet("lab demo mahjong [--strategy S]... [--seed N] [--relays N]", `
Plays the whole live path offline: local relays, our referee as the 地鳳 server
and four AI players talking Nostr on 127.0.0.1, then prints the result table.
Example: lab demo mahjong --strategy defense --strategy efficiency --seed 3`)
	var specs specList
	fs.Var(&specs, "strategy", "strategy of the next seat (repeatable; the last one fills the rest; default expert)")
	seedF := addSeed(fs, "root seed of the walls")
	relays := fs.Int("relays", 2, "number of local relays (1–4)")
	verbose := fs.Bool("v", false, "log every message")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	seed := seedF.value(os.Stderr, "demo mahjong")
	if len(pos) != 0 {
		return usagef("lab demo mahjong: unexpected argument %q", pos[0])
	}
	if *relays < 1 || *relays > 4 {
		return usagef("lab demo mahjong: bad --relays %d (1–4)", *relays)
	}
	if len(specs) == 0 {
		specs = specList{"expert"}
	}
	if len(specs) > 4 {
		return usagef("lab demo mahjong: %d --strategy flags, at most 4", len(specs))
	}
	var strats [4]nostr.Decider
	var names [4]string
	for i := range 4 {
		names[i] = specs[min(i, len(specs)-1)]
		s, err := mjs.New(names[i])
		if err != nil {
			return usagef("lab demo mahjong: bad --strategy %q: %v", names[i], err)
		}
		strats[i] = s
	}
	cfg := nostr.DemoConfig{Strategies: strats, Seed: *seed, Relays: *relays}
	if *verbose {
		cfg.Log = nostrLogger(true)
	}
	res, err := nostr.RunDemo(ctx, cfg)
	if err != nil {
		return &exitError{code: 1, msg: "demo failed: " + err.Error()}
	}
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "seat\tplace\tscore\tstrategy\tplayer\tturns\tcalls\t")
	for i := range 4 {
		fmt.Fprintf(w, "%d\t%d\t%.0f\t%s\t%s…\t%d\t%d\t\n", i, res.Game.Result.Placement[i], res.Game.Result.Score[i],
			names[i], res.Players[i].Npub[:16], res.Stats[i].Turns, res.Stats[i].Calls)
	}
	w.Flush()
	fmt.Fprintf(stdout, "東風戦 over %d local relays in %v (seed %d, wall seed %d)\n", *relays, res.Duration.Round(1e6), *seed, res.Game.Seed)
	return nil
}

// specList collects repeated --strategy flags.
type specList []string

func (m *specList) String() string     { return strings.Join(*m, ",") }
func (m *specList) Set(v string) error { *m = append(*m, v); return nil }
