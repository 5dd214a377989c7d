// Package werewolf is the deterministic engine of the werewolf (人狼) game of
// an LLM werewolf web-application spec, with the project's decisions where
// that spec is open (both in docs/rules/werewolf.md; precedents: the AIWolf
// contest servers and Werewolf Arena): roles villager, seer
// (占い師, the spec's fortune_teller), medium (霊能者, psychic), werewolf and
// madman (狂人); night 0 → day 1 → night 1 …; wolf chat, divine and kill at
// night; discussion, vote and execution by day; victory checked after every
// death.
//
// The engine is pure and event-driven: phases end when nothing is left to
// do (every obligation met), never by a clock. A server adds wall-clock
// deadlines and, when one passes, calls State.Expire, which applies the
// spec's timeout fallbacks (random targets drawn from the game's seed) and
// logs them with Auto set. Speech is an action: Talk (public) and Whisper
// (wolf chat) carry free text for people and LLMs plus an optional
// structured Content (coming out, a divine or medium result claim, an
// accusation, a vote intention) that rule-based bots act on.
//
// Every step appends Events to one ordered log; a seat's View is the fold of
// the events that seat may see (Event.VisibleTo), so a live adapter that
// receives the same events builds the same View. Seats are numbered
// 0..Players-1; names are the server's business.
package werewolf
