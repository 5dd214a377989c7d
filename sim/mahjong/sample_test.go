package mahjong

import (
	"fmt"
	"testing"

	"gamelab/sim"

	"pgregory.net/rapid"
)

// encodeHidden serializes a state with its hidden parts: the log, every
// seat's concealed tiles, the wall and the phase.
func encodeHidden(s *State) []byte {
	b := appendEvents(nil, s.log)
	for i := range s.seats {
		b = append(b, s.seats[i].hand[:]...)
	}
	for _, id := range s.w.live {
		b = append(b, byte(id))
	}
	for _, p := range [][]TileID{s.w.rinshan[:], s.w.dora[:], s.w.ura[:]} {
		for _, id := range p {
			b = append(b, byte(id))
		}
	}
	return append(b, byte(s.phase), byte(s.turn), byte(s.livePos), byte(s.liveLeft), byte(s.seed), byte(s.seed>>32))
}

// greedy is a test policy that plays toward winning hands, so games reach
// riichi, furiten, calls and kans: it wins when it can, declares riichi,
// kans and calls at random (call in 256ths), and otherwise discards the
// tile that leaves the lowest shanten (the first such tile, or a random one
// one time in eight).
func greedy(s *State, seat sim.Seat, legal []Action, rng *sim.PCG, call int) Action {
	for _, a := range legal {
		switch a.Kind {
		case ActTsumo, ActRon:
			return a
		case ActRiichi:
			if rng.IntN(4) > 0 {
				return a
			}
		case ActAnkan, ActKakan, ActPon, ActChi, ActKan:
			if rng.IntN(256) < call {
				return a
			}
		}
	}
	if legal[len(legal)-1].Kind == ActPass || rng.IntN(8) == 0 {
		if legal[len(legal)-1].Kind == ActPass {
			return legal[len(legal)-1]
		}
		return legal[rng.IntN(len(legal))]
	}
	ss := &s.seats[seat]
	best, bestSh := legal[0], 99
	for _, a := range legal {
		if a.Kind != ActDiscard {
			continue
		}
		k := a.Tile.Kind()
		ss.kinds[k]--
		sh := Shanten(&ss.kinds, int(ss.nMelds))
		ss.kinds[k]++
		if sh < bestSh {
			best, bestSh = a, sh
		}
	}
	return best
}

// checkSampleAt checks a sample of seat's view in s: it shows the seat
// the same view and legal actions, a second sample from the same rng seed
// is identical, and it plays on to a well-formed end.
func checkSampleAt(t interface{ Fatalf(string, ...any) }, s *State, seat sim.Seat, seed uint64, playOn bool) {
	v := s.View(seat)
	legal := s.Legal(seat, nil)
	rng := sim.NewPCG(seed)
	d := Sample(s.rules, &v, &rng)
	if got := d.View(seat); got != v {
		t.Fatalf("seat %d: the sample's view\n %+v\nwant\n %+v", seat, got, v)
	}
	if got := d.Legal(seat, nil); !slicesEqual(got, legal) {
		t.Fatalf("seat %d: the sample's legal actions %v, want %v (view %+v)", seat, got, legal, v)
	}
	rng2 := sim.NewPCG(seed)
	if d2 := Sample(s.rules, &v, &rng2); string(encodeHidden(d2)) != string(encodeHidden(d)) {
		t.Fatalf("seat %d: the same rng seed gave two samples", seat)
	}
	checkTiles(t, d)
	if err := checkPublic(s, d); err != "" {
		t.Fatalf("seat %d: the sample's %s (view %+v)", seat, err, v)
	}
	if !playOn {
		return
	}
	var l []Action
	for n := 0; !d.Done(); n++ {
		if n > 20000 {
			t.Fatalf("the sample did not end")
		}
		who := d.Next()[0]
		l = d.Legal(who, l[:0])
		if err := d.Apply(who, greedy(d, who, l, &rng, 64)); err != nil {
			t.Fatalf("sample: %v", err)
		}
	}
	if err := d.Result().Validate(4); err != nil {
		t.Fatalf("sample: %v", err)
	}
}

