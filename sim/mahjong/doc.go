// Package mahjong is the lab's Japanese riichi mahjong: the hand core
// (tiles and notation, exact shanten, waits and ukeire, decompositions,
// yaku, fu and points) and the game engine built on it (rules presets,
// wall, state machine, events and seat views, Tenhou log replay).
//
// Rules: docs/rules/mahjong.md ("The two presets", "Scoring") for the
// 地鳳 server (DihouScoring: no red
// fives, kazoe yakuman at 13 han, double yakuman), and Tenhou's rules for
// TenhouScoring (red fives, no double yakuman); both have open tanyao, no
// kiriage mangan and a 4-fu double-wind pair. Scoring is checked against
// all 10,000 hands of kobalab/majiang-core's test data (Tenhou rules with
// double yakuman; MIT, testdata/scoring).
//
// Tiles are Tile values 0–33 in Tenhou order plus the red fives 34–36;
// hands are counted by kind in [34]uint8. Notation: "1m2m3m" (wire),
// "123m406p11z" (compact, 0 = red five), and the server's hand form with
// "<…>" open melds and "(…)" ankan (ParseTiles, ParseHand).
//
// Shanten is exact (it never counts on a fifth copy of a kind) and
// table-driven: per-suit tables of "tiles still missing for k sets and p
// pairs", combined by a min-plus product — the idea published by Cryolite
// and tomohxx, written anew here; it allocates nothing. Waits are
// shape-based like the server's (a "fifth tile" wait is listed);
// LiveWaits drops those. Score reads the hand every possible way and keeps
// the reading that pays most.
package mahjong
