// Package simtest is the conformance harness every engine's tests call, in
// the manner of OpenSpiel's RandomSimTest: it plays many games with uniformly
// random legal actions from fixed seeds and checks, at every step, that
//
//   - Next names the seats that must act and each has at least one legal
//     action, and Legal returns the same list twice (no hidden state);
//   - actions outside the legal list, and actions by seats not asked, are
//     refused with an error and change nothing (the encoded state is equal
//     before and after);
//   - a clone evolves independently of its original;
//   - the game ends within MaxSteps and its Result is well formed (scores
//     finite, placements a competition ranking, the sum the game defines);
//   - the same seed and the same actions give a byte-identical encoding, and
//     the engine's own per-step Check (view-vs-events folds, invariants) holds.
package simtest
