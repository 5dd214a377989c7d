package arena

import (
	"fmt"
	"slices"

	"gamelab/sim"
)

// Schedule maps a game number to its deal seed and lineup. It is a pure
// function of the game number, which is what makes results independent of
// the worker count and lets a run split into shards by game range.
type Schedule struct {
	Kind    string // "roundrobin", "gauntlet" or "duplicate"
	Seats   int
	Players int
	Root    uint64 // the run's seed
	// tables are the lineups before seating (one per table of players).
	tables [][]int
	// seatings are the seat orders played of each table, as index maps
	// (seat i takes the table's place seatings[j][i]): every distinct
	// permutation on FullSeatings seats or fewer, else the rotations of
	// one random order drawn per set (see Game).
	seatings [][]int
}

// FullSeatings is the largest table on which a set plays every distinct
// seat permutation of its lineup (24 games for four distinct players).
// Larger tables (werewolf's 5-9 seats) rotate one random seat order per
// set instead, drawn from the run's seed.
const FullSeatings = 4

// Schedules lists the schedule kinds.
var Schedules = []string{"duplicate", "roundrobin", "gauntlet"}

// NewSchedule builds a schedule of kind for k players on n seats.
//
//   - duplicate: one table; every deal is played once in each seating of
//     the set (strategies reset each game), so each player meets the same
//     luck from every seat. On up to FullSeatings seats a set holds every
//     distinct seat permutation of the lineup, so every ordered pair of
//     players sits in every relative position equally often and the order
//     of the players given does not change any result; on more seats a set
//     rotates one random seat order (drawn per set from the seed), so every
//     player takes every seat (and, in werewolf, every dealt role) once per
//     set and relative positions balance over the run. With fewer players than seats the last player
//     fills the rest: "a,b" on four seats is a Mortal-style 1v3 of
//     challenger a against three copies of baseline b. With more players
//     than seats, set s plays table s mod T of the n-combinations.
//   - roundrobin: every combination of n players out of k (k >= n), or the
//     padded table when k < n; game g plays table g mod T in seating
//     (g / T) mod S of the S seatings above (a fresh random order per game
//     on large tables), each game with its own deal.
//   - gauntlet: player 0 against each other player in turn, one challenger
//     seat against n-1 copies of the opponent, the challenger's seat
//     rotating; each game its own deal.
func NewSchedule(kind string, seats, players int, root uint64) (*Schedule, error) {
	if seats < 2 {
		return nil, inputErr("game has %d seats", seats)
	}
	if players < 1 {
		return nil, inputErr("no players")
	}
	s := &Schedule{Kind: kind, Seats: seats, Players: players, Root: root}
	switch kind {
	case "duplicate":
		if players < 2 {
			return nil, inputErr("duplicate needs at least 2 players, got %d", players)
		}
		if players <= seats {
			s.tables = [][]int{padded(players, seats)}
		} else {
			s.tables = combinations(players, seats)
		}
	case "roundrobin":
		if players < 2 {
			return nil, inputErr("roundrobin needs at least 2 players, got %d", players)
		}
		if players <= seats {
			s.tables = [][]int{padded(players, seats)}
		} else {
			s.tables = combinations(players, seats)
		}
	case "gauntlet":
		if players < 2 {
			return nil, inputErr("gauntlet needs a challenger and at least one opponent, got %d players", players)
		}
		for o := 1; o < players; o++ {
			t := make([]int, seats)
			for i := 1; i < seats; i++ {
				t[i] = o
			}
			s.tables = append(s.tables, t)
		}
	default:
		return nil, inputErr("unknown schedule %q (want duplicate, roundrobin or gauntlet)", kind)
	}
	if seats <= FullSeatings {
		s.seatings = seatings(s.tables[0])
	} else {
		s.seatings = rotations(seats)
	}
	return s, nil
}

// SetSize is the number of games sharing one deal: for duplicate the
// number of seatings of a table (the distinct permutations of the lineup
// on up to FullSeatings seats, else its n rotations), else 1.
func (s *Schedule) SetSize() int64 {
	if s.Kind == "duplicate" {
		return int64(len(s.seatings))
	}
	return 1
}

// RoundUp rounds a game count up to whole sets.
func (s *Schedule) RoundUp(games int64) int64 {
	k := s.SetSize()
	return (games + k - 1) / k * k
}

