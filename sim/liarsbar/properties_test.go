package liarsbar

import (
	"fmt"
	"math"
	"testing"

	"gamelab/sim"
	"pgregory.net/rapid"
)

// Properties over random games of every variant and seat count, with
// rapid choosing the seed, the seat among Next and each action:
//   - cards are conserved (hands + pile + undealt = the deck) and every
//     revolver has exactly one live chamber in 1..6 above its pulls;
//   - a shot kills exactly when the revolver's pull reaches its chamber,
//     and the eliminated seat is the target;
//   - the forced challenge: the seat to move that alone holds cards may
//     only challenge, and otherwise a seat with cards may play.
func TestProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		variant := rapid.SampledFrom(Presets()).Draw(t, "variant")
		r := mustPreset(t, variant)
		r.Players = rapid.IntRange(2, MaxPlayers).Draw(t, "players")
		s := New(r, rapid.Uint64().Draw(t, "seed"))
		var legal []Action
		for step := 0; !s.Done(); step++ {
			next := s.Next()
			seat := next[rapid.IntRange(0, len(next)-1).Draw(t, "seat")]
			legal = s.Legal(seat, legal[:0])
			if s.phase == phaseMove {
				if err := forcedChallenge(s, seat, legal); err != nil {
					t.Fatalf("step %d: %v", step, err)
				}
			}
			a := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "action")]
			before := s.Clone()
			from := len(s.events)
			if err := s.Apply(seat, a); err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
			if err := invariants(s); err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
			if err := shotsKillAtChamber(before, s.events[from:]); err != nil {
				t.Fatalf("step %d (%v by %d): %v", step, a, seat, err)
			}
		}
	})
}

func forcedChallenge(s *State, seat sim.Seat, legal []Action) error {
	plays, challenge := 0, false
	for _, a := range legal {
		switch a.Kind {
		case Play:
			plays++
		case Challenge:
			challenge = true
		}
	}
	if challenge != (s.last != sim.NoSeat) {
		return fmt.Errorf("challenge offered %v with last play by %d", challenge, s.last)
	}
	if s.onlyHolder(seat) {
		if plays != 0 || !challenge {
			return fmt.Errorf("seat %d alone holds cards but may %v", seat, legal)
		}
	} else if plays == 0 {
		return fmt.Errorf("seat %d with %d cards may not play: %v", seat, s.hands[seat].n, legal)
	}
	return nil
}

// shotsKillAtChamber checks the shots among evs against the revolvers of
// before (each revolver fires at most once per action).
func shotsKillAtChamber(before *State, evs []Event) error {
	fired := map[sim.Seat]bool{}
	for i, e := range evs {
		if e.Kind == EvEliminated {
			if i == 0 || evs[i-1].Kind != EvShot || !evs[i-1].Hit || evs[i-1].Target != e.Seat {
				return fmt.Errorf("%v does not follow a hit on that seat", e)
			}
		}
		if e.Kind != EvShot {
			continue
		}
		if fired[e.Seat] {
			return fmt.Errorf("revolver %d fired twice in one action", e.Seat)
		}
		fired[e.Seat] = true
		g := before.guns[e.Seat]
		if e.Pull != g.pulls+1 {
			return fmt.Errorf("%v: revolver had %d pulls", e, g.pulls)
		}
		if e.Hit != (e.Pull == g.chamber) {
			return fmt.Errorf("%v: live chamber %d", e, g.chamber)
		}
		if e.Hit && (i+1 >= len(evs) || evs[i+1].Kind != EvEliminated || evs[i+1].Seat != e.Target) {
			return fmt.Errorf("%v: no elimination of %d follows", e, e.Target)
		}
	}
	return nil
}

// The k-th pull of a revolver kills with probability 1/(7-k): in
// particular first pulls kill 1/6 of the time. Counted over random games
// of every variant, each within 5 standard errors.
func TestPullHazard(t *testing.T) {
	var pulls, hits [Chambers + 1]float64
	var legal []Action
	rng := sim.NewPCG(6)
	for _, name := range Presets() {
		r := mustPreset(t, name)
		var s State
		for g := range 12000 {
			s.Reset(r, sim.Seed(0x5151, uint64(g)))
			legal = playRandom(&s, &rng, legal)
			for _, e := range s.events {
				if e.Kind == EvShot {
					pulls[e.Pull]++
					if e.Hit {
						hits[e.Pull]++
					}
				}
			}
		}
	}
	for k := 1; k <= Chambers; k++ {
		p := 1 / float64(7-k)
		n := pulls[k]
		if n < 1000 {
			if k < 5 {
				t.Errorf("only %v pulls number %d", n, k)
			}
			continue
		}
		got := hits[k] / n
		se := math.Sqrt(p * (1 - p) / n)
		if k == Chambers {
			se = 0
		}
		if math.Abs(got-p) > 5*se+1e-12 {
			t.Errorf("pull %d kills %.5f of %v times, want %.5f ± %.5f (5 sigma)", k, got, n, p, 5*se)
		}
		t.Logf("pull %d: %v pulls, kill rate %.5f, expected %.5f ± %.5f (5 sigma)", k, n, got, p, 5*se)
	}
}

// TestLieStats recounts every seat's lies from the log (the cards a play
// took are the seat's hand before it minus the hand after it) and checks
// them against Result's "lies" and "plays".
func TestLieStats(t *testing.T) {
	for _, variant := range Presets() {
		r := mustPreset(t, variant)
		for seed := uint64(1); seed <= 300; seed++ {
			s := New(r, seed)
			rng := sim.NewPCG(seed)
			playRandom(s, &rng, nil)
			var hands [MaxPlayers][NumCards]int
			var lies, plays [MaxPlayers]float64
			table := Card(0)
			evs := s.Events()
			for i, e := range evs {
				switch e.Kind {
				case EvRoundStart:
					table = e.Table
				case EvHand:
					hands[e.To] = [NumCards]int{}
					for _, c := range e.Cards[:e.N] {
						hands[e.To][c]++
					}
				case EvPlay:
					after := evs[i+1]
					if after.Kind != EvHand || after.To != e.Seat {
						t.Fatalf("%s seed %d: play not followed by the player's hand: %v", variant, seed, after)
					}
					took := hands[e.Seat]
					for _, c := range after.Cards[:after.N] {
						took[c]--
					}
					lie := false
					for c, k := range took {
						if k > 0 && !Card(c).Truthful(table) {
							lie = true
						}
					}
					plays[e.Seat]++
					if lie {
						lies[e.Seat]++
					}
				}
			}
			res := s.Result()
			for i := range r.Players {
				if res.SeatStats[i]["lies"] != lies[i] || res.SeatStats[i]["plays"] != plays[i] {
					t.Fatalf("%s seed %d seat %d: stats %v, recounted lies %v plays %v", variant, seed, i, res.SeatStats[i], lies[i], plays[i])
				}
			}
		}
	}
}
