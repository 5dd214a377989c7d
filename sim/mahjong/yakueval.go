package mahjong

// scoreCtx holds what every reading of one won hand shares.
type scoreCtx struct {
	h       *Hand
	w       *Win
	r       *ScoreRules
	c       *[34]uint8 // concealed counts, winning tile included
	all     [34]uint8  // every tile of the hand, melds included
	win     Tile       // kind of the winning tile
	menzen  bool       // no open meld
	dealer  bool
	quads   int
	dora    int // dora + kan dora
	ura     int
	aka     int
	simples bool // no terminal or honor anywhere
	yaochu  bool // only terminals and honors
	honors  bool // only honors
	terms   bool // only terminals
	green   bool // only 2s3s4s6s8s6z
	suits   uint8
	hasZ    bool
}

// newScoreCtx returns the context of one won hand (a value, so that the
// pointers it holds stay on the caller's stack).
func newScoreCtx(h *Hand, w *Win, r *ScoreRules, c *[34]uint8, winIn bool) scoreCtx {
	x := scoreCtx{h: h, w: w, r: r, c: c, win: w.Tile.Kind(), menzen: true, dealer: w.SeatWind == East}
	x.all = *c
	reds := 0 // red faces anywhere in the hand
	for _, t := range h.Tiles {
		if t.IsRed() {
			reds++
		}
	}
	if !winIn && w.Tile.IsRed() {
		reds++
	}
	for i := range h.Melds {
		m := &h.Melds[i]
		for _, t := range m.Tiles[:m.Len()] {
			x.all[t.Kind()]++
			if t.IsRed() {
				reds++
			}
		}
		if m.IsOpen() {
			x.menzen = false
		}
		if m.IsQuad() {
			x.quads++
		}
	}
	for _, ind := range w.Dora {
		x.dora += int(x.all[DoraFromIndicator(ind)])
	}
	if w.Riichi || w.DoubleRiichi {
		for _, ind := range w.Ura {
			x.ura += int(x.all[DoraFromIndicator(ind)])
		}
	}
	if r.RedFives {
		x.aka = reds
	}
	x.simples, x.yaochu, x.honors, x.terms, x.green = true, true, true, true, true
	for k, n := range x.all {
		if n == 0 {
			continue
		}
		t := Tile(k)
		if t.IsYaochu() {
			x.simples = false
		} else {
			x.yaochu = false
		}
		if !t.IsHonor() {
			x.honors = false
			x.suits |= 1 << t.Suit()
		} else {
			x.hasZ = true
		}
		if !t.IsTerminal() {
			x.terms = false
		}
		switch t {
		case S1 + 1, S1 + 2, S1 + 3, S1 + 5, S1 + 7, Green:
		default:
			x.green = false
		}
	}
	return x
}

// reading is one way to read the hand, valued.
type reading struct {
	han       [numYaku]int8 // han per yaku, or the yakuman multiple
	hanYaku   [numYaku]int8 // for a yakuman: the han yaku (and dora) it wiped
	hanFu     int           // for a yakuman: the fu of the reading
	hanSum    int           // for a yakuman: the total of hanYaku
	hanNoDora int
	hanTotal  int
	fu        int
	yakuman   int
	base      int
}

// bestReading keeps the best reading seen.
type bestReading struct {
	rd        reading
	found     bool
	preferHan bool // ScoreRules.PreferHan
}

func (b *bestReading) consider(rd reading) {
	better := rd.better(&b.rd)
	if b.preferHan {
		better = rd.moreHan(&b.rd)
	}
	if !b.found || better {
		b.rd = rd
		b.found = true
	}
}

// moreHan reports whether a has more yakuman, then more han, then more fu
// than b.
func (a *reading) moreHan(b *reading) bool {
	if a.yakuman != b.yakuman {
		return a.yakuman > b.yakuman
	}
	if a.yakuman > 0 { // equal yakuman: the server keeps the most han, fu
		if a.hanSum != b.hanSum {
			return a.hanSum > b.hanSum
		}
		return a.hanFu > b.hanFu
	}
	if a.hanTotal != b.hanTotal {
		return a.hanTotal > b.hanTotal
	}
	return a.fu > b.fu
}

