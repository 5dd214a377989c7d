package mahjong

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// scoreCase is a hand-made scoring case. opts are space-separated words:
// tsumo riichi double ippatsu rinshan chankan haitei first seat=E|S|W|N
// round=E|S from=E|S|W|N dora=<indicators> ura=<indicators> honba=n
// sticks=n dihou nodoublewind.
type scoreCase struct {
	hand, win, opts string
	yaku            string // "name:han" sorted by Yaku order, yakuman as "name:*"
	han, fu, points int
	err             error
}

var windOf = map[string]Tile{"E": East, "S": South, "W": West, "N": North}

func buildCase(t *testing.T, c scoreCase) (Hand, Win, ScoreRules) {
	t.Helper()
	h, err := ParseHand(c.hand)
	if err != nil {
		t.Fatalf("%s: %v", c.hand, err)
	}
	wt, err := ParseTile(c.win)
	if err != nil {
		t.Fatal(err)
	}
	w := Win{Tile: wt, RoundWind: East, SeatWind: South, Discarder: West}
	r := TenhouScoring()
	for _, o := range strings.Fields(c.opts) {
		k, v, _ := strings.Cut(o, "=")
		switch k {
		case "tsumo":
			w.Tsumo = true
		case "riichi":
			w.Riichi = true
		case "double":
			w.DoubleRiichi = true
		case "ippatsu":
			w.Ippatsu = true
		case "rinshan":
			w.Rinshan = true
		case "chankan":
			w.Chankan = true
		case "haitei":
			w.Haitei = true
		case "first":
			w.FirstTurn = true
		case "seat":
			w.SeatWind = windOf[v]
		case "round":
			w.RoundWind = windOf[v]
		case "from":
			w.Discarder = windOf[v]
		case "dora", "ura":
			ts, err := ParseTiles(v)
			if err != nil {
				t.Fatal(err)
			}
			if k == "dora" {
				w.Dora = ts
			} else {
				w.Ura = ts
			}
		case "honba":
			w.Honba, _ = strconv.Atoi(v)
		case "sticks":
			w.Sticks, _ = strconv.Atoi(v)
		case "dihou":
			r = DihouScoring()
		case "nokuitan":
			r.OpenTanyao = false
		case "nodoublewind":
			r.DoubleWindPairFu = 2
		default:
			t.Fatalf("unknown option %q", o)
		}
	}
	return h, w, r
}

func yakuString(ys []YakuHan) string {
	var parts []string
	for _, y := range ys {
		if y.Yakuman > 0 {
			parts = append(parts, y.Name+":"+strings.Repeat("*", y.Yakuman))
		} else {
			parts = append(parts, fmt.Sprintf("%s:%d", y.Name, y.Han))
		}
	}
	return strings.Join(parts, " ")
}

