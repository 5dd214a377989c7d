package werewolf

import (
	"encoding/json"

	ww "gamelab/sim/werewolf"
)

// The JSON bodies of the spec's REST API (restated in docs/rules/werewolf.md),
// shared by the server, the client and the MCP tools. Fields marked
// "extension" are not in the spec; they are additions the project's decisions
// (docs/rules/werewolf.md) or the spectator page need, and a client written for
// the spec alone can ignore them.

// CreateGameRequest is the body of POST /api/games. Config holds the role
// counts ("villagers", "fortune_teller", "medium" (or "psychic"),
// "werewolves", "madman") and, as extensions, any option of the engine's
// Rules ("tie", "first_night_kill", "speaks", "wolf_speaks",
// "divine_seconds", …); absent options take the decisions' defaults. An
// absent config takes the spec's recommended line-up for PlayerCount (5,
// 7 or 9).
type CreateGameRequest struct {
	PlayerCount int             `json:"player_count"`
	Config      json.RawMessage `json:"config,omitempty"`
	// Seed fixes the game's randomness (role deal, timeout fallbacks, vote
	// ties); extension, for reproducible tests and replays. Whoever knows
	// a seed can compute the deal: leave it out for real games. Zero or
	// absent: a random seed from crypto/rand.
	Seed uint64 `json:"seed,omitempty"`
	// AutoStartAfter is auto_start_after (docs/rules/werewolf.md, decision 14) in seconds;
	// extension. Absent: the server's default (30).
	AutoStartAfter *float64 `json:"auto_start_after,omitempty"`
}

// PlayerCredential is one player in the POST /api/games response: the only
// place a token is ever shown.
type PlayerCredential struct {
	Name  string `json:"name"`
	Token string `json:"token"`
	Role  string `json:"role"` // always "hidden"
}

// CreateGameResponse is the response of POST /api/games.
type CreateGameResponse struct {
	GameID  string             `json:"game_id"`
	Status  string             `json:"status"`
	Players []PlayerCredential `json:"players"`
}

// PublicPlayer is a player as everyone sees them. Role is "hidden" until the
// game is over (docs/rules/werewolf.md, decision 12).
type PublicPlayer struct {
	Name   string `json:"name"`
	Status string `json:"status"` // "alive" or "dead"
	Role   string `json:"role,omitempty"`
}

// GameInfo is the response of GET /api/games/{game_id}.
type GameInfo struct {
	GameID        string         `json:"game_id"`
	Status        string         `json:"status"` // waiting, day_phase, night_phase, finished
	Phase         string         `json:"phase"`  // waiting, discussion, voting, action, finished
	DayCount      int            `json:"day_count"`
	Players       []PublicPlayer `json:"players"`
	TimeRemaining int            `json:"time_remaining"`
	// PhaseResults lists each past phase's deaths and, after each tally,
	// who voted for whom (docs/rules/werewolf.md, decision 13); extension.
	PhaseResults []PhaseResult `json:"phase_results"`
	// Winner ("village" or "werewolf") and Reason are set once the game is
	// over (docs/rules/werewolf.md, decision 12); extension.
	Winner string `json:"winner,omitempty"`
	Reason string `json:"reason,omitempty"`
	// RoleCounts is the public setup: how many of each role ("villager",
	// "fortune_teller", "psychic", "werewolf", "madman"); extension.
	RoleCounts map[string]int `json:"role_counts,omitempty"`
	// Config is the game's whole configuration: role counts, options and
	// time limits in the rules' seconds; TimeScale is the server's factor
	// from those seconds to wall-clock seconds. Extensions: get_rules
	// explains the game from them (RulesText).
	Config    *ww.Rules `json:"config,omitempty"`
	TimeScale float64   `json:"time_scale,omitempty"`
}

// PlayerStatus is the response of GET …/players/{player_token}/status.
type PlayerStatus struct {
	PlayerName       string   `json:"player_name"`
	Role             string   `json:"role"`
	Status           string   `json:"status"`
	GamePhase        string   `json:"game_phase"`   // waiting, day, night, finished
	PhaseDetail      string   `json:"phase_detail"` // waiting, discussion, voting, action, finished
	TimeRemaining    int      `json:"time_remaining"`
	CanAct           bool     `json:"can_act"`
	ActionsAvailable []string `json:"actions_available"`
	// Extensions: the day, the speaks left in this phase (docs/rules/werewolf.md, decision 6), and
	// for a werewolf the names of the whole pack (人狼同士は互いの正体を知っている).
	DayCount        int      `json:"day_count"`
	RemainingSpeaks int      `json:"remaining_speaks"`
	Werewolves      []string `json:"werewolves,omitempty"`
	// Voted is this player's vote in the current vote; Divined and
	// KillTarget its divine and latest kill choice in the latest night
	// (so a restarted client does not try again); extension.
	Voted      string `json:"voted,omitempty"`
	Divined    string `json:"divined,omitempty"`
	KillTarget string `json:"kill_target,omitempty"`
}

// SpeakRequest is the body of POST …/speak.
type SpeakRequest struct {
	Message string `json:"message"`
	Target  string `json:"target"` // "all" or "werewolf"; empty means "all"
}

