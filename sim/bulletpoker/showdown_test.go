package bulletpoker

import (
	"fmt"
	"strings"
	"testing"

	"gamelab/sim"
	"gamelab/sim/cards"
)

// rig replaces the hole cards and the coming board of a hand that has just
// been dealt, keeping the deck a permutation. Offers are cleared, so rigged
// hands must not switch.
func rig(t *testing.T, s *State, holes []string, board string) {
	t.Helper()
	var deck []cards.Card
	var used cards.Set
	take := func(cs ...cards.Card) {
		for _, c := range cs {
			if used.Has(c) {
				t.Fatalf("rig: %v twice", c)
			}
			used = used.With(c)
			deck = append(deck, c)
		}
	}
	for i, h := range holes {
		hc := cards.MustParse(h)
		s.hole[i] = [2]cards.Card{hc[0], hc[1]}
		take(hc...)
	}
	b := cards.MustParse(board)
	var filler []cards.Card
	for c := cards.Card(0); c < cards.NumCards; c++ {
		if !used.Has(c) && !cards.SetOf(b...).Has(c) {
			filler = append(filler, c)
		}
	}
	f := 0
	burn := func() { take(filler[f]); f++ }
	burn()
	take(b[:3]...)
	burn()
	take(b[3])
	burn()
	take(b[4])
	take(filler[f:]...)
	if len(deck) != cards.NumCards || s.top != 2*len(holes) {
		t.Fatalf("rig: %d cards, top %d", len(deck), s.top)
	}
	copy(s.deck[:], deck)
	s.nOffers, s.offers = 0, [4]cards.Card{}
}

// newRigged starts a classic match of len(holes) players with seat 0 first.
func newRigged(t *testing.T, holes []string, board string) *State {
	t.Helper()
	r := Classic()
	r.Players = len(holes)
	var s *State
	for seed := uint64(0); ; seed++ {
		s = New(r, seed)
		if int(s.button) == r.Players-1 {
			break
		}
	}
	rig(t, s, holes, board)
	return s
}

func play(t *testing.T, s *State, ids string) {
	t.Helper()
	for _, id := range strings.Fields(ids) {
		a, err := ParseAction(id)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(s.Next()[0], a); err != nil {
			t.Fatal(err)
		}
	}
}

// since renders the events after the n-th.
func since(s *State, n int) string {
	var b strings.Builder
	for _, e := range s.events[n:] {
		fmt.Fprintln(&b, e)
	}
	return b.String()
}

func TestShowdownTieIsSafe(t *testing.T) {
	s := newRigged(t, []string{"2c 3d", "7h 8h", "4s 4d"}, "As Ks Qs Js Ts")
	n := len(s.events)
	play(t, s, "raise call call check check check check check check check check check")
	log := since(s, n)
	if strings.Count(log, "showdown seat") != 3 || strings.Contains(log, "load") {
		t.Fatalf("a royal flush on the board ties everyone:\n%s", log)
	}
	if s.hand != 2 {
		t.Errorf("hand %d, want the next hand", s.hand)
	}
}

func TestShowdownLosersShootInSeatOrder(t *testing.T) {
	s := newRigged(t, []string{"Ah Ad", "Kh Kd", "2c 7d"}, "Ac Kc 3d 8s 9h")
	n := len(s.events)
	play(t, s, "raise raise call call check check check check check check check check check")
	log := since(s, n)
	i1 := strings.Index(log, "load seat 1 3")
	i2 := strings.Index(log, "load seat 2 3")
	if strings.Contains(log, "load seat 0") || i1 < 0 || i2 < i1 {
		t.Fatalf("trip aces are safe, seats 1 then 2 load three:\n%s", log)
	}
	if !strings.Contains(log, "showdown seat 0 Ah Ad three of a kind") {
		t.Errorf("showdown line missing:\n%s", log)
	}
}

func TestShowdownSplitStraight(t *testing.T) {
	s := newRigged(t, []string{"9c 2d", "9h 3d", "Ac Ad"}, "5s 6s 7d 8c Kh")
	n := len(s.events)
	play(t, s, "check check check check check check check check check check check check")
	log := since(s, n)
	if strings.Contains(log, "load seat 0") || strings.Contains(log, "load seat 1") || !strings.Contains(log, "load seat 2 1") {
		t.Fatalf("two nine-high straights split, aces load one:\n%s", log)
	}
}