func TestScoreCases(t *testing.T) {
	cases := []scoreCase{
		// Pinfu ron and tsumo; haitei.
		{"123m456p789s23s55p", "1s", "", "平和:1", 1, 30, 1000, nil},
		{"123m456p789s23s55p", "1s", "tsumo", "門前清自摸和:1 平和:1", 2, 20, 1500, nil},
		{"123m456p789s23s55p", "1s", "tsumo haitei", "門前清自摸和:1 海底撈月:1 平和:1", 3, 20, 2700, nil},
		{"123m456p789s23s55p", "1s", "haitei", "河底撈魚:1 平和:1", 2, 30, 2000, nil},
		// A penchan reading is not pinfu: 12s + 3s.
		{"123m456p789s12s55p", "3s", "riichi", "立直:1", 1, 40, 1300, nil},
		// Kanchan, riichi, ippatsu, dora and ura.
		{"123m456p789s13s55p", "2s", "riichi ippatsu dora=3p ura=1s", "立直:1 一発:1 ドラ:1 裏ドラ:1", 4, 40, 8000, nil},
		// No yaku: a complete hand cannot win on dora alone.
		{"123m456p789s234s5z", "5z", "dora=4z", "", 0, 0, 0, ErrNoYaku},
		{"123m456p789s234s5z", "6z", "riichi", "", 0, 0, 0, ErrNotComplete},
		// Open value triplet: 24 fu → 30; 地鳳 groups it as 役牌.
		{"23m456p789s55p<7z7z7z>", "1m", "", "役牌 中:1", 1, 30, 1000, nil},
		{"23m456p789s55p<7z7z7z>", "1m", "dihou", "役牌:1", 1, 30, 1000, nil},
		// Open hand with no fu at all: 20 → 30.
		{"23m456p55p<7s8s9s><1z1z1z>", "4m", "seat=S round=E", "場風 東:1", 1, 30, 1000, nil},
		// Double wind: 場風 and 自風 (地鳳: 役牌 2), dealer.
		{"23m456p789s55p<1z1z1z>", "4m", "seat=E round=E", "自風 東:1 場風 東:1", 2, 30, 2900, nil},
		{"23m456p789s55p<1z1z1z>", "4m", "seat=E round=E dihou", "役牌:2", 2, 30, 2900, nil},
		// Double-wind pair 4 fu (2 under nodoublewind): 22+4+4+2 = 32 → 40.
		{"222m456p789s234s1z", "1z", "tsumo seat=E round=E riichi", "門前清自摸和:1 立直:1", 2, 40, 3900, nil},
		{"222m456p789s234s1z", "1z", "tsumo seat=E round=E riichi nodoublewind", "門前清自摸和:1 立直:1", 2, 30, 3000, nil},
		// Seven pairs, 25 fu; red five under Tenhou only.
		{"1122m3344p5566s7z", "7z", "riichi", "立直:1 七対子:2", 3, 25, 3200, nil},
		{"1122m3344p5066s7z", "7z", "riichi", "立直:1 七対子:2 赤ドラ:1", 4, 25, 6400, nil},
		{"1122m3344p5566s7z", "7z", "riichi dihou dora=6z", "立直:1 七対子:2 ドラ:2", 5, 25, 8000, nil},
		// Ryanpeikou beats seven pairs.
		{"112233m445566p7s", "7s", "", "二盃口:3", 3, 40, 5200, nil},
		{"112233m456p789s7s", "7s", "", "一盃口:1", 1, 40, 1300, nil},
		// Sanshoku open (1 han), ittsu closed with pinfu.
		{"234m234p67s55z<2s3s4s>", "8s", "", "三色同順:1", 1, 30, 1000, nil},
		{"123456789m23p55s", "1p", "", "平和:1 一気通貫:2", 3, 30, 3900, nil},
		// Chanta (round-wind pair adds 2 fu) and junchan.
		{"123m789p789s12s11z", "3s", "", "混全帯ヤオ九:2", 2, 40, 2600, nil},
		{"123m789p789s12s99m", "3s", "", "純全帯ヤオ九:3", 3, 40, 5200, nil},
		// Ron on a shanpon: that triplet is open; tsumo makes suuankou.
		{"222m444p666s88s99s", "9s", "", "三暗刻:2 対々和:2", 4, 50, 8000, nil},
		{"222m444p666s88s99s", "9s", "tsumo", "四暗刻:*", 0, 0, 32000, nil},
		// Suuankou tanki and kokushi 13-sided: double under 地鳳 only.
		{"222m444p666s999s8s", "8s", "tsumo", "四暗刻単騎:*", 0, 0, 32000, nil},
		{"222m444p666s999s8s", "8s", "tsumo dihou", "四暗刻:**", 0, 0, 64000, nil},
		{"19m19p19s1234567z", "1m", "", "国士無双１３面:*", 0, 0, 32000, nil},
		{"19m19p19s1234567z", "1m", "dihou", "国士無双:**", 0, 0, 64000, nil},
		{"19m19p19s1234566z", "7z", "seat=E", "国士無双:*", 0, 0, 48000, nil},
		{"1112345678999m", "5m", "dihou", "九蓮宝燈:**", 0, 0, 64000, nil},
		{"1112345678999m", "5m", "", "純正九蓮宝燈:*", 0, 0, 32000, nil},
		{"1112345678899m", "9m", "", "九蓮宝燈:*", 0, 0, 32000, nil},
		{"555666777z23m88p", "1m", "", "大三元:*", 0, 0, 32000, nil},
		{"111222333z23m44z", "4m", "", "小四喜:*", 0, 0, 32000, nil},
		{"111222333z44z55z", "4z", "", "大四喜:** 字一色:*", 0, 0, 96000, nil}, // 大四喜 counts 1 under Tenhou: see below
		{"2233446688s666z", "8s", "", "緑一色:*", 0, 0, 32000, nil},
		{"111999m111p99s99p", "9p", "tsumo", "四暗刻:* 清老頭:*", 0, 0, 64000, nil},
		{"1z<2z2z2z2z><3z3z3z3z>(4z4z4z4z)(5z5z5z5z)", "1z", "tsumo", "小四喜:* 字一色:* 四槓子:*", 0, 0, 96000, nil},
		{"123m456p789s23s55p", "1s", "tsumo first seat=E", "天和:*", 0, 0, 48000, nil},
		{"123m456p789s23s55p", "1s", "tsumo first", "地和:*", 0, 0, 32000, nil},
		// Small three dragons, honitsu, chinitsu, honroutou, sanshoku doukou, sankantsu.
		{"55666777z12m111m", "3m", "", "役牌 發:1 役牌 中:1 混全帯ヤオ九:2 三暗刻:2 小三元:2 混一色:3", 11, 60, 24000, nil},
		{"111234456678s9s", "9s", "", "清一色:6", 6, 40, 12000, nil},
		{"111m999p11z<9s9s9s><1p1p1p>", "1z", "", "対々和:2 混老頭:2", 4, 50, 8000, nil},
		{"222m222p22s55z<7s7s7s>", "2s", "", "三色同刻:2 対々和:2", 4, 40, 8000, nil},
		{"23m55p<2s2s2s2s><4p4p4p4p>(9m9m9m9m)", "4m", "rinshan tsumo", "嶺上開花:1 三槓子:2", 3, 70, 8000, nil},
		{"23m456p789s55p<1z1z1z>", "4m", "chankan", "槍槓:1 場風 東:1", 2, 30, 2000, nil},
		// Kazoe yakuman at 13 han.
		{"2233445566778p", "8p", "riichi ippatsu dora=1p", "立直:1 一発:1 平和:1 断ヤオ九:1 二盃口:3 清一色:6 ドラ:2", 15, 30, 32000, nil},
		// Honba and sticks do not change the points.
		{"123m456p789s23s55p", "1s", "honba=2 sticks=1", "平和:1", 1, 30, 1000, nil},
		// Open hands: one han less for honitsu, ittsu, chanta, junchan, chinitsu.
		{"123m789m11z<4m5m6m><2z2z2z>", "1z", "", "自風 南:1 一気通貫:1 混一色:2", 4, 30, 7700, nil},
		{"123m789p11s<7s8s9s><1p2p3p>", "1s", "", "純全帯ヤオ九:2", 2, 30, 2000, nil},
		{"12345678m99m<2m3m4m>", "9m", "", "一気通貫:1 清一色:5", 6, 30, 12000, nil},
		// Open tanyao, and the same hand without kuitan.
		{"234m456p77s22p<6s7s8s>", "7s", "", "断ヤオ九:1", 1, 30, 1000, nil},
		{"234m456p77s22p<6s7s8s>", "7s", "nokuitan", "", 0, 0, 0, ErrNoYaku},
		// Closed honor kan 32 fu, open simple kan 8: 20+2+32+8 = 62 → 70 fu.
		{"234m678s55p(9m9m9m9m)<2p2p2p2p>", "4m", "tsumo", "", 0, 0, 0, ErrNoYaku},
		{"234m678s55p(5z5z5z5z)<2p2p2p2p>", "4m", "tsumo", "役牌 白:1", 1, 70, 2400, nil},
		// Double riichi.
		{"123m456p789s23s55p", "1s", "double", "W立直:2 平和:1", 3, 30, 3900, nil},
	}
	for _, c := range cases {
		name := c.hand + "+" + c.win + " " + c.opts
		h, w, r := buildCase(t, c)
		if strings.Contains(c.yaku, "大四喜:**") && !r.DoubleYakuman {
			r.DoubleYakuman = true // this case checks the double under our flag
		}
		res, err := Score(h, w, r)
		if c.err != nil {
			if !errors.Is(err, c.err) {
				t.Errorf("%s: error %v, want %v", name, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := yakuString(res.Yaku); got != c.yaku || res.Han != c.han || res.Fu != c.fu || res.Points != c.points {
			t.Errorf("%s: got %q %d han %d fu %d points, want %q %d han %d fu %d points",
				name, got, res.Han, res.Fu, res.Points, c.yaku, c.han, c.fu, c.points)
		}
	}
}

func TestScorePayments(t *testing.T) {
	h, _ := ParseHand("123m456p789s23s55p")
	w := Win{Tile: S1, RoundWind: East, SeatWind: South, Discarder: West, Honba: 2, Sticks: 1}
	res, err := Score(h, w, TenhouScoring())
	if err != nil {
		t.Fatal(err)
	}
	if want := [4]int{0, 1000 + 600 + 1000, -1600, 0}; res.Payments != want {
		t.Errorf("ron payments %v, want %v", res.Payments, want)
	}
	// 地鳳 check from the spec: 30 fu 5 han dealer tsumo = 4000 all, plus the
	// dealer's own stick back (+13,000).
	h, _ = ParseHand("123m456p789s13s55p")
	w = Win{Tile: S1 + 1, Tsumo: true, Riichi: true, RoundWind: East, SeatWind: East, Dora: []Tile{P1 + 3}, Sticks: 1}
	res, err = Score(h, w, DihouScoring())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s %d han %d fu %v", yakuString(res.Yaku), res.Han, res.Fu, res.Payments)
	if want := [4]int{13000, -4000, -4000, -4000}; res.Payments != want || res.Points != 12000 {
		t.Errorf("dealer tsumo payments %v (points %d), want %v", res.Payments, res.Points, want)
	}
	// 50 fu 3 han ron with 2 honba and a 3-stick pot = 6,400+600 from the
	// discarder, +10,000 to the winner.
	h, _ = ParseHand("111m999p13s55p789s")
	w = Win{Tile: S1 + 1, Riichi: true, RoundWind: East, SeatWind: North, Discarder: East, Honba: 2, Sticks: 3, Dora: []Tile{P1 + 3}}
	res, err = Score(h, w, DihouScoring())
	if err != nil {
		t.Fatal(err)
	}
	if res.Fu != 50 || res.Han != 3 || res.Payments != [4]int{-7000, 0, 0, 10000} {
		t.Errorf("got %s %d han %d fu %v", yakuString(res.Yaku), res.Han, res.Fu, res.Payments)
	}
}

func TestBasePointsTable(t *testing.T) {
	r := TenhouScoring()
	for _, c := range []struct{ han, fu, ron, dealerRon int }{
		{1, 30, 1000, 1500}, {2, 25, 1600, 2400}, {3, 30, 3900, 5800}, {4, 30, 7700, 11600},
		{3, 60, 7700, 11600}, {4, 40, 8000, 12000}, {5, 30, 8000, 12000}, {6, 30, 12000, 18000},
		{8, 30, 16000, 24000}, {11, 30, 24000, 36000}, {13, 30, 32000, 48000}, {1, 110, 3600, 5300},
	} {
		b, _ := basePoints(c.han, c.fu, 0, &r)
		if Pay(b, false).Ron != c.ron || Pay(b, true).Ron != c.dealerRon {
			t.Errorf("%d han %d fu: %d/%d, want %d/%d", c.han, c.fu, Pay(b, false).Ron, Pay(b, true).Ron, c.ron, c.dealerRon)
		}
	}
	r.Kiriage = true
	if b, _ := basePoints(4, 30, 0, &r); Pay(b, false).Ron != 8000 {
		t.Error("kiriage: 4 han 30 fu should be mangan")
	}
	r = DihouScoring()
	if b, _ := basePoints(1, 120, 0, &r); b != 2000 {
		t.Errorf("地鳳: 1 han 120 fu pays %d base, want mangan", b)
	}
	if b, _ := basePoints(1, 110, 0, &r); Pay(b, false).Ron != 3600 {
		t.Errorf("地鳳: 1 han 110 fu = %d", Pay(b, false).Ron)
	}
	r.KazoeYakuman = false
	if b, l := basePoints(13, 30, 0, &r); b != 6000 || l != "sanbaiman" {
		t.Errorf("no kazoe: 13 han = %d %s", b, l)
	}
}

// genWinningHand draws a random complete hand: a pair and four sets, some
// of them melds, and picks the winning tile from the concealed part.
func genWinningHand(t *rapid.T) (Hand, Tile) {
	var used [34]uint8
	take := func(k Tile, n uint8) bool {
		if used[k]+n > 4 {
			return false
		}
		used[k] += n
		return true
	}
	var h Hand
	var conc []Tile
	for len(h.Melds)+len(conc)/3 < 4 {
		seq := rapid.Bool().Draw(t, "seq")
		k := Tile(rapid.IntRange(0, 33).Draw(t, "k"))
		meld := rapid.IntRange(0, 3).Draw(t, "meld") == 0
		if seq {
			if k >= East || k%9 > 6 || used[k] == 4 || used[k+1] == 4 || used[k+2] == 4 {
				continue
			}
			used[k]++
			used[k+1]++
			used[k+2]++
			if meld {
				h.Melds = append(h.Melds, NewMeld(Chi, k, 3, k, k+1, k+2))
			} else {
				conc = append(conc, k, k+1, k+2)
			}
			continue
		}
		quad := meld && rapid.Bool().Draw(t, "quad")
		n := uint8(3)
		if quad {
			n = 4
		}
		if !take(k, n) {
			continue
		}
		switch {
		case quad && rapid.Bool().Draw(t, "ankan"):
			h.Melds = append(h.Melds, NewMeld(Ankan, NoTile, 0, k, k, k, k))
		case quad:
			h.Melds = append(h.Melds, NewMeld(Daiminkan, k, 2, k, k, k, k))
		case meld:
			h.Melds = append(h.Melds, NewMeld(Pon, k, 1, k, k, k))
		default:
			conc = append(conc, k, k, k)
		}
	}
	for {
		p := Tile(rapid.IntRange(0, 33).Draw(t, "pair"))
		if take(p, 2) {
			conc = append(conc, p, p)
			break
		}
	}
	i := rapid.IntRange(0, len(conc)-1).Draw(t, "win")
	win := conc[i]
	h.Tiles = append(conc[:i:i], conc[i+1:]...)
	return h, win
}

// TestScoreProperties: a winning hand pays at least the 1-han minimum, the
// dealer gets 1.5× the base before rounding, and payments sum to the sticks.
func TestScoreProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		h, win := genWinningHand(t)
		closed := true
		for _, m := range h.Melds {
			closed = closed && !m.IsOpen()
		}
		w := Win{
			Tile:      win,
			Tsumo:     rapid.Bool().Draw(t, "tsumo"),
			Riichi:    closed && rapid.Bool().Draw(t, "riichi"),
			RoundWind: East + Tile(rapid.IntRange(0, 1).Draw(t, "round")),
			SeatWind:  South + Tile(rapid.IntRange(0, 2).Draw(t, "seat")),
			Honba:     rapid.IntRange(0, 3).Draw(t, "honba"),
			Sticks:    rapid.IntRange(0, 3).Draw(t, "sticks"),
			Dora:      []Tile{Tile(rapid.IntRange(0, 33).Draw(t, "dora"))},
		}
		w.Discarder = East
		rules := []ScoreRules{TenhouScoring(), DihouScoring()}[rapid.IntRange(0, 1).Draw(t, "rules")]
		res, err := Score(h, w, rules)
		if errors.Is(err, ErrNoYaku) {
			return
		}
		if err != nil {
			t.Fatalf("%s + %v: %v", FormatHand(h), win, err)
		}
		min := 1000
		if w.Tsumo {
			min = 1100
		}
		if res.Points < min {
			t.Fatalf("%s: %d points below the 1-han minimum", FormatHand(h), res.Points)
		}
		sum := 0
		for _, p := range res.Payments {
			sum += p
		}
		if sum != 1000*w.Sticks {
			t.Fatalf("payments %v sum to %d, want %d", res.Payments, sum, 1000*w.Sticks)
		}
		// The same hand won by the dealer (from another discarder).
		wd := w
		wd.SeatWind, wd.Discarder = East, w.SeatWind
		dres, err := Score(h, wd, rules)
		if errors.Is(err, ErrNoYaku) {
			return // a seat-wind triplet may have been the only yaku
		}
		if err != nil {
			t.Fatal(err)
		}
		if dres.Base == res.Base {
			if w.Tsumo {
				if dres.Points != 3*ceil100(2*res.Base) {
					t.Fatalf("dealer tsumo %d for base %d", dres.Points, res.Base)
				}
			} else if dres.Points != ceil100(6*res.Base) || res.Points != ceil100(4*res.Base) {
				t.Fatalf("ron %d / dealer %d for base %d", res.Points, dres.Points, res.Base)
			}
		}
		if !slices.ContainsFunc(res.Yaku, func(y YakuHan) bool { return y.Han > 0 || y.Yakuman > 0 }) {
			t.Fatal("no yaku listed")
		}
	})
}

