package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"gamelab/protocol/werewolf"
	"gamelab/protocol/werewolf/mcptools"
)

func init() {
	registerSub("mcp", &command{name: "werewolf", summary: "MCP tools over stdio for an LLM playing one seat on a werewolf server", run: runMCPWerewolf})
}

func runMCPWerewolf(ctx context.Context, args []string) error {
	fs := flagSet("lab mcp werewolf --server URL --game ID --token T", `
Serves MCP tools over stdio for one player of a werewolf game on any server
that speaks the spec's API: get_rules, get_status, get_game, get_messages,
speak, divine, kill, vote, get_divine_results, get_psychic_results.
Example: lab mcp werewolf --server http://127.0.0.1:3000 --game 3f2a… --token 9c1e…`)
	server := fs.String("server", "http://127.0.0.1:3000", "base URL of the werewolf server")
	game := fs.String("game", "", "game id (required)")
	token := fs.String("token", "", "this player's token (required)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("lab mcp werewolf: unexpected argument %q", pos[0])
	}
	if err := checkSeatFlags("lab mcp werewolf", *server, *game, *token); err != nil {
		return err
	}
	s := mcptools.NewServer(mcptools.Seat{Client: werewolf.NewClient(*server, nil), GameID: *game, Token: *token}, version())
	return s.Run(ctx, &mcp.StdioTransport{})
}
