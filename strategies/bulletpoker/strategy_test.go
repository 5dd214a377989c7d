package bulletpoker

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"gamelab/sim"
	"gamelab/sim/bulletpoker"
	"gamelab/sim/cards"
	"gamelab/sim/simtest"
	"gamelab/strategies"
)

func TestRegistry(t *testing.T) {
	if got := fmt.Sprint(Registry.Names()); got != "[random equity tight loose]" {
		t.Errorf("names %s", got)
	}
	s, err := New("tight?rollouts=50&coward=4")
	if err != nil {
		t.Fatal(err)
	}
	e := s.(*Equity)
	if e.Rollouts != 50 || e.Coward != 4 || e.Raise != 0.75 {
		t.Errorf("tight?rollouts=50&coward=4 gave %+v", e)
	}
	for _, bad := range []string{"nosuch", "equity?rollouts=0", "equity?bluff=1", "loose?margin=3"} {
		if _, err := New(bad); !errors.Is(err, strategies.ErrSpec) {
			t.Errorf("New(%q): %v", bad, err)
		}
	}
}

// TestPlayAllStrategies plays every strategy on every preset and table size;
// Play refuses any illegal choice, so finishing is the check.
func TestPlayAllStrategies(t *testing.T) {
	names := Registry.Names()
	for _, preset := range bulletpoker.Presets() {
		for n := bulletpoker.MinPlayers; n <= bulletpoker.MaxPlayers; n++ {
			r := simtest.Preset(t, bulletpoker.Preset, preset)
			r.Players = n
			for g := range 6 {
				players := make([]Strategy, n)
				for i := range players {
					spec := names[(g+i)%len(names)]
					if spec != "random" {
						spec += "?rollouts=20"
					}
					s, err := New(spec)
					if err != nil {
						t.Fatal(err)
					}
					players[i] = s
				}
				decisions := 0
				res, err := Play(r, uint64(g), players, func(seat sim.Seat, v *bulletpoker.View, legal []bulletpoker.Action, a bulletpoker.Action) {
					decisions++
					if v.Seat != seat || !slices.Contains(legal, a) {
						t.Errorf("observe: seat %d view of %d, %v not in %v", seat, v.Seat, a, legal)
					}
				})
				if err != nil {
					t.Fatalf("%s %dp game %d: %v", preset, n, g, err)
				}
				if err := res.Validate(n); err != nil || decisions == 0 {
					t.Fatalf("%s %dp game %d: %v, %d decisions", preset, n, g, err, decisions)
				}
			}
		}
	}
}

type cheater struct{}

func (cheater) Decide(*bulletpoker.View, []bulletpoker.Action, *rand.Rand) bulletpoker.Action {
	return bulletpoker.Action{Kind: bulletpoker.Switch, Hole: 1, Offer: 3}
}
func (cheater) Reset() {}

func TestPlayRefusesIllegalChoice(t *testing.T) {
	// The river has no offers, so the cheater's switch is illegal there at
	// the latest (and a seat that has switched once may never again).
	_, err := Play(bulletpoker.Classic(), 1, []Strategy{cheater{}, Random{}, Random{}, Random{}}, nil)
	if !errors.Is(err, ErrStrategy) {
		t.Fatalf("got %v, want ErrStrategy", err)
	}
	if _, err := Play(bulletpoker.Classic(), 1, []Strategy{Random{}}, nil); err == nil {
		t.Error("one player for four seats accepted")
	}
}

// TestPlayAllocations: Play's allocations do not grow with the number of
// decisions (random players decide without allocating).
func TestPlayAllocations(t *testing.T) {
	r := bulletpoker.Classic()
	players := []Strategy{Random{}, Random{}, Random{}, Random{}}
	var decisions int
	count := func(seat sim.Seat, v *bulletpoker.View, legal []bulletpoker.Action, a bulletpoker.Action) {
		decisions++
	}
	seed := uint64(0)
	allocs := testing.AllocsPerRun(200, func() {
		seed++
		if _, err := Play(r, seed, players, count); err != nil {
			t.Fatal(err)
		}
	})
	perMatch := float64(decisions) / 201
	if allocs > 30 || perMatch < 10 {
		t.Errorf("%.1f allocations per match of %.1f decisions", allocs, perMatch)
	}
	e := &Equity{Rollouts: 100}
	v := bulletpoker.New(r, 5).View(0)
	rng := rand.New(rand.NewPCG(1, 2))
	if a := testing.AllocsPerRun(100, func() { e.Estimate(&v, v.Hole, 100, rng) }); a != 0 {
		t.Errorf("Estimate allocates %.1f times", a)
	}
}

