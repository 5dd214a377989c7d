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
	if b >= 2000 || (r.Kiriage && b >= 1920) || (r.FuTableMangan && fu >= 120) {
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
	res.Yaku = x.yakuList(&rd.han)
	if rd.yakuman > 0 {
		res.HanYaku = x.yakuList(&rd.hanYaku)
		res.HanFu = rd.hanFu
	}
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

// Tenhou's names of the wind yaku.
var (
	seatWindNames  = [4]string{"自風 東", "自風 南", "自風 西", "自風 北"}
	roundWindNames = [4]string{"場風 東", "場風 南", "場風 西", "場風 北"}
)

// dihouOrder is the order in which the 地鳳 server lists yaku in NOTIFY
// agari: yakuman, then the yaku read from the whole hand (ドラ last), then
// those read from the chosen decomposition.
var dihouOrder = [...]Yaku{
	YakuTenhou, YakuChiihou, YakuRyuuiisou, YakuTsuuiisou, YakuDaisangen, YakuShousuushii,
	YakuDaisuushii, YakuKokushi, YakuKokushi13, YakuChuuren, YakuJunseiChuuren, YakuChinroutou,
	YakuSuukantsu, YakuSuuankou, YakuSuuankouTanki,
	YakuMenzenTsumo, YakuDoubleRiichi, YakuRiichi, YakuIppatsu, YakuTanyao, YakuYakuhai,
	YakuHaitei, YakuHoutei, YakuRinshan, YakuChankan, YakuChiitoitsu, YakuHonroutou,
	YakuShousangen, YakuSankantsu, YakuHonitsu, YakuChinitsu, YakuDora,
	YakuPinfu, YakuIipeikou, YakuSanankou, YakuSanshokuDoukou, YakuSanshoku, YakuIttsu,
	YakuToitoi, YakuChanta, YakuJunchan, YakuRyanpeikou,
}

// dihouNames are the names the 地鳳 server uses for the double yakuman
// (it counts them 2 under the plain name).
var dihouNames = map[Yaku]string{
	YakuKokushi13: "国士無双", YakuJunseiChuuren: "九蓮宝燈", YakuSuuankouTanki: "四暗刻",
}

// yakuList names the yaku of han (han per yaku, yakuman multiples),
// grouped and in the server's order under GroupedNames, split with
// Tenhou's names in Yaku order otherwise.
func (x *scoreCtx) yakuList(han *[numYaku]int8) []YakuHan {
	w := x.w
	out := make([]YakuHan, 0, 8)
	add := func(y Yaku, n int, name string) {
		e := YakuHan{Yaku: y, Name: name, English: y.English()}
		if y.IsYakuman() {
			e.Yakuman = n
		} else {
			e.Han = n
		}
		out = append(out, e)
	}
	if x.r.GroupedNames {
		g := *han
		g[YakuYakuhai] = g[YakuSeatWind] + g[YakuRoundWind] + g[YakuWhite] + g[YakuGreen] + g[YakuRed]
		g[YakuDora] += g[YakuUraDora] + g[YakuAkaDora]
		for _, y := range dihouOrder {
			if g[y] == 0 {
				continue
			}
			name := y.Name()
			if n, ok := dihouNames[y]; ok {
				name = n
			}
			add(y, int(g[y]), name)
		}
		return out
	}
	for y := Yaku(0); y < numYaku; y++ {
		n := int(han[y])
		if n == 0 || y == YakuYakuhai {
			continue
		}
		name := y.Name()
		switch y {
		case YakuSeatWind:
			name = seatWindNames[w.SeatWind-East]
		case YakuRoundWind:
			name = roundWindNames[w.RoundWind-East]
		}
		add(y, n, name)
	}
	return out
}