// TestDihouWireGameWins scores the five wins of the recorded game against
// the live 地鳳 server (protocol/nostr/testdata/dihou-wire-game.txt: its
// five NOTIFY agari events, with the context read off the kyokustart,
// dora, say and sutehai lines of each hand) and compares the NOTIFY agari line ("<fu> <yaku>,<han>
// …", in the server's order) and the point changes by seat wind.
func TestDihouWireGameWins(t *testing.T) {
	cases := []struct {
		hand, win string
		w         Win
		agari     string
		pay       [4]int
	}{
		{"5m6m7m7m8m8m9m9m2p2p3p4p5p", "7m", Win{Riichi: true, SeatWind: North, Discarder: East,
			Dora: []Tile{S1 + 3}, Ura: []Tile{M1 + 7}, Sticks: 1},
			"30 立直,1 ドラ,2 平和,1 一盃口,1", [4]int{-8000, 0, 0, 9000}},
		{"1m2m3m4m5m1s2s3s4s4s4s9s9s", "6m", Win{Riichi: true, Tsumo: true, SeatWind: East,
			Dora: []Tile{S1 + 2}, Ura: []Tile{P1 + 3}, Sticks: 1},
			"30 門前清自摸和,1 立直,1 ドラ,3", [4]int{13000, -4000, -4000, -4000}},
		{"1m1m1m5m5m5m6m7m8m8m6p6p6p", "5m", Win{Riichi: true, SeatWind: West, Discarder: North,
			Dora: []Tile{White}, Ura: []Tile{S1 + 6}, Honba: 2, Sticks: 3},
			"50 立直,1 三暗刻,2", [4]int{0, 0, 10000, -7000}},
		{"1m1m2m3m3m4m4m5m5m7m5p6p7p", "6m", Win{Riichi: true, SeatWind: South, Discarder: West,
			Dora: []Tile{P1 + 7}, Ura: []Tile{S1 + 3}, Sticks: 1},
			"40 立直,1", [4]int{0, 2300, -1300, 0}},
		{"3p4p5p7p8p9p9p1s2s3s3s4s5s", "9p", Win{Riichi: true, SeatWind: West, Discarder: East,
			Dora: []Tile{P1 + 2}, Ura: []Tile{M1 + 6}, Honba: 1, Sticks: 2},
			"30 立直,1 ドラ,1 平和,1", [4]int{-4200, 0, 6200, 0}},
	}
	for _, c := range cases {
		ts, err := ParseTiles(c.hand)
		if err != nil {
			t.Fatal(err)
		}
		w := c.w
		w.RoundWind = East
		if w.Tile, err = ParseTile(c.win); err != nil {
			t.Fatal(err)
		}
		res, err := Score(Hand{Tiles: ts}, w, DihouScoring())
		if err != nil {
			t.Errorf("%s+%s: %v", c.hand, c.win, err)
			continue
		}
		line := strconv.Itoa(res.Fu)
		for _, y := range res.Yaku {
			line += fmt.Sprintf(" %s,%d", y.Name, y.Han)
		}
		if line != c.agari || res.Payments != c.pay {
			t.Errorf("%s+%s: %q %v, server %q %v", c.hand, c.win, line, res.Payments, c.agari, c.pay)
		}
	}
}

