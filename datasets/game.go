package datasets

import (
	"fmt"

	"gamelab/sim"
	sb "gamelab/strategies/bulletpoker"
	sl "gamelab/strategies/liarsbar"
	sm "gamelab/strategies/mahjong"
	sw "gamelab/strategies/werewolf"
)

// Game is one finished game as the Writer takes it and ReadRun gives it
// back. It is this package's own type, so datasets needs nothing above
// sim and strategies (cmd/lab converts the arena's records to it).
type Game struct {
	Index  int64  // game number in the whole (unsharded) run
	Set    int64  // duplicate set (or game number for other schedules)
	Seed   uint64 // the deal seed handed to the engine
	Lineup []int  // seat -> player index
	Result sim.Result
	Length int32 // decisions taken in the game
	// Decisions is filled when the run records them.
	Decisions []Decision
}

// Decision is one choice of one seat.
type Decision struct {
	Step int32
	Seat int8
	// Legal are the legal actions offered, as text in the engine's order;
	// Chosen is the action taken and ChosenIndex its index in Legal (-1
	// if it is none of them).
	Legal       []string
	Chosen      string
	ChosenIndex int32
	Phase       string
	// Features are the game's named features of the seat's view: a
	// *Features of strategies/mahjong, liarsbar, bulletpoker or werewolf,
	// or nil.
	Features any
	// Note is the deciding strategy's own record of the decision (an
	// LLM's prompt and answer: protocol/llm); empty for most strategies.
	Note string
}

// setFeatures puts a Decision's features into their column of row.
func setFeatures(row *DecisionRow, f any) error {
	switch f := f.(type) {
	case nil:
	case *sm.Features:
		row.Mahjong = f
	case *sl.Features:
		row.Liarsbar = f
	case *sb.Features:
		row.Bulletpoker = f
	case *sw.Features:
		row.Werewolf = f
	default:
		return fmt.Errorf("datasets: decision features of type %T have no column", f)
	}
	return nil
}

// features is the features column a row holds, nil if none.
func (row *DecisionRow) features() any {
	switch {
	case row.Mahjong != nil:
		return row.Mahjong
	case row.Liarsbar != nil:
		return row.Liarsbar
	case row.Bulletpoker != nil:
		return row.Bulletpoker
	case row.Werewolf != nil:
		return row.Werewolf
	}
	return nil
}
