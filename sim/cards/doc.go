// Package cards is the 52-card French deck of Texas hold'em: card notation
// ("Ah Td 2c"), card sets, and an exact 5-, 6- and 7-card hand evaluator.
//
// The evaluator returns a HandRank from 1 (7-5-4-3-2 offsuit) to 7462 (a
// royal flush): the 7462 equivalence classes of five-card poker hands, so two
// hands compare by comparing their ranks and ties are equal ranks. The
// method follows published ideas (OMPEval, github.com/zekyll/OMPEval:
// additive card keys, a flush test by one AND, a perfect hash of rank
// multisets), written anew here: each card carries an additive 64-bit key
// whose top 23 bits hold its rank's weight (weights chosen by a greedy
// search so that hands of equal size have equal weight sums exactly when
// they have the same ranks), bits 32..39 a card count and bits 0..31 its
// suit, as 7 added to the suit's 8-bit field; five or more cards of a
// suit (35 or more) set bit 5 of its field, four or fewer (28 at most) do
// not, so one AND finds a flush. Flushes look up a 13-bit rank mask (from
// per-card suit masks) in an 8192-entry table; other hands map their
// rank key through a hash-and-displace perfect hash (Belazzougui,
// Botelho, Dietzfelbinger, "Hash, displace, and compress", 2009): for
// seven cards a 32-bit multiply, 8192 buckets with 16-bit displacements
// (16 KB) and a 2^16-entry rank table (128 KB, the 49,205 multisets of
// seven ranks), for five and six cards tables of their own. All tables
// are built at package initialisation from a direct rank-count
// evaluator; the only constants are our own rank weights and two
// Fibonacci-hashing multipliers.
// Hand categories follow the standard hold'em ranking (e.g. Wikipedia,
// "List of poker hands").
package cards
