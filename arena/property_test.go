package arena

import (
	"math"
	"testing"

	"pgregory.net/rapid"
)

// In every duplicate set each seat is taken by each lineup slot exactly
// once and the whole set shares one deal; shards partition any run.
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
		var first []int
		var seed0 uint64
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
			if r == 0 {
				first, seed0 = l, seed
				continue
			}
			if gotSet != set || seed != seed0 {
				t.Fatalf("game %d: set %d seed %x, want set %d seed %x", g, gotSet, seed, set, seed0)
			}
			for i := range l {
				if l[(i+int(r))%seats] != first[i] {
					t.Fatalf("game %d lineup %v is not rotation %d of %v", g, l, r, first)
				}
			}
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
