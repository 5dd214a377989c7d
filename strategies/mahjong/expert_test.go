package mahjong

import (
	"math/rand/v2"
	"testing"

	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// viewOf builds seat 0's view (not the dealer, 東1) holding hand in the
// ParseHand form, with dora indicators ind (compact form, may be "").
func viewOf(t *testing.T, hand, ind string) *mahjong.View {
	t.Helper()
	h, err := mahjong.ParseHand(hand)
	if err != nil {
		t.Fatal(err)
	}
	v := mahjong.NewView(0)
	v.Dealer = 1
	for _, tl := range h.Tiles {
		v.Hand[tl]++
	}
	copy(v.Melds[0][:], h.Melds)
	v.NMelds[0] = uint8(len(h.Melds))
	if ind != "" {
		ts, err := mahjong.ParseTiles(ind)
		if err != nil {
			t.Fatal(err)
		}
		for _, tl := range ts {
			v.Dora[v.NDora] = tl
			v.NDora++
		}
	}
	return &v
}

func TestHandEstimate(t *testing.T) {
	e := &Expert{}
	for _, tc := range []struct {
		name, hand, ind string
		lo, hi          float64
	}{
		{"closed plain", "123m456p78s2399s1z", "", 1500, 2700},
		{"closed tanyao dora", "234m456p678s23455p", "4p", 7000, 12000},
		{"open no yaku", "123m456p78s99s<789m>", "", 0, 0},
		{"open tanyao", "234m456p78s55s<678m>", "", 1000, 1500},
		{"open honitsu", "1235678m11z55z<789m>", "", 3000, 6000},
		{"open yakuhai", "123m456p78s99s<555z>", "", 1000, 1500},
		{"closed honitsu", "1112345678999m1z", "", 7700, 12000},
		{"chiitoitsu pairs", "1133m5577p99s1z2z3z", "", 2600, 6000},
		{"open toitoi", "111m55p99s7z<222s><888m>", "", 2000, 4000},
		{"sanshoku ittsu", "123m123p12s456789p", "", 5000, 7800},
		{"sanshoku", "123m123p12s456p11z", "", 2600, 5000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := viewOf(t, tc.hand, tc.ind)
			c := v.Counts()
			reds := int(v.Hand[mahjong.RedM5] + v.Hand[mahjong.RedP5] + v.Hand[mahjong.RedS5])
			got := e.handEstimate(v, &c, reds, nil)
			if got < tc.lo || got > tc.hi {
				t.Errorf("estimate %.0f, want %.0f–%.0f", got, tc.lo, tc.hi)
			}
		})
	}
}

// A called meld counts like a made one: an extra chi of terminals ends
// all simples.
func TestHandEstimateExtraMeld(t *testing.T) {
	e := &Expert{}
	v := viewOf(t, "234m456p78s55s67m", "")
	c := v.Counts()
	c[(mahjong.M1+5)]--
	c[(mahjong.M1+6)]--
	tanyao := mahjong.Meld{Kind: mahjong.Chi, Tiles: [4]mahjong.Tile{(mahjong.M1 + 4), (mahjong.M1 + 5), (mahjong.M1 + 6), mahjong.NoTile}}
	if got := e.handEstimate(v, &c, 0, &tanyao); got <= 0 {
		t.Errorf("open tanyao after chi 567m: %.0f, want > 0", got)
	}
	edge := mahjong.Meld{Kind: mahjong.Chi, Tiles: [4]mahjong.Tile{(mahjong.M1 + 6), (mahjong.M1 + 7), (mahjong.M1 + 8), mahjong.NoTile}}
	if got := e.handEstimate(v, &c, 0, &edge); got != 0 {
		t.Errorf("open hand with 789m and no yaku: %.0f, want 0", got)
	}
}

func TestPointsOfIsMonotone(t *testing.T) {
	prev := 0.0
	for h := 0.0; h <= 14; h += 0.1 {
		p := pointsOf(h)
		if p < prev {
			t.Fatalf("pointsOf(%.1f) = %.0f < %.0f", h, p, prev)
		}
		prev = p
	}
}

