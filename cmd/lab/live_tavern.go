package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"gamelab/arena"
	"gamelab/protocol/llm"
	"gamelab/protocol/tavern"
	stratspec "gamelab/strategies"
)

func init() {
	registerSub("live", &command{name: "tavern", summary: "serve our strategies as a tavern-protocol player bot (liars_bar, bullet_poker)", run: runLiveTavern})
	registerSub("tavern", &command{name: "dealer", summary: "deal a match of our engine to tavern bots over HTTP", run: runTavernDealer})
}

// tavernPresetsHelp lists each game's rules presets.
func tavernPresetsHelp() string {
	var parts []string
	for _, g := range tavern.Games() {
		parts = append(parts, g+": "+strings.Join(tavern.Presets(g), ", "))
	}
	return strings.Join(parts, "; ")
}

// multiFlag collects a repeated flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// readSecrets reads a secret file: one secret per line, the current one
// first; further lines are old secrets still accepted during a rotation.
// No secret ever appears in an error.
func readSecrets(path string) ([][]byte, error) {
	if path == "" {
		return nil, usagef("--secret-file is required")
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, usagef("--secret-file: cannot read %s", path)
	}
	var out [][]byte
	for i, line := range strings.Split(string(raw), "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" {
			continue
		}
		if len(line) < 16 {
			return nil, usagef("--secret-file %s: the secret on line %d is shorter than 16 characters (make one with: openssl rand -hex 32)", path, i+1)
		}
		out = append(out, []byte(line))
	}
	if len(out) == 0 {
		return nil, usagef("--secret-file %s: no secret in it", path)
	}
	return out, nil
}

// tavernStrategiesHelp lists, per game, the strategies a bot can play it
// with, for the verbs' help.
func tavernStrategiesHelp() string {
	var b strings.Builder
	for _, g := range tavern.Games() {
		fmt.Fprintf(&b, "\n%s strategies (a name, name?param=value&…, or a strategy JSON file):\n", g)
		for _, s := range tavern.Strategies(g) {
			fmt.Fprintf(&b, "  %s\n", s)
		}
	}
	b.WriteString("\nOther games are accepted and played from the request's choices by the\ngeneric policy (docs/tavern.md).")
	return b.String()
}

// tavernGame reads a --game or GAME= value: liars_bar/liarsbar,
// bullet_poker/bulletpoker.
func tavernGame(name string) (string, error) {
	key, ok := tavern.GameKey(name)
	if !ok {
		return "", usagef("unknown game %q (have %s; liarsbar and bulletpoker work too)", name, strings.Join(tavern.Games(), ", "))
	}
	return key, nil
}