// better reports whether a pays more than b (ties: more han, more fu).
func (a *reading) better(b *reading) bool {
	if a.base != b.base {
		return a.base > b.base
	}
	if a.hanTotal != b.hanTotal {
		return a.hanTotal > b.hanTotal
	}
	return a.fu > b.fu
}

// situational adds the yaku that do not depend on the reading.
func (x *scoreCtx) situational(rd *reading) {
	w := x.w
	if w.DoubleRiichi {
		rd.han[YakuDoubleRiichi] = 2
	} else if w.Riichi {
		rd.han[YakuRiichi] = 1
	}
	if w.Ippatsu {
		rd.han[YakuIppatsu] = 1
	}
	if x.menzen && w.Tsumo {
		rd.han[YakuMenzenTsumo] = 1
	}
	if w.Chankan {
		rd.han[YakuChankan] = 1
	}
	if w.Rinshan {
		rd.han[YakuRinshan] = 1
	}
	// No haitei on a rinshan draw, no houtei on a chankan (Tenhou and the
	// 地鳳 server agree).
	if w.Haitei && w.Tsumo && !w.Rinshan {
		rd.han[YakuHaitei] = 1
	} else if w.Haitei && !w.Tsumo && !w.Chankan {
		rd.han[YakuHoutei] = 1
	}
	if x.simples && (x.menzen || x.r.OpenTanyao) {
		rd.han[YakuTanyao] = 1
	}
	if x.suits&(x.suits-1) == 0 && x.suits != 0 {
		if x.hasZ {
			rd.han[YakuHonitsu] = x.openHan(3)
		} else {
			rd.han[YakuChinitsu] = x.openHan(6)
		}
	}
}

// openHan returns closed han, or one less in an open hand.
func (x *scoreCtx) openHan(closed int8) int8 {
	if x.menzen {
		return closed
	}
	return closed - 1
}

// doubleMult returns the multiple of a double yakuman under the rules.
func (x *scoreCtx) doubleMult() int8 {
	if x.r.DoubleYakuman {
		return 2
	}
	return 1
}

// firstTurn adds 天和/地和.
func (x *scoreCtx) firstTurn(rd *reading) {
	if x.w.FirstTurn && x.w.Tsumo {
		if x.dealer {
			rd.han[YakuTenhou] = 1
		} else {
			rd.han[YakuChiihou] = 1
		}
	}
}

// finish totals a reading: yakuman wipe the han yaku.
func (x *scoreCtx) finish(rd *reading) {
	ym := 0
	for y := YakuTenhou; y < numYaku; y++ {
		ym += int(rd.han[y])
	}
	if ym > 0 {
		copy(rd.hanYaku[:], rd.han[:YakuTenhou])
		rd.hanYaku[YakuDora] = int8(x.dora)
		rd.hanYaku[YakuUraDora] = int8(x.ura)
		rd.hanYaku[YakuAkaDora] = int8(x.aka)
		rd.hanFu = rd.fu
		for _, n := range rd.hanYaku {
			rd.hanSum += int(n)
		}
		for y := Yaku(0); y < YakuTenhou; y++ {
			rd.han[y] = 0
		}
		rd.yakuman, rd.fu, rd.hanNoDora, rd.hanTotal = ym, 0, 0, 0
		rd.base = 8000 * ym
		return
	}
	for y := Yaku(0); y < YakuDora; y++ {
		rd.hanNoDora += int(rd.han[y])
	}
	rd.hanTotal = rd.hanNoDora
	if rd.hanNoDora > 0 { // dora count only with a yaku
		rd.han[YakuDora] = int8(x.dora)
		rd.han[YakuUraDora] = int8(x.ura)
		rd.han[YakuAkaDora] = int8(x.aka)
		rd.hanTotal += x.dora + x.ura + x.aka
	}
	rd.base, _ = basePoints(rd.hanTotal, rd.fu, 0, x.r)
}

// readChiitoi values the seven-pairs reading.
func (x *scoreCtx) readChiitoi() reading {
	var rd reading
	x.firstTurn(&rd)
	if x.honors {
		rd.han[YakuTsuuiisou] = 1
	}
	x.situational(&rd)
	rd.han[YakuChiitoitsu] = 2
	if x.yaochu {
		rd.han[YakuHonroutou] = 2
	}
	rd.fu = 25
	x.finish(&rd)
	return rd
}

