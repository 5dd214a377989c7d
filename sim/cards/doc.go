// Package cards is the 52-card French deck of Texas hold'em: card notation
// ("Ah Td 2c"), card sets, and an exact 5-, 6- and 7-card hand evaluator.
//
// The evaluator returns a HandRank from 1 (7-5-4-3-2 offsuit) to 7462 (a
// royal flush): the 7462 equivalence classes of five-card poker hands, so two
// hands compare by comparing their ranks and ties are equal ranks. The
// method follows published ideas (OMPEval, github.com/zekyll/OMPEval:
// additive card keys, a flush test by one AND, a perfect hash of rank
// multisets), written anew here: each card carries an additive 64-bit key
// whose low 39 bits count ranks in base 8 and whose bits 40..55 count
// suits in 4-bit fields; summed with a bias of 3 per suit, a suit of five
// or more cards sets the top bit of its field, so one AND finds a flush.
// Flushes look up a 13-bit rank mask (from per-card suit masks) in an
// 8192-entry table; other hands map their rank multiset through a
// hash-and-displace perfect hash (Belazzougui, Botelho, Dietzfelbinger,
// "Hash, displace, and compress", 2009): for seven cards 8192 buckets with
// 16-bit displacements (16 KB) into a 2^16-entry rank table (128 KB, the
// 49,205 multisets of seven ranks), for five and six cards a table of its
// own. All tables are built at package initialisation from a direct
// rank-count evaluator, so no magic numbers are copied from elsewhere.
// Hand categories follow the standard hold'em ranking (e.g. Wikipedia,
// "List of poker hands").
package cards
