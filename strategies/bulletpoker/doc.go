// Package bulletpoker holds the bots of bullet poker (sim/bulletpoker) and
// the self-play loop Play. A strategy sees only its seat's View and the
// legal actions. Strategies: "random" (uniform over legal actions),
// "equity" (Monte Carlo equity against the live hands with a rollout
// budget; it compares the risk of staying, (1 - equity) x P(death at the
// final bet), with the risk of folding now, and has an all-in and switch
// policy), and "tight" and "loose", presets of equity. Death probabilities
// follow the revolver of the rules, ../shared/specs/bulletpoker.md (k/6,
// 0.95 with six bullets); opponents' ranges narrow by Bill Chen's preflop
// score (chen.go).
package bulletpoker
