// Package liarsbar is the exact engine of Liar's Bar (骗子酒馆, "Liar's Deck"
// mode, 2024) as this lab plays it: variants basic, devil and chaos for 2–6
// seats, a per-round table card, face-down plays claimed to be the table
// card, challenges that reveal only the last play, and per-seat six-chamber
// revolvers with a secret live chamber and a public pull counter.
//
// The rules are written out in docs/rules/liarsbar.md;
// they follow the real game Liar's Bar. The choices marked [ours] there and
// in this package's comments (deck doubling for 5–6 seats, revolver reloads
// in chaos, the 200-round cap, who leads after a Devil or Chaos reveal,
// skipping a shot at a seat that died meanwhile, ranking and scores) are
// the lab's own. Action ids and the say texts follow the tavern protocol
// ("choices": play:0,2, challenge, aim:3).
//
// Like every engine of the lab it is pure: all chance (chambers, table
// cards, shuffles, the first player) is derived from the game seed with
// sim.Seed, so the same seed and the same actions give the same event log.
// The round decks come from one generator per game and the table decks
// from another, each shuffle (sim.ShuffleBatched) continuing its stream:
// round r's deal depends only on the seed and r, never on the players'
// actions. A revolver's chamber is a draw from the hash Seed(seed,
// "chamber", seat, loads). (Before 2026-11-30 each round seeded its own
// generator and shuffled with sim.Shuffle: the same seeds now deal other
// games, which the golden playthroughs record.)
// A seat's View is the fold of the events that seat may see (View.Apply);
// State.View builds it from the state by an independent path, and the
// conformance tests check that the two agree after every step.
//
// Result: Score is 1 for the winner and 0 for everyone else, so scores
// always sum to 1; when the round cap ends a game with several survivors
// tied for first (fewest pulls), they share the point equally. Placement is
// the reverse of elimination order (survivors first, ranked by fewest pulls
// at the cap); seats eliminated by the same Devil reveal share a place.
package liarsbar
