package main

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/url"
	"os"
	"time"

	"gamelab/protocol/llm" // registers the werewolf strategy "llm" (lab arena, lab live)
	"gamelab/protocol/werewolf"
	wwstrat "gamelab/strategies/werewolf"
)

func init() {
	registerSub("live", &command{name: "werewolf", summary: "play one seat of a werewolf game on any server of the spec with one of our strategies", run: runLiveWerewolf})
}

func runLiveWerewolf(ctx context.Context, args []string) error {
	fs := flagSet("lab live werewolf --server URL --game ID --token T [--strategy rule]", `
Plays one seat of a werewolf game on a server that speaks the LLM werewolf
spec's REST API (ours: lab serve werewolf): polls the seat's status, and
when it can act reads the game, messages and results, folds them into the
engine's view and plays the strategy's choice. Exits when the game is over
and prints the result. When the server cannot be reached or answers 5xx (a
restart), it retries with backoff for up to --outage and resumes the seat.
Example: lab live werewolf --server http://127.0.0.1:3000 --game 3f2a… --token 9c1e… --strategy rule`)
	server := fs.String("server", "http://127.0.0.1:3000", "base URL of the werewolf server")
	game := fs.String("game", "", "game id (required)")
	token := fs.String("token", "", "this player's token (required)")
	spec := fs.String("strategy", "rule", "strategy: name?param=value&… or a JSON strategy file (see lab help arena)")
	poll := fs.Duration("poll", 200*time.Millisecond, "pause between status polls")
	seedF := addSeed(fs, "seed of the strategy's randomness")
	outage := fs.Duration("outage", 5*time.Minute, "keep retrying this long while the server is unreachable (0: exit on the first connection error)")
	verbose := fs.Bool("v", false, "log every action")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	seed := seedF.value(os.Stderr, "live werewolf")
	if len(pos) != 0 {
		return usagef("lab live werewolf: unexpected argument %q", pos[0])
	}
	if err := checkSeatFlags("lab live werewolf", *server, *game, *token); err != nil {
		return err
	}
	if *outage < 0 {
		return usagef("lab live werewolf: bad --outage %v: want a duration >= 0", *outage)
	}
	if *poll <= 0 || *poll > time.Minute {
		return usagef("lab live werewolf: bad --poll %v: want a duration in (0, 1m]", *poll)
	}
	strat, err := wwstrat.New(*spec)
	if err != nil {
		return usagef("lab live werewolf: bad --strategy %q: %v", *spec, err)
	}
	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	c := werewolf.NewClient(*server, nil)
	p := &werewolf.Player{Client: c, Game: *game, Token: *token, Strategy: strat,
		Rng: rand.New(rand.NewPCG(*seed, 0)), Poll: *poll, Tolerant: true, Outage: *outage,
		Log: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))}
	info, err := p.Run(ctx)
	if err != nil {
		return fmt.Errorf("lab live werewolf: %w", err)
	}
	st, err := c.Status(ctx, *game, *token)
	if err != nil {
		return fmt.Errorf("lab live werewolf: %w", err)
	}
	fmt.Fprintf(stdout, "game %s over on day %d: %s won (%s); %s was %s, %s\n", info.GameID, info.DayCount, info.Winner, info.Reason, st.PlayerName, st.Role, st.Status)
	if calls, fallbacks := llm.Totals(); calls > 0 {
		fmt.Fprintf(stdout, "llm: %d model calls, %d fell back to a legal default\n", calls, fallbacks)
	}
	return nil
}

// checkSeatFlags checks the flags naming one player's seat on a werewolf
// server (lab live werewolf, lab mcp werewolf): an http(s) --server, a
// --game and a --token.
func checkSeatFlags(verb, server, game, token string) error {
	if u, err := url.Parse(server); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return usagef("%s: bad --server %q: want http(s)://host:port", verb, server)
	}
	if game == "" {
		return usagef("%s: --game is required", verb)
	}
	if token == "" {
		return usagef("%s: --token is required", verb)
	}
	return nil
}
