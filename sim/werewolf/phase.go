package werewolf

import "fmt"

// Phase is the part of the game now being played. The sequence is
// Night 0 → Discussion 1 → Vote 1 (→ Runoff 1) → Night 1 → Discussion 2 …
// until Over. State.Day gives the day number: 0 during night 0, N from
// the dawn of day N through night N (docs/rules/werewolf.md, decision 15).
type Phase uint8

// The phases.
const (
	PhaseNight      Phase = iota // wolf chat, divine, kill (no kill on night 0 by default)
	PhaseDiscussion              // public talk, Speaks messages per living player
	PhaseVote                    // everyone living votes once
	PhaseRunoff                  // the runoff vote among tied players (TieRunoff)
	PhaseOver                    // the game has ended
	numPhases
)

var phaseNames = [numPhases]string{"night", "discussion", "vote", "runoff", "over"}

// String gives the phase's name ("night", "discussion", …).
func (p Phase) String() string {
	if p < numPhases {
		return phaseNames[p]
	}
	return fmt.Sprintf("phase(%d)", uint8(p))
}

// Deadline names a time limit a server runs. When it passes, the server
// calls State.Expire with it; the engine never reads a clock.
type Deadline uint8

// The deadlines (docs/rules/werewolf.md, decisions 8 and 9). Night deadlines run
// from the night's start; discussion from the dawn announcement; vote from
// the end of discussion (and again for a runoff).
const (
	DeadlineNone       Deadline = iota
	DeadlineDivine              // seers who have not divined get a random target
	DeadlineKill                // the pack that chose nobody gets a random living non-wolf
	DeadlineWolfChat            // wolf chat closes for the night
	DeadlineDiscussion          // discussion ends; voting starts
	DeadlineVote                // missing votes go to random living players other than the voter
	numDeadlines
)

var deadlineNames = [numDeadlines]string{"none", "divine", "kill", "wolf_chat", "discussion", "vote"}

// String gives the deadline's name ("divine", "wolf_chat", …).
func (d Deadline) String() string {
	if d < numDeadlines {
		return deadlineNames[d]
	}
	return fmt.Sprintf("deadline(%d)", uint8(d))
}

// Deadlines lists the deadlines that belong to phase p (a server starts
// these clocks when the phase starts).
func Deadlines(p Phase) []Deadline {
	switch p {
	case PhaseNight:
		return []Deadline{DeadlineDivine, DeadlineKill, DeadlineWolfChat}
	case PhaseDiscussion:
		return []Deadline{DeadlineDiscussion}
	case PhaseVote, PhaseRunoff:
		return []Deadline{DeadlineVote}
	}
	return nil
}
