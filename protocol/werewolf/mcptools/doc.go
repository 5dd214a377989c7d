// Package mcptools exposes one werewolf player's seat as MCP tools, so an
// LLM can play on any server that speaks the spec's REST API
// (docs/rules/werewolf.md; the spec invites LLMs to play through MCP or
// plain API calls). Each tool is a thin call of werewolf.Client for one
// game and one token: status, game, messages (since an id), speak, pass,
// divine, kill, vote, divine and psychic results, and the rules of this
// game in plain words (werewolf.RulesText of the game's config). The tool
// descriptions are written for an LLM: when to call, what results mean. `lab mcp werewolf` serves them over stdio
// with github.com/modelcontextprotocol/go-sdk.
package mcptools