// SpeakResponse is the response of POST …/speak.
type SpeakResponse struct {
	Success         bool   `json:"success"`
	MessageID       string `json:"message_id"`
	RemainingSpeaks int    `json:"remaining_speaks"`
}

// TargetRequest is the body of POST …/divine, …/kill and …/vote.
type TargetRequest struct {
	TargetPlayer string `json:"target_player"`
}

// ActionResponse is the response of divine, kill and vote. Result is set
// for divine only ("villager" or "werewolf").
type ActionResponse struct {
	Success bool   `json:"success"`
	Action  string `json:"action"`
	Target  string `json:"target"`
	Result  string `json:"result,omitempty"`
}

// Message is one line of talk as a player (or, after the end, a
// spectator) sees it.
type Message struct {
	ID        string `json:"id"`
	Speaker   string `json:"speaker"`
	Message   string `json:"message"`
	Timestamp string `json:"timestamp"`
	Phase     string `json:"phase"`  // "day" or "night"
	Target    string `json:"target"` // "all" or "werewolf"
	Day       int    `json:"day"`    // extension
}

// MessagesResponse is the response of GET …/messages.
type MessagesResponse struct {
	Messages []Message `json:"messages"`
}

// DivineResult is one line of GET …/divine_results.
type DivineResult struct {
	Day    int    `json:"day"`
	Target string `json:"target"`
	Result string `json:"result"`
}

// DivineResults is the response of GET …/divine_results.
type DivineResults struct {
	Results []DivineResult `json:"results"`
}

// PsychicResult is one line of GET …/psychic_results.
type PsychicResult struct {
	Day            int    `json:"day"`
	ExecutedPlayer string `json:"executed_player"`
	Result         string `json:"result"`
}

// PsychicResults is the response of GET …/psychic_results.
type PsychicResults struct {
	Results []PsychicResult `json:"results"`
}

// Vote is one ballot, public after the tally (docs/rules/werewolf.md, decision 13).
type Vote struct {
	Voter  string `json:"voter"`
	Target string `json:"target"`
	Auto   bool   `json:"auto,omitempty"`
}

// PhaseResult is one finished phase in the spectator view: "night_N" with
// the victim (or null), "day_N" with the executed player (or null) and the
// votes.
type PhaseResult struct {
	Phase    string  `json:"phase"`
	Killed   *string `json:"killed"`
	Executed *string `json:"executed"`
	Votes    []Vote  `json:"votes,omitempty"` // extension
}

// PublicMessage is one line in the spectator view.
type PublicMessage struct {
	ID        string `json:"id"` // extension
	Speaker   string `json:"speaker"`
	Message   string `json:"message"`
	Timestamp string `json:"timestamp"`
	Target    string `json:"target,omitempty"` // extension: "werewolf" lines appear after the end only
	Day       int    `json:"day"`              // extension
	Phase     string `json:"phase"`            // extension
}

// LogEntry is one line of the whole log made public when the game is over
// (docs/rules/werewolf.md, decision 12): divines, kills, votes, automatic actions.
type LogEntry struct {
	Seq    int    `json:"seq"`
	Day    int    `json:"day"`
	Phase  string `json:"phase"`
	Actor  string `json:"actor,omitempty"`
	Action string `json:"action"`
	Target string `json:"target,omitempty"`
	Result string `json:"result,omitempty"`
	Auto   bool   `json:"auto,omitempty"`
}

// Spectate is the response of GET /api/games/{game_id}/spectate and the data
// of each "spectate" event of the SSE stream.
type Spectate struct {
	GameID         string          `json:"game_id"`
	CurrentPhase   string          `json:"current_phase"` // waiting, night, day_discussion, day_voting, finished
	DayCount       int             `json:"day_count"`
	Players        []PublicPlayer  `json:"players"`
	PublicMessages []PublicMessage `json:"public_messages"`
	PhaseResults   []PhaseResult   `json:"phase_results"`
	TimeRemaining  int             `json:"time_remaining"`
	// Extensions: the game status, the deadline as an absolute time (so a
	// page can count down without drift), and after the end the winner,
	// the reason and the whole log.
	Status   string     `json:"status"`
	Deadline string     `json:"deadline,omitempty"`
	Winner   string     `json:"winner,omitempty"`
	Reason   string     `json:"reason,omitempty"`
	Log      []LogEntry `json:"log,omitempty"`
}

// Health is the data of GET /api/health.
type Health struct {
	Status    string `json:"status"`
	Timestamp string `json:"timestamp"`
	Database  string `json:"database"`
	Version   string `json:"version"`
}

// HealthResponse is the response of GET /api/health.
type HealthResponse struct {
	Success bool   `json:"success"`
	Data    Health `json:"data"`
}

// ErrorResponse is every error body (docs/rules/werewolf.md, decision 16).
type ErrorResponse struct {
	Success bool   `json:"success"`
	Error   string `json:"error"`
}

// GameSummary is one line of GET /api/games (extension: the spectator
// page's game list).
type GameSummary struct {
	GameID    string `json:"game_id"`
	Status    string `json:"status"`
	Players   int    `json:"players"`
	DayCount  int    `json:"day_count"`
	CreatedAt string `json:"created_at"`
}

// GameList is the response of GET /api/games.
type GameList struct {
	Games []GameSummary `json:"games"`
}
