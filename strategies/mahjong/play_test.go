package mahjong

import (
	"errors"
	"math/rand/v2"
	"testing"

	"gamelab/sim"
	"gamelab/sim/mahjong"
	"gamelab/sim/simtest"
)

func four(t testing.TB, spec string) []Strategy {
	t.Helper()
	ps := make([]Strategy, 4)
	for i := range ps {
		p, err := New(spec)
		if err != nil {
			t.Fatal(err)
		}
		ps[i] = p
	}
	return ps
}

func TestEveryStrategyPlays(t *testing.T) {
	for _, name := range Registry.Names() {
		for _, preset := range mahjong.Presets() {
			r := simtest.Preset(t, mahjong.Preset, preset)
			t.Run(name+"/"+preset, func(t *testing.T) {
				for g := uint64(0); g < 5; g++ {
					res, err := Play(r, g, four(t, name), nil)
					if err != nil {
						t.Fatal(err)
					}
					if err := res.Validate(4); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	}
}

// Play must be deterministic: same seed, same strategies, same result.
func TestPlayDeterministic(t *testing.T) {
	r := mahjong.Tenhou()
	a, err := Play(r, 7, four(t, "defense"), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Play(r, 7, four(t, "defense"), nil)
	for i := range a.Score {
		if a.Score[i] != b.Score[i] {
			t.Fatalf("scores %v then %v", a.Score, b.Score)
		}
	}
}

type cheat struct{}

func (cheat) Reset() {}
func (cheat) Decide(v *mahjong.View, legal []mahjong.Action, rng *rand.Rand) mahjong.Action {
	return mahjong.Action{Kind: mahjong.ActTsumo}
}

func TestIllegalChoiceIsAnError(t *testing.T) {
	ps := four(t, "random")
	ps[0] = cheat{}
	_, err := Play(mahjong.Dihou(), 1, ps, nil)
	if !errors.Is(err, ErrIllegalChoice) {
		t.Fatalf("got %v", err)
	}
}

// tamper writes an illegal action into its legal list and picks it: Play
// finds it in the list it handed out, but the engine must still refuse it.
type tamper struct{}

func (tamper) Reset() {}
func (tamper) Decide(v *mahjong.View, legal []mahjong.Action, rng *rand.Rand) mahjong.Action {
	legal[0] = mahjong.Action{Kind: mahjong.ActDiscard, Tile: mahjong.NoTile}
	return legal[0]
}

func TestTamperedListIsAnError(t *testing.T) {
	ps := four(t, "random")
	ps[0] = tamper{}
	_, err := Play(mahjong.Tenhou(), 1, ps, nil)
	if !errors.Is(err, mahjong.ErrIllegalAction) {
		t.Fatalf("got %v, want an error wrapping ErrIllegalAction", err)
	}
}

// Efficiency must clearly beat tsumogiri players: over 40 games it should
// win more than its 25 % share of first places.
func TestEfficiencyBeatsTsumogiri(t *testing.T) {
	r := mahjong.Dihou()
	first := 0
	games := 40
	for g := 0; g < games; g++ {
		ps := four(t, "tsumogiri")
		seat := g % 4
		p, _ := New("efficiency")
		ps[seat] = p
		res, err := Play(r, uint64(g), ps, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Placement[seat] == 1 {
			first++
		}
	}
	if first < games/2 {
		t.Fatalf("efficiency first in %d of %d games against tsumogiri", first, games)
	}
	t.Logf("efficiency first in %d of %d games", first, games)
}

func TestParams(t *testing.T) {
	if _, err := New("defense?push=1&call=0.2&riichi=0.5&push_value=2"); err != nil {
		t.Fatal(err)
	}
	if _, err := New("defense?push=9"); err == nil {
		t.Fatal("push=9 accepted")
	}
	if _, err := New("nosuch"); err == nil {
		t.Fatal("unknown strategy accepted")
	}
}

func benchPlay(b *testing.B, spec string) {
	ps := four(b, spec)
	r := mahjong.Tenhou()
	if _, err := Play(r, 1<<40, ps, nil); err != nil { // warm up: the shanten tables are built once per process
		b.Fatal(err)
	}
	seed := uint64(0)
	hands := 0.0
	cpu0 := simtest.CPUTime()
	for b.Loop() {
		seed++
		res, err := Play(r, seed, ps, nil)
		if err != nil {
			b.Fatal(err)
		}
		hands += res.Stats["hands"]
	}
	simtest.ReportGames(b, b.N, cpu0)
	b.ReportMetric(hands/float64(b.N), "hands/game")
}

func BenchmarkPlayRandom(b *testing.B)     { benchPlay(b, "random") }
func BenchmarkPlayEfficiency(b *testing.B) { benchPlay(b, "efficiency") }
func BenchmarkPlayDefense(b *testing.B)    { benchPlay(b, "defense") }
func BenchmarkPlayExpert(b *testing.B)     { benchPlay(b, "expert") }

var _ = sim.NoSeat
