package werewolf

import (
	"fmt"
	"math"
	"strings"

	ww "gamelab/sim/werewolf"
)

// RulesText explains the game of rules r to a player (a person or an LLM),
// with this game's role counts, message limits and options, and its time
// limits in wall-clock seconds: each limit of r times scale (the server's
// time scale). scale 0 means a game without clocks (self-play): the text
// then says that every phase waits for the players. The MCP tool get_rules
// and the LLM strategy (protocol/llm) give a model this same text. The
// rules are those of docs/rules/werewolf.md.
func RulesText(r ww.Rules, scale float64) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...); b.WriteByte('\n') }
	secs := func(s int) string {
		x := float64(s) * scale
		if x >= 10 || x == math.Trunc(x) {
			return fmt.Sprintf("%.0f s", x)
		}
		return fmt.Sprintf("%.1f s", x)
	}
	p("Werewolf (人狼), %d players: %d villager, %d fortune_teller (seer), %d psychic (medium), %d werewolf, %d madman.",
		r.Players, r.Villagers, r.Seers, r.Mediums, r.Werewolves, r.Madmen)
	p("Teams: village = villager, fortune_teller, psychic; werewolf = werewolf, madman. Your team winning is what counts, not your own survival.")
	p("The village wins when every werewolf is dead. The werewolves win when the living werewolves are at least as many as all other living players (the madman counts as a human). Victory is checked after every death.")
	p("Players are called by their names (animal names such as Fox); always name players, never numbers.")
	p("")
	kill := "Night 0 has no kill (day 1 announces that nobody died)."
	if r.FirstNightKill {
		kill = "The werewolves already kill on night 0."
	}
	p("Flow: night 0, day 1, night 1, day 2, … %s", kill)
	p("Night: the fortune_teller divines one other living player and learns \"villager\" or \"werewolf\" (the madman shows as villager). The werewolves choose one living non-werewolf to kill; with several werewolves the most chosen victim dies (ties at random). A werewolf may change its choice while it is still in the wolf chat; each change uses one of the pack's chat messages.")
	p("Wolf chat: at night the living werewolves talk privately (speak with target \"werewolf\"), %d messages per night shared by the pack. A werewolf that has nothing more to say passes; the night ends when the divine and the kill choices are in and every werewolf has passed (or the chat's messages or time are used up).", r.WolfSpeaks)
	if r.Mediums > 0 {
		p("The psychic learns at the start of each night whether the player executed that day was a werewolf (the madman shows as villager).")
	}
	p("Day: the night's victim is announced, then the discussion: each living player may send %d public messages; a player who has nothing more to say passes. The discussion ends when every living player has passed or used their messages.", r.Speaks)
	tie := "a tie is broken at random"
	switch r.Tie {
	case ww.TieRunoff:
		tie = "a tie leads to one runoff vote among the tied players; a second tie is broken at random"
	case ww.TieNoExecution:
		tie = "after a tie nobody is executed"
	}
	p("Vote: every living player votes once, for another living player; votes are final and shown to all after the count. The most voted player is executed; %s. Roles are not revealed on death.", tie)
	p("The dead read everything public but cannot speak, vote or act. When the game ends every role, the wolf chat and every night action become public.")
	p("")
	if scale > 0 {
		p("Time limits (this game): divine %s and kill %s after the night starts; wolf chat %s after the night starts; discussion %s after dawn; vote %s after the discussion. At a deadline the server acts for whoever is late, at random: a divine of a living player, a kill of a living non-werewolf, a vote for another living player (logged as automatic).",
			secs(r.DivineSeconds), secs(r.KillSeconds), secs(r.WolfChatSeconds), secs(r.DiscussionSeconds), secs(r.VoteSeconds))
	} else {
		p("There is no clock: every phase waits until the players are done.")
	}
	p("Messages: free text of at most %d bytes, in any language. Lying is allowed and expected, above all for the werewolf team. A message may start with one tag that programs also understand: [co fortune_teller], [divined Fox werewolf], [identified Fox villager], [accuse Fox], [vote Fox] (in the wolf chat [vote Fox] proposes the kill).", ww.MaxTextBytes)
	return b.String()
}
