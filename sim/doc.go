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
// # The contract
//
// Every engine also produces an ordered stream of Events; a seat's View is
// the fold of the events that seat may see. The contract is declared once,
// as generic interfaces (contract.go), and each engine asserts it at
// compile time in its contract.go:
//
//	var _ sim.State[*State, Rules, Action, Event, View] = (*State)(nil)
//	var _ sim.Event[Event] = Event{}
//	var _ sim.Folder[Event] = (*View)(nil)
//
// State: Next, Legal(seat, dst), Apply, Done, Result, Clone, Reset(rules,
// seed), Events, View(seat). Event: For(seat) (Event, bool), the one
// visibility rule. View: Apply(event), the fold, which live adapters use on
// events parsed from the wire. Sampler: (*State).Determinize(view, rng),
// a full state consistent with what the view's seat has seen (hidden parts
// drawn from rng alone), for search. Events and Views are concrete types of
// each game and hot loops call the concrete methods: no interface sits in
// them; generic code (sim/simtest, strategies.Play, strategies/search)
// gets the concrete types as type parameters.
//
// # Adding a game
//
// A fifth game implements, in sim/<game>:
//
//   - Rules (validated, with named presets) and New(rules, seed) *State,
//     all chance from the seed through Seed/PCG/Shuffle;
//   - the State methods above, Legal append-style and allocation-free,
//     Apply refusing with an error and changing nothing;
//   - Event with For(seat), View with Apply(event) and a NewView (the
//     empty view), State.View(seat) equal to the fold;
//   - a text notation for its cards/actions (parse(format(x)) == x);
//   - Determinize(view, rng), for search; a View that does not hold the
//     rules (mahjong's) leaves them to the state being filled;
//   - Placements(dst) (Placer), the ranking without Result's allocations,
//     which search playouts use when it is there;
//   - contract.go with the three assertions (and sim.Sampler[View],
//     sim.Placer); tests calling simtest.Run, simtest.CheckContract (with
//     Sample), and simtest.Golden playthroughs (the one -update flag).
//
// In strategies/<game> it adds a Registry of its bots and a search.Game
// (the seat and the seat count read off a View, optionally a Leaf that
// ends long playouts early, as mahjong's and bullet poker's end with the
// hand) passed to search.Register; in arena/game_<game>.go, one Register
// call with its presets, registry and Play.
//
// It then gets for free: the conformance harness, the generic Play loop
// and the Strategy type (package strategies) with its registry and spec
// strings, the information-set MCTS (strategies/search) as a registered
// strategy, and through a Runner the arena (ratings, SPRT, tuning), the
// datasets and the reports.
package sim