func TestFireExact(t *testing.T) {
	for k := 1; k <= MaxBet; k++ {
		var n [3]int
		for d := range 120 {
			n[Fire(k, d)]++
		}
		want := [3]int{120 - 20*k, 20 * k, 0}
		if k == MaxBet {
			want = [3]int{0, 114, 6}
		}
		if n != want {
			t.Errorf("%d bullets: click/bang/godsave %v, want %v", k, n, want)
		}
	}
}

func TestResultRanking(t *testing.T) {
	cases := []struct {
		alive   []bool
		deathAt []int16
		rank    []cards.HandRank
		loaded  []int16
		capped  bool
		place   string
		score   string
	}{
		// Seat 0 survives; 1 died first; 2 and 3 died in one showdown, 2
		// with the better hand.
		{[]bool{true, false, false, false}, []int16{0, 1, 3, 3}, []cards.HandRank{0, 0, 900, 800}, nil, false, "[1 4 2 3]", "[1 0 0 0]"},
		// Equal hands in the same showdown share a place.
		{[]bool{true, false, false, false}, []int16{0, 1, 3, 3}, []cards.HandRank{0, 0, 800, 800}, nil, false, "[1 4 2 2]", "[1 0 0 0]"},
		// Hand cap: the living first, by fewest bullets loaded.
		{[]bool{true, true, false}, []int16{0, 0, 2}, nil, []int16{5, 3, 1}, true, "[2 1 3]", "[0 1 0]"},
		{[]bool{true, true, false}, []int16{0, 0, 2}, nil, []int16{4, 4, 1}, true, "[1 1 3]", "[0.5 0.5 0]"},
	}
	for i, c := range cases {
		s := &State{n: len(c.alive), done: true, capped: c.capped}
		for j := range c.alive {
			s.alive[j] = c.alive[j]
			s.deathAt[j] = c.deathAt[j]
			if c.rank != nil {
				s.deathRank[j] = c.rank[j]
			}
			if c.loaded != nil {
				s.loaded[j] = c.loaded[j]
			}
		}
		r := s.Result()
		if err := r.Validate(s.n); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(r.Placement) != c.place || fmt.Sprint(r.Score) != c.score {
			t.Errorf("case %d: placement %v score %v, want %s %s", i, r.Placement, r.Score, c.place, c.score)
		}
	}
}

// TestGunStatistics: over the shots of random matches, each load k dies
// with probability k/6 (0.95 at six, with the rest God saves), within 5
// sigma.
func TestGunStatistics(t *testing.T) {
	var shots, bangs, saves [MaxBet + 1]int
	p := sim.NewPCG(3)
	var legal []Action
	for g := range 20_000 {
		r := Classic()
		r.Players = 2 + g%5
		s := New(r, sim.Seed(31, uint64(g)))
		for !s.Done() {
			next := s.Next()
			seat := next[p.IntN(len(next))]
			legal = s.Legal(seat, legal[:0])
			if err := s.Apply(seat, legal[p.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		k := 0
		for _, e := range s.events {
			switch e.Kind {
			case EvLoad:
				k = int(e.Count)
			case EvShot:
				shots[k]++
				if e.Shot == Bang {
					bangs[k]++
				}
				if e.Shot == GodSave {
					saves[k]++
				}
			}
		}
	}
	for k := 1; k <= MaxBet; k++ {
		q := float64(k) / 6
		if k == MaxBet {
			q = 0.95
		}
		n := float64(shots[k])
		if n < 100 {
			t.Errorf("only %v shots with %d bullets", n, k)
			continue
		}
		sd := sqrt(n * q * (1 - q))
		if d := float64(bangs[k]) - n*q; d > 5*sd || d < -5*sd {
			t.Errorf("%d bullets: %d deaths in %v shots, expected %.0f ± %.1f", k, bangs[k], n, n*q, sd)
		}
		if k < MaxBet && saves[k] != 0 || k == MaxBet && saves[k]+bangs[k] != shots[k] {
			t.Errorf("%d bullets: %d God saves", k, saves[k])
		}
		t.Logf("%d bullets: %d shots, %d deaths (%.3f, expected %.3f)", k, shots[k], bangs[k], float64(bangs[k])/n, q)
	}
}

func sqrt(x float64) float64 {
	z := x + 1
	for range 60 {
		z = (z + x/z) / 2
	}
	return z
}
