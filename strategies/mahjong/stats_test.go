package mahjong

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"gamelab/sim/mahjong"
)

// selfPlayStats accumulates Tenhou-style rates over self-play games.
type selfPlayStats struct {
	games, hands, draws                                float64
	wins, dealins, riichi, calls, seatHands, winPoints float64
	dealinPoints                                       float64
}

func (s *selfPlayStats) add(hands, draws float64, seat map[string]float64) {
	s.wins += seat["wins"]
	s.dealins += seat["dealins"]
	s.riichi += seat["riichi"]
	s.calls += seat["calls"]
	s.seatHands += seat["hands"]
	s.winPoints += seat["win_points"]
	s.dealinPoints += seat["dealin_points"]
}

// rate returns p and a 95 % normal-approximation half-width.
func rate(k, n float64) (float64, float64) {
	p := k / n
	return p, 1.96 * math.Sqrt(p*(1-p)/n)
}

// BenchmarkSelfPlayStats plays b.N 半荘 of four copies of the strategy in
// $MAHJONG_STATS_SPEC (default "defense") under Tenhou rules and logs the
// rates the arena prints, then where the wins and deal-ins come from
// (selfPlayDiag). With $MAHJONG_STATS_ORACLE set to "tenpai" or "waits"
// (an expert spec only), every expert is told from the hidden hands
// which seats are ready (tenpai), and on which tiles (waits): the bound
// perfect reading would give, for the analysis in docs/mahjong-bots.md.
// Run it with -benchtime 2000x for the table there.
func BenchmarkSelfPlayStats(b *testing.B) {
	spec := "defense"
	if e := os.Getenv("MAHJONG_STATS_SPEC"); e != "" {
		spec = e
	}
	d := &selfPlayDiag{}
	ps := four(b, spec)
	if mode := os.Getenv("MAHJONG_STATS_ORACLE"); mode != "" {
		if err := d.setOracle(ps, mode); err != nil {
			b.Fatal(err)
		}
	}
	for i, p := range ps {
		ps[i] = &diagSeat{Strategy: p, d: d, seat: i}
	}
	r := mahjong.Tenhou()
	var st selfPlayStats
	seed := uint64(1 << 40)
	for b.Loop() {
		seed++
		res, err := Play(r, seed, ps, nil)
		if err != nil {
			b.Fatal(err)
		}
		st.games++
		st.hands += res.Stats["hands"]
		st.draws += res.Stats["draws"]
		for _, m := range res.SeatStats {
			st.add(0, 0, m)
		}
	}
	w, wh := rate(st.wins, st.seatHands)
	dl, dh := rate(st.dealins, st.seatHands)
	ri, rih := rate(st.riichi, st.seatHands)
	c, ch := rate(st.calls, st.seatHands)
	dr, drh := rate(st.draws, st.hands)
	b.ReportMetric(st.hands/st.games, "hands/game")
	b.ReportMetric(100*w, "win%")
	b.ReportMetric(100*dl, "dealin%")
	b.ReportMetric(100*ri, "riichi%")
	b.ReportMetric(100*c, "call%")
	b.ReportMetric(100*dr, "draw%")
	b.ReportMetric(100*d.tsumo/st.seatHands, "tsumo%")
	b.ReportMetric(100*d.ready/st.seatHands, "ready%")
	b.ReportMetric(st.winPoints/st.wins, "points/win")
	b.ReportMetric(st.dealinPoints/st.dealins, "points/dealin")
	b.Logf("%s self-play, %.0f games: %.2f hands/game, win %.1f±%.1f %%, deal-in %.1f±%.1f %%, riichi %.1f±%.1f %%, calls %.1f±%.1f %%, draws %.1f±%.1f %%, average win %.0f points, average deal-in %.0f points",
		spec, st.games, st.hands/st.games, 100*w, 100*wh, 100*dl, 100*dh, 100*ri, 100*rih, 100*c, 100*ch, 100*dr, 100*drh, st.winPoints/st.wins, st.dealinPoints/st.dealins)
	b.Log(d.report(st.seatHands))
}

// selfPlayDiag counts, per seat-hand, what the Tenhou-style rates leave
// out: tsumo wins, hands that were ready after some discard, and each
// deal-in by the winner's hand (riichi, open, closed without riichi)
// and by whether the discarder was ready. It also keeps each seat's
// concealed tiles after its latest discard, for the oracle.
type selfPlayDiag struct {
	tsumo, ready float64
	dealin       [3][2]float64 // winner riichi/open/closed × discarder ready
	hand         [4][mahjong.NumKinds]uint8
	melds        [4]int
	waits        [4][mahjong.NumKinds]bool
	handNo       int // hands of this game begun so far (by the first seat to see each)
}

func (d *selfPlayDiag) report(seatHands float64) string {
	pc := func(x float64) float64 { return 100 * x / seatHands }
	return fmt.Sprintf("tsumo %.2f %%, ready at some discard %.2f %%; deal-ins into riichi %.2f %% (%.2f %% from a ready hand), into open hands %.2f %% (%.2f %%), into closed hands without riichi %.2f %% (%.2f %%)",
		pc(d.tsumo), pc(d.ready), pc(d.dealin[0][0]+d.dealin[0][1]), pc(d.dealin[0][1]),
		pc(d.dealin[1][0]+d.dealin[1][1]), pc(d.dealin[1][1]), pc(d.dealin[2][0]+d.dealin[2][1]), pc(d.dealin[2][1]))
}