// checkPublic compares what the order of the hand decides (public facts
// the View does not list) between a game and its sample: furiten
// bookkeeping, ippatsu, double riichi, kuikae, the phase, pending riichi
// and kan dora, the wall's positions. Ippatsu and double riichi are
// skipped when the hand has an ankan or a kakan (the View does not say in
// which turn it was made), and so are the kinds of kans in the furiten
// marks.
func checkPublic(s, d *State) string {
	kan, kanKinds := false, uint64(0)
	for i := range s.seats {
		for j := range s.seats[i].nMelds {
			m := s.seats[i].melds[j]
			if m.Kind == Ankan || m.Kind == Kakan {
				kan = true
				kanKinds |= bit(m.Tiles[0])
			}
		}
	}
	fw := func(x *State) int { return max(x.firstWinds, 0) }
	if s.phase != d.phase || s.turn != d.turn || s.noCalls != d.noCalls || fw(s) != fw(d) ||
		s.pendDora != d.pendDora || s.riichiPend != d.riichiPend || s.robAnkan != d.robAnkan ||
		s.totalKans != d.totalKans || s.kanSeats != d.kanSeats || s.kanAbort != d.kanAbort ||
		s.livePos != d.livePos || s.rinshanPos != d.rinshanPos || s.liveLeft != d.liveLeft || s.nDora != d.nDora ||
		s.phase == phaseTurn && (s.drawn != d.drawn || s.rinshan != d.rinshan) {
		return fmt.Sprintf("hand state differs:\n%s\nwant\n%s", handState(d), handState(s))
	}
	if fw(s) > 0 && s.firstWind != d.firstWind {
		return "first wind differs"
	}
	for i := range s.seats {
		a, b := &s.seats[i], &d.seats[i]
		if a.riverKinds != b.riverKinds || a.riichi != b.riichi || a.nagashi != b.nagashi ||
			a.open != b.open || a.ponKinds != b.ponKinds || a.kans != b.kans || a.discarded != b.discarded ||
			a.paoSeat != b.paoSeat || a.paoKind != b.paoKind ||
			(sim.Seat(i) == s.turn && s.phase == phaseTurn && a.kuikae != b.kuikae) {
			return fmt.Sprintf("seat %d's public state differs", i)
		}
		// A kan's kind marked seen matters to no later furiten: all four
		// copies are in the kan.
		if (a.tempSeen^b.tempSeen|a.riichiSeen^b.riichiSeen)&^kanKinds != 0 {
			return fmt.Sprintf("seat %d's furiten differs: temp %x riichi %x, want %x %x", i, b.tempSeen, b.riichiSeen, a.tempSeen, a.riichiSeen)
		}
		if !kan && (a.ippatsu != b.ippatsu || a.doubleRiichi != b.doubleRiichi) {
			return fmt.Sprintf("seat %d's ippatsu/double riichi %v %v, want %v %v", i, b.ippatsu, b.doubleRiichi, a.ippatsu, a.doubleRiichi)
		}
	}
	return ""
}

func handState(s *State) string {
	return fmt.Sprintf("phase %d turn %d noCalls %v firstWinds %d pendDora %d riichiPend %d robAnkan %v kans %d/%b/%v live %d/%d/%d dora %d drawn %v rinshan %v",
		s.phase, s.turn, s.noCalls, s.firstWinds, s.pendDora, s.riichiPend, s.robAnkan, s.totalKans, s.kanSeats, s.kanAbort,
		s.livePos, s.rinshanPos, s.liveLeft, s.nDora, s.drawn, s.rinshan)
}

func slicesEqual(a, b []Action) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// checkTiles checks that a sample holds every physical tile at most once
// over the hands, melds, rivers and the wall still to come, and that each
// face appears as often as the set has it.
func checkTiles(t interface{ Fatalf(string, ...any) }, s *State) {
	var n [NumTiles]int
	for i := range s.seats {
		ss := &s.seats[i]
		for f, c := range ss.hand {
			n[f] += int(c)
		}
		for j := range ss.river.N {
			if ss.river.Flags[j]&RiverCalled == 0 {
				n[ss.river.Tiles[j]]++
			}
		}
		for j := range ss.nMelds {
			m := ss.melds[j]
			for _, f := range m.Tiles[:m.Len()] {
				n[f]++
			}
		}
	}
	add := func(ids []TileID) {
		for _, id := range ids {
			n[s.face(id)]++
		}
	}
	add(s.w.live[s.livePos:])
	if s.rules.Wall == "tenhou" {
		add(s.w.rinshan[s.rinshanPos:])
	}
	add(s.w.dora[:])
	add(s.w.ura[:])
	for f := range n {
		want := 4
		switch {
		case f >= NumKinds:
			want = 0
			if s.rules.RedFives {
				want = 1
			}
		case s.rules.RedFives && Tile(f).Red() != Tile(f):
			want = 3
		}
		if n[f] > want || s.rules.Wall == "tenhou" && n[f] != want {
			t.Fatalf("face %v: %d copies, want %d", Tile(f), n[f], want)
		}
	}
}