// TestDihouYakumanHanYaku: for a yakuman the 地鳳 server shows the han
// yaku of the reading; Score returns them in HanYaku.
func TestDihouYakumanHanYaku(t *testing.T) {
	h, _ := ParseHand("222m444p666s88s99s")
	res, err := Score(h, Win{Tile: S1 + 8, Tsumo: true, Riichi: true, RoundWind: East, SeatWind: South,
		Dora: []Tile{M1}}, DihouScoring())
	if err != nil {
		t.Fatal(err)
	}
	if got := yakuString(res.Yaku); got != "四暗刻:*" || res.Points != 32000 {
		t.Errorf("yaku %s, %d points", got, res.Points)
	}
	if got := yakuString(res.HanYaku); got != "門前清自摸和:1 立直:1 ドラ:3 対々和:2" || res.HanFu != 50 {
		t.Errorf("han yaku %s, %d fu", got, res.HanFu)
	}
	// 天和 on a hand read as three triplets (三暗刻, 40 fu) or three runs
	// (一盃口, 30 fu): the server shows the reading with more han.
	h, _ = ParseHand("111222333m456p7s")
	res, err = Score(h, Win{Tile: S1 + 6, Tsumo: true, FirstTurn: true, RoundWind: East, SeatWind: East}, DihouScoring())
	if err != nil {
		t.Fatal(err)
	}
	if got := yakuString(res.Yaku); got != "天和:*" || res.Points != 48000 {
		t.Errorf("yaku %s, %d points", got, res.Points)
	}
	if got := yakuString(res.HanYaku); got != "門前清自摸和:1 三暗刻:2" || res.HanFu != 40 {
		t.Errorf("tenhou: han yaku %s, %d fu", got, res.HanFu)
	}
}

