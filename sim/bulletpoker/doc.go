// Package bulletpoker is the engine of bullet poker (子弹德州): Texas hold'em
// where the stake is bullets in a revolver. Every hand each living player
// antes one bullet; betting raises the number of bullets a player must load
// (at most 6); a player who folds, or loses at showdown, pulls the trigger
// with their bullets loaded (k/6 death, 0.95 at six: a 5% "God save").
// Hands repeat until one player is alive.
//
// Rules: docs/rules/bulletpoker.md, after the public
// browser game "bulletpoker" (silky-itt/bulletpoker, DESIGN.md), with the
// Liar's Bar "Liar's Texas" switches (AllInMinStreet, AllInSimultaneous,
// SwitchRevealsDiscard, RiseOnly). Choice ids and event names follow the
// tavern protocol (seed 001): check, call, raise, allin, fold, coward,
// switch:<hole>:<offer>; events deal, board, bet, fold, load, shot,
// showdown, eliminated, game_over. Where the sources are silent the choices
// are ours and marked [ours] in the comments: switch offers are a random
// sample of the undealt cards, dealt afresh at each turn of a seat that may
// still switch, and the unchosen ones stay in the deck; ranking at the
// 200-hand cap puts the living first, by fewest bullets loaded over the
// match.
//
// The engine is pure and deterministic: all chance (the deck of each hand,
// switch offers, every gun shot) is derived from the seed with sim.Seed, so
// the same seed and actions give the same event log. Cards and the hand
// evaluator live in gamelab/sim/cards.
//
// A seat's View (NewView, then Apply of the events Event.For lets through)
// holds everything the seat knows, the street's betting progress included;
// (*State).Determinize (Sample) turns it back into a full match whose
// hidden cards are drawn uniformly from the unseen ones: the sim.Sampler
// the search in gamelab/strategies/search plays from.
package bulletpoker
