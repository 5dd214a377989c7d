package mahjong

// Yaku identifies a scoring pattern (役). The han values live in Score;
// this file holds the names.
type Yaku uint8

// The yaku, han yaku first, then dora, then yakuman.
const (
	YakuMenzenTsumo Yaku = iota
	YakuRiichi
	YakuDoubleRiichi
	YakuIppatsu
	YakuChankan
	YakuRinshan
	YakuHaitei
	YakuHoutei
	YakuPinfu
	YakuTanyao
	YakuIipeikou
	YakuSeatWind   // 自風 (Tenhou names) — grouped into YakuYakuhai under 地鳳 names
	YakuRoundWind  // 場風
	YakuWhite      // 役牌 白
	YakuGreen      // 役牌 發
	YakuRed        // 役牌 中
	YakuYakuhai    // 役牌 n (地鳳: all value triplets in one entry)
	YakuChiitoitsu // 七対子
	YakuSanshoku
	YakuIttsu
	YakuChanta
	YakuSanankou
	YakuSanshokuDoukou
	YakuToitoi
	YakuHonroutou
	YakuShousangen
	YakuSankantsu
	YakuJunchan
	YakuRyanpeikou
	YakuHonitsu
	YakuChinitsu
	YakuDora // ドラ (地鳳: dora + kan dora + ura + red in one entry)
	YakuUraDora
	YakuAkaDora

	YakuTenhou
	YakuChiihou
	YakuKokushi
	YakuKokushi13
	YakuSuuankou
	YakuSuuankouTanki
	YakuDaisangen
	YakuShousuushii
	YakuDaisuushii
	YakuTsuuiisou
	YakuRyuuiisou
	YakuChinroutou
	YakuChuuren
	YakuJunseiChuuren
	YakuSuukantsu

	numYaku
)

// yakuNames holds the Japanese name as the 地鳳 server writes it in
// NOTIFY agari (Tenhou's name for the entries that server does not have)
// and an English name.
var yakuNames = [numYaku][2]string{
	YakuMenzenTsumo:    {"門前清自摸和", "Menzen tsumo"},
	YakuRiichi:         {"立直", "Riichi"},
	YakuDoubleRiichi:   {"W立直", "Double riichi"},
	YakuIppatsu:        {"一発", "Ippatsu"},
	YakuChankan:        {"槍槓", "Chankan"},
	YakuRinshan:        {"嶺上開花", "Rinshan kaihou"},
	YakuHaitei:         {"海底撈月", "Haitei"},
	YakuHoutei:         {"河底撈魚", "Houtei"},
	YakuPinfu:          {"平和", "Pinfu"},
	YakuTanyao:         {"断ヤオ九", "Tanyao"},
	YakuIipeikou:       {"一盃口", "Iipeikou"},
	YakuSeatWind:       {"自風", "Seat wind"},
	YakuRoundWind:      {"場風", "Round wind"},
	YakuWhite:          {"役牌 白", "White dragon"},
	YakuGreen:          {"役牌 發", "Green dragon"},
	YakuRed:            {"役牌 中", "Red dragon"},
	YakuYakuhai:        {"役牌", "Value tiles"},
	YakuChiitoitsu:     {"七対子", "Chiitoitsu"},
	YakuSanshoku:       {"三色同順", "Sanshoku doujun"},
	YakuIttsu:          {"一気通貫", "Ittsu"},
	YakuChanta:         {"混全帯ヤオ九", "Chanta"},
	YakuSanankou:       {"三暗刻", "Sanankou"},
	YakuSanshokuDoukou: {"三色同刻", "Sanshoku doukou"},
	YakuToitoi:         {"対々和", "Toitoi"},
	YakuHonroutou:      {"混老頭", "Honroutou"},
	YakuShousangen:     {"小三元", "Shousangen"},
	YakuSankantsu:      {"三槓子", "Sankantsu"},
	YakuJunchan:        {"純全帯ヤオ九", "Junchan"},
	YakuRyanpeikou:     {"二盃口", "Ryanpeikou"},
	YakuHonitsu:        {"混一色", "Honitsu"},
	YakuChinitsu:       {"清一色", "Chinitsu"},
	YakuDora:           {"ドラ", "Dora"},
	YakuUraDora:        {"裏ドラ", "Ura dora"},
	YakuAkaDora:        {"赤ドラ", "Red fives"},
	YakuTenhou:         {"天和", "Tenhou"},
	YakuChiihou:        {"地和", "Chiihou"},
	YakuKokushi:        {"国士無双", "Kokushi musou"},
	YakuKokushi13:      {"国士無双１３面", "Kokushi musou, 13-sided wait"},
	YakuSuuankou:       {"四暗刻", "Suuankou"},
	YakuSuuankouTanki:  {"四暗刻単騎", "Suuankou tanki"},
	YakuDaisangen:      {"大三元", "Daisangen"},
	YakuShousuushii:    {"小四喜", "Shousuushii"},
	YakuDaisuushii:     {"大四喜", "Daisuushii"},
	YakuTsuuiisou:      {"字一色", "Tsuuiisou"},
	YakuRyuuiisou:      {"緑一色", "Ryuuiisou"},
	YakuChinroutou:     {"清老頭", "Chinroutou"},
	YakuChuuren:        {"九蓮宝燈", "Chuuren poutou"},
	YakuJunseiChuuren:  {"純正九蓮宝燈", "Junsei chuuren poutou"},
	YakuSuukantsu:      {"四槓子", "Suukantsu"},
}

// Name returns the Japanese name (the 地鳳 server's spelling where it has
// the yaku; 自風/場風 without the wind, see YakuHan.Name).
func (y Yaku) Name() string {
	if y < numYaku {
		return yakuNames[y][0]
	}
	return "?"
}

// English returns the English name.
func (y Yaku) English() string {
	if y < numYaku {
		return yakuNames[y][1]
	}
	return "?"
}

// IsYakuman reports whether y is a yakuman.
func (y Yaku) IsYakuman() bool { return y >= YakuTenhou && y < numYaku }

// YakuHan is one line of a score: the yaku, its han (0 for a yakuman) or
// its yakuman multiple, and its display names.
type YakuHan struct {
	Yaku    Yaku
	Han     int
	Yakuman int
	Name    string // as the server writes it, e.g. "立直", "場風 東"
	English string
}
