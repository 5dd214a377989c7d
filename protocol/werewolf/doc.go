// Package werewolf is the REST game server of the LLM werewolf (人狼) spec
// (its rules and the project's decisions: docs/rules/werewolf.md) on top
// of the pure engine sim/werewolf, plus a client so our strategies play on
// any server that speaks the spec, and RulesText, the rules of one game in
// words for players (MCP get_rules, the LLM strategy of protocol/llm).
//
// The server owns everything the engine must not: wall-clock phase
// deadlines (forcing a phase end through the engine's timeout fallbacks,
// logged auto), player names and unguessable tokens, the free text of
// messages, SQLite storage (modernc.org/sqlite; the spec's tables games,
// messages and actions holding JSON, each accepted action committed before
// it is answered, every game resumed from the database after a restart), a
// Server-Sent Events stream of public events and an embedded spectator
// page. The wire bodies are in wire.go; sub-package mcptools exposes a seat
// as MCP tools for LLM players.
package werewolf