// readKokushi values the thirteen-orphans reading.
func (x *scoreCtx) readKokushi() reading {
	var rd reading
	x.firstTurn(&rd)
	if x.c[x.win] == 2 { // all thirteen were there before the win
		rd.han[YakuKokushi13] = x.doubleMult()
	} else {
		rd.han[YakuKokushi] = 1
	}
	x.finish(&rd)
	return rd
}

// readNormal values every place of the winning tile in decomposition d.
func (x *scoreCtx) readNormal(d *Decomposition, best *bestReading) {
	if d.Pair == x.win {
		best.consider(x.evalNormal(d, -1, Tanki))
	}
	for i, s := range d.Sets {
		if s.Meld {
			continue
		}
		switch {
		case !s.Seq && s.Tile == x.win:
			best.consider(x.evalNormal(d, i, Shanpon))
		case s.Seq && x.win >= s.Tile && x.win <= s.Tile+2:
			pos := x.win - s.Tile
			wait := Ryanmen
			switch {
			case pos == 1:
				wait = Kanchan
			case pos == 2 && s.Tile%9 == 0, pos == 0 && s.Tile%9 == 6:
				wait = Penchan
			}
			best.consider(x.evalNormal(d, i, wait))
		}
	}
}

// evalNormal values decomposition d with the winning tile in set win (-1:
// the pair) completing the given wait.
func (x *scoreCtx) evalNormal(d *Decomposition, win int, wait Wait) reading {
	var rd reading
	w := x.w
	// concealed triplets: a triplet completed by ron is open.
	anko, seqs, kans := 0, 0, 0
	dragonTrips, windTrips := 0, 0
	for i, s := range d.Sets {
		if s.Seq {
			seqs++
			continue
		}
		if s.Quad {
			kans++
		}
		if !s.Open && !(i == win && !w.Tsumo) {
			anko++
		}
		if s.Tile.IsDragon() {
			dragonTrips++
		} else if s.Tile.IsWind() {
			windTrips++
		}
	}
	// Yakuman.
	x.firstTurn(&rd)
	if anko == 4 {
		if wait == Tanki {
			rd.han[YakuSuuankouTanki] = x.doubleMult()
		} else {
			rd.han[YakuSuuankou] = 1
		}
	}
	if dragonTrips == 3 {
		rd.han[YakuDaisangen] = 1
	}
	if windTrips == 4 {
		rd.han[YakuDaisuushii] = x.doubleMult()
	} else if windTrips == 3 && d.Pair.IsWind() {
		rd.han[YakuShousuushii] = 1
	}
	if x.honors {
		rd.han[YakuTsuuiisou] = 1
	}
	if x.green {
		rd.han[YakuRyuuiisou] = 1
	}
	if x.terms {
		rd.han[YakuChinroutou] = 1
	}
	if kans == 4 {
		rd.han[YakuSuukantsu] = 1
	}
	if len(x.h.Melds) == 0 && x.suits&(x.suits-1) == 0 && x.suits != 0 && !x.hasZ {
		if y, ok := x.chuuren(); ok {
			rd.han[y] = 1
			if y == YakuJunseiChuuren {
				rd.han[y] = x.doubleMult()
			}
		}
	}
	// Han yaku (wiped by finish if a yakuman is present).
	x.situational(&rd)
	valuePair := d.Pair.IsDragon() || d.Pair == w.SeatWind || d.Pair == w.RoundWind
	pinfu := x.menzen && seqs == 4 && len(x.h.Melds) == 0 && !valuePair && wait == Ryanmen
	if pinfu {
		rd.han[YakuPinfu] = 1
	}
	if x.menzen {
		same := 0
		for i := 0; i < 4; i++ {
			for j := i + 1; j < 4; j++ {
				if d.Sets[i].Seq && d.Sets[j].Seq && d.Sets[i].Tile == d.Sets[j].Tile {
					same++
				}
			}
		}
		// 2 identical runs: 1 pair; 2+2: 2 pairs; 3 identical: 3 pairs (one
		// peikou); 4 identical: 6 pairs (two).
		switch same {
		case 1, 3:
			rd.han[YakuIipeikou] = 1
		case 2, 6:
			rd.han[YakuRyanpeikou] = 3
		}
	}
	for _, s := range d.Sets {
		if s.Seq {
			continue
		}
		switch s.Tile {
		case White:
			rd.han[YakuWhite] = 1
		case Green:
			rd.han[YakuGreen] = 1
		case Red:
			rd.han[YakuRed] = 1
		}
		if s.Tile == w.SeatWind {
			rd.han[YakuSeatWind] = 1
		}
		if s.Tile == w.RoundWind {
			rd.han[YakuRoundWind] = 1
		}
	}
	// Runs and triplets by number across suits.
	var runs, trips [9]uint8 // bit per suit
	for _, s := range d.Sets {
		if s.Tile.IsHonor() {
			continue
		}
		if s.Seq {
			runs[s.Tile%9] |= 1 << (s.Tile / 9)
		} else {
			trips[s.Tile%9] |= 1 << (s.Tile / 9)
		}
	}
	for n := 0; n < 9; n++ {
		if runs[n] == 7 {
			rd.han[YakuSanshoku] = x.openHan(2)
		}
		if trips[n] == 7 {
			rd.han[YakuSanshokuDoukou] = 2
		}
	}
	if runs[0]&runs[3]&runs[6] != 0 {
		rd.han[YakuIttsu] = x.openHan(2)
	}
	// Outside hands.
	outside := d.Pair.IsYaochu()
	for _, s := range d.Sets {
		if s.Seq {
			outside = outside && (s.Tile%9 == 0 || s.Tile%9 == 6)
		} else {
			outside = outside && s.Tile.IsYaochu()
		}
	}
	if outside && seqs > 0 {
		if x.hasZ {
			rd.han[YakuChanta] = x.openHan(2)
		} else {
			rd.han[YakuJunchan] = x.openHan(3)
		}
	}
	if anko == 3 {
		rd.han[YakuSanankou] = 2
	}
	if seqs == 0 {
		rd.han[YakuToitoi] = 2
	}
	if x.yaochu {
		rd.han[YakuHonroutou] = 2
	}
	if dragonTrips == 2 && d.Pair.IsDragon() {
		rd.han[YakuShousangen] = 2
	}
	if kans == 3 {
		rd.han[YakuSankantsu] = 2
	}
	rd.fu = x.fu(d, win, wait, pinfu)
	x.finish(&rd)
	return rd
}

