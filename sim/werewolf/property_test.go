package werewolf

import (
	"math/bits"
	"testing"

	"pgregory.net/rapid"

	"gamelab/sim"
)

// genRules draws a valid table: 3..12 players, any role mix with at least
// one wolf and fewer wolves than humans, any tie rule and first-night kill.
func genRules(t *rapid.T) Rules {
	n := rapid.IntRange(3, 12).Draw(t, "players")
	wolves := rapid.IntRange(1, (n-1)/2).Draw(t, "wolves")
	rest := n - wolves
	seers := rapid.IntRange(0, min(2, rest)).Draw(t, "seers")
	rest -= seers
	mediums := rapid.IntRange(0, min(1, rest)).Draw(t, "mediums")
	rest -= mediums
	madmen := rapid.IntRange(0, min(1, rest)).Draw(t, "madmen")
	r := Default(rest-madmen, seers, mediums, wolves, madmen)
	r.Tie = rapid.SampledFrom([]TieRule{TieRandom, TieRunoff, TieNoExecution}).Draw(t, "tie")
	r.FirstNightKill = rapid.Bool().Draw(t, "firstNightKill")
	r.Speaks = rapid.IntRange(0, 3).Draw(t, "speaks")
	r.WolfSpeaks = rapid.IntRange(0, 3).Draw(t, "wolfSpeaks")
	return r
}

// TestPropertyGames plays games where rapid picks the acting seat, the
// action, and sometimes a passing deadline, and checks after every step:
// the dead never act (no dead seat in Next, every actor alive when it
// acted), no role leaks into another seat's view, and at the end: exactly
// one kill per night after night 0 (night 0 too with FirstNightKill) while
// wolves live, and the game ended within a bound.
func TestPropertyGames(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t)
		s := New(r, rapid.Uint64().Draw(t, "seed"))
		var legal []Action
		// Bound: each day has at most n*speaks messages, n passes, 2n votes;
		// each night at most wolf_speaks whispers, n divines and some kill
		// changes; the game lasts at most n days.
		bound := 1 + r.Players*(r.Players*(r.Speaks+4)+r.WolfSpeaks+8)
		steps := 0
		for !s.Done() {
			steps++
			if steps > bound {
				t.Fatalf("no end after %d steps", bound)
			}
			before := len(s.log)
			alive := s.alive
			if rapid.IntRange(0, 9).Draw(t, "expire?") == 0 {
				ds := Deadlines(s.Phase())
				d := ds[rapid.IntRange(0, len(ds)-1).Draw(t, "deadline")]
				if err := s.Expire(d); err != nil {
					t.Fatalf("expire %v in %v: %v", d, s.Phase(), err)
				}
			} else {
				next := s.Next()
				if len(next) == 0 {
					t.Fatalf("not done, nobody to act")
				}
				seat := next[rapid.IntRange(0, len(next)-1).Draw(t, "seat")]
				legal = s.Legal(seat, legal[:0])
				a := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "action")]
				if err := s.Apply(seat, a); err != nil {
					t.Fatalf("legal %v refused: %v", a, err)
				}
			}
			for _, e := range s.log[before:] {
				switch e.Kind {
				case EvTalk, EvPass, EvWhisper, EvDivine, EvVote:
					if alive&bit(e.Seat) == 0 {
						t.Fatalf("dead seat %d acted: %v", e.Seat, e)
					}
				case EvKillVote:
					if e.Seat != sim.NoSeat && alive&bit(e.Seat) == 0 {
						t.Fatalf("dead wolf %d chose: %v", e.Seat, e)
					}
				}
			}
			for _, seat := range s.Next() {
				if !s.Alive(seat) {
					t.Fatalf("dead seat %d in Next", seat)
				}
			}
			if !s.Done() {
				for i := range r.Players + 1 {
					v := s.View(sim.Seat(i) - 1)
					for j := range r.Players {
						k := v.Known[j]
						if sim.Seat(j) == v.Seat || k == RoleNone || (v.Role == RoleWerewolf && k == RoleWerewolf && s.roles[j] == RoleWerewolf) {
							continue
						}
						t.Fatalf("seat %d sees seat %d as %v before the end", v.Seat, j, k)
					}
				}
			}
		}
		// One kill per night: every dawn names a victim, except dawn 1
		// without a first-night kill, which names nobody.
		dawns := 0
		for _, e := range s.log {
			if e.Kind != EvDawn {
				continue
			}
			dawns++
			first := e.Day == 1 && !r.FirstNightKill
			if first != (e.Target == sim.NoSeat) {
				t.Fatalf("dawn of day %d announces %d (first-night kill %v)", e.Day, e.Target, r.FirstNightKill)
			}
		}
		if dawns != s.Day() {
			t.Fatalf("%d dawns by day %d", dawns, s.Day())
		}
		w := bits.OnesCount16(s.alive & s.wolves)
		h := bits.OnesCount16(s.alive &^ s.wolves)
		if (s.Winner() == TeamVillage) != (w == 0) || (s.Winner() == TeamWerewolf) != (w > 0 && w >= h) {
			t.Fatalf("winner %v with %d wolves and %d humans alive", s.Winner(), w, h)
		}
	})
}

