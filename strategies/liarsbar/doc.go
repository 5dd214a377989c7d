// Package liarsbar holds the Liar's Bar bots of the lab and their
// self-play loop. A Strategy sees only its seat's liarsbar.View and picks
// one of the legal actions; strategies are built by name from the Registry
// ("bayes?threshold=0.1", or a JSON strategy file) so the CLI, the tuner,
// the arena and the tavern bot server construct them the same way.
//
//   - random: uniform over the legal actions (challenge weight tunable);
//   - honest: plays table cards and wilds, bluffs only when it must, and
//     challenges a claim that a hypergeometric count of unseen cards makes
//     impossible or improbable;
//   - bayes: estimates the probability that the last play is a lie from
//     the unseen cards, the claim size, the claimant's dealt hand and its
//     revealed record (a Beta prior), and weighs the revolver hazards
//     1/(6-pulls) of both seats against the risk of being challenged.
//
// In chaos every strategy aims by the same tunable policy: at the seat
// whose revolver is most likely to fire next (most pulls), or at the next
// seat in turn order (who would challenge it).
//
// Rules: docs/rules/liarsbar.md (engine sim/liarsbar); the hazard
// 1/(6-pulls) is that of its revolver with one live chamber in six.
//
// What they read of the View, for a live adapter that builds it from an
// incomplete request (protocol/tavern, docs/tavern.md): the table card and
// the seat's own hand (needed to play: without them the adapter answers
// with its generic policy), the variant and MaxPlay, and, to weigh a
// challenge or an aim, the last play's seat and count, every seat's card
// count, pulls and whether it lives. Missing pieces take the adapter's
// stated defaults (no pulls, every hand as large as ours); a strategy then
// decides as if they were true. A play is chosen as the lowest hand
// positions of the wanted cards; the adapter maps it to the offered id
// with the same cards.
//
// Play is the 30-line bot loop of OpenSpiel's RandomSimTest shape: ask the
// seat in Next, check its answer is legal, apply.
package liarsbar
