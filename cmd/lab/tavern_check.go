package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"gamelab/protocol/tavern"
)

func init() {
	registerSub("tavern", &command{name: "check", summary: "send a signed test invitation and sample decisions to a tavern bot and print its answers", run: runTavernCheck})
}

func runTavernCheck(ctx context.Context, args []string) error {
	fs := flagSet("lab tavern check URL --secret-file F [--game GAME] [flags]", `
Checks a tavern-protocol bot end to end, through whatever tunnel or proxy
is in between, as the dealer would reach it: for each game (or --game) it
sends a signed invitation, a round start, and two sample decisions from a
match of our engine — one as our dealer sends it (setup and log), one with
only the generic fields the protocol document lists (what another dealer
may send) — and prints what the bot answered: accepted or not, the chosen
id and whether it was offered, the time taken. URL is the bot's base
address with its prefix (http://127.0.0.1:8787/tavern). Exit 1 if any
request failed or an answer was not offered.`)
	secretFile := fs.String("secret-file", "", "file holding the secret agreed with the bot")
	game := fs.String("game", "", "check only this game (liars_bar/liarsbar, bullet_poker/bulletpoker)")
	timeout := fs.Duration("timeout", 65*time.Second, "how long to wait for each answer")
	lang := fs.String("lang", "zh", "language of prompts, rules and say texts: zh or en")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want exactly one URL (the bot's base address, e.g. http://127.0.0.1:8787/tavern), got %d arguments", len(pos))
	}
	u, err := url.Parse(pos[0])
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return usagef("URL %q: want http(s)://host[:port]/prefix", pos[0])
	}
	if *lang != "zh" && *lang != "en" {
		return usagef("--lang %q: want zh or en", *lang)
	}
	secrets, err := readSecrets(*secretFile)
	if err != nil {
		return err
	}
	games := tavern.Games()
	if *game != "" {
		g, err := tavernGame(*game)
		if err != nil {
			return err
		}
		games = []string{g}
	}
	var id [4]byte
	if _, err := rand.Read(id[:]); err != nil {
		return err
	}
	bot := &tavern.Remote{BaseURL: strings.TrimSuffix(pos[0], "/"), Secret: secrets[0], Client: &http.Client{Timeout: *timeout}}
	failed := 0
	for i, g := range games {
		match := fmt.Sprintf("check%s%d", hex.EncodeToString(id[:]), i)
		failed += checkGame(ctx, bot, g, match, *lang)
	}
	if failed > 0 {
		return &exitError{code: 1, msg: fmt.Sprintf("tavern check: %d of the requests failed or got an answer not offered", failed)}
	}
	fmt.Fprintln(stdout, "all answers well formed")
	return nil
}

// checkGame runs one game's checks and returns how many failed.
func checkGame(ctx context.Context, bot *tavern.Remote, game, match, lang string) int {
	failed := 0
	report := func(what string, start time.Time, err error, answer string) {
		took := time.Since(start).Round(time.Millisecond)
		if err != nil {
			failed++
			fmt.Fprintf(stdout, "%-12s %-30s FAILED after %v: %v\n", game, what, took, err)
			return
		}
		fmt.Fprintf(stdout, "%-12s %-30s %s (%v)\n", game, what, answer, took)
	}
	start := time.Now()
	inv := tavern.Invitation{Protocol: 1, Seq: bot.NextSeq(), Game: game, MatchID: match, ChatID: "lab-check",
		Humans: []string{}, Bots: []string{}, SeatsLeft: 1}
	var rep tavern.InvitationReply
	err := bot.Call(ctx, "POST", "/v1/games/"+game+"/invitations", inv, &rep)
	report("invitation", start, err, fmt.Sprintf("accept=%v", rep.Accept))
	if err != nil {
		return failed
	}
	req, rs, err := tavern.SampleDecision(game, 7, 3, lang)
	if err != nil {
		report("sample decision", start, err, "")
		return failed
	}
	fill := func(c *tavern.Common) {
		c.Seq, c.MatchID, c.ChatID = bot.NextSeq(), match, "lab-check"
		c.You.Name = "checked bot"
	}
	start = time.Now()
	fill(&rs.Common)
	err = bot.Call(ctx, "PUT", fmt.Sprintf("/v1/games/%s/matches/%s/rounds/%d", game, match, rs.Round), rs, nil)
	report(fmt.Sprintf("round %d start", rs.Round), start, err, "ok")

	path := fmt.Sprintf("/v1/games/%s/matches/%s/turns/%d/decision", game, match, *req.TurnID)
	for _, form := range []string{"our dealer's form", "generic fields only"} {
		start = time.Now()
		fill(&req.Common)
		body := any(req)
		if form == "generic fields only" {
			body = genericOnly(req)
		}
		var ans tavern.Reply
		err := bot.Call(ctx, "POST", path, body, &ans)
		if err == nil && ans.Choice != "" && !offered(req.Choices, ans.Choice) {
			err = fmt.Errorf("answered %q, which was not offered", ans.Choice)
		}
		if err == nil && ans.TurnID != *req.TurnID {
			err = fmt.Errorf("answered turn_id %d, want %d", ans.TurnID, *req.TurnID)
		}
		report("decision ("+form+")", start, err, describeAnswer(req, ans))
	}
	return failed
}

// genericOnly keeps the fields the protocol document lists for a decision
// (sections 五 and 七): no setup, private, base or log.
func genericOnly(d *tavern.Decision) map[string]any {
	return map[string]any{"protocol": d.Protocol, "seq": d.Seq, "game": d.Game, "match_id": d.MatchID, "chat_id": d.ChatID,
		"turn_id": d.TurnID, "you": d.You, "ask": d.Ask, "prompt": d.Prompt, "rules": d.Rules,
		"choices": d.Choices, "deadline_ms": d.DeadlineMS}
}

func offered(cs []tavern.Choice, id string) bool {
	for _, c := range cs {
		if c.ID == id {
			return true
		}
	}
	return false
}

// describeAnswer says what the bot chose: the id with its say text, or
// the per-game action form.
func describeAnswer(d *tavern.Decision, a tavern.Reply) string {
	if a.Choice == "" {
		raw, _ := json.Marshal(a)
		return "per-game form " + string(raw)
	}
	for _, c := range d.Choices {
		if c.ID == a.Choice {
			return fmt.Sprintf("chose %s (%s) of %d offered", c.ID, c.Say, len(d.Choices))
		}
	}
	return "chose " + a.Choice
}
