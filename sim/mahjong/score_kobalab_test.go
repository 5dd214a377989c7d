package mahjong

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// kobalabCase is one item of testdata/scoring/kobalab-hule.json.
type kobalabCase struct {
	In struct {
		Shoupai string `json:"shoupai"`
		Rongpai string `json:"rongpai"`
		Param   struct {
			Zhuangfeng int            `json:"zhuangfeng"`
			Menfeng    int            `json:"menfeng"`
			Hupai      map[string]any `json:"hupai"`
			Baopai     []string       `json:"baopai"`
			Fubaopai   []string       `json:"fubaopai"`
			Jicun      struct {
				Changbang int `json:"changbang"`
				Lizhibang int `json:"lizhibang"`
			} `json:"jicun"`
		} `json:"param"`
	} `json:"in"`
	Out struct {
		Hupai []struct {
			Name   string `json:"name"`
			Fanshu any    `json:"fanshu"`
		} `json:"hupai"`
		Fu        *int   `json:"fu"`
		Fanshu    *int   `json:"fanshu"`
		Damanguan *int   `json:"damanguan"`
		Defen     int    `json:"defen"`
		Fenpei    [4]int `json:"fenpei"`
	} `json:"out"`
}

// kobalabTile parses "s4" / "p0-" (a direction mark is ignored).
func kobalabTile(s string) (Tile, error) {
	s = strings.TrimRight(s, "-=+_*")
	if len(s) != 2 {
		return NoTile, fmt.Errorf("tile %q", s)
	}
	return ParseTile(s[1:] + s[:1])
}

// kobalabHand parses kobalab's shoupai: concealed "m345p40677s67s8" (suit
// letter, then digits) and comma-separated melds "m34-0", "m555+",
// "z1111", "p5550=", "p555=0". It returns the hand in our notation.
func kobalabHand(s string) (Hand, Tile, error) {
	parts := strings.Split(s, ",")
	var h Hand
	last := NoTile
	suit := byte(0)
	for i := 0; i < len(parts[0]); i++ {
		ch := parts[0][i]
		if ch >= 'a' && ch <= 'z' {
			suit = ch
			continue
		}
		if ch < '0' || ch > '9' {
			continue
		}
		t, err := ParseTile(string([]byte{ch, suit}))
		if err != nil {
			return h, NoTile, err
		}
		h.Tiles = append(h.Tiles, t)
		last = t
	}
	for _, m := range parts[1:] {
		if m == "" {
			continue
		}
		suit := m[:1]
		var ts []Tile
		marked := -1 // index of the tile before the direction mark
		from := uint8(0)
		for i := 1; i < len(m); i++ {
			switch m[i] {
			case '-':
				marked, from = len(ts)-1, 3
			case '=':
				marked, from = len(ts)-1, 2
			case '+':
				marked, from = len(ts)-1, 1
			default:
				t, err := ParseTile(string(m[i]) + suit)
				if err != nil {
					return h, NoTile, err
				}
				ts = append(ts, t)
			}
		}
		var meld Meld
		switch {
		case len(ts) == 4 && marked < 0:
			meld = NewMeld(Ankan, NoTile, 0, ts...)
		case len(ts) == 4 && marked == 3:
			meld = NewMeld(Daiminkan, ts[3], from, ts...)
		case len(ts) == 4:
			meld = NewMeld(Kakan, ts[marked], from, ts...)
		case ts[0].Kind() == ts[1].Kind():
			meld = NewMeld(Pon, ts[marked], from, ts...)
		default:
			meld = NewMeld(Chi, ts[marked], from, ts...)
		}
		if !CheckMeld(meld) {
			return h, NoTile, fmt.Errorf("bad meld %q", m)
		}
		h.Melds = append(h.Melds, meld)
	}
	return h, last, nil
}

