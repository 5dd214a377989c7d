// Package reports turns tournament results into what people read: the
// run configuration (lab build, game, rules, players, schedule, seed),
// tables for the terminal (olekukonko/tablewriter) with one line per
// strategy (games, mean score, placements, win rate with its Wilson 95 %
// interval, Plackett–Luce rating ± 95 %), the game's extras (mahjong:
// Tenhou-style rates), a head-to-head crosstable, per-team and per-role
// win rates, a tuning trajectory, and a self-contained HTML page with SVG
// plots drawn by gonum/plot: ratings with their intervals, placement and
// score distributions where the game's outcome gives them a meaning, an
// SPRT's LLR over sets and a tuning run's objective and parameters per
// step.
//
// It takes its own summary types (Summary, Player, Pair, Trajectory) and
// imports only sim of the project: the CLI converts the arena's summary.
package reports
