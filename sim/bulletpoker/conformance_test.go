package bulletpoker

import (
	"encoding/binary"
	"fmt"
	"math"
	"testing"

	"gamelab/sim"
	"gamelab/sim/cards"
	"gamelab/sim/simtest"
)

// encode serialises the whole event log and the hidden state: pending
// simultaneous answers, hole cards, the deck and its top, offers and the
// betting progress (so a determinization's hidden part is compared too).
func encode(s *State) []byte {
	const size = 21
	b := make([]byte, size*len(s.events), size*len(s.events)+3*MaxPlayers+2)
	for i, e := range s.events {
		x := b[i*size : i*size+size : i*size+size]
		x[0], x[1], x[2], x[3], x[4] = byte(e.Kind), byte(e.Seat), byte(e.Button), e.Alive, byte(e.Street)
		x[5], x[6], x[7], x[8], x[9] = byte(e.Act), byte(e.Bet), byte(e.Current), byte(e.Count), byte(e.Shot)
		x[10], x[11], x[12] = byte(e.Hole), byte(e.Offer), b2(e.Shown)
		x[13], x[14], x[15], x[16] = byte(e.Cards[0]), byte(e.Cards[1]), byte(e.Cards[2]), byte(e.Cards[3])
		binary.LittleEndian.PutUint16(x[17:], uint16(e.Hand))
		binary.LittleEndian.PutUint16(x[19:], uint16(e.Rank))
	}
	b = append(b, b2(s.simul), b2(s.done))
	for i := range s.n {
		b = append(b, b2(s.pending[i]), b2(s.answered[i]), byte(s.answer[i].Kind))
		b = append(b, byte(s.hole[i][0]), byte(s.hole[i][1]), b2(s.acted[i]), b2(s.inHand[i]), byte(s.bet[i]))
	}
	b = append(b, byte(s.top), byte(s.toAct), byte(s.nOffers), b2(s.switched), b2(s.raised), byte(s.current))
	for _, c := range s.offers {
		b = append(b, byte(c))
	}
	for _, c := range s.deck {
		b = append(b, byte(c))
	}
	return b
}

func b2(x bool) byte {
	if x {
		return 1
	}
	return 0
}

// allActions lists every action id, for refusal checks.
func allActions() []Action {
	var out []Action
	for k := Check; k < Switch; k++ {
		out = append(out, Action{Kind: k})
	}
	for h := range int8(2) {
		for o := range int8(4) {
			out = append(out, Action{Kind: Switch, Hole: h, Offer: o})
		}
	}
	return out
}

// viewChecker folds each seat's visible events incrementally and compares
// with State.View after every step; it also checks the engine invariants.
type viewChecker struct {
	s     *State
	seen  int
	views [MaxPlayers + 1]View // seats, then the onlooker
}

func (c *viewChecker) check(s *State) error {
	if s != c.s || len(s.events) < c.seen {
		c.s, c.seen = s, 0
		for i := range c.views {
			c.views[i] = NewView(s.rules, sim.Seat(i))
		}
		c.views[MaxPlayers] = NewView(s.rules, sim.NoSeat)
	}
	for _, e := range s.events[c.seen:] {
		for i := range s.n {
			if ev, ok := e.For(sim.Seat(i)); ok {
				c.views[i].Apply(ev)
			}
		}
		if ev, ok := e.For(sim.NoSeat); ok {
			c.views[MaxPlayers].Apply(ev)
		}
	}
	c.seen = len(s.events)
	for i := range s.n {
		if got := s.View(sim.Seat(i)); got != c.views[i] {
			return fmt.Errorf("seat %d: View\n%+v\nfold of events\n%+v", i, got, c.views[i])
		}
	}
	if got := s.View(sim.NoSeat); got != c.views[MaxPlayers] {
		return fmt.Errorf("onlooker: View\n%+v\nfold of events\n%+v", got, c.views[MaxPlayers])
	}
	return invariants(s)
}

// invariants: the deck is a permutation of the 52 cards, hole and board
// cards are distinct, bets are within 1..6 and at most current.
func invariants(s *State) error {
	var deck cards.Set
	for _, c := range s.deck {
		deck = deck.With(c)
	}
	if deck != cards.FullDeck {
		return fmt.Errorf("deck is not a permutation: %v", s.deck)
	}
	var used cards.Set
	add := func(c cards.Card) error {
		if used.Has(c) {
			return fmt.Errorf("card %v used twice", c)
		}
		used = used.With(c)
		return nil
	}
	for _, c := range s.board[:s.nboard] {
		if err := add(c); err != nil {
			return err
		}
	}
	for i := range s.n {
		if s.inHand[i] && !s.alive[i] {
			return fmt.Errorf("seat %d dead but in the hand", i)
		}
		if s.hole[i] == ([2]cards.Card{}) {
			continue
		}
		for _, c := range s.hole[i] {
			if err := add(c); err != nil {
				return err
			}
		}
		if s.alive[i] && (s.bet[i] < 1 || s.bet[i] > MaxBet || s.bet[i] > s.current) {
			return fmt.Errorf("seat %d bet %d, current %d", i, s.bet[i], s.current)
		}
	}
	if s.current < 1 || s.current > MaxBet {
		return fmt.Errorf("current %d", s.current)
	}
	return nil
}

func conformance(t *testing.T, r Rules, games int, root uint64) simtest.Stats {
	var vc viewChecker
	all := allActions()
	turn := 0
	// Each costly step tries a rotating third of all action ids.
	var buf []Action
	cands := func(*State, sim.Seat) []Action {
		turn = (turn + 5) % len(all)
		buf = buf[:0]
		for i := range 5 {
			buf = append(buf, all[(turn+i)%len(all)])
		}
		return buf
	}
	return simtest.Run(t, simtest.Config[*State, Action]{
		New:        func(seed uint64) *State { return New(r, seed) },
		Seats:      r.Players,
		Encode:     encode,
		Candidates: cands,
		Check:      vc.check,
		ScoreSum:   1,
		MaxSteps:   200 * 200,
		CheckEvery: 3,
	}, games, root)
}

// TestConformance plays 10,000 random matches of every preset (four
// players) through the shared harness, plus 1,000 at two and at six.
func TestConformance(t *testing.T) {
	for _, name := range Presets() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := mustPreset(t, name)
			st := conformance(t, r, 10_000, sim.Label(name))
			t.Logf("%s: %d matches, %d steps, longest %d, wins %v", name, st.Games, st.Steps, st.MaxLen, st.Wins)
			for _, n := range []int{2, 6} {
				r.Players = n
				conformance(t, r, 1_000, sim.Label(name)+uint64(n))
			}
		})
	}
}

// TestSeatFairness: random players win about equally often from each seat
// (the button is drawn from the seed).
func TestSeatFairness(t *testing.T) {
	r := Classic()
	const games = 4000
	st := conformance(t, r, games, 99)
	for i, w := range st.Wins {
		p := 1.0 / 4
		sd := math.Sqrt(games * p * (1 - p))
		if d := float64(w) - games*p; math.Abs(d) > 5*sd {
			t.Errorf("seat %d won %d of %d", i, w, games)
		}
	}
}
