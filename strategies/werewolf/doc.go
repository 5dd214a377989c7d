// Package werewolf holds the bots of the werewolf game (engine sim/werewolf)
// and its self-play loop. A bot decides from its seat's View only — the
// fold of the events that seat may see — and answers with one of the legal
// actions; it reads the structured content of other players' messages
// (coming out, divine and medium claims, accusations, vote intentions) and
// attaches both content and a plain-English text to its own.
//
// Strategies (Registry): "random", the uniform baseline of the check in
// docs/rules/werewolf.md; "rule", a rule-based player for every role (the seer
// comes out with its results, the village votes the trusted seer's black
// and weighs conflicting claims, wolves and the madman may fake-claim seer
// with invented results, wolves kill claimed seers first); "village", the
// same player with honest wolves and madman (no fake claims). Their
// thresholds are tunable parameters. Heuristics after the AIWolf contest
// agents' common play (seer CO, black votes, counter-CO suspicion).
package werewolf
