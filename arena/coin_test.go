package arena

import "gamelab/internal/coin"

// Coin is the coin game (gamelab/internal/coin, known win probabilities)
// as the arena's tests register it.
var Coin = &Game[coin.Rules, *coin.Player, coin.View, coin.Action]{
	Title: coin.Title, Preset: coin.Preset, PresetNames: coin.Presets, DefaultName: coin.DefaultRules,
	SeatsOf: coin.Seats, Registry: coin.Registry, PlayFunc: coin.Play, SeatTagsFunc: coin.SeatTags, TeamFunc: coin.Team,
}

// ErrCoinBroken is what the coin game's "broken" strategy makes Play return.
var ErrCoinBroken = coin.ErrBroken