// FuzzScore feeds parsed outside input to Score: it must never panic, and
// a scored hand's payments must sum to the sticks.
func FuzzScore(f *testing.F) {
	f.Add("123m456p789s23s55p", "1s", uint8(0))
	f.Add("19m19p19s1234567z", "1m", uint8(3))
	f.Add("1z<2z2z2z2z><3z3z3z3z>(4z4z4z4z)(5z5z5z5z)", "1z", uint8(1))
	f.Add("222m444p666s88s99s", "9s", uint8(255))
	f.Fuzz(func(t *testing.T, hand, win string, flags uint8) {
		h, err := ParseHand(hand)
		if err != nil {
			return
		}
		wt, err := ParseTile(win)
		if err != nil {
			return
		}
		w := Win{Tile: wt, Tsumo: flags&1 != 0, Riichi: flags&2 != 0, Ippatsu: flags&4 != 0,
			Haitei: flags&8 != 0, Rinshan: flags&16 != 0, FirstTurn: flags&32 != 0,
			RoundWind: East, SeatWind: East + Tile(flags>>6), Discarder: East + Tile((flags>>6+1)%4),
			Dora: []Tile{wt}, Ura: []Tile{wt}, Sticks: int(flags % 3), Honba: int(flags % 5)}
		for _, r := range []ScoreRules{DihouScoring(), TenhouScoring()} {
			res, err := Score(h, w, r)
			if err != nil {
				continue
			}
			sum := 0
			for _, p := range res.Payments {
				sum += p
			}
			if sum != 1000*w.Sticks || res.Points < 1000 {
				t.Fatalf("%s+%s: %+v", hand, win, res)
			}
		}
	})
}

// TestReadingChoice: Tenhou keeps the reading that pays most, the 地鳳
// server the one with most han (then fu), e.g. 3 han 30 fu (3,900) over
// 2 han 70 fu (4,500).
func TestReadingChoice(t *testing.T) {
	r := TenhouScoring()
	a := reading{hanTotal: 3, fu: 30}
	b := reading{hanTotal: 2, fu: 70}
	a.base, _ = basePoints(3, 30, 0, &r)
	b.base, _ = basePoints(2, 70, 0, &r)
	for _, c := range []struct {
		preferHan bool
		want      int
	}{{false, 70}, {true, 30}} {
		for _, order := range [][2]reading{{a, b}, {b, a}} {
			best := bestReading{preferHan: c.preferHan}
			best.consider(order[0])
			best.consider(order[1])
			if best.rd.fu != c.want {
				t.Errorf("preferHan=%v: kept %d fu, want %d", c.preferHan, best.rd.fu, c.want)
			}
		}
	}
	if !DihouScoring().PreferHan || TenhouScoring().PreferHan {
		t.Error("presets: 地鳳 prefers han, Tenhou points")
	}
}
