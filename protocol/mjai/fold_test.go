package mjai

import (
	"math/rand/v2"
	"slices"
	"testing"

	"gamelab/sim"
	"gamelab/sim/mahjong"
	sm "gamelab/strategies/mahjong"

	"pgregory.net/rapid"
)

// playGame plays a Tenhou-rules game from seed with the efficiency bot
// (calling everything at seats 2 and 3) that takes a kan half the time it
// may, so that every kind of event shows up, and calls at(s) before every
// decision and once at the end.
func playGame(t rapid.TB, seed uint64, at func(s *mahjong.State)) *mahjong.State {
	s := mahjong.New(mahjong.Tenhou(), seed)
	rng := rand.New(rand.NewPCG(seed, 7))
	bots := [4]*sm.Efficiency{{Call: 0.5, Riichi: 1}, {Call: 0, Riichi: 1}, {Call: 1, Riichi: 0.5}, {Call: 1, Riichi: 1}}
	var buf [96]mahjong.Action
	for !s.Done() {
		at(s)
		for _, seat := range append([]sim.Seat(nil), s.Next()...) {
			l := s.Legal(seat, buf[:0])
			v := s.View(seat)
			a := bots[seat].Decide(&v, l, rng)
			for _, x := range l {
				switch x.Kind {
				case mahjong.ActAnkan, mahjong.ActKakan, mahjong.ActKan:
					if rng.IntN(2) == 0 {
						a = x
					}
				}
			}
			if err := s.Apply(seat, a); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
	at(s)
	return s
}

// TestWireFoldIsView is the property that guards the whole live path:
// engine events → mjai lines (as each seat is sent them) → parse → fold
// == the engine's View of that seat, at every decision and at the end;
// and the events read back are the very events the seat saw.
//
// The games rapid draws (only a few under -short) may miss a rare message
// kind; games from fixed seeds, checked the same way, are added until
// every kind was played, so the coverage check below never depends on
// luck.
func TestWireFoldIsView(t *testing.T) {
	kinds := map[string]int{}
	rapid.Check(t, func(rt *rapid.T) {
		foldGameIsView(rt, rapid.Uint64().Draw(rt, "seed"), kinds)
	})
	all := []string{"start_game", "start_kyoku", "tsumo", "dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "dora", "reach", "reach_accepted", "hora", "ryukyoku", "end_kyoku", "end_game"}
	missing := func() bool { return slices.ContainsFunc(all, func(k string) bool { return kinds[k] == 0 }) }
	for seed := uint64(1); seed <= 100 && missing(); seed++ {
		foldGameIsView(t, seed, kinds)
	}
	for _, k := range all {
		if kinds[k] == 0 {
			t.Errorf("no %s message in the games played: the property did not cover it", k)
		}
	}
}

// foldGameIsView plays the game of seed and checks the property at every
// decision, counting the message kinds in kinds.
func foldGameIsView(rt rapid.TB, seed uint64, kinds map[string]int) {
	var w [4]*Writer
	var f [4]*Fold
	var seen [4][]mahjong.Event
	var checked [4]int
	for i := range w {
		w[i] = NewWriter(sim.Seat(i), nil)
		f[i] = NewFold(sim.NoSeat)
		f[i].Keep = true
	}
	done := 0
	playGame(rt, seed, func(s *mahjong.State) {
		ev := s.Events()
		for seat := range sim.Seat(4) {
			for _, e := range ev[done:] {
				x, ok := e.For(seat)
				if !ok {
					continue
				}
				seen[seat] = append(seen[seat], x)
				for _, m := range w[seat].Write(x) {
					line := m.AppendJSON(nil)
					ms, err := ParseLine(line)
					if err != nil {
						rt.Fatalf("seed %d seat %d: %s: %v", seed, seat, line, err)
					}
					kinds[ms[0].Type]++
					if _, err := f[seat].Apply(&ms[0]); err != nil {
						rt.Fatalf("seed %d seat %d: %s: %v", seed, seat, line, err)
					}
				}
			}
			if want := s.View(seat); f[seat].View != want {
				rt.Fatalf("seed %d seat %d after %d events: folded view\n%+v\nengine view\n%+v", seed, seat, len(ev), f[seat].View, want)
			}
			got := f[seat].Events
			if len(got) != len(seen[seat]) {
				rt.Fatalf("seed %d seat %d: %d events read back, engine %d", seed, seat, len(got), len(seen[seat]))
			}
			for i := checked[seat]; i < len(got); i++ {
				if got[i] != seen[seat][i] {
					rt.Fatalf("seed %d seat %d: event %d read back as %v, engine %v", seed, seat, i, got[i], seen[seat][i])
				}
			}
			checked[seat] = len(got)
		}
		done = len(ev)
	})
}

// TestLegalFromView: what Legal offers from a seat's folded view (for
// hosts that send no possible_actions) is always legal in the engine, and
// at a turn it offers every discard the engine allows.
func TestLegalFromView(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		seed := rapid.Uint64().Draw(rt, "seed")
		var w [4]*Writer
		var f [4]*Fold
		for i := range w {
			w[i] = NewWriter(sim.Seat(i), nil)
			f[i] = NewFold(sim.NoSeat)
		}
		done, offered := 0, 0
		var buf, mine [96]mahjong.Action
		playGame(rt, seed, func(s *mahjong.State) {
			ev := s.Events()
			for seat := range sim.Seat(4) {
				for _, e := range ev[done:] {
					if x, ok := e.For(seat); ok {
						for _, m := range w[seat].Write(x) {
							if _, err := f[seat].Apply(&m); err != nil {
								rt.Fatal(err)
							}
						}
					}
				}
			}
			done = len(ev)
			for _, seat := range s.Next() {
				fd := f[seat]
				if !fd.Asked {
					rt.Fatalf("seed %d: seat %d asked by the engine, the fold does not know (after %v)", seed, seat, ev[len(ev)-1])
				}
				engine := s.Legal(seat, buf[:0])
				ours := Legal(&fd.View, fd.Sit, mine[:0])
				for _, a := range ours {
					if !slices.Contains(engine, a) {
						rt.Fatalf("seed %d seat %d: Legal offers %v, engine %v (sit %+v)", seed, seat, a, engine, fd.Sit)
					}
				}
				offered += len(ours)
				if fd.Sit.Turn {
					for _, a := range engine {
						if a.Kind == mahjong.ActDiscard && !slices.Contains(ours, a) {
							rt.Fatalf("seed %d seat %d: engine allows %v, Legal %v (sit %+v)", seed, seat, a, ours, fd.Sit)
						}
					}
				}
			}
		})
		if offered == 0 {
			rt.Fatal("nothing offered")
		}
	})
}