// TestPropertyRefusalsChangeNothing: any parsed action by any seat is
// either applied or refused with a typed error that leaves the log alone.
func TestPropertyRefusalsChangeNothing(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := mustPreset(t, rapid.SampledFrom(Presets()).Draw(t, "preset"))
		s := New(r, rapid.Uint64().Draw(t, "seed"))
		p := sim.NewPCG(rapid.Uint64().Draw(t, "play"))
		var buf []Action
		for range rapid.IntRange(0, 60).Draw(t, "steps") {
			if s.Done() {
				break
			}
			next := s.Next()
			seat := next[p.IntN(len(next))]
			buf = s.Legal(seat, buf[:0])
			_ = s.Apply(seat, buf[p.IntN(len(buf))])
		}
		a := Action{
			Kind:    ActionKind(rapid.IntRange(0, int(numActionKinds)).Draw(t, "kind")),
			Target:  sim.Seat(rapid.IntRange(-2, 10).Draw(t, "target")),
			Content: Content{Kind: ContentKind(rapid.IntRange(0, int(numContentKinds)).Draw(t, "ckind")), Role: Role(rapid.IntRange(0, int(NumRoles)).Draw(t, "crole")), Target: sim.Seat(rapid.IntRange(-2, 10).Draw(t, "ctarget"))},
			Text:    rapid.SampledFrom([]string{"", "hi", "\xff"}).Draw(t, "text"),
		}
		seat := sim.Seat(rapid.IntRange(-2, 10).Draw(t, "seat"))
		before := encode(s)
		legal := s.Legal(seat, nil)
		err := s.Apply(seat, a)
		plain := a
		plain.Text = ""
		inLegal := false
		for _, x := range legal {
			inLegal = inLegal || x == plain
		}
		if err == nil {
			if !inLegal || (a.Text == "\xff") {
				t.Fatalf("accepted %+v by seat %d, legal %v", a, seat, legal)
			}
			return
		}
		if inLegal && a.Text != "\xff" {
			t.Fatalf("refused legal %v: %v", a, err)
		}
		if k := refusal(err); k != "bad" && k != "forbidden" && k != "phase" {
			t.Fatalf("refusal %v is of kind %s", err, k)
		}
		if string(encode(s)) != string(before) {
			t.Fatalf("refusal %v changed the state", err)
		}
	})
}

// TestResetEqualsNew: a recycled State (Reset after another game, as Play
// does) replays exactly like a fresh one, and a Clone taken mid-game
// finishes the same way as its original under the same actions.
func TestResetEqualsNew(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t)
		seed := rapid.Uint64().Draw(t, "seed")
		play := rapid.Uint64().Draw(t, "play")
		used := New(r, seed+1)
		p := sim.NewPCG(play + 1)
		playRandom(used, &p, nil)
		used.Reset(r, seed)
		fresh := New(r, seed)
		p1, p2 := sim.NewPCG(play), sim.NewPCG(play)
		var clone *State
		var buf []Action
		for step := 0; !fresh.Done(); step++ {
			if step == 7 {
				clone = fresh.Clone()
			}
			next := fresh.Next()
			seat := next[p1.IntN(len(next))]
			buf = fresh.Legal(seat, buf[:0])
			a := buf[p1.IntN(len(buf))]
			if err := fresh.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
			next2 := used.Next()
			seat2 := next2[p2.IntN(len(next2))]
			buf = used.Legal(seat2, buf[:0])
			if err := used.Apply(seat2, buf[p2.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
		if string(encode(fresh)) != string(encode(used)) {
			t.Fatal("a reset state played differently from a new one")
		}
		if clone != nil && len(clone.Events()) >= len(fresh.Events()) {
			t.Fatal("the clone moved with its original")
		}
	})
}

// TestPropertyViewCacheIsTheFold: State.View, which folds only the events
// logged since its last call for that seat, always equals the fold of the
// whole log — asked at random moments for random seats, on copies of the
// state, and on a state reused by Reset and Determinize.
func TestPropertyViewCacheIsTheFold(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t)
		var s State
		s.Reset(r, rapid.Uint64().Draw(t, "seed"))
		check := func(s *State, seat sim.Seat) {
			if got, want := s.View(seat), Fold(s.log, seat, s.Role(seat)); got != want {
				t.Fatalf("day %d phase %v seat %d: View %+v, fold %+v", s.Day(), s.Phase(), seat, got, want)
			}
		}
		var legal []Action
		var copies []State
		for !s.Done() {
			if rapid.IntRange(0, 3).Draw(t, "view?") == 0 {
				check(&s, sim.Seat(rapid.IntRange(-1, r.Players-1).Draw(t, "viewer")))
			}
			if rapid.IntRange(0, 30).Draw(t, "copy?") == 0 {
				copies = append(copies, *s.Clone())
			}
			next := s.Next()
			seat := next[rapid.IntRange(0, len(next)-1).Draw(t, "seat")]
			legal = s.Legal(seat, legal[:0])
			if err := s.Apply(seat, legal[rapid.IntRange(0, len(legal)-1).Draw(t, "action")]); err != nil {
				t.Fatal(err)
			}
		}
		for i := range r.Players {
			check(&s, sim.Seat(i))
		}
		for k := range copies {
			for i := range r.Players {
				check(&copies[k], sim.Seat(i))
			}
		}
		// Reused: a view of another seat's game, determinized into s.
		v := s.View(0)
		if len(copies) > 0 {
			v = copies[0].View(0)
		}
		if v.Phase != PhaseOver {
			rng := sim.NewPCG(1)
			s.Determinize(&v, &rng)
			for i := range r.Players {
				check(&s, sim.Seat(i))
			}
		}
		s.Reset(r, 7)
		check(&s, 0)
	})
}
