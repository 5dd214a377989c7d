package werewolf

import "fmt"

// MaxPlayers is the largest table the engine supports (seat masks are uint16).
const MaxPlayers = 16

// MaxTextBytes bounds the free text of one message (UTF-8 bytes).
const MaxTextBytes = 4000

// TieRule says what a tied vote does (docs/rules/werewolf.md, decision 2).
type TieRule string

// The tie rules.
const (
	// TieRandom executes one of the tied players at random (seeded).
	TieRandom TieRule = "random"
	// TieRunoff holds one runoff vote among the tied players; a second tie
	// is broken at random.
	TieRunoff TieRule = "runoff_once_then_random"
	// TieNoExecution executes nobody; night falls.
	TieNoExecution TieRule = "no_execution"
)

// Rules is a validated variant of the game. The JSON names follow the
// spec's POST /api/games body ("player_count", "villagers",
// "fortune_teller", "werewolves", "madman") and the options of
// docs/rules/werewolf.md. Time limits are in seconds and are used by servers
// only: the engine never reads a clock.
type Rules struct {
	Players    int `json:"player_count"`
	Villagers  int `json:"villagers"`
	Seers      int `json:"fortune_teller"`
	Mediums    int `json:"medium"`
	Werewolves int `json:"werewolves"`
	Madmen     int `json:"madman"`

	// FirstNightKill lets the wolves kill on night 0 (default false:
	// day 1 announces that nobody died).
	FirstNightKill bool `json:"first_night_kill"`
	// Tie decides tied votes (default TieRandom).
	Tie TieRule `json:"tie"`
	// Speaks is the number of public messages per living player per day
	// (default 5).
	Speaks int `json:"speaks"`
	// WolfSpeaks is the number of wolf-chat messages per night shared by
	// the pack (default 10).
	WolfSpeaks int `json:"wolf_speaks"`

	// Deadlines (seconds) for the server; see Deadline and State.Expire.
	DivineSeconds     int `json:"divine_seconds"`
	KillSeconds       int `json:"kill_seconds"`
	WolfChatSeconds   int `json:"wolf_chat_seconds"`
	DiscussionSeconds int `json:"discussion_seconds"`
	VoteSeconds       int `json:"vote_seconds"`
	// AutoStartAfter (seconds): a waiting game starts by itself (server).
	AutoStartAfter int `json:"auto_start_after"`
}

// Default returns the spec's defaults for the given role counts: speak
// limits 5 per day and 10 wolf messages per night, random tie-break, no
// first-night kill, deadlines 60/120/180/300/60 s, auto start after 30 s.
func Default(villagers, seers, mediums, werewolves, madmen int) Rules {
	return Rules{
		Players:   villagers + seers + mediums + werewolves + madmen,
		Villagers: villagers, Seers: seers, Mediums: mediums, Werewolves: werewolves, Madmen: madmen,
		Tie: TieRandom, Speaks: 5, WolfSpeaks: 10,
		DivineSeconds: 60, KillSeconds: 120, WolfChatSeconds: 180,
		DiscussionSeconds: 300, VoteSeconds: 60, AutoStartAfter: 30,
	}
}

// Presets lists the preset names: the spec's recommended 5-, 7- and
// 9-player tables.
func Presets() []string { return []string{"5", "7", "9"} }

// Preset returns a recommended table of the spec:
//
//	"5": villager 2, seer 1, werewolf 1, madman 1
//	"7": villager 3, seer 1, medium 1, werewolf 1, madman 1
//	"9": villager 4, seer 1, medium 1, werewolf 2, madman 1
func Preset(name string) (Rules, error) {
	switch name {
	case "5":
		return Default(2, 1, 0, 1, 1), nil
	case "7":
		return Default(3, 1, 1, 1, 1), nil
	case "9":
		return Default(4, 1, 1, 2, 1), nil
	}
	return Rules{}, fmt.Errorf("%w: unknown preset %q (have 5, 7, 9)", ErrRules, name)
}

// Count gives the number of seats dealt role.
func (r Rules) Count(role Role) int {
	switch role {
	case RoleVillager:
		return r.Villagers
	case RoleSeer:
		return r.Seers
	case RoleMedium:
		return r.Mediums
	case RoleWerewolf:
		return r.Werewolves
	case RoleMadman:
		return r.Madmen
	}
	return 0
}

// Validate checks the rules: 3..MaxPlayers players, role counts not
// negative and adding up to Players, at least one werewolf and fewer
// wolves than humans (else the game would be over before it starts), a
// known tie rule, and limits not negative.
func (r Rules) Validate() error {
	if r.Players < 3 || r.Players > MaxPlayers {
		return fmt.Errorf("%w: %d players (want 3..%d)", ErrRules, r.Players, MaxPlayers)
	}
	sum := 0
	for role := RoleVillager; role < NumRoles; role++ {
		c := r.Count(role)
		if c < 0 {
			return fmt.Errorf("%w: %d %ss", ErrRules, c, role)
		}
		sum += c
	}
	if sum != r.Players {
		return fmt.Errorf("%w: role counts add up to %d, not %d players", ErrRules, sum, r.Players)
	}
	if r.Werewolves < 1 {
		return fmt.Errorf("%w: no werewolf", ErrRules)
	}
	if r.Werewolves >= r.Players-r.Werewolves {
		return fmt.Errorf("%w: %d werewolves among %d players already have parity", ErrRules, r.Werewolves, r.Players)
	}
	switch r.Tie {
	case TieRandom, TieRunoff, TieNoExecution:
	default:
		return fmt.Errorf("%w: unknown tie rule %q (have %s, %s, %s)", ErrRules, r.Tie, TieRandom, TieRunoff, TieNoExecution)
	}
	if r.Speaks < 0 || r.Speaks > 100 || r.WolfSpeaks < 0 || r.WolfSpeaks > 100 {
		return fmt.Errorf("%w: speak limits %d/%d outside 0..100", ErrRules, r.Speaks, r.WolfSpeaks)
	}
	for _, s := range []int{r.DivineSeconds, r.KillSeconds, r.WolfChatSeconds, r.DiscussionSeconds, r.VoteSeconds, r.AutoStartAfter} {
		if s < 0 {
			return fmt.Errorf("%w: negative time limit %d", ErrRules, s)
		}
	}
	return nil
}

// Seconds gives the time limit of a deadline (0 for DeadlineNone).
func (r Rules) Seconds(d Deadline) int {
	switch d {
	case DeadlineDivine:
		return r.DivineSeconds
	case DeadlineKill:
		return r.KillSeconds
	case DeadlineWolfChat:
		return r.WolfChatSeconds
	case DeadlineDiscussion:
		return r.DiscussionSeconds
	case DeadlineVote:
		return r.VoteSeconds
	}
	return 0
}
