package arena

import (
	"fmt"
	"math"
	"testing"

	"pgregory.net/rapid"
)

// Every duplicate set shares one deal and is balanced (checkSetBalance);
// shards partition any run.
func TestScheduleProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		seats := rapid.IntRange(2, 9).Draw(t, "seats")
		players := rapid.IntRange(2, 12).Draw(t, "players")
		kind := rapid.SampledFrom(Schedules).Draw(t, "kind")
		s, err := NewSchedule(kind, seats, players, rapid.Uint64().Draw(t, "seed"))
		if err != nil {
			t.Fatal(err)
		}
		k := s.SetSize()
		set := rapid.Int64Range(0, 50).Draw(t, "set")
		var lineups [][]int
		_, seed0, _ := s.Game(set*k, nil)
		for r := int64(0); r < k; r++ {
			g := set*k + r
			gotSet, seed, l := s.Game(g, nil)
			if len(l) != seats {
				t.Fatalf("lineup %v for %d seats", l, seats)
			}
			for _, p := range l {
				if p < 0 || p >= players {
					t.Fatalf("player %d of %d", p, players)
				}
			}
			if kind == "duplicate" && (gotSet != set || seed != seed0) {
				t.Fatalf("game %d: set %d seed %x, want set %d seed %x", g, gotSet, seed, set, seed0)
			}
			lineups = append(lineups, l)
		}
		if kind == "duplicate" {
			checkSetBalance(t, lineups, seats)
		}
		total := s.RoundUp(rapid.Int64Range(1, 5000).Draw(t, "games"))
		n := rapid.IntRange(1, 20).Draw(t, "shards")
		next := int64(0)
		for i := range n {
			a, b, err := s.Shard(i, n, total)
			if err != nil || a != next || b < a || a%k != 0 {
				t.Fatalf("shard %d/%d of %d: [%d, %d) %v", i, n, total, a, b, err)
			}
			next = b
		}
		if next != total {
			t.Fatalf("shards end at %d of %d", next, total)
		}
	})
}

// checkSetBalance: in a duplicate set every player takes every seat
// equally often; on up to FullSeatings seats the set is every distinct
// permutation of its lineup (so every ordered pair of players sits at every
// seat offset equally often), on more seats the rotations of its first.
func checkSetBalance(t *rapid.T, set [][]int, seats int) {
	count := map[int]int{}
	for _, p := range set[0] {
		count[p]++
	}
	atSeat := map[[2]int]int{}
	for _, l := range set {
		for i, p := range l {
			atSeat[[2]int{p, i}]++
		}
	}
	for p, c := range count {
		for i := range seats {
			if got, want := atSeat[[2]int{p, i}], c*len(set)/seats; got != want {
				t.Fatalf("player %d at seat %d %d times in %v, want %d", p, i, got, set, want)
			}
		}
	}
	if seats > FullSeatings {
		for r, l := range set {
			for i := range l {
				if l[(i+r)%seats] != set[0][i] {
					t.Fatalf("lineup %v is not rotation %d of %v", l, r, set[0])
				}
			}
		}
		return
	}
	want := distinctPerms(set[0])
	seen := map[string]bool{}
	offsets := map[[3]int]int{}
	for _, l := range set {
		seen[fmt.Sprint(l)] = true
		for i, p := range l {
			for d := 1; d < seats; d++ {
				if q := l[(i+d)%seats]; q != p {
					offsets[[3]int{p, q, d}]++
				}
			}
		}
	}
	if len(seen) != len(set) || len(set) != want {
		t.Fatalf("set of %d lineups (%d distinct), want the %d distinct permutations of %v", len(set), len(seen), want, set[0])
	}
	for k, c := range offsets {
		for d := 1; d < seats; d++ {
			if o := offsets[[3]int{k[0], k[1], d}]; o != c {
				t.Fatalf("players %d,%d at offset %d %d times, at offset %d %d times", k[0], k[1], k[2], c, d, o)
			}
		}
	}
}

// Relabelling the players permutes the Bradley–Terry and Plackett–Luce
// ratings the same way, and ratings always average zero.
func TestRatingsFollowRelabelling(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		k := rapid.IntRange(2, 5).Draw(t, "k")
		perm := rapid.Permutation(seq(k)).Draw(t, "perm")
		var ranks, permuted []Ranking
		n := rapid.IntRange(1, 30).Draw(t, "rankings")
		wins, games := square(k), square(k)
		pw, pg := square(k), square(k)
		for range n {
			a := rapid.IntRange(0, k-1).Draw(t, "a")
			b := rapid.IntRange(0, k-1).Draw(t, "b")
			if a == b {
				continue
			}
			ranks = append(ranks, Ranking{Groups: [][]int{{a}, {b}}, Weight: 1})
			permuted = append(permuted, Ranking{Groups: [][]int{{perm[a]}, {perm[b]}}, Weight: 1})
			wins[a][b]++
			games[a][b]++
			games[b][a]++
			pw[perm[a]][perm[b]]++
			pg[perm[a]][perm[b]]++
			pg[perm[b]][perm[a]]++
		}
		pl, _ := PlackettLuce(k, ranks, 1)
		pl2, _ := PlackettLuce(k, permuted, 1)
		bt := BradleyTerry(wins, games, 1)
		bt2 := BradleyTerry(pw, pg, 1)
		sum := 0.0
		for i := range k {
			sum += pl[i].Elo
			if math.Abs(pl[i].Elo-pl2[perm[i]].Elo) > 1e-6 || math.Abs(bt[i].Elo-bt2[perm[i]].Elo) > 1e-6 {
				t.Fatalf("player %d: PL %v vs %v, BT %v vs %v", i, pl[i], pl2[perm[i]], bt[i], bt2[perm[i]])
			}
			if math.Abs(pl[i].Elo-bt[i].Elo) > 1e-6 {
				t.Fatalf("two-seat PL %v differs from BT %v", pl[i], bt[i])
			}
		}
		if math.Abs(sum) > 1e-6 {
			t.Fatalf("ratings sum to %g", sum)
		}
	})
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}
