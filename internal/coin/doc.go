// Package coin is a tiny fake game with known truth for the arena's and
// the CLI's tests: each seat has a strength and the finishing order is
// drawn Plackett–Luce style from the deal seed alone, so win probabilities
// are known in closed form. It is internal: no user sees it.
package coin
