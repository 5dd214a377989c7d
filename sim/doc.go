// Package sim holds the contract every game engine of the lab shares: seat
// ids, the per-seat Result of a finished game, and seed handling.
//
// Engines live in sub-packages (sim/mahjong, sim/liarsbar, sim/bulletpoker,
// sim/werewolf). Each is pure: no I/O, clocks, goroutines or global
// randomness. All chance flows from one uint64 seed: per-deal seeds are
// derived by hashing (Seed), never drawn from a running stream, so a
// strategy's randomness can never change a wall or a deck. Shuffles use the
// lab's own PCG-DXSM generator and Fisher–Yates (PCG, Shuffle), so a seed
// gives the same deck on every Go release.
//
// Every engine also produces an ordered stream of Events; a seat's View is
// the fold of the events that seat may see. Events and Views are concrete
// types of each game (no interface sits in the hot loop); this package only
// fixes the words: Seat, NoSeat, Result. The conformance harness every
// engine's tests call is sim/simtest.
package sim