// Over random game prefixes played by greedy seats (rapid draws the rules,
// the seed, the call rate and the length), a sample of the deciding seat's
// view keeps its view and legal actions and plays on.
func TestSampleRapid(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		r := Tenhou()
		if rapid.Bool().Draw(rt, "dihou") {
			r = Dihou()
		}
		s := New(r, rapid.Uint64().Draw(rt, "seed"))
		call := rapid.IntRange(0, 256).Draw(rt, "call")
		steps := rapid.IntRange(0, 1500).Draw(rt, "steps")
		rng := sim.NewPCG(rapid.Uint64().Draw(rt, "play"))
		var legal []Action
		for n := 0; n < steps && !s.Done(); n++ {
			seat := s.Next()[0]
			legal = s.Legal(seat, legal[:0])
			if err := s.Apply(seat, greedy(s, seat, legal, &rng, call)); err != nil {
				rt.Fatal(err)
			}
		}
		if s.Done() {
			return
		}
		for _, seat := range s.Next() {
			checkSampleAt(rt, s, seat, rng.Uint64(), true)
		}
	})
}

// Every decision of a few greedy games, both presets: the sample keeps the
// deciding seat's view and legal actions (riichi, furiten, calls, kans and
// chankan all occur).
func TestSampleEveryDecision(t *testing.T) {
	for _, name := range Presets() {
		r := mustPreset(t, name)
		for g := range uint64(3) {
			s := New(r, g)
			rng := sim.NewPCG(g)
			var legal []Action
			for n := 0; !s.Done(); n++ {
				for _, seat := range s.Next() {
					checkSampleAt(t, s, seat, rng.Uint64(), n%64 == 0)
				}
				seat := s.Next()[0]
				legal = s.Legal(seat, legal[:0])
				if err := s.Apply(seat, greedy(s, seat, legal, &rng, 96)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// midGame plays a greedy game of rules r from seed for steps decisions
// and returns it with the seat to decide.
func midGame(r Rules, seed uint64, steps int) (*State, sim.Seat) {
	s := New(r, seed)
	rng := sim.NewPCG(seed)
	var legal []Action
	for range steps {
		seat := s.Next()[0]
		legal = s.Legal(seat, legal[:0])
		if err := s.Apply(seat, greedy(s, seat, legal, &rng, 64)); err != nil {
			panic(err)
		}
	}
	return s, s.Next()[0]
}

// Where an unseen tile lies is uniform over the unseen places: for the
// copies of one kind the seat has not seen, a copy picked at random lies
// in another seat's hand, the live wall or the dead wall with chances
// proportional to their sizes (chi-square over 20,000 samples; the dead
// wall's unused tiles of the 地鳳 layout count as "dead").
func TestSampleIsUniform(t *testing.T) {
	for _, name := range Presets() {
		r := mustPreset(t, name)
		s, me := midGame(r, 3, 40)
		v := s.View(me)
		// The kind with the most unseen copies.
		var unseen [NumKinds]int
		for k := range unseen {
			unseen[k] = 4
		}
		seen := func(f Tile) { unseen[f.Kind()]-- }
		for f, c := range v.Hand {
			for range c {
				seen(Tile(f))
			}
		}
		for i := range v.Rivers {
			for j := range v.Rivers[i].N {
				if v.Rivers[i].Flags[j]&RiverCalled == 0 {
					seen(v.Rivers[i].Tiles[j])
				}
			}
			for j := range v.NMelds[i] {
				for _, f := range v.Melds[i][j].Tiles[:v.Melds[i][j].Len()] {
					seen(f)
				}
			}
		}
		for _, f := range v.Dora[:v.NDora] {
			seen(f)
		}
		kind, total := Tile(0), 0
		for k, n := range unseen {
			total += n
			if n > unseen[kind] {
				kind = Tile(k)
			}
		}
		// Cells: the three other hands, the live wall to draw, the rest.
		var size [5]float64
		c := 0
		for i := range sim.Seat(4) {
			if i != me {
				size[c] = float64(v.Concealed[i])
				c++
			}
		}
		size[3] = float64(v.WallLeft)
		size[4] = float64(total) - size[0] - size[1] - size[2] - size[3]
		var obs [5]int
		rng, pick := sim.NewPCG(1), sim.NewPCG(2)
		const n = 20000
		for range n {
			d := Sample(r, &v, &rng)
			var cnt [5]int
			c := 0
			for i := range sim.Seat(4) {
				if i != me {
					cnt[c] = int(d.seats[i].kinds[kind])
					c++
				}
			}
			for p := d.livePos; p < d.livePos+d.liveLeft; p++ {
				if d.w.live[p].Kind() == kind {
					cnt[3]++
				}
			}
			cnt[4] = unseen[kind] - cnt[0] - cnt[1] - cnt[2] - cnt[3]
			x := pick.IntN(unseen[kind])
			for cell := range cnt {
				if x < cnt[cell] {
					obs[cell]++
					break
				}
				x -= cnt[cell]
			}
		}
		chi := 0.0
		for i, o := range obs {
			e := size[i] / float64(total) * n
			chi += (float64(o) - e) * (float64(o) - e) / e
		}
		// 99.9 % quantile of chi-square with 4 degrees of freedom: 18.47.
		if chi > 18.47 {
			t.Errorf("%s: a copy of %v lies in %v, expected shares %v of %d: chi2 %.1f", name, kind, obs, size, n, chi)
		}
	}
}

// Samples depend on the view alone: a sample has the seat's view but other
// hidden tiles, and a game and its sample (two states with the same view
// and different hidden parts) give identical samples from the same rng.
func TestSampleNeverPeeks(t *testing.T) {
	for _, name := range Presets() {
		r := mustPreset(t, name)
		s1, me := midGame(r, 5, 30)
		v1 := s1.View(me)
		rng := sim.NewPCG(9)
		s2 := Sample(r, &v1, &rng)
		v2 := s2.View(me)
		if v2 != v1 {
			t.Fatal("the sample's view differs")
		}
		if s1.seats[(me+1)%4].hand == s2.seats[(me+1)%4].hand {
			t.Fatal("the sample copied a hidden hand")
		}
		for i := range uint64(100) {
			a, b := sim.NewPCG(i), sim.NewPCG(i)
			if string(encodeHidden(Sample(r, &v1, &a))) != string(encodeHidden(Sample(r, &v2, &b))) {
				t.Fatalf("%s: sample %d differs between two games with the same view", name, i)
			}
		}
	}
}

// BenchmarkDeterminize: one determinization of a mid-game view into a
// reused state (what a search iteration pays before its playout).
func BenchmarkDeterminize(b *testing.B) {
	s, me := midGame(Dihou(), 3, 40)
	v := s.View(me)
	d := New(Dihou(), 0)
	rng := sim.NewPCG(1)
	b.ReportAllocs()
	for b.Loop() {
		d.Determinize(&v, &rng)
	}
}

// Uniformly random play calls whatever it may, so a called discard often
// fits two callers (seat 3's chi and seat 0's pon of the same 6s from seat
// 2's river in the pinned game, where the first fit left seat 2's pon of
// 7p out of the sample). Every decision of such games keeps its view and
// legal actions.
func TestSampleRandomPlay(t *testing.T) {
	games := []struct{ seed, play uint64 }{{0x1c17bd, 0xf849}}
	for g := range uint64(12) {
		games = append(games, struct{ seed, play uint64 }{g, g + 100})
	}
	for _, name := range Presets() {
		r := mustPreset(t, name)
		for _, g := range games {
			s := New(r, g.seed)
			rng := sim.NewPCG(g.play)
			var legal []Action
			for n := 0; !s.Done(); n++ {
				next := s.Next()
				seat := next[rng.IntN(len(next))]
				checkSampleAt(t, s, seat, rng.Uint64(), false)
				legal = s.Legal(seat, legal[:0])
				if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