func runLiveTavern(ctx context.Context, args []string) error {
	fs := flagSet("lab live tavern --secret-file F --strategy GAME=SPEC [--strategy …] [flags]", `
Serves the four endpoints of the tavern protocol (seeds/001) under --base,
playing each configured game with the given strategy. Listen on 127.0.0.1
and expose only the --base prefix through a tunnel, as the seed recommends;
if the tunnel rewrites the path (strips the prefix), serve with --base ""
and give the prefix the dealer signs as --signed-base. Every request is
verified (HMAC-SHA256, 300 s window, 64 KiB, 10 s for headers and for the
body) before it is parsed. The secret file holds one secret per line: the
first is current, further lines are old secrets still accepted while the
dealer switches (rotation). Check a deployment end to end with
lab tavern check. Example:
  lab live tavern --secret-file bot.secret --strategy liars_bar=bayes --strategy bullet_poker=equity
`+tavernStrategiesHelp())
	listen := fs.String("listen", "127.0.0.1:8787", "address to listen on")
	base := fs.String("base", "/tavern", "path prefix of the endpoints")
	signedBase := fs.String("signed-base", "", "path prefix the dealer signs, when a proxy rewrites it (default: --base)")
	secretFile := fs.String("secret-file", "", "file holding the shared signing secret")
	name := fs.String("name", "gamelab", "the bot's display name")
	var strategies multiFlag
	fs.Var(&strategies, "strategy", "GAME=SPEC: play GAME (liars_bar, bullet_poker) with strategy SPEC or a strategy JSON file; repeat per game")
	generic := fs.String("generic", "", "llm?url=http://127.0.0.1:8080&model=NAME: choose from the request's choices with an LLM (a chat-completions endpoint) for games without --strategy, instead of the built-in generic policy")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	secrets, err := readSecrets(*secretFile)
	if err != nil {
		return err
	}
	if len(strategies) == 0 && *generic == "" {
		return usagef("--strategy GAME=SPEC is required (games: %s)", strings.Join(tavern.Games(), ", "))
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	var genericPolicy tavern.ChoicePolicy
	if *generic != "" {
		p, err := llm.NewTavernPolicy(*generic)
		if err != nil {
			return usagef("--generic: %v", err)
		}
		p.Log = log
		genericPolicy = p
	}
	players := map[string]tavern.Player{}
	for _, s := range strategies {
		g, spec, ok := strings.Cut(s, "=")
		if !ok {
			return usagef("--strategy %q: want GAME=SPEC", s)
		}
		game, err := tavernGame(g)
		if err != nil {
			return err
		}
		p, err := tavern.NewPlayer(game, spec)
		if err != nil {
			return usagef("--strategy %s: %v", s, err)
		}
		if rules, preset := stratFileRules(spec); rules != "" {
			log.Info("strategy tuned on these rules; a match under other rules is logged", "game", game, "spec", spec, "preset", preset, "rules", rules)
		}
		players[game] = p
	}
	bot := &tavern.Bot{Secret: secrets[0], OldSecrets: secrets[1:], Name: *name, Players: players, Log: log, SignedBase: *signedBase}
	if genericPolicy != nil {
		bot.Generic = genericPolicy
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return usagef("--listen %s: %v", *listen, err)
	}
	srv := newHTTPServer(bot.Handler(*base))
	log.Info("tavern bot listening", "addr", ln.Addr().String(), "base", *base, "name", *name)
	go func() {
		<-ctx.Done()
		forced, err := srv.shutdown(5 * time.Second)
		if forced {
			log.Warn("requests still busy after 5 s were cut")
		}
		if err != nil {
			log.Warn("shutdown", "err", err)
		}
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// stratFileRules gives the rules (JSON) and preset name a strategy JSON
// file records, "" when spec is not such a file.
func stratFileRules(spec string) (rules, preset string) {
	if !strings.HasSuffix(spec, ".json") {
		return "", ""
	}
	f, err := stratspec.ReadFile(spec)
	if err != nil || len(f.Rules) == 0 {
		return "", ""
	}
	return string(f.Rules), f.RulesName
}

func runTavernDealer(ctx context.Context, args []string) error {
	fs := flagSet("lab tavern dealer --game GAME --bot BASEURL=SECRETFILE [--bot …] [flags]", `
Deals one match of our engine to tavern-protocol bots over HTTP, signing
every request as the seed specifies. BASEURL is the bot's base address with
its prefix (http://127.0.0.1:8787/tavern); SECRETFILE holds the secret
agreed with that bot. --fill seats our own strategy in the remaining seats.
A bot that times out or answers an illegal id gets a safe default.`)
	game := fs.String("game", "", "liars_bar (liarsbar) or bullet_poker (bulletpoker)")
	rules := fs.String("rules", "", "rules preset ("+tavernPresetsHelp()+"); default the game's first")
	seats := fs.Int("seats", 0, "seats at the table (default: bots + 1 fill seat, at least 2)")
	fill := fs.String("fill", "random", "strategy for the seats without a bot")
	seedF := addSeed(fs, "match seed")
	lang := fs.String("lang", "zh", "language of prompts and rules: zh or en")
	deadline := fs.Duration("deadline", 58*time.Second, "decision deadline sent as deadline_ms")
	genericOnly := fs.Bool("generic-only", false, "send only the fields the protocol document lists (no setup, private or log), as another dealer may")
	matches := fs.Int("matches", 1, "matches to play (seeds from --seed on); more than one prints each seat's wins with a 95 % interval")
	var bots multiFlag
	fs.Var(&bots, "bot", "BASEURL=SECRETFILE of a bot; repeat per bot")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	seed := seedF.value(nil, "")
	if *game == "" {
		return usagef("--game is required (have %s)", strings.Join(tavern.Games(), ", "))
	}
	g, err := tavernGame(*game)
	if err != nil {
		return err
	}
	*game = g
	if *lang != "zh" && *lang != "en" {
		return usagef("--lang %q: want zh or en", *lang)
	}
	var players []tavern.SeatPlayer
	for i, b := range bots {
		url, file, ok := strings.Cut(b, "=")
		if !ok || !strings.HasPrefix(url, "http") {
			return usagef("--bot %q: want BASEURL=SECRETFILE", b)
		}
		secrets, err := readSecrets(file)
		if err != nil {
			return err
		}
		players = append(players, tavern.SeatPlayer{Name: fmt.Sprintf("bot%d", i+1), Bot: &tavern.Remote{BaseURL: url, Secret: secrets[0], Client: &http.Client{}}})
	}
	n := *seats
	if n == 0 {
		n = max(2, len(players)+1)
	}
	if n < len(players) {
		return usagef("--seats %d: fewer than the %d bots", n, len(players))
	}
	for len(players) < n {
		players = append(players, tavern.SeatPlayer{Name: fmt.Sprintf("lab%d", len(players)+1)})
	}
	if *matches < 1 {
		return usagef("--matches %d: want at least 1", *matches)
	}
	fmt.Fprintf(stdout, "seed %d\n", *seed)
	wins, defaults := make([]int64, n), 0
	for m := range *matches {
		t, err := tavern.NewTable(*game, *rules, n, *seed+uint64(m), *fill)
		if err != nil {
			return usagef("%v", err)
		}
		var id [6]byte
		if _, err := rand.Read(id[:]); err != nil {
			return err
		}
		d := &tavern.Dealer{MatchID: "lab" + hex.EncodeToString(id[:]), ChatID: "local", Lang: *lang, Deadline: *deadline,
			GenericOnly: *genericOnly, Log: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))}
		res, err := d.Run(ctx, t, players)
		if err != nil {
			return err
		}
		defaults += d.Defaults
		for i := range players {
			if res.Placement[i] == 1 {
				wins[i]++
			}
		}
		if *matches == 1 {
			fmt.Fprintf(stdout, "match %s over; %d default decisions\n", d.MatchID, d.Defaults)
			for i, p := range players {
				fmt.Fprintf(stdout, "  seat %d %-8s place %d score %g\n", i, p.Name, res.Placement[i], res.Score[i])
			}
		}
	}
	if *matches > 1 {
		fmt.Fprintf(stdout, "%d matches (seeds %d..%d); %d default decisions\n", *matches, *seed, *seed+uint64(*matches-1), defaults)
		for i, p := range players {
			ci := arena.Wilson(wins[i], int64(*matches))
			fmt.Fprintf(stdout, "  seat %d %-8s wins %d = %.3f [%.3f, %.3f]\n", i, p.Name, wins[i], float64(wins[i])/float64(*matches), ci[0], ci[1])
		}
	}
	return nil
}
