// Package sim holds the contract every game engine of the lab shares: seat
// ids, the per-seat Result of a finished game, and seed handling.
//
// Engines live in sub-packages (sim/mahjong, sim/liarsbar, sim/bulletpoker,
// sim/werewolf). Each is pure: no I/O, clocks, goroutines or global
// randomness. All chance flows from one uint64 seed: per-deal seeds are
// derived by hashing (Seed), or a game keeps a generator that only deals
// (liar's bar's round decks, whose draws per round never depend on the
// play), so neither the actions nor a strategy's randomness can ever change
// a wall or a deck. Shuffles use the lab's own PCG-DXSM generator and
// Fisher–Yates (PCG, Shuffle, and ShuffleBatched, which draws several
// indices from one 64-bit value), so a seed gives the same deck on every Go
// release.
//
// Every engine also produces an ordered stream of Events; a seat's View is
// the fold of the events that seat may see. Events and Views are concrete
// types of each game (no interface sits in the hot loop); this package only
// fixes the words: Seat, NoSeat, Result. The conformance harness every
// engine's tests call is sim/simtest.
package sim
