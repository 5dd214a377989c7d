// Package tavern speaks the tavern protocol (游戏厅通用协议 v1, seeds/001):
// the REST interface a player bot serves for a dealer, for the games
// liars_bar (骗子酒馆) and bullet_poker (子弹德州).
//
// Both sides are here. Bot is the player-bot server: four endpoints under a
// base path, every request verified by HMAC-SHA256 over
// "{ts}.{METHOD}.{path}.{raw body}" (section 四) before anything is parsed,
// seq de-duplication (section 五), and decisions answered by one of the
// lab's strategies with a choice id taken from the request's choices
// (section 七). Dealer runs one of our engines and calls any bot over HTTP,
// signing exactly as the seed specifies, with the dealer's error handling: a
// bot that times out or answers an illegal id gets a safe default and the
// match goes on.
//
// A bot rebuilds its seat's View from the decision request alone: the
// request carries the seat's private information again and the match's
// public log, which the game adapter parses into the engine's own Events and
// folds, exactly as the engine would (rules: specs/liarsbar.md,
// specs/bulletpoker.md, section "Tavern mapping").
package tavern
