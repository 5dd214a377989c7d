// Package llm plays games through any OpenAI-compatible chat-completions
// endpoint (llama.cpp server, vLLM, Ollama, …): a small chat client with
// a per-call timeout (Client), a generic "choose one of these offered
// choices, given their texts" step with strict parsing of the model's
// answer (Choose), and the werewolf strategy "llm" built on them
// (registered in strategies/werewolf's registry when this package is
// imported; lab imports it), and TavernPolicy, a tavern.ChoicePolicy that
// lets the model choose among a tavern decision's offered choices by their
// texts (lab live tavern --generic llm?url=…).
//
// A model's answer that does not parse into a legal choice is never
// trusted: the caller falls back to a legal default and counts the
// fallback. The werewolf strategy gives the model the same rules text an
// MCP player gets from get_rules (protocol/werewolf.RulesText).
package llm
