// Package strategies is the root of the lab's bots: one sub-package per game
// (strategies/mahjong, strategies/liarsbar, …). A strategy sees only its
// seat's View and chooses one of the legal actions, from a named,
// parameterised spec such as "liarsbar/bayes?bluff=0.2".
package strategies
