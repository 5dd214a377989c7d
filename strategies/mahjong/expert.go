package mahjong

import (
	"math"
	"math/rand/v2"

	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// Expert picks each discard by expected value: the chance to win with
// what is left (a turn-by-turn chain over shanten, live ukeire and the
// tiles still to draw; for a hand left one from ready, the waits each
// accepting draw leads to: Shape) times the hand's estimated points
// (handEstimate: yaku in reach such as tanyao, value honors, flushes,
// toitoi, chiitoitsu, iipeikou, sanshoku and ittsu, plus dora, red
// fives, dealer, honba and sticks). Against threats (riichi seats, open hands
// with 3 or more melds, or 2 melds showing value or a flush) it subtracts
// each tile's expected deal-in loss (tenpai probability × threat value ×
// the tile's danger from genbutsu, suji, kabe, one-chance, the riichi
// tile's neighbours and the suits an open hand collects) and compares
// that push with the fold (the tile with the least expected loss); a
// hand two or more from ready folds against a riichi unless it is worth
// FoldValue. Seats that show no threat yet (open hands, closed hands
// late) get a small tenpai probability that only steers the choice among
// discards (Soft). A ready hand counts a wait on a tile of its own river
// (furiten) as winning by tsumo only and then stays dama. In the last
// hand (南4) a leader weighs losses more, the 2nd and 3rd places too
// (Orasu: a deal-in may cost a place), and the last-placed seat its
// wins. It pons value honors and takes other calls only when the
// expected value after the call beats passing by CallEV,
// answers no call while a threat stands and it is not ready, and
// declares riichi at tenpai unless the hand has a yaku and at least Dama
// estimated han (or the wall is nearly out). With Value, Danger and
// CallEV at 0 and FoldShanten 9 it is the earlier version (Efficiency's
// discards, suji/kabe danger only, call_shanten calls). Deal-in rates by
// tile class are the usual Tenhou figures (non-suji middle tiles ≈ 12 %,
// suji terminals ≈ 2 %, genbutsu 0); see docs/mahjong-bots.md.
type Expert struct {
	Efficiency
	// Loss scales the expected deal-in loss against the expected win.
	Loss float64
	// OpenThreat is the tenpai probability given to an open hand with 3+
	// melds (2 melds with a visible value honor or dora count half).
	OpenThreat float64
	// Dama is the estimated han (without riichi) from which a closed
	// tenpai with a yaku stays dama.
	Dama float64
	// CallShanten is the highest shanten after a chi or a non-value pon
	// for which Expert calls with no dora in hand.
	CallShanten float64
	// Silent scales the tenpai probability given to seats that show no
	// threat yet (closed hands without riichi, open hands with 1-2 melds
	// and no visible value), which grows with their turns.
	Silent float64
	// Future scales the danger of the discards still to come when pushing.
	Future float64
	// FoldFuture is the share of that later danger charged to a fold.
	FoldFuture float64
	// Danger, when above 0, refines the danger of a tile: one-chance,
	// flush and all-simples signals of open hands, the riichi tile's
	// neighbours, dora (dangerRefined).
	Danger float64
	// Open1 is the tenpai probability, reached at the 12th turn, of an
	// open hand with one meld that shows value.
	Open1 float64
	// FoldShanten: against a riichi a hand this far from ready (after its
	// best discard) folds unless its estimate reaches FoldValue points.
	FoldShanten, FoldValue float64
	// CallYaku, when above 0 (with CallEV), lets the hand estimate judge
	// the yaku of a call (flushes, toitoi too) instead of yakuInReach.
	CallYaku float64
	// CallEV, when above 0, takes a chi or non-value pon only when the
	// expected value after it beats CallEV times that of passing.
	CallEV float64
	// Hazard, when above 0, replaces 0.04, the chance a turn that another
	// seat ends the hand before any threat shows.
	Hazard float64
	// Wait, when above 0, weighs a ready hand's ron chance by the tiles it
	// waits on (honors and terminals, suji traps more; waitRon).
	Wait float64
	// Orasu raises the weight of losses in the last hand for the 3rd
	// place (by 1+Orasu) and the 2nd (by 1+Orasu/2).
	Orasu float64
	// Furiten, when above 0, counts a ready hand whose wait includes a
	// tile of its own river as winning by tsumo only, and such a hand
	// does not declare riichi (it stays free to change its wait).
	Furiten float64
	// Soft, when above 0 (with Open1 and Silent 0), gives the seats that
	// show no threat yet a tenpai probability growing with their turns
	// (open hands showing value up to Soft by their 12th turn, other open
	// hands half, closed hands 0.3 of it) that only steers the choice
	// among discards: no push/fold comparison, no later-danger charge.
	Soft float64
	// Value, when above 0, picks discards by expected value (handEstimate:
	// yaku in reach, dora, honba) instead of Efficiency's ukeire alone.
	Value float64
	// Shape, when above 0, values a discard that leaves a hand one from
	// ready by the waits its draws lead to (shapeEV).
	Shape float64
	// ShapePrune, when above 0, looks ahead (Shape) only for the discards
	// whose plain expected value reaches ShapePrune times the best one's.
	ShapePrune float64
	look       mahjong.Discards // the hands one draw ahead (shapeEV)
	// oracle, set only by this package's self-play diagnostics
	// (stats_test.go), tells from the hidden hands whether seat s is
	// ready and, if waits is not nil, on which kinds: the bound perfect
	// reading would give (docs/mahjong-bots.md). A strategy built by New
	// never has it.
	oracle func(s int) (ready bool, waits *[mahjong.NumKinds]bool)
}

// threat is one opponent's danger: tenpai probability, value and safe kinds.
type threat struct {
	p, value float64
	safe     [mahjong.NumKinds]bool
	// what the melds and the river show (Danger 1 only): the one number
	// suit a flush collects (-1 none), an open all-simples hand, and the
	// kind of the riichi declaration tile (NoTile if none).
	flush  int
	tanyao bool
	decl   mahjong.Tile
	// soft: a guess (Soft) that only steers the choice among discards;
	// it triggers no push/fold comparison and no later-danger charge.
	soft bool
	// waits, set only by Expert.oracle, are the seat's true waits: a
	// tile's danger is then 1 on them and 0 elsewhere.
	waits *[mahjong.NumKinds]bool
}

// expertCtx is what one decision of Expert derives from the view.
type expertCtx struct {
	c       [mahjong.NumKinds]uint8
	vis     [mahjong.NumKinds]uint8
	seen    [mahjong.NumKinds]uint8 // vis + own hand
	threats [3]threat
	nt      int // threats with a tenpai probability above 0
	hard    int // of them, threats that are not soft
	real    int // riichi seats and open hands showing 3 melds or value
	riichi  int // riichi seats
	lossW   float64
	winW    float64
	hazard  float64 // chance a turn that another seat ends the hand
	futureW float64
	danger2 bool                   // use dangerRefined
	river   mahjong.KindSet        // the kinds of Me's river (furiten)
	dora    [mahjong.NumKinds]bool // the dora kinds
}

func (e *Expert) Decide(v *mahjong.View, legal []mahjong.Action, rng *rand.Rand) mahjong.Action {
	if a, ok := win(legal); ok {
		return a
	}
	var x expertCtx
	e.context(v, &x)
	_, claim := pass(legal)
	melds := int(v.NMelds[v.Me])
	if claim {
		// Against a real threat only a ready hand calls (a call breaks a fold).
		if x.real == 0 || e.push(v, &x, mahjong.Shanten(&x.c, melds), -1, 0) {
			return e.expertClaim(v, legal, &x)
		}
		p, _ := pass(legal)
		return p
	}
	if x.real == 0 {
		if a, ok := e.kan(v, legal); ok {
			return a
		}
	}
	if x.hard == 0 {
		d := e.discardEV(v, legal, rng, &x)
		return e.riichiOrDama(v, legal, &x, d)
	}
	// Against a threat: push (play for the hand) or fold (safest tile),
	// whichever has the better expected value.
	push := e.discardEV(v, legal, rng, &x)
	var dt [mahjong.NumKinds]int
	for k := range dt {
		if x.c[k] > 0 { // only held kinds can be discarded
			dt[k] = int(1e4 * x.loss(mahjong.Tile(k)))
		}
	}
	fold := e.bestDiscard(v, legal, rng, &dt)
	if push.Kind != mahjong.ActDiscard || push == fold {
		return e.riichiOrDama(v, legal, &x, push)
	}
	an := &e.discards
	an.Reset(&x.c, melds)
	sh, _, cnt := an.Ukeire(push.Tile.Kind(), &x.vis)
	fsh := an.Shanten(fold.Tile.Kind())
	_, _, fcnt := an.Ukeire(fold.Tile.Kind(), &x.vis)
	reds := int(v.Hand[mahjong.RedM5] + v.Hand[mahjong.RedP5] + v.Hand[mahjong.RedS5])
	c := x.c
	c[push.Tile.Kind()]--
	r := reds
	if push.Tile.IsRed() {
		r--
	}
	val := e.handValue(v, &c, r)
	if x.riichi > 0 && float64(sh) >= e.FoldShanten && val < e.FoldValue {
		return fold // far from ready against a riichi: no estimate needed
	}
	evPush := x.winW*pWin(v, sh, cnt, x.hazard)*val - x.lossW*(x.loss(push.Tile.Kind())+x.future(sh))
	c = x.c
	c[fold.Tile.Kind()]--
	r = reds
	if fold.Tile.IsRed() {
		r--
	}
	fval := e.handValue(v, &c, r)
	// The fold's hand is charged the later danger of a hand two or more
	// from ready: it must push again to win. Without the charge the bot
	// folds too often; the 1v3 screens of each FoldFuture value (command,
	// 半荘, rank points ± 95 %, deal-in) are in docs/mahjong-bots.md.
	evFold := x.winW*pWin(v, fsh, fcnt, x.hazard)*fval - x.lossW*(x.loss(fold.Tile.Kind())+e.FoldFuture*x.future(max(fsh, 2)))
	if evPush >= evFold {
		return e.riichiOrDama(v, legal, &x, push)
	}
	return fold
}

// loss is the expected points lost by discarding kind k: the sum over
// threats of tenpai probability, danger and value.
func (x *expertCtx) loss(k mahjong.Tile) float64 {
	l := 0.0
	for i := 0; i < x.nt; i++ {
		t := &x.threats[i]
		if x.danger2 {
			l += t.p * t.value * dangerRefined(t, x, k)
		} else {
			l += t.p * t.value * danger(t, x, k)
		}
	}
	return l
}

// future is the expected loss of the discards still to come from shanten
// sh when pushing (about 7 % danger a tile, 3 % from tenpai).
func (x *expertCtx) future(sh int) float64 {
	f := 0.03
	if sh > 0 {
		f = 0.07 * float64(sh)
	}
	f *= x.futureW
	l := 0.0
	for i := 0; i < x.nt; i++ {
		if !x.threats[i].soft {
			l += x.threats[i].p * x.threats[i].value * f
		}
	}
	return l
}

// push reports whether a hand at shanten sh answers claim prompts
// against a threat (only from tenpai: a call breaks the fold).
func (e *Expert) push(v *mahjong.View, x *expertCtx, sh, _ int, _ float64) bool {
	return sh <= 0
}

// riichiOrDama turns discard d into a riichi when legal and wanted.
func (e *Expert) riichiOrDama(v *mahjong.View, legal []mahjong.Action, x *expertCtx, d mahjong.Action) mahjong.Action {
	if d.Kind != mahjong.ActDiscard || v.NMelds[v.Me] != 0 {
		return d
	}
	r := mahjong.Action{Kind: mahjong.ActRiichi, Tile: d.Tile}
	for _, a := range legal {
		if a == r && e.wantRiichi(v, x, d.Tile) {
			return r
		}
	}
	return d
}

// context fills the counts, the visible tiles, the threats and the
// score-situation weights.
func (e *Expert) context(v *mahjong.View, x *expertCtx) {
	x.c = v.Counts()
	x.vis = visible(v)
	for k := range x.seen {
		x.seen[k] = min(4, x.vis[k]+x.c[k])
	}
	x.nt, x.hard, x.real, x.riichi = 0, 0, 0, 0
	for s := range v.Riichi {
		seat := sim.Seat(s)
		if seat == v.Me {
			continue
		}
		t := &x.threats[x.nt]
		*t = threat{}
		dealer := seat == v.Dealer
		shown := 0.0 // visible value: dora and red in melds, value-honor pons
		for i := uint8(0); i < v.NMelds[s]; i++ {
			m := &v.Melds[s][i]
			k := m.Tiles[0].Kind()
			if m.Kind != mahjong.Chi && (k.IsDragon() || k == roundWind(v) || k == mahjong.East+mahjong.Tile((s-int(v.Dealer)+4)%4)) {
				shown++
			}
			for _, tl := range m.Tiles[:m.Len()] {
				if tl.IsRed() {
					shown++
				}
				for _, ind := range v.Dora[:v.NDora] {
					if tl.Kind() == mahjong.DoraFromIndicator(ind) {
						shown++
					}
				}
			}
		}
		n := float64(v.Rivers[s].N) // the seat's turns so far
		t.flush, t.decl = -1, mahjong.NoTile
		if e.Danger > 0 {
			shown += e.readMelds(v, s, t)
		}
		switch {
		case v.Riichi[s]:
			t.p = 1
			t.value = 5200 + 1300*shown
			x.real++
			x.riichi++
		case v.NMelds[s] >= 3:
			t.p = e.OpenThreat
			t.value = 2600 + 2000*shown
			x.real++
		case v.NMelds[s] == 2 && shown > 0:
			t.p = e.OpenThreat / 2
			t.value = 2600 + 2000*shown
			x.real++
		case e.Soft > 0 && e.Open1 == 0 && e.Silent == 0:
			// a guess that steers the discard choice only
			t.soft = true
			switch {
			case v.NMelds[s] > 0 && shown > 0:
				t.p = e.Soft * min(1, max(0, (n-3)/9))
				t.value = 2600 + 2000*shown
			case v.NMelds[s] > 0:
				t.p = e.Soft * 0.5 * min(1, max(0, (n-4)/8))
				t.value = 2000
			default:
				t.p = e.Soft * 0.3 * min(1, max(0, (n-6)/8))
				t.value = 4500
			}
		case v.NMelds[s] == 1 && shown > 0 && e.Open1 > 0:
			// one meld showing value (a yakuhai pon, dora): a fast hand
			t.p = e.Open1 * min(1, max(0, (n-4)/8))
			t.value = 2600 + 2000*shown
		case v.NMelds[s] > 0:
			// an open hand without visible value: tenpai grows with turns
			t.p = e.Silent * min(0.35, 0.03*(n-4)*float64(v.NMelds[s]))
			t.value = 2000 + 2000*shown
		default:
			// a closed hand that has not declared: a dama tenpai
			t.p = e.Silent * min(0.2, 0.02*(n-5))
			t.value = 4500
		}
		if e.oracle != nil {
			ready, waits := e.oracle(s)
			hard := t.p > 0 && !t.soft
			t.soft, t.p, t.waits = false, 0, waits
			switch {
			case ready && !hard:
				t.p = 1
				if t.value == 0 {
					t.value = 4000
				}
				x.real++
			case ready:
				t.p = 1
			case hard && !v.Riichi[s]:
				x.real--
			}
		}
		if t.p <= 0 {
			continue
		}
		if dealer {
			t.value *= 1.5
		}
		r := &v.Rivers[s]
		for i := uint8(0); i < r.N; i++ {
			t.safe[r.Tiles[i].Kind()] = true
		}
		if v.Riichi[s] {
			// tiles others discarded after the declaration
			after := int(r.N) - int(v.RiichiAt[s])
			for o := range v.Rivers {
				ro := &v.Rivers[o]
				n := after
				if e.Danger > 0 && (o-s+4)%4 >= (int(v.Me)-s+4)%4 {
					// Me and the seats after it have not discarded
					// since the riichi seat's latest discard
					n--
				}
				for i := max(0, int(ro.N)-n); i < int(ro.N); i++ {
					t.safe[ro.Tiles[i].Kind()] = true
				}
			}
		}
		if !t.soft {
			x.hard++
		}
		x.nt++
	}
	x.danger2 = e.Danger > 0
	x.river = 0
	if e.Furiten > 0 || e.Wait > 0 {
		r := &v.Rivers[v.Me]
		for i := uint8(0); i < r.N; i++ {
			x.river |= 1 << r.Tiles[i].Kind()
		}
	}
	for _, ind := range v.Dora[:v.NDora] {
		x.dora[mahjong.DoraFromIndicator(ind)] = true
	}
	x.lossW, x.winW, x.futureW = e.Loss, 1, e.Future
	x.hazard = 0.04
	if e.Hazard > 0 {
		x.hazard = e.Hazard
	}
	for i := 0; i < x.nt; i++ {
		if !x.threats[i].soft {
			x.hazard += 0.08 * x.threats[i].p
		}
	}
	if v.Round >= 7 { // the last hand of a 半荘 (南4) or later
		place := 1
		for s, sc := range v.Scores {
			if sim.Seat(s) != v.Me && sc > v.Scores[v.Me] {
				place++
			}
		}
		switch place {
		case 1:
			x.lossW *= 1.5
			x.winW = 0.6
		case 2:
			x.lossW *= 1 + e.Orasu/2
		case 3:
			// a deal-in may drop it to 4th, the costly place
			x.lossW *= 1 + e.Orasu
		case 4:
			x.winW = 1.4
			x.lossW *= 0.7
		}
	}
}

// honorDanger is the chance an honor deals into a tenpai threat it is
// not genbutsu against, by the copies seen (a tanki or shanpon wait).
func honorDanger(seen uint8) float64 {
	switch seen {
	case 4, 3:
		return 0.005
	case 2:
		return 0.03
	case 1:
		return 0.06
	}
	return 0.08
}

// danger is the probability that kind k deals into a tenpai threat t.
func danger(t *threat, x *expertCtx, k mahjong.Tile) float64 {
	if t.waits != nil {
		return b2f(t.waits[k])
	}
	if t.safe[k] {
		return 0
	}
	if k.IsHonor() {
		return honorDanger(x.seen[k])
	}
	n := int(k%9) + 1
	// kabe: a neighbour all seen rules out the runs waiting on k from that side
	// lo: no ryanmen (n-2,n-1) waits on k (suji n-3 safe, or a kabe);
	// hi likewise for (n+1,n+2). Edges count as covered.
	lo := n < 3 || (n >= 4 && t.safe[k-3]) || x.seen[k-1] == 4 || x.seen[k-2] == 4
	hi := n > 7 || (n <= 6 && t.safe[k+3]) || x.seen[k+1] == 4 || x.seen[k+2] == 4
	switch {
	case n == 1 || n == 9:
		if lo && hi {
			return 0.02
		}
		return 0.055
	case n == 2 || n == 8:
		if lo && hi {
			return 0.03
		}
		return 0.075
	case n == 3 || n == 7:
		if lo && hi {
			return 0.045
		}
		return 0.095
	default:
		switch {
		case lo && hi:
			return 0.04
		case lo || hi:
			return 0.08
		}
		return 0.12
	}
}

// handValue estimates the points of a win with the concealed counts c
// (without one tile of kind d, or NoTile) and Me's melds: 0 when an open
// hand has no yaku in reach.
func (e *Expert) handValue(v *mahjong.View, c *[mahjong.NumKinds]uint8, reds int) float64 {
	if e.Value > 0 {
		return e.handEstimate(v, c, reds, nil)
	}
	me := v.Me
	open := false
	han := 0.0
	yaku := false
	yao := 0
	for k := mahjong.Tile(0); k < mahjong.NumKinds; k++ {
		if k.IsYaochu() {
			yao += int(c[k])
		}
	}
	for i := uint8(0); i < v.NMelds[me]; i++ {
		m := &v.Melds[me][i]
		if m.Kind != mahjong.Ankan {
			open = true
		}
		k := m.Tiles[0].Kind()
		if m.Kind != mahjong.Chi && isValueHonor(v, k) {
			han++
			yaku = true
		}
		for _, t := range m.Tiles[:m.Len()] {
			if t.IsYaochu() {
				yao += 10
			}
			for _, ind := range v.Dora[:v.NDora] {
				if t.Kind() == mahjong.DoraFromIndicator(ind) {
					han++
				}
			}
		}
	}
	honorsAndSimples(v, c, yao, open, false, &han, &yaku)
	pts, _ := winPoints(v, c, reds, open, yaku, han, pointsOfHan) // 0 without yaku
	return pts
}

// pointsOfHan is a non-dealer's win by han at about 30-40 fu.
func pointsOfHan(han float64) float64 {
	switch {
	case han < 1.5:
		return 1300
	case han < 2.5:
		return 2600
	case han < 3.5:
		return 5200
	case han < 4.5:
		return 7700
	case han < 5.5:
		return 8000
	case han < 7.5:
		return 12000
	case han < 10.5:
		return 16000
	}
	return 24000
}

// pWin estimates the chance to win from shanten sh with count unseen
// accepting tiles: a turn-by-turn chain where each turn the hand ends
// without us with probability hazard, a shanten step needs one of count
// (later steps: a typical 24) of the unseen tiles, and a tenpai wins on
// its waits by draw or ron (1.6 times the draw chance).
func pWin(v *mahjong.View, sh, count int, hazard float64) float64 {
	return pWinRon(v, sh, count, hazard, 1.6)
}

// horizon is what the win chance chains run over: Me's draws left (a
// quarter of the wall) and the tiles Me has not seen (the wall, the dead
// wall and the others' concealed tiles; at least 20).
func horizon(v *mahjong.View) (turns int, unseen float64) {
	unseen = float64(v.WallLeft) + 14
	for _, n := range v.Concealed {
		unseen += float64(n)
	}
	return int(v.WallLeft) / 4, math.Max(unseen, 20)
}

// pWinRon is pWin with the ready hand's wins ron times its draw chance
// (1.6 with ron, 1 for a furiten wait).
func pWinRon(v *mahjong.View, sh, count int, hazard, ron float64) float64 {
	if sh < 0 {
		return 1
	}
	turns, unseen := horizon(v)
	sh = min(sh, 4)
	var st [6]float64 // st[i]: probability of being i steps from winning
	st[sh+1] = 1
	won := 0.0
	for range turns {
		for i := 1; i <= sh+1; i++ {
			if st[i] == 0 {
				continue
			}
			var r float64
			switch {
			case i == sh+1 && i == 1:
				r = math.Min(0.5, ron*float64(count)/unseen)
			case i == sh+1:
				r = float64(count) / unseen
			case i == 1:
				r = math.Min(0.5, 1.6*6/unseen)
			default:
				r = 24 / unseen
			}
			m := st[i] * (1 - hazard) * r
			st[i] = st[i]*(1-hazard) - m
			if i == 1 {
				won += m
			} else {
				st[i-1] += m
			}
		}
	}
	return won
}

// wantRiichi: riichi at a closed tenpai unless the hand has a yaku
// without it and at least Dama han, or the wall is nearly out with a yaku.
func (e *Expert) wantRiichi(v *mahjong.View, x *expertCtx, d mahjong.Tile) bool {
	c := x.c
	c[d.Kind()]--
	reds := int(v.Hand[mahjong.RedM5] + v.Hand[mahjong.RedP5] + v.Hand[mahjong.RedS5])
	if d.IsRed() {
		reds--
	}
	if e.Furiten > 0 {
		an := &e.discards
		an.Reset(&x.c, 0)
		if _, waits, _ := an.Ukeire(d.Kind(), &x.vis); waits&(x.river|1<<d.Kind()) != 0 {
			return false
		}
	}
	han, yaku := closedHan(v, &c, reds)
	if !yaku {
		return true
	}
	if v.WallLeft < 8 {
		return false
	}
	return han < e.Dama
}

// closedHan is the han of a closed hand without riichi and whether it
// has a yaku (tanyao or a value-honor triplet).
func closedHan(v *mahjong.View, c *[mahjong.NumKinds]uint8, reds int) (float64, bool) {
	han, yaku := 0.0, false
	yao := 0
	for k := mahjong.Tile(0); k < mahjong.NumKinds; k++ {
		if k.IsYaochu() {
			yao += int(c[k])
		}
	}
	if yao == 0 {
		han++
		yaku = true
	}
	for h := mahjong.East; h <= mahjong.Red; h++ {
		if c[h] >= 3 && isValueHonor(v, h) {
			han++
			yaku = true
		}
	}
	for _, ind := range v.Dora[:v.NDora] {
		han += float64(c[mahjong.DoraFromIndicator(ind)])
	}
	return han + float64(reds), yaku
}

// expertClaim answers a claim prompt: pass while any threat makes the
// current hand a fold, pon value honors, and take other calls only when
// they lower the shanten, keep a yaku and the hand is close enough or
// holds dora.
func (e *Expert) expertClaim(v *mahjong.View, legal []mahjong.Action, x *expertCtx) mahjong.Action {
	p, _ := pass(legal)
	t := v.LastDiscard
	if t == mahjong.NoTile {
		return p
	}
	k := t.Kind()
	melds := int(v.NMelds[v.Me])
	now := mahjong.Shanten(&x.c, melds)
	if x.real > 0 && now > 0 {
		return p
	}
	reds := int(v.Hand[mahjong.RedM5] + v.Hand[mahjong.RedP5] + v.Hand[mahjong.RedS5])
	dora := 0
	for _, ind := range v.Dora[:v.NDora] {
		dora += int(x.c[mahjong.DoraFromIndicator(ind)])
	}
	for _, a := range legal {
		if a.Kind != mahjong.ActPon && a.Kind != mahjong.ActChi {
			continue
		}
		c2 := x.c
		c2[a.Tile.Kind()]--
		c2[a.Tile2.Kind()]--
		after := mahjong.Shanten(&c2, melds+1)
		if a.Kind == mahjong.ActPon && isValueHonor(v, k) {
			if after <= now {
				return a
			}
			continue
		}
		if after >= now || (e.CallYaku == 0 && !e.yakuInReach(v, a, k)) {
			continue
		}
		if e.CallEV > 0 {
			if e.callEV(v, a, x) {
				return a
			}
			continue
		}
		if float64(after) <= e.CallShanten || dora+reds >= 1 || melds > 0 {
			return a
		}
	}
	return p
}
