package bulletpoker

import (
	"bytes"
	"testing"

	"gamelab/sim"
	"gamelab/sim/cards"
	"gamelab/sim/simtest"
	"pgregory.net/rapid"
)

func uniform(n int) []float64 {
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	return p
}

// playTo plays random legal actions on a match of r from seed until stop
// says the seat to act is where the test wants it (or the match ends).
func playTo(r Rules, seed uint64, stop func(s *State) bool) *State {
	s := New(r, seed)
	p := sim.NewPCG(seed)
	var legal []Action
	for !s.Done() && !stop(s) {
		next := s.Next()
		seat := next[p.IntN(len(next))]
		legal = s.Legal(seat, legal[:0])
		if s.Apply(seat, legal[p.IntN(len(legal))]) != nil {
			return s
		}
	}
	return s
}

// Another seat's hole card, the next board card and the place of an
// offer among the undealt cards are uniform over what the seat has not
// seen (chi-square over every unseen card, 20,000 samples per check): at
// the first decision of a match, and on the turn of a match with folds
// and a switch behind it.
func TestSampleIsUniform(t *testing.T) {
	cases := []struct {
		name string
		r    Rules
		stop func(s *State) bool
	}{
		{"preflop", Classic(), func(*State) bool { return true }},
		{"turn", Simultaneous(), func(s *State) bool {
			return s.street == Turn && !s.simul && s.nOffers > 0
		}},
	}
	for _, c := range cases {
		var s *State
		for seed := uint64(1); ; seed++ {
			if s = playTo(c.r, seed, c.stop); !s.Done() && c.stop(s) {
				break
			}
		}
		me := s.Next()[0]
		v := s.View(me)
		other := sim.Seat(-1)
		for i := range sim.Seat(s.n) {
			if i != me && s.inHand[i] && v.ShownRank[i] == 0 {
				other = i
				break
			}
		}
		unseen := cards.FullDeck &^ v.Known()
		var offers cards.Set
		for _, card := range v.Offers[:v.NOffers] {
			offers = offers.With(card)
		}
		index := make(map[cards.Card]int)
		for _, card := range (unseen | offers).AppendTo(nil) {
			index[card] = len(index)
		}
		hole := make([]int, len(index))
		next := make([]int, len(index))
		undealt := cards.NumCards - s.top
		var offerAt []int
		rng := sim.NewPCG(3)
		const n = 20000
		for range n {
			d := Sample(&v, &rng)
			hole[index[d.hole[other][0]]]++
			next[index[d.deck[d.top+1]]]++ // after the burn
			if v.NOffers > 0 {
				u := cards.NumCards - d.top
				if offerAt == nil {
					offerAt = make([]int, u)
					undealt = u
				}
				if u != undealt {
					t.Fatalf("%s: undealt cards %d then %d", c.name, undealt, u)
				}
				for j, card := range d.deck[d.top:] {
					if card == v.Offers[0] {
						offerAt[j]++
					}
				}
			}
		}
		// Expectations: a hidden hole card is any unseen card alike; the
		// next board card is each of the U undealt cards alike, which
		// holds every offer and a random part of the unseen cards.
		u, o, un := float64(undealt), float64(offers.Len()), float64(unseen.Len())
		pHole, pNext := make([]float64, len(index)), make([]float64, len(index))
		for card, i := range index {
			if offers.Has(card) {
				pNext[i] = 1 / u
				continue
			}
			pHole[i], pNext[i] = 1/un, (1-o/u)/un
		}
		for what, obs := range map[string][]int{"hole card": hole, "next board card": next, "offer's place": offerAt} {
			if obs == nil {
				continue
			}
			p := map[string][]float64{"hole card": pHole, "next board card": pNext}[what]
			if p == nil {
				p = uniform(len(obs))
			}
			// Cells with no chance (offers as hole cards) must stay empty.
			var po []int
			var pp []float64
			for i, x := range p {
				if x == 0 {
					if obs[i] != 0 {
						t.Fatalf("%s: %s: %d draws of an impossible card", c.name, what, obs[i])
					}
					continue
				}
				po, pp = append(po, obs[i]), append(pp, x)
			}
			if x, crit := simtest.ChiSquare(po, pp), simtest.ChiSquare999(len(po)-1); x > crit {
				t.Errorf("%s: %s: chi2 %.1f > %.1f over %d cells: %v", c.name, what, x, crit, len(obs), obs)
			}
		}
		if c.name == "turn" && offerAt == nil {
			t.Fatal("turn case has no offers")
		}
	}
}