// dangerRefined orders tiles as the deal-in statistics do: genbutsu 0,
// suji below non-suji, one flush's other suits below its own, terminals
// against an open all-simples hand nearly safe.
func TestDangerRefined(t *testing.T) {
	var x expertCtx
	th := threat{flush: -1, decl: mahjong.NoTile}
	th.safe[(mahjong.P1 + 3)] = true // suji for 1p and 7p, half for 4p's neighbours
	d := func(k mahjong.Tile) float64 { return dangerRefined(&th, &x, k) }
	if got := d((mahjong.P1 + 3)); got != 0 {
		t.Errorf("genbutsu 4p: %v", got)
	}
	if !(d(mahjong.P1) < d(mahjong.M1)) || !(d((mahjong.P1 + 6)) < d((mahjong.M1 + 6))) {
		t.Errorf("suji 1p %v / 7p %v not below 1m %v / 7m %v", d(mahjong.P1), d((mahjong.P1 + 6)), d(mahjong.M1), d((mahjong.M1 + 6)))
	}
	if !(d(mahjong.M1) < d((mahjong.M1 + 4))) {
		t.Errorf("terminal %v not below middle %v", d(mahjong.M1), d((mahjong.M1 + 4)))
	}
	x.seen[(mahjong.S1 + 5)] = 3 // one-chance for 7s, 8s from below
	if !(d((mahjong.S1 + 7)) < d((mahjong.M1 + 7))) {
		t.Errorf("one-chance 8s %v not below 8m %v", d((mahjong.S1 + 7)), d((mahjong.M1 + 7)))
	}
	fl := th
	fl.flush = int(mahjong.M1 / 9)
	if !(dangerRefined(&fl, &x, (mahjong.S1+4)) < d((mahjong.S1+4)) && dangerRefined(&fl, &x, (mahjong.M1+4)) > d((mahjong.M1+4))) {
		t.Errorf("flush in m: 5s %v, 5m %v", dangerRefined(&fl, &x, (mahjong.S1+4)), dangerRefined(&fl, &x, (mahjong.M1+4)))
	}
	tn := th
	tn.tanyao = true
	if !(dangerRefined(&tn, &x, mahjong.North) < d(mahjong.North)/2) {
		t.Errorf("all-simples hand, North: %v", dangerRefined(&tn, &x, mahjong.North))
	}
}

// readMelds sees a flush in two melds of one suit, not in mixed ones.
func TestReadMelds(t *testing.T) {
	e := &Expert{}
	for _, tc := range []struct {
		hand   string
		flush  int
		tanyao bool
	}{
		{"1234m<789m><111m>", 0, false},
		{"1234m<789m><555z>", 0, false},
		{"1234m<789m><111p>", -1, false},
		{"1234m<678m><345p>", -1, true},
	} {
		v := viewOf(t, tc.hand, "")
		th := threat{flush: -1, decl: mahjong.NoTile}
		e.readMelds(v, int(sim.Seat(0)), &th)
		if th.flush != tc.flush || th.tanyao != tc.tanyao {
			t.Errorf("%s: flush %d tanyao %v, want %d %v", tc.hand, th.flush, th.tanyao, tc.flush, tc.tanyao)
		}
	}
}

// addRiver appends the compact tiles ts to seat s's river in v.
func addRiver(t *testing.T, v *mahjong.View, s int, ts string) {
	t.Helper()
	tl, err := mahjong.ParseTiles(ts)
	if err != nil {
		t.Fatal(err)
	}
	r := &v.Rivers[s]
	for _, x := range tl {
		r.Tiles[r.N] = x
		r.N++
	}
}

// discardsOf lists a discard of every kind in v's hand.
func discardsOf(v *mahjong.View) []mahjong.Action {
	var l []mahjong.Action
	for k := mahjong.Tile(0); k < mahjong.NumTiles; k++ {
		if v.Hand[k] > 0 {
			l = append(l, mahjong.Action{Kind: mahjong.ActDiscard, Tile: k})
		}
	}
	return l
}

