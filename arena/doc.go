// Package arena schedules games between strategies, runs them on a pool of
// workers with results that do not depend on the worker count, and rates
// and tests the strategies. It is the only generic layer of the lab: each
// game registers a Runner (game_<name>.go) built by Game from exactly the
// public contract of sim/<game> and strategies/<game> (Preset, Presets,
// Rules.Validate, Registry, Play).
//
// A Schedule maps a game number to its deal seed and lineup, so game g is
// the same whichever worker plays it; Run hands the Records to a sink in
// game order, holding at most a fixed window of games in memory, and a
// run splits into shards by game range that merge exactly. Schedules:
// duplicate sets (one deal played once per seat rotation, strategies reset,
// so luck cancels; "a,b" on four seats is a Mortal-style 1v3), round robin
// and gauntlet.
//
// Summary aggregates a stream of Records in constant memory. Ratings are
// Bradley–Terry on pairwise results and Plackett–Luce on finishing orders,
// both fitted by Hunter's MM algorithms (D. R. Hunter, "MM algorithms for
// generalized Bradley–Terry models", Ann. Statist. 32(1), 2004), with 95 %
// intervals from a grouped jackknife over sets (see jackknife; the Fisher
// information's are kept for comparison and for runs of few sets). SPRT is the generalized sequential
// probability ratio test of fishtest and fastchess in the normalized-Elo
// model (M. Van den Bergh, "Normalized Elo", and fastchess SPRT::getLLR),
// applied to per-set scores. Win-rate and mean-score intervals cluster a
// player's seats by duplicate set (by game for other schedules): the seats
// of one set share a deal and can share an outcome (a werewolf team) or
// exclude each other (one winner a game), so they are not independent
// trials. The variance is cluster-robust (CR1), and a win rate's interval
// is Wilson's (1927) at the effective number of trials it implies; the
// design effect is reported beside it.
// Coin is a tiny fake game with known win probabilities for tests.
package arena
