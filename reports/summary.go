package reports

import "gamelab/sim"

// Summary is a run's results as a report shows them. The reports package
// has its own types (the CLI fills them from the arena's summary), so it
// depends only on sim and can draw any producer's results.
type Summary struct {
	// The run configuration: the lab build that played it (module
	// version and VCS revision), game, rules, schedule, root seed.
	Version  string
	Game     string
	Rules    string
	Schedule string
	Seed     sim.SeedText
	Seats    int
	Games    int64
	Sets     int64
	// Outcome says what score and placements mean, so only the plots that
	// mean something are drawn.
	Outcome Outcome
	Players []Player
	// Teams holds the win rate of each team (team games).
	Teams map[string]Rate
	// HeadToHead holds every ordered pair of players that met.
	HeadToHead []Pair
}

// Outcome is what a game's score and placements mean.
type Outcome int

const (
	// Points: scores in points (histogram) and placements ranking every
	// seat (mahjong).
	Points Outcome = iota
	// Places: a win/lose score (no histogram) and placements ranking
	// every seat (liar's bar, bullet poker: the elimination order).
	Places
	// TeamWin: a team wins or loses; a placement only says which, so
	// neither a score histogram nor a placement plot is drawn (werewolf).
	TeamWin
)

// Player is one player's line of the results table.
type Player struct {
	Name       string
	Games      int64 // seats taken
	MeanScore  float64
	ScoreCI    float64 // half-width of the 95 % interval
	Placements []int64 // seats finished 1st, 2nd, …
	AvgPlace   float64
	WinRate    float64
	WinCI      [2]float64
	// RankPoints, when not nil, is the mean rank points a game with the
	// half-width RankCI of its 95 % interval.
	RankPoints *float64
	RankCI     float64
	Elo, EloCI float64 // rating and the half-width of its 95 % interval
	Extras     []Extra
	Roles      map[string]Rate
}

// Extra is one derived per-player figure (mahjong: a Tenhou-style rate);
// names ending in "rate" print as percentages.
type Extra struct {
	Name  string
	Value float64
}

// Rate is a win rate over Games seats with its 95 % interval.
type Rate struct {
	Games   int64
	WinRate float64
	CI      [2]float64
}

// Pair is how player A fared against player B over the Pairs seat pairs
// where they sat at one table: Above times placed above B, Ties tied,
// and the score (Above + Ties/2)/Pairs with its 95 % interval.
type Pair struct {
	A, B        string
	Pairs       int64
	Above, Ties int64
	Score       float64
	CI          [2]float64
}
