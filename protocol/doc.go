// Package protocol is the root of the thin live adapters: protocol/nostr
// (mahjong on Nostr relays), protocol/tavern (liar's bar and bullet poker
// bot server and dealer) and protocol/werewolf (the werewolf game server and
// its client). Adapters own all I/O, clocks and retries; they parse wire
// messages into the engines' own Events and Views and call the same
// strategies the arena plays.
package protocol
