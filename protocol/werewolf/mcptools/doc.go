// Package mcptools exposes one werewolf player's seat as MCP tools, so an
// LLM can play on any server that speaks the spec's REST API (seeds/002,
// "MCPサーバーまたはCURLコマンドによるAPI呼び出しでゲームに参加"). Each tool
// is a thin call of werewolf.Client for one game and one token: status,
// game, messages, speak, divine, kill, vote, divine and psychic results,
// and the rules in plain words. `lab mcp werewolf` serves them over stdio
// with github.com/modelcontextprotocol/go-sdk.
package mcptools
