// Package mjai speaks mjai, the JSON-lines protocol and log format that
// the mahjong-AI world shares (the original mjai server by gimite, Mortal,
// akochan, mjai-reviewer, the mjai.app competitions), for Tenhou rules
// (docs/rules/mahjong.md; sim/mahjong Tenhou()).
//
// Writer renders the engine's events (sim/mahjong events.go) as mjai
// messages, either as one seat sees them (what a bot is sent) or with
// every tile shown (a game log). Fold reads messages back into the same
// events and folds them into the seat's mahjong.View, so the property
// test "engine events → mjai lines → parse → fold == the engine's View"
// guards both directions. Answers (dahai, reach, pon, …, none) map to and
// from mahjong.Action with ActionOf and AnswerOf.
//
// External runs an mjai bot as a subprocess speaking JSON lines on its
// stdin and stdout and plays it as a mahjong strategy ("mjai?cmd=…",
// registered in strategies/mahjong's registry); Serve does the opposite:
// it plays one of our strategies as an mjai bot on a reader and writer
// ("lab mjai bot").
//
// Tiles are written "1m"…"9m", "1p"…, "1s"…, "E" "S" "W" "N" (winds),
// "P" "F" "C" (white, green, red dragon), "5mr" "5pr" "5sr" (red fives)
// and "?" (a tile the seat may not see). Seats are the engine's: 0 is the
// first dealer.
package mjai