// With furiten=1 (the default) a ready hand choosing between two single waits of the
// same live count waits on the tile not in its own river; without it the
// choice is a tie broken at random.
func TestExpertAvoidsFuritenWait(t *testing.T) {
	v := viewOf(t, "123m456m789m111p2z3z", "")
	v.WallLeft = 50
	addRiver(t, v, 0, "9p3z") // West (3z) in Me's river: waiting on it is furiten
	addRiver(t, v, 2, "2z")   // South seen once too: both waits have 2 live tiles
	legal := discardsOf(v)
	for _, tc := range []struct {
		spec string
		want bool // always discards West
	}{{"expert", true}, {"expert?furiten=0", false}} {
		p, err := New(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		west := 0
		for seed := uint64(0); seed < 40; seed++ {
			a := p.Decide(v, legal, rand.New(rand.NewPCG(seed, 1)))
			if a.Tile == mahjong.West {
				west++
			}
		}
		if got := west == 40; got != tc.want {
			t.Errorf("%s: discarded West %d of 40 times", tc.spec, west)
		}
	}
}

// A soft threat (a seat with one open meld showing value) steers the
// discard only: it counts in nt, not in hard, and adds no hazard.
func TestExpertSoftThreat(t *testing.T) {
	v := viewOf(t, "123m456m789m11p3s5s", "")
	v.WallLeft = 40
	v.Melds[2][0] = mahjong.Meld{Kind: mahjong.Pon, Tiles: [4]mahjong.Tile{mahjong.White, mahjong.White, mahjong.White, mahjong.NoTile}, Called: mahjong.White}
	v.NMelds[2] = 1
	addRiver(t, v, 2, "1z2z9m1s9s4z8p2m8s7m3p")
	for _, tc := range []struct {
		soft     float64
		nt, hard int
	}{{0, 0, 0}, {0.3, 1, 0}} {
		e := &Expert{Soft: tc.soft, Danger: 1, OpenThreat: 0.5}
		var x expertCtx
		e.context(v, &x)
		if x.nt != tc.nt || x.hard != tc.hard || x.hazard != 0.04 {
			t.Errorf("soft %v: nt %d hard %d hazard %v, want %d %d 0.04", tc.soft, x.nt, x.hard, x.hazard, tc.nt, tc.hard)
		}
		if tc.nt > 0 && !(x.loss(mahjong.S1+3) > x.loss(mahjong.White)) {
			t.Errorf("soft %v: 4s loss %v not above the genbutsu-like White %v", tc.soft, x.loss(mahjong.S1+3), x.loss(mahjong.White))
		}
	}
}

// In the last hand the 3rd place weighs losses by 1+orasu, the 2nd by
// 1+orasu/2, the leader 1.5.
func TestExpertOrasuWeights(t *testing.T) {
	v := viewOf(t, "123m456m789m11p3s5s", "")
	v.Round = 7
	for _, tc := range []struct {
		scores [4]int32
		want   float64
	}{
		{[4]int32{22000, 30000, 28000, 20000}, 3},   // 3rd
		{[4]int32{40000, 20000, 20000, 20000}, 1.5}, // leader
		{[4]int32{30000, 35000, 20000, 15000}, 2},   // 2nd
		{[4]int32{10000, 35000, 30000, 25000}, 0.7}, // last
	} {
		v.Scores = tc.scores
		e := &Expert{Loss: 1, Orasu: 2}
		var x expertCtx
		e.context(v, &x)
		if x.lossW != tc.want {
			t.Errorf("scores %v: loss weight %v, want %v", tc.scores, x.lossW, tc.want)
		}
	}
}

// waitRon: honors and terminals above middle tiles, a suji trap above the
// same tile without it, 1 with Wait 0.
func TestWaitRon(t *testing.T) {
	e := &Expert{Wait: 1}
	var x expertCtx
	set := func(ks ...mahjong.Tile) mahjong.KindSet {
		var s mahjong.KindSet
		for _, k := range ks {
			s |= 1 << k
		}
		return s
	}
	mid := e.waitRon(&x, set(mahjong.M1+4))
	if hon, term := e.waitRon(&x, set(mahjong.West)), e.waitRon(&x, set(mahjong.P1)); !(hon > term && term > mid && mid == 1) {
		t.Errorf("honor %v, terminal %v, middle %v", hon, term, mid)
	}
	x.river = set(mahjong.M1 + 1) // 2m discarded: 5m is its suji
	if trap := e.waitRon(&x, set(mahjong.M1+4)); !(trap > mid) {
		t.Errorf("suji trap 5m %v not above %v", trap, mid)
	}
	x.seen[mahjong.West] = 4
	if got := e.waitRon(&x, set(mahjong.West, mahjong.M1+4)); got != e.waitRon(&x, set(mahjong.M1+4)) {
		t.Errorf("a dead honor wait still counts: %v", got)
	}
	if got := (&Expert{}).waitRon(&x, set(mahjong.South)); got != 1 {
		t.Errorf("Wait 0: %v", got)
	}
}

// shapeEV values a hand one from ready by the waits its draws lead to:
// above the plain estimate (a typical 6-tile wait) when every draw makes
// a two-sided wait, below it when every draw leaves a closed (kanchan)
// one.
func TestShapeEVWeighsWaits(t *testing.T) {
	e := &Expert{Value: 1}
	for _, tc := range []struct {
		hand  string // 14 tiles, the last one discarded
		above bool
	}{{"123m456m22p45s67p1z9s", true}, {"123m456m22p13s79p1z9s", false}} {
		v := viewOf(t, tc.hand, "")
		v.WallLeft = 60
		var x expertCtx
		e.context(v, &x)
		c := x.c
		c[mahjong.S1+8]--
		an := &e.discards
		an.Reset(&x.c, 0)
		sh, uk, cnt := an.Ukeire(mahjong.S1+8, &x.vis)
		if sh != 1 {
			t.Fatalf("%s: shanten %d after 9s, want 1", tc.hand, sh)
		}
		plain := pWin(v, sh, cnt, x.hazard) * e.handEstimate(v, &c, 0, nil)
		shape := e.shapeEV(v, &x, &c, 0, mahjong.S1+8, uk, cnt)
		if got := shape > plain; got != tc.above {
			t.Errorf("%s: shapeEV %.0f, plain %.0f: above %v, want %v", tc.hand, shape, plain, got, tc.above)
		}
	}
}