// TestEstimate: pocket aces against one random hand preflop are safe about
// 85.3% of the time (85.2% wins plus ties); a royal flush on the river
// always.
func TestEstimate(t *testing.T) {
	v := bulletpoker.View{Seat: 0, Players: 2, HasHole: true}
	v.InHand[0], v.InHand[1] = true, true
	aces := [2]cards.Card{cards.MustParse("Ah")[0], cards.MustParse("As")[0]}
	rng := rand.New(rand.NewPCG(3, 4))
	e := &Equity{}
	const n = 40_000
	got := e.Estimate(&v, aces, n, rng)
	sd := math.Sqrt(0.853 * 0.147 / n)
	if math.Abs(got-0.853) > 5*sd+0.003 {
		t.Errorf("AA vs one hand: %.4f, want 0.853", got)
	}
	b := cards.MustParse("Ks Qs Js Ts 2d")
	copy(v.Board[:], b)
	v.NBoard = 5
	if got := e.Estimate(&v, aces, 1000, rng); got != 1 {
		t.Errorf("royal flush: %.3f", got)
	}
	v.InHand[1] = false
	if got := e.Estimate(&v, aces, 1000, rng); got != 1 {
		t.Errorf("no opponent: %.3f", got)
	}
}

// TestEquityBeatsRandom: heads-up, equity wins more than half of the
// matches against random, the 95% interval clear of one half.
func TestEquityBeatsRandom(t *testing.T) {
	w := duel(t, bulletpoker.Classic(), "equity?rollouts=100", "random", 400, 7)
	if lo, _ := w.interval(); lo <= 0.5 {
		t.Errorf("equity vs random: %v", w)
	}
}

// tally counts wins of one side over matches (ties count a half).
type tally struct{ wins, games float64 }

func (w tally) interval() (lo, hi float64) {
	p := w.wins / w.games
	h := 1.96 * math.Sqrt(p*(1-p)/w.games)
	return p - h, p + h
}

func (w tally) String() string {
	lo, hi := w.interval()
	return fmt.Sprintf("%.3f [%.3f, %.3f] (n=%.0f)", w.wins/w.games, lo, hi, w.games)
}

// duel plays a against b heads-up, swapping seats every match.
func duel(t testing.TB, r bulletpoker.Rules, a, b string, games int, seed uint64) tally {
	r.Players = 2
	sa, err := New(a)
	if err != nil {
		t.Fatal(err)
	}
	sb, err := New(b)
	if err != nil {
		t.Fatal(err)
	}
	var w tally
	for g := range games {
		players, me := []Strategy{sa, sb}, 0
		if g%2 == 1 {
			players, me = []Strategy{sb, sa}, 1
		}
		res, err := Play(r, sim.Seed(seed, uint64(g)), players, nil)
		if err != nil {
			t.Fatal(err)
		}
		w.wins += res.Score[me]
		w.games++
	}
	return w
}

// TestEstimateStopsEarly: a live deadline (Stop) ends a huge estimate
// early with a proper frequency of the rollouts done; without Stop the
// estimate is unchanged.
func TestEstimateStopsEarly(t *testing.T) {
	s, err := New("equity")
	if err != nil {
		t.Fatal(err)
	}
	e := s.(*Equity)
	v := bulletpoker.View{Seat: 0, Players: 4}
	for i := range 4 {
		v.Alive[i], v.InHand[i] = true, true
	}
	hole := [2]cards.Card{cards.MustParse("Ah")[0], cards.MustParse("As")[0]}
	calls := 0
	e.SetStop(func() bool { calls++; return calls >= 3 })
	start := time.Now()
	eq := e.Estimate(&v, hole, 10_000_000, rand.New(rand.NewPCG(1, 2)))
	if took := time.Since(start); took > time.Second || calls != 3 {
		t.Fatalf("estimate took %v with %d stop checks; want an early stop at the 3rd", took, calls)
	}
	if eq < 0.4 || eq > 0.9 {
		t.Errorf("early-stopped equity of AA against 3 = %v, want a proper frequency", eq)
	}
	e.SetStop(nil)
	a := e.Estimate(&v, hole, 500, rand.New(rand.NewPCG(1, 2)))
	b := e.Estimate(&v, hole, 500, rand.New(rand.NewPCG(1, 2)))
	if a != b {
		t.Errorf("without Stop the estimate is not reproducible: %v vs %v", a, b)
	}
}
