package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"gamelab/protocol/nostr"
	"gamelab/sim"
	mjs "gamelab/strategies/mahjong"
)

// nostrLogOut is where the Nostr verbs log (tests redirect it).
var nostrLogOut io.Writer = os.Stderr

// relayList collects repeated --relay flags.
type relayList []string

func (m *relayList) String() string { return strings.Join(*m, ",") }
func (m *relayList) Set(v string) error {
	if !strings.HasPrefix(v, "ws://") && !strings.HasPrefix(v, "wss://") {
		return fmt.Errorf("relay %q: want ws:// or wss://", v)
	}
	*m = append(*m, v)
	return nil
}

func init() {
	registerSub("live", &command{name: "mahjong", summary: "play 地鳳 mahjong on Nostr relays with a strategy", run: runLiveMahjong})
}

// channelID maps --channel to a channel id.
func channelID(s string) (string, error) {
	switch s {
	case "tonpu", "東風":
		return nostr.ChannelTonpu, nil
	case "hanchan", "半荘":
		return nostr.ChannelHanchan, nil
	}
	if len(s) == 64 && strings.Trim(s, "0123456789abcdef") == "" {
		return s, nil
	}
	return "", fmt.Errorf("want tonpu, hanchan or a 64-hex channel id")
}

func nostrLogger(verbose bool) *slog.Logger {
	level := slog.LevelInfo
	if verbose {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewTextHandler(nostrLogOut, &slog.HandlerOptions{Level: level}))
}

func runLiveMahjong(ctx context.Context, args []string) error {
	fs := flagSet("lab live mahjong --server-npub NPUB [--key-file F] [--relay URL]... [flags]", `
Plays the 地鳳 Mahjong Bot on Nostr with a strategy. The secret key comes from
--key-file or the environment variable NOSTR_SECRET_KEY (nsec or hex; never
logged). Without --relay the seed's public relays are used.
The player reads only events p-tagged to its key and public NOTIFY lines.
Hands start only when someone sends next: --auto-next (on by default) sends it
after every hand, so a table of our player and the server's CPU players does
not stall. --cpu opens a table and fills it with the server's CPU players;
--reset frees a stuck table first (ending any game on it). Make a key with
lab nostr keygen --out me.nsec. Docs: docs/live-mahjong.md.
Example: lab live mahjong --server-npub npub1… --key-file me.nsec --cpu --games 1`)
	var relays relayList
	fs.Var(&relays, "relay", "relay URL (repeatable; default: the seed's relays)")
	keyFile := fs.String("key-file", "", "file holding the secret key (nsec or hex); default: $NOSTR_SECRET_KEY")
	server := fs.String("server-npub", "", "the server bot's npub or hex key (required)")
	channel := fs.String("channel", "tonpu", "tonpu (東風戦), hanchan (半荘戦) or a channel id")
	strategy := fs.String("strategy", "expert", "strategy name (name?k=v) or tuned strategy JSON file; expert is the strongest (docs/mahjong-bots.md)")
	games := fs.Int("games", 1, "games to play (0 = until interrupted)")
	start := fs.Bool("start", false, "send gamestart (else join when the table recruits)")
	cpu := fs.Bool("cpu", false, "send gamestart, then cpu: the server's CPU players fill the table")
	reset := fs.Bool("reset", false, "send reset first (frees a stuck table; ends any game on it for everyone)")
	autoNext := fs.Bool("auto-next", true, "send next after each hand (hands start only on next)")
	warnAfter := fs.Duration("warn-after", 30*time.Second, "warn if nothing from the server arrived this long after the start or a gamestart/join (0 = never)")
	seedF := addSeed(fs, "seed of the strategy's random source")
	verbose := fs.Bool("v", false, "debug logs")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	seed := seedF.value(os.Stderr, "live mahjong")
	if len(pos) != 0 {
		return usagef("lab live mahjong: unexpected argument %q", pos[0])
	}
	if *server == "" {
		return usagef("lab live mahjong: --server-npub is required")
	}
	srv, err := nostr.ParsePubkey(*server)
	if err != nil {
		return usagef("lab live mahjong: bad --server-npub: %v", err)
	}
	ch, err := channelID(*channel)
	if err != nil {
		return usagef("lab live mahjong: bad --channel %q: %v", *channel, err)
	}
	if *games < 0 {
		return usagef("lab live mahjong: bad --games %d", *games)
	}
	if *warnAfter < 0 {
		return usagef("lab live mahjong: bad --warn-after %v", *warnAfter)
	}
	quiet := *warnAfter
	if quiet == 0 {
		quiet = -1 // never
	}
	strat, err := mjs.New(*strategy)
	if err != nil {
		return usagef("lab live mahjong: bad --strategy %q: %v", *strategy, err)
	}
	keys, err := nostr.LoadKeys(*keyFile, "NOSTR_SECRET_KEY")
	if err != nil {
		return usagef("lab live mahjong: %v", err)
	}
	if len(relays) == 0 {
		relays = nostr.DefaultRelays
	}
	log := nostrLogger(*verbose)
	log.Info("live mahjong", "npub", keys.Npub, "server", srv, "channel", ch, "relays", []string(relays), "strategy", *strategy)
	recs, st, err := nostr.RunPlayer(ctx, nostr.PlayerConfig{
		Keys: keys, Server: srv, Channel: ch, Relays: relays, Strategy: strat,
		Rand:  rand.New(rand.NewPCG(sim.Seed(*seed, sim.Label("strategy")), 0)),
		Games: *games, Start: *start, CPU: *cpu, Reset: *reset, AutoNext: *autoNext, QuietWarn: quiet, Log: log,
	})
	for i, r := range recs {
		fmt.Fprintf(stdout, "game %d: seat %d, scores %v\n", i+1, r.Seat, r.Scores)
	}
	fmt.Fprintf(stdout, "turns %d, calls %d, fallbacks %d, rejected %d, resent %d, ignored outside our game %d\n",
		st.Turns, st.Calls, st.Fallbacks, st.Rejected, st.Resent, st.Outside)
	if err != nil && !(errors.Is(err, context.Canceled) && *games == 0) {
		return &exitError{code: 1, msg: fmt.Sprintf("live mahjong stopped after %d games: %v", len(recs), err)}
	}
	return nil
}