var (
	labelDeal    = sim.Label("deal")
	labelSeating = sim.Label("seating")
)

// Game returns game g's set, deal seed and lineup (written into dst).
func (s *Schedule) Game(g int64, dst []int) (set int64, seed uint64, lineup []int) {
	n := s.Seats
	S := int64(len(s.seatings))
	var t, order []int
	switch s.Kind {
	case "duplicate":
		set = g / S
		t = s.tables[set%int64(len(s.tables))]
		order = s.seatings[g%S]
	default:
		T := int64(len(s.tables))
		set = g
		t = s.tables[g%T]
		order = s.seatings[(g/T)%S]
	}
	seed = sim.Seed(s.Root, labelDeal, uint64(set))
	dst = dst[:0]
	if n <= FullSeatings {
		for _, j := range order {
			dst = append(dst, t[j])
		}
		return set, seed, dst
	}
	// A random seat order per set (per game outside duplicate), rotated
	// by the seating: the permutation is drawn into dst, then mapped.
	var shuffle [maxSeats]int
	p := shuffle[:n]
	for i := range p {
		p[i] = i
	}
	pcg := sim.NewPCG(sim.Seed(s.Root, labelSeating, uint64(set)))
	sim.Shuffle(&pcg, p)
	for _, j := range order {
		dst = append(dst, t[p[j]])
	}
	return set, seed, dst
}

// rotations are the n rotations of 0..n-1: seat i of rotation r takes
// place (i-r) mod n.
func rotations(n int) [][]int {
	out := make([][]int, n)
	for r := range n {
		out[r] = make([]int, n)
		for i := range n {
			out[r][i] = (i - r + n) % n
		}
	}
	return out
}

// seatings lists the index maps giving every distinct permutation of the
// lineup t (copies of one player are interchangeable), grouped by rotation
// class: the rotations of t first (so a 1v3 set is its four rotations), then
// the rotations of each further seat order in lexicographic order.
func seatings(t []int) [][]int {
	n := len(t)
	seen := map[string]bool{}
	key := func(idx []int) string {
		b := make([]byte, n)
		for i, j := range idx {
			b[i] = byte(t[j])
		}
		return string(b)
	}
	var out [][]int
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	for {
		if !seen[key(perm)] {
			for r := range n {
				idx := make([]int, n)
				for i := range n {
					idx[i] = perm[(i-r+n)%n]
				}
				if k := key(idx); !seen[k] {
					seen[k] = true
					out = append(out, idx)
				}
			}
		}
		if !nextPermutation(perm) {
			return out
		}
	}
}

// nextPermutation steps p to its lexicographic successor, false after the
// last.
func nextPermutation(p []int) bool {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(p) - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	slices.Reverse(p[i+1:])
	return true
}

// padded is the lineup 0, 1, …, k-1, k-1, … of length n.
func padded(k, n int) []int {
	t := make([]int, n)
	for i := range t {
		t[i] = min(i, k-1)
	}
	return t
}

// Combinations lists the n-subsets of 0..k-1 in lexicographic order.
func Combinations(k, n int) [][]int { return combinations(k, n) }

// combinations lists the n-subsets of 0..k-1 in lexicographic order.
func combinations(k, n int) [][]int {
	var out [][]int
	c := make([]int, n)
	var rec func(start, depth int)
	rec = func(start, depth int) {
		if depth == n {
			out = append(out, append([]int(nil), c...))
			return
		}
		for i := start; i <= k-(n-depth); i++ {
			c[depth] = i
			rec(i+1, depth+1)
		}
	}
	rec(0, 0)
	return out
}

// Shard returns the game range [first, end) of shard i of n over total
// games, cut at set boundaries.
func (s *Schedule) Shard(i, n int, total int64) (first, end int64, err error) {
	if n < 1 || i < 0 || i >= n {
		return 0, 0, inputErr("shard %d/%d: want 0 <= i < n", i, n)
	}
	k := s.SetSize()
	sets := total / k
	return int64(i) * sets / int64(n) * k, int64(i+1) * sets / int64(n) * k, nil
}

func (s *Schedule) String() string {
	return fmt.Sprintf("%s (%d players, %d seats, %d tables)", s.Kind, s.Players, s.Seats, len(s.tables))
}
