// Package reports turns tournament results into what people read: tables
// for the terminal (olekukonko/tablewriter) with one line per strategy
// (games, mean score, placements, win rate with its Wilson 95 % interval,
// Plackett–Luce rating ± 95 %), the game's extras (mahjong: Tenhou-style
// rates) and per-team and per-role win rates, and a self-contained HTML
// page with SVG plots drawn by gonum/plot: ratings with their intervals,
// placement and score distributions and an SPRT's LLR over sets.
package reports
