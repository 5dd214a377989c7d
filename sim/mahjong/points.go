package mahjong

// basePoints returns the base points and limit name for han and fu (or a
// yakuman multiple) under rules r (section 3.9; Tenhou's table): below
// mangan fu·2^(han+2), then mangan 2000, haneman 3000, baiman 4000,
// sanbaiman 6000, (kazoe) yakuman 8000 per multiple.
func basePoints(han, fu, yakuman int, r *ScoreRules) (int, string) {
	switch {
	case yakuman > 0:
		return 8000 * yakuman, "yakuman"
	case han >= 13 && r.KazoeYakuman:
		return 8000, "kazoe yakuman"
	case han >= 11:
		return 6000, "sanbaiman"
	case han >= 8:
		return 4000, "baiman"
	case han >= 6:
		return 3000, "haneman"
	case han == 5:
		return 2000, "mangan"
	}
	b := fu << (han + 2)
	if b >= 2000 || (r.Kiriage && b >= 1920) {
		return 2000, "mangan"
	}
	return b, ""
}

// ceil100 rounds up to a multiple of 100.
func ceil100(x int) int { return (x + 99) / 100 * 100 }

// Payment is the split of a hand value among the payers.
type Payment struct {
	Ron         int // ron: what the discarder pays (before honba)
	TsumoDealer int // non-dealer tsumo: the dealer's share
	TsumoOther  int // tsumo: each non-dealer's share (every payer's when the dealer wins)
}

// Pay returns the ron and tsumo payments of base points for a dealer or
// non-dealer winner (before honba and sticks).
func Pay(base int, dealer bool) Payment {
	if dealer {
		return Payment{Ron: ceil100(6 * base), TsumoOther: ceil100(2 * base)}
	}
	return Payment{Ron: ceil100(4 * base), TsumoDealer: ceil100(2 * base), TsumoOther: ceil100(base)}
}

// result turns the best reading into a ScoreResult with names and
// payments.
func (x *scoreCtx) result(rd *reading) ScoreResult {
	w, r := x.w, x.r
	res := ScoreResult{Han: rd.hanTotal, Fu: rd.fu, Yakuman: rd.yakuman}
	res.Base, res.Limit = basePoints(rd.hanTotal, rd.fu, rd.yakuman, r)
	if rd.yakuman > 0 {
		res.Han, res.Fu = 0, 0
	}
	res.Yaku = x.yakuList(rd)
	winner := int(w.SeatWind - East)
	pay := Pay(res.Base, x.dealer)
	if w.Tsumo {
		for s := 0; s < 4; s++ {
			if s == winner {
				continue
			}
			p := pay.TsumoOther
			if s == 0 && !x.dealer {
				p = pay.TsumoDealer
			}
			res.Points += p
			res.Payments[s] -= p + 100*w.Honba
			res.Payments[winner] += p + 100*w.Honba
		}
	} else {
		loser := int(w.Discarder - East)
		res.Points = pay.Ron
		res.Payments[loser] -= pay.Ron + 300*w.Honba
		res.Payments[winner] += pay.Ron + 300*w.Honba
	}
	res.Payments[winner] += 1000 * w.Sticks
	return res
}

// yakuList names the yaku of a reading, grouped or split by the rules.
func (x *scoreCtx) yakuList(rd *reading) []YakuHan {
	w := x.w
	out := make([]YakuHan, 0, 8)
	add := func(y Yaku, han int, name string) {
		e := YakuHan{Yaku: y, Name: name, English: y.English()}
		if y.IsYakuman() {
			e.Yakuman = han
		} else {
			e.Han = han
		}
		out = append(out, e)
	}
	valueHan := int(rd.han[YakuSeatWind] + rd.han[YakuRoundWind] + rd.han[YakuWhite] + rd.han[YakuGreen] + rd.han[YakuRed])
	for y := Yaku(0); y < numYaku; y++ {
		n := int(rd.han[y])
		if n == 0 {
			continue
		}
		switch y {
		case YakuSeatWind, YakuRoundWind, YakuWhite, YakuGreen, YakuRed:
			if x.r.GroupedNames { // one 役牌 entry in place of the first
				if valueHan > 0 {
					add(YakuYakuhai, valueHan, YakuYakuhai.Name())
					valueHan = 0
				}
				continue
			}
		case YakuDora, YakuUraDora, YakuAkaDora:
			if x.r.GroupedNames {
				continue
			}
		}
		name := y.Name()
		switch y {
		case YakuSeatWind:
			name += " " + windNames[w.SeatWind-East]
		case YakuRoundWind:
			name += " " + windNames[w.RoundWind-East]
		}
		add(y, n, name)
	}
	if x.r.GroupedNames && rd.yakuman == 0 {
		if n := int(rd.han[YakuDora] + rd.han[YakuUraDora] + rd.han[YakuAkaDora]); n > 0 {
			add(YakuDora, n, YakuDora.Name())
		}
	}
	return out
}
