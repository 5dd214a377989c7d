package datasets

import (
	"gamelab/sim"
	sb "gamelab/strategies/bulletpoker"
	sl "gamelab/strategies/liarsbar"
	sm "gamelab/strategies/mahjong"
	sw "gamelab/strategies/werewolf"
)

// GameRow is one row of games.parquet: one finished game.
type GameRow struct {
	Game       string             `parquet:"game,dict"`
	Index      int64              `parquet:"index"`
	Set        int64              `parquet:"set"`
	Seed       uint64             `parquet:"seed"`
	Rules      string             `parquet:"rules,dict"`
	Lineup     []int32            `parquet:"lineup,list"`
	Strategies []string           `parquet:"strategies,list"`
	Scores     []float64          `parquet:"scores,list"`
	Placements []int32            `parquet:"placements,list"`
	Length     int32              `parquet:"length"`
	Stats      map[string]float64 `parquet:"stats"`
}

// SeatRow is one row of seats.parquet: one seat of one game.
type SeatRow struct {
	Index     int64              `parquet:"index"`
	Seat      int32              `parquet:"seat"`
	Player    int32              `parquet:"player"`
	Strategy  string             `parquet:"strategy,dict"`
	Score     float64            `parquet:"score"`
	Placement int32              `parquet:"placement"`
	Tag       string             `parquet:"tag,dict"`
	Stats     map[string]float64 `parquet:"stats"`
}

// DecisionRow is one row of decisions.parquet: one choice of one seat,
// with the seat's final result and the game's named features of what the
// seat saw (one column per game, null in the others' rows). The columns
// are listed in docs/datasets.md.
type DecisionRow struct {
	Index int64  `parquet:"index"`
	Step  int32  `parquet:"step"`
	Seat  int32  `parquet:"seat"`
	Phase string `parquet:"phase,dict"`
	// Legal are the legal actions offered (text, engine order); Chosen the
	// action taken and ChosenIndex its 0-based index in Legal.
	Legal       []string `parquet:"legal,list"`
	Chosen      string   `parquet:"chosen,dict"`
	ChosenIndex int32    `parquet:"chosen_index"`
	// FinalScore and FinalPlacement are the seat's result of the game.
	FinalScore     float64 `parquet:"final_score"`
	FinalPlacement int32   `parquet:"final_placement"`
	// The game's named features (strategies/<game>/features.go).
	Mahjong     *sm.Features `parquet:"mahjong,optional"`
	Liarsbar    *sl.Features `parquet:"liarsbar,optional"`
	Bulletpoker *sb.Features `parquet:"bulletpoker,optional"`
	Werewolf    *sw.Features `parquet:"werewolf,optional"`
	// Note is the deciding strategy's own record of the decision (an
	// LLM's prompt and answer: protocol/llm); empty for most strategies.
	Note string `parquet:"note,optional"`
}

// Table names, also stamped in each file's metadata.
const (
	Games     = "games"
	Seats     = "seats"
	Decisions = "decisions"
)

// RunInfo is the run configuration stamped into every file's key-value
// metadata under "gamelab.run" (JSON), with the table name under
// "gamelab.table".
type RunInfo struct {
	Version   string       `json:"version"`
	Game      string       `json:"game"`
	Rules     string       `json:"rules"`      // preset name or file given
	RulesJSON string       `json:"rules_json"` // the resolved rules
	Players   []string     `json:"players"`
	Schedule  string       `json:"schedule"`
	Seed      sim.SeedText `json:"seed"`       // a decimal string: exact in any JSON reader
	First     int64        `json:"first_game"` // this file's game range [First, End)
	End       int64        `json:"end_game"`
	Total     int64        `json:"total_games"` // games of the whole (unsharded) run
	Shard     string       `json:"shard,omitempty"`
	Decisions bool         `json:"decisions,omitempty"`
}

// Metadata keys.
const (
	KeyTable = "gamelab.table"
	KeyRun   = "gamelab.run"
)
