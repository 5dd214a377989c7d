package main

import (
	"gamelab/arena"
	"gamelab/internal/coin"
)

// The coin game (gamelab/internal/coin) has known win probabilities; it
// stands in for a real game in the CLI's tests.
func init() {
	arena.Register(&arena.Game[coin.Rules, *coin.Player, coin.View, coin.Action]{
		Title: coin.Title, Preset: coin.Preset, PresetNames: coin.Presets, DefaultName: coin.DefaultRules,
		SeatsOf: coin.Seats, Registry: coin.Registry, PlayFunc: coin.Play, SeatTagsFunc: coin.SeatTags, TeamFunc: coin.Team,
	})
}
