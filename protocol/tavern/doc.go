// Package tavern speaks the tavern protocol (游戏厅通用协议 v1, seeds/001):
// the REST interface a player bot serves for a dealer, for the games
// liars_bar (骗子酒馆) and bullet_poker (子弹德州).
//
// Both sides are here. Bot is the player-bot server: four endpoints under a
// base path, every request verified by HMAC-SHA256 over
// "{ts}.{METHOD}.{path}.{raw body}" (section 四) before anything is parsed,
// replays answered from a cache keyed by match, seat and seq (section 五;
// seq.go: a seq never locks the bot out), and every decision answered with
// a choice id taken from the request's choices (section 七): by one of the
// lab's strategies when the request carries enough to build a View, else
// by the generic ChoicePolicy reading the say texts. Any game is accepted. Dealer runs one of our engines and calls any bot over HTTP,
// signing exactly as the seed specifies, with the dealer's error handling: a
// bot that times out or answers an illegal id gets a safe default and the
// match goes on.
//
// A bot rebuilds its seat's View from the decision request alone. From our
// dealer the request carries the setup, the seat's private information
// and the match's log, which the game adapter parses into the engine's own
// Events and folds, exactly as the engine would (rules:
// docs/rules/liarsbar.md, docs/rules/bulletpoker.md, "Tavern mapping").
// From any other dealer it reads the documented generic fields and the
// board fields it can find (board.go), with stated defaults for the rest.
package tavern
