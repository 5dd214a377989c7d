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
//
// CheckContract checks the rest of the generic contract of package sim:
// every seat's View equals the fold of the events For lets through, Reset
// is New, clones keep events and views, the log is append-only, and a
// game's sampler (determinization) keeps the seat's view and legal actions.
// Golden compares a test's output with a file under testdata, rewritten
// with the one -update flag.
package simtest