// Samples depend on the view alone: a match and a determinization of it
// share the view but not the hidden cards, and from the same rng seed they
// give byte-identical samples (so identically distributed ones); the view
// and legal actions survive sampling. Rapid draws the rules, the match and
// the decision.
func TestSampleNeverPeeks(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := mustPreset(t, rapid.SampledFrom(Presets()).Draw(t, "preset"))
		r.Players = rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players")
		steps := rapid.IntRange(0, 200).Draw(t, "steps")
		k := 0
		s1 := playTo(r, rapid.Uint64().Draw(t, "seed"), func(*State) bool { k++; return k > steps })
		if s1.Done() {
			return
		}
		next := s1.Next()
		me := next[rapid.IntRange(0, len(next)-1).Draw(t, "who")]
		v1 := s1.View(me)
		rng := sim.NewPCG(rapid.Uint64().Draw(t, "hidden"))
		s2 := Sample(&v1, &rng) // same view, other hidden cards
		if v2 := s2.View(me); v2 != v1 {
			t.Fatalf("the sample's view\n%+v\ndiffers from\n%+v", v2, v1)
		}
		if l1, l2 := s1.Legal(me, nil), s2.Legal(me, nil); !bytes.Equal(actionBytes(l1), actionBytes(l2)) {
			t.Fatalf("legal %v in the match, %v in the sample", l1, l2)
		}
		v2 := s2.View(me)
		for i := range uint64(20) {
			a, b := sim.NewPCG(i), sim.NewPCG(i)
			if !bytes.Equal(encode(Sample(&v1, &a)), encode(Sample(&v2, &b))) {
				t.Fatalf("sample %d differs between two matches with the same view", i)
			}
		}
	})
}

func actionBytes(l []Action) []byte {
	var b []byte
	for _, a := range l {
		b = append(b, byte(a.Kind), byte(a.Hole), byte(a.Offer))
	}
	return b
}

// A view from a foreign dealer (no rules, nothing but the table) still
// determinizes into a match that plays to its end.
func TestSampleWithoutRules(t *testing.T) {
	v := View{Seat: 1, Players: 3, Hand: 1, Button: 0, Current: 1, HasHole: true,
		Hole:  [2]cards.Card(cards.MustParse("As Kd")),
		Alive: [MaxPlayers]bool{true, true, true}, InHand: [MaxPlayers]bool{true, true, true},
		Bet: [MaxPlayers]int8{1, 1, 1}}
	rng := sim.NewPCG(1)
	s := Sample(&v, &rng)
	if s.rules != Classic() && s.rules.Players != 3 {
		t.Fatalf("rules %+v", s.rules)
	}
	if got := s.Legal(1, nil); len(got) == 0 {
		t.Fatal("the seat is not asked in its own sample")
	}
	p := sim.NewPCG(2)
	var legal []Action
	for n := 0; !s.Done(); n++ {
		if n > 100000 {
			t.Fatal("no end")
		}
		seat := s.Next()[0]
		legal = s.Legal(seat, legal[:0])
		if err := s.Apply(seat, legal[p.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkDeterminize measures one determinization at a preflop decision
// of a four-player match (0 allocations once the state exists).
func BenchmarkDeterminize(b *testing.B) {
	s := New(Classic(), 1)
	v := s.View(s.Next()[0])
	var d State
	rng := sim.NewPCG(1)
	b.ReportAllocs()
	for b.Loop() {
		d.Determinize(&v, &rng)
	}
}
