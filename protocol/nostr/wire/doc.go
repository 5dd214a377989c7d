// Package wire is the text codec of the 地鳳 Mahjong Bot protocol: it parses
// the content of every server message (NOTIFY lines, GET sutehai?/naku?
// prompts with emoji hands and <…>/(…) melds, kind-30315 status texts,
// human-readable summaries and error replies) into typed messages, parses
// player commands the way the server's regexes do, and renders both sides.
//
// Sources: the seed protocol description (SnowCait's SPEC.md, the document
// the project started from) and, where they differ, the exact behaviour of the
// live server (nikolat/mahjong-bot, CC0, commit 8087e96a) documented in
// docs/rules/mahjong-wire.md; the real transcript of a whole game is
// testdata/dihou-wire-game.txt. Tiles are sim/mahjong tiles (no red fives on
// this wire). The codec only handles text; Nostr events, tags and keys live
// in package nostr.
package wire
