package strategies_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"gamelab/sim"
	"gamelab/sim/liarsbar"
	"gamelab/sim/simtest"
	"gamelab/strategies"
	lb "gamelab/strategies/liarsbar"
)

// The generic Play gives the same results as liar's bar's own fast loop
// for the same strategies and seeds.
func TestPlayMatchesGameLoop(t *testing.T) {
	r := simtest.Preset(t, liarsbar.Preset, liarsbar.VariantChaos)
	newView := func(seat sim.Seat) liarsbar.View { return liarsbar.NewView(r, seat) }
	for seed := range uint64(30) {
		players := make([]strategies.Strategy[liarsbar.View, liarsbar.Action], r.Players)
		for i := range players {
			players[i], _ = lb.New([]string{"bayes", "honest", "random", "bayes?bluff=0.4"}[i])
		}
		want, err := lb.Play(r, seed, players, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := strategies.Play(liarsbar.New(r, seed), newView, players, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(want, got) {
			t.Fatalf("seed %d: generic Play %v, game's Play %v", seed, got, want)
		}
	}
}

type cheat struct{}

func (cheat) Decide(*liarsbar.View, []liarsbar.Action, *rand.Rand) liarsbar.Action {
	return liarsbar.Action{Kind: 99}
}
func (cheat) Reset() {}

func TestPlayRefusesIllegalChoice(t *testing.T) {
	r := simtest.Preset(t, liarsbar.Preset, liarsbar.VariantBasic)
	players := make([]strategies.Strategy[liarsbar.View, liarsbar.Action], r.Players)
	for i := range players {
		players[i] = cheat{}
	}
	_, err := strategies.Play(liarsbar.New(r, 1), func(seat sim.Seat) liarsbar.View { return liarsbar.NewView(r, seat) }, players, 1, nil)
	if !errors.Is(err, strategies.ErrIllegalChoice) {
		t.Fatalf("err %v, want ErrIllegalChoice", err)
	}
}
