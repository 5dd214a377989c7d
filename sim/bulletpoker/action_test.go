package bulletpoker

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
)

func TestActionIDsRoundTrip(t *testing.T) {
	ids := []string{"check", "call", "raise", "allin", "fold", "coward"}
	for _, a := range allActions() {
		got, err := ParseAction(a.String())
		if err != nil || got != a {
			t.Errorf("ParseAction(%q) = %v, %v", a.String(), got, err)
		}
		if a.Kind != Switch && a.String() != ids[a.Kind] {
			t.Errorf("%v has id %q", a.Kind, a.String())
		}
	}
	if s := (Action{Kind: Switch, Hole: 1, Offer: 3}).String(); s != "switch:1:3" {
		t.Errorf("switch id %q", s)
	}
	for _, bad := range []string{"", "Raise", "switch", "switch:2:0", "switch:0:4", "switch:-1:0", "switch:0", "switch:a:b", "switch:01:2", "switch:+1:2", "shoot"} {
		if _, err := ParseAction(bad); !errors.Is(err, ErrBadAction) {
			t.Errorf("ParseAction(%q): %v", bad, err)
		}
	}
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"check", "switch:1:2", "switch:9:9", "allin", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			return
		}
		if a.String() != s {
			t.Fatalf("ParseAction(%q) = %v, which prints %q", s, a, a.String())
		}
	})
}

func TestPresetsAndRules(t *testing.T) {
	for _, name := range Presets() {
		r, err := Preset(name)
		if err != nil || r.Validate() != nil {
			t.Fatalf("%s: %v %v", name, err, r.Validate())
		}
		raw, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var back Rules
		if err := json.Unmarshal(raw, &back); err != nil || back != r {
			t.Errorf("%s: JSON round trip %s -> %+v, %v", name, raw, back, err)
		}
	}
	lt := LiarsTexas()
	if lt.AllInMinStreet != Flop || !lt.AllInSimultaneous || !lt.SwitchRevealsDiscard || !lt.RiseOnly {
		t.Errorf("LiarsTexas %+v", lt)
	}
	if r := mustPreset(t, "liarstexas"); r != lt {
		t.Error("preset liarstexas differs from LiarsTexas()")
	}
	if _, err := Preset("texas"); !errors.Is(err, ErrRules) {
		t.Errorf("unknown preset: %v", err)
	}
	bad := []Rules{{Players: 1, HandCap: 200}, {Players: 7, HandCap: 200}, {Players: 4}, {Players: 4, HandCap: 200, AllInMinStreet: 9}}
	for _, r := range bad {
		if err := r.Validate(); !errors.Is(err, ErrRules) {
			t.Errorf("Validate(%+v) = %v", r, err)
		}
	}
	var s Street
	if err := json.Unmarshal([]byte(`"turn"`), &s); err != nil || s != Turn {
		t.Errorf("street: %v %v", s, err)
	}
	if err := json.Unmarshal([]byte(`"fifth"`), &s); err == nil {
		t.Error("unknown street accepted")
	}
}

func TestTavernEventNames(t *testing.T) {
	want := map[EventKind]string{EvStart: "", EvHand: "deal", EvDeal: "", EvOffer: "", EvSwitch: "switch",
		EvBet: "bet", EvBoard: "board", EvFold: "fold", EvLoad: "load", EvShot: "shot",
		EvShowdown: "showdown", EvEliminated: "eliminated", EvGameOver: "game_over"}
	for k := EvStart; k <= EvGameOver; k++ {
		if got := k.Tavern(); got != want[k] {
			t.Errorf("%v: tavern name %q, want %q", k, got, want[k])
		}
	}
}

// TestHandCap: a match that reaches the cap ends with the living ranked by
// fewest bullets loaded.
func TestHandCap(t *testing.T) {
	r := Classic()
	r.HandCap = 3
	capped := 0
	for seed := range uint64(200) {
		s := New(r, seed)
		for !s.Done() {
			seat := s.Next()[0]
			if err := s.Apply(seat, s.Legal(seat, nil)[0]); err != nil { // always check or call
				t.Fatal(err)
			}
		}
		res := s.Result()
		if res.Stats["hands"] > 3 {
			t.Fatalf("seed %d: %v hands", seed, res.Stats["hands"])
		}
		if res.Stats["capped"] == 1 {
			capped++
			v := s.View(0)
			for i := range 4 {
				for j := range 4 {
					if v.Alive[i] && v.Alive[j] && v.Loaded[i] < v.Loaded[j] && res.Placement[i] >= res.Placement[j] {
						t.Errorf("seed %d: seat %d loaded %d placed %d, seat %d loaded %d placed %d", seed, i, v.Loaded[i], res.Placement[i], j, v.Loaded[j], res.Placement[j])
					}
				}
			}
		}
	}
	if capped == 0 {
		t.Error("no match reached the cap")
	}
}

func TestRefusedError(t *testing.T) {
	s := New(Classic(), 1)
	seat := s.Next()[0]
	other := (seat + 1) % 4
	err := s.Apply(other, Action{Kind: Check})
	var re *RefusedError
	if !errors.As(err, &re) || !errors.Is(err, ErrNotYourTurn) || re.Seat != other {
		t.Fatalf("wrong seat: %v", err)
	}
	err = s.Apply(seat, Action{Kind: Coward})
	if !errors.Is(err, ErrIllegalAction) || err.Error() != fmt.Sprintf("bulletpoker: illegal action: seat %d, coward", seat) {
		t.Fatalf("coward at one bullet: %v", err)
	}
}
