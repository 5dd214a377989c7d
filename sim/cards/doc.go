// Package cards is the 52-card French deck of Texas hold'em: card notation
// ("Ah Td 2c"), card sets, and an exact 5-, 6- and 7-card hand evaluator.
//
// The evaluator returns a HandRank from 1 (7-5-4-3-2 offsuit) to 7462 (a
// royal flush): the 7462 equivalence classes of five-card poker hands, so two
// hands compare by comparing their ranks and ties are equal ranks. The
// method follows published ideas, written anew here: each card carries an
// additive 64-bit key whose low 39 bits count ranks in base 8 and whose bits
// 40..51 count suits; summing the keys of a hand gives its rank multiset and
// suit counts in a few additions. A 4096-entry table names the flush suit
// (if any); flushes look up a 13-bit rank mask in an 8192-entry table, other
// hands map their rank multiset through a hash-and-displace perfect hash
// (Belazzougui, Botelho, Dietzfelbinger, "Hash, displace, and compress",
// 2009): 8192 buckets with 16-bit displacements (16 KB, in L1) into a
// 2^17-entry rank table (256 KB). All tables are built at package
// initialisation from a direct rank-count evaluator, so no magic numbers are
// copied from elsewhere. Hand categories follow the standard hold'em ranking
// (e.g. Wikipedia, "List of poker hands").
package cards
