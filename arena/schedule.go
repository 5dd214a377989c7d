package arena

import (
	"fmt"

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
	// tables are the lineups before rotation (one per table of players).
	tables [][]int
}

// Schedules lists the schedule kinds.
var Schedules = []string{"duplicate", "roundrobin", "gauntlet"}

// NewSchedule builds a schedule of kind for k players on n seats.
//
//   - duplicate: one table; every deal is played n times with the seats
//     rotated (strategies reset each game), so each player meets the same
//     luck from every seat. With fewer players than seats the last player
//     fills the rest: "a,b" on four seats is a Mortal-style 1v3 of
//     challenger a against three copies of baseline b. With more players
//     than seats, set s plays table s mod T of the n-combinations.
//   - roundrobin: every combination of n players out of k (k >= n), or the
//     padded table when k < n; game g plays table g mod T rotated by
//     (g / T) mod n, each game with its own deal.
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
	return s, nil
}

// SetSize is the number of games sharing one deal: n for duplicate, else 1.
func (s *Schedule) SetSize() int64 {
	if s.Kind == "duplicate" {
		return int64(s.Seats)
	}
	return 1
}

// RoundUp rounds a game count up to whole sets.
func (s *Schedule) RoundUp(games int64) int64 {
	k := s.SetSize()
	return (games + k - 1) / k * k
}

// Game returns game g's set, deal seed and lineup (written into dst).
func (s *Schedule) Game(g int64, dst []int) (set int64, seed uint64, lineup []int) {
	n := int64(s.Seats)
	var t []int
	var rot int64
	switch s.Kind {
	case "duplicate":
		set, rot = g/n, g%n
		t = s.tables[set%int64(len(s.tables))]
	default:
		T := int64(len(s.tables))
		set = g
		t = s.tables[g%T]
		rot = (g / T) % n
	}
	seed = sim.Seed(s.Root, sim.Label("deal"), uint64(set))
	dst = dst[:0]
	for i := int64(0); i < n; i++ {
		dst = append(dst, t[(i-rot+n)%n])
	}
	return set, seed, dst
}

// padded is the lineup 0, 1, …, k-1, k-1, … of length n.
func padded(k, n int) []int {
	t := make([]int, n)
	for i := range t {
		t[i] = min(i, k-1)
	}
	return t
}

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
