package liarsbar

import (
	"errors"
	"fmt"
	"testing"

	"gamelab/sim"
)

func TestParseAction(t *testing.T) {
	good := map[string]Action{
		"play:0":     PlayOf(0),
		"play:0,2":   PlayOf(0, 2),
		"play:2,3,7": PlayOf(2, 3, 7),
		"challenge":  ChallengeAction,
		"aim:0":      AimAt(0),
		"aim:5":      AimAt(5),
	}
	for s, want := range good {
		a, err := ParseAction(s)
		if err != nil || a != want {
			t.Errorf("ParseAction(%q) = %v, %v; want %v", s, a, err, want)
		}
		if a.String() != s {
			t.Errorf("%q formats back as %q", s, a.String())
		}
	}
	bad := []string{"", "play:", "play:2,1", "play:1,1", "play:8", "play:-1", "play:01", "play:+1",
		"play:0,1,2,3", "play: 1", "aim:", "aim:6", "aim:-1", "aim:x", "challenge ", "Challenge", "fold"}
	for _, s := range bad {
		if a, err := ParseAction(s); !errors.Is(err, ErrParse) {
			t.Errorf("ParseAction(%q) = %v, %v; want ErrParse", s, a, err)
		}
	}
}

// Every legal action of a game formats to an id that parses back to it.
func TestLegalIDsRoundTrip(t *testing.T) {
	for _, name := range Presets() {
		r := mustPreset(t, name)
		s := New(r, 5)
		rng := sim.NewPCG(5)
		var legal []Action
		for !s.Done() {
			seat := s.Next()[0]
			legal = s.Legal(seat, legal[:0])
			for _, a := range legal {
				b, err := ParseAction(a.String())
				if err != nil || b != a {
					t.Fatalf("%s: %v -> %q -> %v, %v", name, a, a.String(), b, err)
				}
			}
			if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"play:0,2", "challenge", "aim:3", "play:1,2,3", "play:9", "aim:-0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			return
		}
		if a.String() != s {
			t.Fatalf("%q parses to %v which formats as %q", s, a, a.String())
		}
	})
}

func TestRulesValidate(t *testing.T) {
	for _, name := range Presets() {
		r, err := Preset(name)
		if err != nil || r.Validate() != nil {
			t.Fatalf("preset %s: %v %v", name, err, r.Validate())
		}
		for n := 2; n <= MaxPlayers; n++ {
			r.Players = n
			if err := r.Validate(); err != nil {
				t.Errorf("%s with %d players: %v", name, n, err)
			}
		}
	}
	if _, err := Preset("poker"); !errors.Is(err, ErrRules) {
		t.Errorf("Preset(poker): %v", err)
	}
	base := mustPreset(t, VariantBasic)
	bad := []func(*Rules){
		func(r *Rules) { r.Players = 1 },
		func(r *Rules) { r.Players = 7 },
		func(r *Rules) { r.HandSize = 0 },
		func(r *Rules) { r.HandSize = 9 },
		func(r *Rules) { r.HandSize = 6 }, // 4 x 6 > 20 cards
		func(r *Rules) { r.MaxPlay = 4 },
		func(r *Rules) { r.MaxRounds = 0 },
		func(r *Rules) { r.Variant = "chaos" }, // chaos with max_play 3
		func(r *Rules) { r.Variant = "" },
	}
	for i, f := range bad {
		r := base
		f(&r)
		if err := r.Validate(); !errors.Is(err, ErrRules) {
			t.Errorf("bad rules %d (%+v) accepted: %v", i, r, err)
		}
	}
	if got := fmt.Sprint(base.DeckSize(), Rules{Variant: "basic", Players: 6}.DeckSize()); got != "20 40" {
		t.Errorf("deck sizes %s", got)
	}
}

// The table card is drawn from {Q, K, A} without replacement: every block
// of three rounds shows each once.
func TestTableDeckWithoutReplacement(t *testing.T) {
	r := mustPreset(t, VariantBasic)
	r.MaxRounds = 9
	for seed := range uint64(50) {
		s := New(r, seed)
		var tables []Card
		rng := sim.NewPCG(seed)
		var legal []Action
		for !s.Done() {
			seat := s.Next()[0]
			legal = s.Legal(seat, legal[:0])
			if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		for _, e := range s.Events() {
			if e.Kind == EvRoundStart {
				tables = append(tables, e.Table)
			}
		}
		for i := 0; i+3 <= len(tables); i += 3 {
			seen := map[Card]bool{}
			for _, c := range tables[i : i+3] {
				seen[c] = true
			}
			if len(seen) != 3 {
				t.Fatalf("seed %d: table cards %v repeat within a cycle", seed, tables)
			}
		}
	}
}

func ExampleParseAction() {
	a, _ := ParseAction("play:0,2")
	fmt.Println(a.Kind == Play, a.Count(), a)
	_, err := ParseAction("play:2,0")
	fmt.Println(err)
	// Output:
	// true 2 play:0,2
	// liarsbar: cannot parse: action "play:2,0": indices must be ascending and distinct
}

func ExampleState_Legal() {
	r, err := Preset(VariantBasic)
	if err != nil {
		panic(err)
	}
	s := New(r, 42)
	seat := s.Next()[0]
	v := s.View(seat)
	fmt.Println("table", v.Table, "seat", seat, "hand", v.MyHand())
	legal := s.Legal(seat, nil)
	fmt.Println(len(legal), "choices, first:", legal[0])
	// Output:
	// table A seat 1 hand [Q Q K A Joker]
	// 18 choices, first: play:0
}

// An adapter rebuilds a seat's View by folding the events it may see; the
// result equals the engine's own View.
func ExampleView_Apply() {
	r, err := Preset(VariantChaos)
	if err != nil {
		panic(err)
	}
	s := New(r, 9)
	s.Apply(s.Next()[0], s.Legal(s.Next()[0], nil)[0])
	v := NewView(r, 2)
	for _, e := range s.Events() {
		v.Apply(e) // events seat 2 may not see are ignored
	}
	fmt.Println(v == s.View(2), v.MyHand(), v.Table, v.Last, v.LastCount)
	// Output:
	// true [Q Q K] Q 1 1
}