// readyOn reports whether seat s's concealed tiles after its latest
// discard are ready, filling d.waits[s]. Before its first discard of a
// hand (or mid-kan) the tiles are not known and count as not ready.
func (d *selfPlayDiag) readyOn(s int) bool {
	c := d.hand[s]
	n := 0
	for _, x := range c {
		n += int(x)
	}
	w := &d.waits[s]
	*w = [mahjong.NumKinds]bool{}
	if n != 13-3*d.melds[s] {
		return false
	}
	ready := false
	for k := range c {
		if c[k] < 4 {
			c[k]++
			if mahjong.IsAgari(&c, d.melds[s]) {
				w[k], ready = true, true
			}
			c[k]--
		}
	}
	return ready
}

// setOracle gives every Expert of ps the truth of each seat: whether it is
// ready ("tenpai": the danger of each tile stays the model's) and also
// its waits ("waits": danger 1 on them, 0 elsewhere).
func (d *selfPlayDiag) setOracle(ps []Strategy, mode string) error {
	if mode != "tenpai" && mode != "waits" {
		return fmt.Errorf("MAHJONG_STATS_ORACLE=%q: want tenpai or waits", mode)
	}
	for _, p := range ps {
		e, ok := p.(*Expert)
		if !ok {
			return fmt.Errorf("MAHJONG_STATS_ORACLE needs expert players, not %T", p)
		}
		e.oracle = func(s int) (bool, *[mahjong.NumKinds]bool) {
			if !d.readyOn(s) {
				return false, nil
			}
			if mode == "waits" {
				return true, &d.waits[s]
			}
			return true, nil
		}
	}
	return nil
}

// diagSeat follows one seat for selfPlayDiag: it records the seat's tiles
// after each discard and reads the game's public events.
type diagSeat struct {
	Strategy
	d     *selfPlayDiag
	seat  int
	hands int  // hands of this game this seat has seen begin
	ready bool // ready after its latest discard
	was   bool // ready after some discard this hand
	// public: riichi and open hands of each seat this hand
	riichi, open [4]bool
}

func (s *diagSeat) Reset() {
	s.Strategy.Reset()
	s.hands, s.d.handNo = 0, 0
}

func (s *diagSeat) SetRules(r mahjong.Rules) {
	if rs, ok := s.Strategy.(RulesSetter); ok {
		rs.SetRules(r)
	}
}

func (s *diagSeat) Decide(v *mahjong.View, legal []mahjong.Action, rng *rand.Rand) mahjong.Action {
	a := s.Strategy.Decide(v, legal, rng)
	if a.Kind == mahjong.ActDiscard || a.Kind == mahjong.ActRiichi {
		c := v.Counts()
		c[a.Tile.Kind()]--
		s.d.hand[s.seat], s.d.melds[s.seat] = c, int(v.NMelds[v.Me])
		s.ready = mahjong.Shanten(&c, int(v.NMelds[v.Me])) == 0
		s.was = s.was || s.ready
	}
	return a
}

func (s *diagSeat) Watch(e mahjong.Event) {
	d := s.d
	switch e.Kind {
	case mahjong.EvHandStart:
		s.ready, s.was = false, false
		s.riichi, s.open = [4]bool{}, [4]bool{}
		// Events reach a seat only when it decides: the first seat to
		// see a hand begin forgets every seat's tiles of the last one.
		if s.hands++; s.hands > d.handNo {
			d.handNo = s.hands
			d.hand = [4][mahjong.NumKinds]uint8{}
		}
	case mahjong.EvRiichi:
		s.riichi[e.Seat] = true
	case mahjong.EvCall:
		if e.Meld != mahjong.Ankan {
			s.open[e.Seat] = true
		}
	case mahjong.EvWin:
		switch {
		case int(e.Seat) == s.seat && e.From == e.Seat:
			d.tsumo++
		case int(e.From) == s.seat:
			k := 2
			if s.riichi[e.Seat] {
				k = 0
			} else if s.open[e.Seat] {
				k = 1
			}
			d.dealin[k][b2i(s.ready)]++
		}
	case mahjong.EvHandEnd:
		if s.was {
			d.ready++
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestSelfPlayDiag checks the self-play diagnostics: the wrapper changes
// no game, every win is counted once (as a tsumo or as the discarder's
// deal-in), the oracles change the games, and bad settings are refused.
func TestSelfPlayDiag(t *testing.T) {
	r := mahjong.Tenhou()
	const games = 8
	plain := make([][]float64, games)
	for g := range plain {
		res, err := Play(r, uint64(g+1), four(t, "expert"), nil)
		if err != nil {
			t.Fatal(err)
		}
		plain[g] = res.Score
	}
	for _, mode := range []string{"", "tenpai", "waits"} {
		d := &selfPlayDiag{}
		ps := four(t, "expert")
		if mode != "" {
			if err := d.setOracle(ps, mode); err != nil {
				t.Fatal(err)
			}
		}
		for i, p := range ps {
			ps[i] = &diagSeat{Strategy: p, d: d, seat: i}
		}
		wins, changed := 0.0, 0
		for g := range plain {
			res, err := Play(r, uint64(g+1), ps, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range res.SeatStats {
				wins += m["wins"]
			}
			if !slices.Equal(res.Score, plain[g]) {
				changed++
			}
		}
		dealins := 0.0
		for _, x := range d.dealin {
			dealins += x[0] + x[1]
		}
		if d.tsumo+dealins != wins || wins == 0 {
			t.Errorf("oracle %q: %v tsumo + %v deal-ins, %v wins", mode, d.tsumo, dealins, wins)
		}
		if (changed > 0) != (mode != "") {
			t.Errorf("oracle %q: %d of %d games differ from plain expert", mode, changed, games)
		}
	}
	if err := (&selfPlayDiag{}).setOracle(four(t, "expert"), "hands"); err == nil {
		t.Error("oracle mode hands accepted")
	}
	if err := (&selfPlayDiag{}).setOracle(four(t, "defense"), "waits"); err == nil {
		t.Error("oracle on defense accepted")
	}
}
