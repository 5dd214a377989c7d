package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"gamelab/protocol/nostr"
)

func init() {
	registerSub("referee", &command{name: "mahjong", summary: "our engine as the 地鳳 server bot on Nostr relays", run: runRefereeMahjong})
}

func runRefereeMahjong(ctx context.Context, args []string) error {
	fs := flagSet("lab referee mahjong [--relay URL]... [--key-file F] [flags]", `
Runs our engine under the 地鳳 rules as the server side of the protocol (same
messages, tags, kinds and error replies), so players can be tested offline.
The key comes from --key-file or $NOSTR_SECRET_KEY; --new-key makes a fresh one.
Example: lab relay & lab referee mahjong --relay ws://127.0.0.1:7447 --new-key`)
	var relays relayList
	fs.Var(&relays, "relay", "relay URL (repeatable; default ws://127.0.0.1:7447)")
	keyFile := fs.String("key-file", "", "file holding the server's secret key; default: $NOSTR_SECRET_KEY")
	newKey := fs.Bool("new-key", false, "use a fresh random key (printed as npub)")
	channel := fs.String("channel", "tonpu", "tonpu, hanchan or a channel id")
	games := fs.Int("games", 0, "games to referee (0 = until interrupted)")
	seedF := addSeed(fs, "root seed of the walls")
	pace := fs.Bool("pace", false, "send one batch per second like the live server")
	verbose := fs.Bool("v", false, "debug logs")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	seed := seedF.value(os.Stderr, "referee mahjong")
	if len(pos) != 0 {
		return usagef("lab referee mahjong: unexpected argument %q", pos[0])
	}
	ch, err := channelID(*channel)
	if err != nil {
		return usagef("lab referee mahjong: bad --channel %q: %v", *channel, err)
	}
	if *games < 0 {
		return usagef("lab referee mahjong: bad --games %d", *games)
	}
	var keys nostr.Keys
	if *newKey {
		keys = nostr.GenerateKeys()
	} else if keys, err = nostr.LoadKeys(*keyFile, "NOSTR_SECRET_KEY"); err != nil {
		return usagef("lab referee mahjong: %v (or use --new-key)", err)
	}
	if len(relays) == 0 {
		relays = relayList{"ws://127.0.0.1:7447"}
	}
	fmt.Fprintf(stdout, "referee %s on %v, channel %s\n", keys.Npub, []string(relays), ch)
	gs, err := nostr.RunReferee(ctx, nostr.RefereeConfig{Keys: keys, Channel: ch, Relays: relays, Seed: *seed,
		Games: *games, Pace: *pace, Log: nostrLogger(*verbose)})
	for i, g := range gs {
		fmt.Fprintf(stdout, "game %d: scores %v\n", i+1, g.Result.Score)
	}
	if err != nil && !(errors.Is(err, context.Canceled) && *games == 0) {
		return &exitError{code: 1, msg: fmt.Sprintf("referee stopped after %d games: %v", len(gs), err)}
	}
	return nil
}
