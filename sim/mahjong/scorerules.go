package mahjong

import "fmt"

// ScoreRules are the scoring choices on which tables differ. The engine's
// Rules embed them; DihouScoring and TenhouScoring are the two presets.
type ScoreRules struct {
	// RedFives: 0m/0p/0s exist and each counts one dora (赤ドラ).
	RedFives bool `json:"red_fives"`
	// OpenTanyao: 断ヤオ九 also counts in an open hand (kuitan).
	OpenTanyao bool `json:"open_tanyao"`
	// Kiriage: 4 han 30 fu and 3 han 60 fu are rounded up to mangan.
	Kiriage bool `json:"kiriage"`
	// KazoeYakuman: 13 han or more (without a yakuman) pays a yakuman;
	// otherwise it stays sanbaiman.
	KazoeYakuman bool `json:"kazoe_yakuman"`
	// DoubleYakuman: 大四喜, 国士無双13面, 純正九蓮宝燈 and 四暗刻単騎 count
	// as two yakuman.
	DoubleYakuman bool `json:"double_yakuman"`
	// DoubleWindPairFu is the fu of a pair that is both round and seat
	// wind: 4 (Tenhou, 地鳳) or 2 (some tables).
	DoubleWindPairFu int `json:"double_wind_pair_fu"`
	// FuTableMangan: 1–2 han hands of 120 fu or more pay mangan, as the
	// 地鳳 server's ron table has no such rows (mj_score.ts
	// getScorePointWithFu). Needs about three kans; otherwise no effect.
	FuTableMangan bool `json:"fu_table_mangan"`
	// PreferHan: among the readings of a hand keep the one with the most
	// yakuman, then han, then fu, as the 地鳳 server does (mj_score.ts
	// getScore); otherwise (Tenhou) the one that pays most. They differ
	// only when fewer han with much more fu pay more.
	PreferHan bool `json:"prefer_han"`
	// GroupedNames: list yaku as the 地鳳 server writes NOTIFY agari — one
	// 役牌 entry with the number of value triplets and one ドラ entry for
	// dora, kan dora and ura dora — instead of Tenhou's separate 場風/自風/
	// 役牌 and ドラ/裏ドラ/赤ドラ entries. Han and points are the same.
	GroupedNames bool `json:"grouped_names"`
}

// DihouScoring returns the 地鳳 server's scoring (spec sections 3.7–3.9):
// no red fives, open tanyao, no kiriage, kazoe yakuman at 13 han, double
// yakuman, double-wind pair 4 fu, the reading with most han, grouped
// 役牌/ドラ names in the server's order.
func DihouScoring() ScoreRules {
	return ScoreRules{
		RedFives:         false,
		OpenTanyao:       true,
		Kiriage:          false,
		KazoeYakuman:     true,
		DoubleYakuman:    true,
		DoubleWindPairFu: 4,
		PreferHan:        true,
		FuTableMangan:    true,
		GroupedNames:     true,
	}
}

// TenhouScoring returns Tenhou's scoring: red fives, open tanyao, no
// kiriage, kazoe yakuman at 13 han, no double yakuman (several yakuman
// still add up), double-wind pair 4 fu, Tenhou's yaku names.
func TenhouScoring() ScoreRules {
	return ScoreRules{
		RedFives:         true,
		OpenTanyao:       true,
		Kiriage:          false,
		KazoeYakuman:     true,
		DoubleYakuman:    false,
		DoubleWindPairFu: 4,
		GroupedNames:     false,
	}
}

// Validate reports an impossible setting.
func (r ScoreRules) Validate() error {
	if r.DoubleWindPairFu != 2 && r.DoubleWindPairFu != 4 {
		return fmt.Errorf("mahjong: double_wind_pair_fu %d: want 2 or 4", r.DoubleWindPairFu)
	}
	return nil
}
