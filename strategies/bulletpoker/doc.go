// Package bulletpoker holds the bots of bullet poker (sim/bulletpoker) and
// the self-play loop Play. A strategy sees only its seat's View and the
// legal actions. Strategies: "random" (uniform over legal actions),
// "equity" (Monte Carlo equity against the live hands with a rollout
// budget; it compares the risk of staying, (1 - equity) x P(death at the
// final bet), with the risk of folding now, and has an all-in and switch
// policy), and "tight" and "loose", presets of equity. Death probabilities
// follow the revolver of the rules, docs/rules/bulletpoker.md (k/6,
// 0.95 with six bullets); opponents' ranges narrow by Bill Chen's preflop
// score (chen.go).
//
// What equity reads of the View, for a live adapter that builds it from an
// incomplete request (protocol/tavern, docs/tavern.md): its hole cards
// (needed: without them the adapter answers with its generic policy), the
// board, the seats still in the hand and their raises, its own bet and the
// bet to match, and the switch offers (a switch is weighed only when they
// are known). Missing pieces take the adapter's stated defaults (every
// seat in the hand, bets of 1).
package bulletpoker
