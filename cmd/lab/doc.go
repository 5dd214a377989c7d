// Command lab is the one binary of the lab: tournaments, tuning, exports,
// reports, and the live adapters.
//
//	lab arena      run a tournament and print the results table
//	lab version    print the build's version
//	lab help VERB  the flags of one verb
//
// Other verbs (mahjong, sprt, tune, report, export, merge, live, serve, demo,
// relay, referee, mcp, tavern) register themselves from their own files.
//
// The CLI is built on the standard library's flag package rather than
// spf13/cobra: each verb is one file that registers a name, a one-line
// summary and a run function; flags may come before or after positional
// arguments; --help prints the verb's usage and exits 0; an unknown verb,
// an unknown flag or a bad value prints one line naming the culprit and
// exits 2. That is all cobra would give us here, without its dependency
// tree or its generated help layout.
package main