// kobalabWin builds the hand and win context of a case.
func kobalabWin(c *kobalabCase) (Hand, Win, error) {
	h, last, err := kobalabHand(c.In.Shoupai)
	if err != nil {
		return h, Win{}, err
	}
	p := c.In.Param
	num := func(k string) int { // kobalab writes numbers or booleans
		switch v := p.Hupai[k].(type) {
		case float64:
			return int(v)
		case bool:
			if v {
				return 1
			}
		}
		return 0
	}
	w := Win{
		RoundWind:    East + Tile(p.Zhuangfeng),
		SeatWind:     East + Tile(p.Menfeng),
		Honba:        p.Jicun.Changbang,
		Sticks:       p.Jicun.Lizhibang,
		Riichi:       num("lizhi") == 1,
		DoubleRiichi: num("lizhi") == 2,
		Ippatsu:      num("yifa") != 0,
		Chankan:      num("qianggang") != 0,
		Rinshan:      num("lingshang") != 0,
		Haitei:       num("haidi") != 0,
		FirstTurn:    num("tianhu") != 0,
	}
	if c.In.Rongpai != "" {
		t, err := kobalabTile(c.In.Rongpai)
		if err != nil {
			return h, w, err
		}
		w.Tile = t
		off := map[byte]int{'+': 1, '=': 2, '-': 3}[c.In.Rongpai[len(c.In.Rongpai)-1]]
		w.Discarder = East + Tile((p.Menfeng+off)%4)
	} else {
		w.Tile, w.Tsumo = last, true
	}
	for _, s := range p.Baopai {
		t, err := kobalabTile(s)
		if err != nil {
			return h, w, err
		}
		w.Dora = append(w.Dora, t)
	}
	for _, s := range p.Fubaopai {
		t, err := kobalabTile(s)
		if err != nil {
			return h, w, err
		}
		w.Ura = append(w.Ura, t)
	}
	return h, w, nil
}

// kobalabNames maps kobalab's yaku names to ours (Tenhou spelling).
var kobalabNames = map[string]string{
	"断幺九": "断ヤオ九", "混全帯幺九": "混全帯ヤオ九", "純全帯幺九": "純全帯ヤオ九",
	"海底摸月": "海底撈月", "ダブル立直": "W立直", "国士無双十三面": "国士無双１３面",
}

func loadKobalab(t testing.TB) []kobalabCase {
	data, err := os.ReadFile("testdata/scoring/kobalab-hule.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []kobalabCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestKobalabHule scores all 10,000 reference hands under Tenhou's rules
// with double yakuman (the data's rules) and compares yaku, han, fu,
// yakuman, points and every seat's payment.
func TestKobalabHule(t *testing.T) {
	cases := loadKobalab(t)
	if len(cases) != 10000 {
		t.Fatalf("%d cases, want 10000", len(cases))
	}
	rules := TenhouScoring()
	rules.DoubleYakuman = true
	bad := 0
	for i := range cases {
		c := &cases[i]
		h, w, err := kobalabWin(c)
		if err != nil {
			t.Fatalf("case %d %s: %v", i, c.In.Shoupai, err)
		}
		res, err := Score(h, w, rules)
		if err != nil {
			bad++
			if bad <= 20 {
				t.Errorf("case %d %s %s: %v", i, c.In.Shoupai, c.In.Rongpai, err)
			}
			continue
		}
		var want, got []string
		for _, y := range c.Out.Hupai {
			name := y.Name
			if n, ok := kobalabNames[name]; ok {
				name = n
			}
			name = strings.Replace(name, "翻牌 ", "役牌 ", 1)
			want = append(want, fmt.Sprintf("%s:%v", name, y.Fanshu))
		}
		for _, y := range res.Yaku {
			if y.Yakuman > 0 {
				got = append(got, fmt.Sprintf("%s:%s", y.Name, strings.Repeat("*", y.Yakuman)))
			} else {
				got = append(got, fmt.Sprintf("%s:%d", y.Name, y.Han))
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		wantHan, wantFu, wantYM := 0, 0, 0
		if c.Out.Fanshu != nil {
			wantHan = *c.Out.Fanshu
		}
		if c.Out.Fu != nil {
			wantFu = *c.Out.Fu
		}
		if c.Out.Damanguan != nil {
			wantYM = *c.Out.Damanguan
		}
		if !slices.Equal(want, got) || res.Han != wantHan || res.Fu != wantFu || res.Yakuman != wantYM ||
			res.Points != c.Out.Defen || res.Payments != c.Out.Fenpei {
			bad++
			if bad <= 20 {
				t.Errorf("case %d %s %s: got %v %d han %d fu ym %d %d %v; want %v %d han %d fu ym %d %d %v",
					i, c.In.Shoupai, c.In.Rongpai, got, res.Han, res.Fu, res.Yakuman, res.Points, res.Payments,
					want, wantHan, wantFu, wantYM, c.Out.Defen, c.Out.Fenpei)
			}
		}
	}
	t.Logf("%d of %d hands differ", bad, len(cases))
}
