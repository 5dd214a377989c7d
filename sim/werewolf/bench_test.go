package werewolf

import (
	"testing"

	"gamelab/sim"
	"gamelab/sim/simtest"
)

// BenchmarkGame plays whole games with uniformly random votes, divines and
// kills and everyone passing the discussion (the play of the 7/15 check),
// reusing one State (Reset): the engine's cost per game.
func BenchmarkGame(b *testing.B) { benchGames(b, playDecisive) }

// BenchmarkGameAllLegal plays uniformly among all legal actions (talk and
// wolf chat included), as the conformance harness does: long games.
func BenchmarkGameAllLegal(b *testing.B) { benchGames(b, playRandom) }

// benchGames plays whole games of every preset with play, one State reset
// per game, and reports games/s.
func benchGames(b *testing.B, play func(s *State, p *sim.PCG, buf []Action) []Action) {
	for _, name := range Presets() {
		b.Run(name, func(b *testing.B) {
			r, err := Preset(name)
			if err != nil {
				b.Fatal(err)
			}
			s := &State{}
			p := sim.NewPCG(1)
			var buf []Action
			seed := uint64(0)
			b.ReportAllocs()
			cpu0 := simtest.CPUTime()
			for b.Loop() {
				seed++
				s.Reset(r, seed)
				buf = play(s, &p, buf)
			}
			simtest.ReportGames(b, b.N, cpu0)
		})
	}
}

// BenchmarkView asks a finished 9-player game for one seat's view again:
// State.View's cache, with no event left to fold (BenchmarkFold folds
// the whole log).
func BenchmarkView(b *testing.B) {
	r := mustPreset(b, "9")
	s := New(r, 3)
	p := sim.NewPCG(3)
	playRandom(s, &p, nil)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.View(4)
	}
}

// BenchmarkFold folds the whole log of a finished 9-player game for one
// seat: a view's cost without the cache (a cold State.View, an adapter).
func BenchmarkFold(b *testing.B) {
	r := mustPreset(b, "9")
	s := New(r, 3)
	p := sim.NewPCG(3)
	playRandom(s, &p, nil)
	b.ReportAllocs()
	for b.Loop() {
		_ = Fold(s.Events(), 4, s.Role(4))
	}
}

// BenchmarkDeterminize: one determinization of a seat's view on day 2 of
// a 9-player game (decisive play), reusing one State: the sampler's cost
// per sample for a search bot.
func BenchmarkDeterminize(b *testing.B) {
	r := mustPreset(b, "9")
	var s *State
	for seed := uint64(1); s == nil || s.Done(); seed++ {
		s = New(r, seed)
		p := sim.NewPCG(seed)
		for !s.Done() && !(s.Day() == 2 && s.Phase() == PhaseDiscussion) {
			playStep(s, &p)
		}
	}
	v := s.View(s.Next()[0])
	d := &State{}
	rng := sim.NewPCG(1)
	d.Determinize(&v, &rng)
	b.ReportAllocs()
	for b.Loop() {
		d.Determinize(&v, &rng)
	}
}
