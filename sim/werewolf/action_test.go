package werewolf

import (
	"errors"
	"testing"

	"gamelab/sim"
)

func TestActionNotationRoundTrip(t *testing.T) {
	cases := []string{
		"pass", "divine 3", "kill 0", "vote 15", "talk", "whisper",
		`talk co seer "I am the seer"`, "talk co medium", "talk divined 3 werewolf",
		"talk identified 2 villager", "talk accuse 4", "whisper vote 1",
		`talk "quote \" inside"`, `talk "狼は誰だ？"`, "talk co fortune_teller",
	}
	for _, c := range cases {
		a, err := ParseAction(c)
		if err != nil {
			t.Fatalf("%q: %v", c, err)
		}
		b, err := ParseAction(a.String())
		if err != nil || b != a {
			t.Fatalf("%q -> %v -> %v (%v)", c, a, b, err)
		}
	}
	for _, bad := range []string{"", "dance", "vote", "vote -1", "vote 16", "vote x", "pass 1",
		"talk co", "talk co king", "talk divined 3 seer", "talk accuse", `talk "open`, "talk sing 3"} {
		if _, err := ParseAction(bad); !errors.Is(err, ErrParse) {
			t.Errorf("%q: got %v, want ErrParse", bad, err)
		}
	}
}

func TestRolesParse(t *testing.T) {
	for r := RoleNone; r < NumRoles; r++ {
		for _, s := range []string{r.String(), r.SpecName()} {
			if got, err := ParseRole(s); err != nil || got != r {
				t.Errorf("ParseRole(%q) = %v, %v", s, got, err)
			}
		}
	}
	if RoleMadman.Species() != RoleVillager || RoleWerewolf.Species() != RoleWerewolf || RoleMadman.Team() != TeamWerewolf {
		t.Error("madman must look human and play for the wolves")
	}
}

func TestPresetsAndValidate(t *testing.T) {
	want := map[string][NumRoles]int{"5": {0, 2, 1, 0, 1, 1}, "7": {0, 3, 1, 1, 1, 1}, "9": {0, 4, 1, 1, 2, 1}}
	for _, name := range Presets() {
		r, err := Preset(name)
		if err != nil || r.Validate() != nil {
			t.Fatalf("preset %s: %v", name, err)
		}
		for role := RoleVillager; role < NumRoles; role++ {
			if r.Count(role) != want[name][role] {
				t.Errorf("preset %s: %d %ss", name, r.Count(role), role)
			}
		}
	}
	if _, err := Preset("6"); !errors.Is(err, ErrRules) {
		t.Error("unknown preset accepted")
	}
	bad := []Rules{Default(1, 0, 0, 1, 0), Default(2, 0, 0, 2, 0), Default(5, 0, 0, 0, 0), Default(15, 1, 0, 1, 0)}
	r := Default(2, 1, 0, 1, 1)
	r.Tie = "coin"
	bad = append(bad, r)
	r = Default(2, 1, 0, 1, 1)
	r.Players = 6
	bad = append(bad, r)
	for _, r := range bad {
		if err := r.Validate(); !errors.Is(err, ErrRules) {
			t.Errorf("%+v: %v", r, err)
		}
	}
	if _, err := NewDealt(Default(2, 1, 0, 1, 1), []Role{RoleSeer, RoleSeer, RoleVillager, RoleWerewolf, RoleMadman}, 1); !errors.Is(err, ErrRules) {
		t.Error("deal not matching the counts accepted")
	}
}

func TestRefusalKinds(t *testing.T) {
	s, _ := NewDealt(Default(2, 1, 0, 1, 1), []Role{RoleSeer, RoleVillager, RoleVillager, RoleWerewolf, RoleMadman}, 1)
	cases := []struct {
		seat sim.Seat
		a    Action
		want string
	}{
		{1, Divine(2), "forbidden"}, {0, Divine(0), "bad"}, {0, Vote(1), "phase"}, {1, Whisper(NoContent, "x"), "forbidden"}, {3, Whisper(NoContent, "x"), "ok"},
	}
	for _, c := range cases {
		if got := refusal(s.Apply(c.seat, c.a)); got != c.want {
			t.Errorf("seat %d %v: %s, want %s", c.seat, c.a, got, c.want)
		}
	}
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"pass", "vote 3", `talk co seer "hi"`, "whisper vote 2", "talk divined 1 werewolf", `talk "\xff"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			if !errors.Is(err, ErrParse) {
				t.Fatalf("%q: untyped error %v", s, err)
			}
			return
		}
		b, err := ParseAction(a.String())
		if err != nil || b != a {
			t.Fatalf("%q -> %v -> %v (%v)", s, a, b, err)
		}
	})
}

func TestEventsForHidesUntilTheEnd(t *testing.T) {
	r, err := Preset("5")
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewDealt(r, []Role{RoleSeer, RoleVillager, RoleVillager, RoleWerewolf, RoleMadman}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []struct {
		seat sim.Seat
		a    Action
	}{{3, Whisper(NoContent, "secret")}, {0, Divine(3)}, {3, Pass()}} {
		if err := s.Apply(m.seat, m.a); err != nil {
			t.Fatalf("seat %d %v: %v", m.seat, m.a, err)
		}
	}
	count := func(seat sim.Seat, k EventKind) int {
		n := 0
		for _, e := range s.EventsFor(seat, nil) {
			if e.Kind == k {
				n++
			}
		}
		return n
	}
	if count(sim.NoSeat, EvWhisper) != 0 || count(1, EvWhisper) != 0 || count(3, EvWhisper) != 1 {
		t.Fatal("wolf chat visible outside the pack during the game")
	}
	if count(sim.NoSeat, EvDeal) != 0 || count(1, EvDeal) != 1 || count(0, EvDivine) != 1 || count(1, EvDivine) != 0 {
		t.Fatal("private events leak")
	}
	if err := s.Expire(DeadlineDiscussion); err != nil {
		t.Fatal(err)
	}
	for seat, target := range []sim.Seat{3, 3, 3, 0, 0} {
		if err := s.Apply(sim.Seat(seat), Vote(target)); err != nil {
			t.Fatal(err)
		}
	}
	if !s.Done() || count(sim.NoSeat, EvWhisper) != 1 || count(sim.NoSeat, EvDivine) != 1 || count(1, EvDeal) != 5 {
		t.Fatal("after the end the whole log must be public")
	}
}