// chuuren reports 九蓮宝燈 for a closed one-suit hand: 1112345678999 plus
// one tile of the suit; pure (9-sided) when the winning tile is the extra.
func (x *scoreCtx) chuuren() (Yaku, bool) {
	base := Tile(x.suits>>1) * 9 // suits is 1, 2 or 4: base 0, 9, 18
	need := [9]uint8{3, 1, 1, 1, 1, 1, 1, 1, 3}
	extra := Tile(NoTile)
	for i := Tile(0); i < 9; i++ {
		n := x.c[base+i]
		switch {
		case n < need[i]:
			return 0, false
		case n > need[i]:
			extra = base + i
		}
	}
	if extra == x.win {
		return YakuJunseiChuuren, true
	}
	return YakuChuuren, true
}

// fu returns the fu of a normal reading (section 3.8, Tenhou's rules).
func (x *scoreCtx) fu(d *Decomposition, win int, wait Wait, pinfu bool) int {
	w := x.w
	if pinfu {
		if w.Tsumo {
			return 20
		}
		return 30
	}
	fu := 20
	if x.menzen && !w.Tsumo {
		fu += 10
	}
	if w.Tsumo {
		fu += 2
	}
	for i, s := range d.Sets {
		if s.Seq {
			continue
		}
		v := 2
		if s.Tile.IsYaochu() {
			v *= 2
		}
		if s.Quad {
			v *= 4
		}
		if !s.Open && !(i == win && !w.Tsumo) {
			v *= 2
		}
		fu += v
	}
	p := d.Pair
	if p.IsDragon() {
		fu += 2
	}
	switch {
	case p == w.SeatWind && p == w.RoundWind:
		fu += x.r.DoubleWindPairFu
	case p == w.SeatWind, p == w.RoundWind:
		fu += 2
	}
	if wait == Kanchan || wait == Penchan || wait == Tanki {
		fu += 2
	}
	fu = (fu + 9) / 10 * 10
	if fu == 20 {
		fu = 30 // open hand with no fu (Tenhou: 30)
	}
	return fu
}
