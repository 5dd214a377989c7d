package tavern

import (
	"testing"

	"gamelab/sim/liarsbar"
	"gamelab/sim/simtest"
)

func TestLiarsBarSay(t *testing.T) {
	r := simtest.Preset(t, liarsbar.Preset, liarsbar.VariantBasic)
	v := liarsbar.NewView(r, 0)
	v.Table = liarsbar.King
	v.Hand = [liarsbar.MaxHand]liarsbar.Card{liarsbar.Queen, liarsbar.King, liarsbar.Ace, liarsbar.Joker}
	v.HandLen = 4
	v.Last, v.LastCount = 3, 2
	names := []string{"我", "小明", "阿花", "奶豆"}
	cases := []struct {
		a          liarsbar.Action
		lang, want string
	}{
		{liarsbar.PlayOf(1, 3), langZh, "出 K、Joker（1、3 号位），声称都是 K"},
		{liarsbar.PlayOf(0), langEn, "play Q (positions 0), claiming all are K"},
		{liarsbar.ChallengeAction, langZh, "质疑 奶豆 刚出的 2 张"},
		{liarsbar.ChallengeAction, langEn, "challenge the 2 card(s) 奶豆 just played"},
		{liarsbar.AimAt(2), langZh, "朝 阿花 开枪（你的枪已扣 0 次）"},
		{liarsbar.AimAt(2), "", "shoot at seat 2 (your revolver has been pulled 0 times)"},
	}
	for _, c := range cases {
		n := names
		if c.lang == "" {
			n = nil
		}
		if got := lbSay(&v, c.a, c.lang, n); got != c.want {
			t.Errorf("lbSay(%v, %q) = %q, want %q", c.a, c.lang, got, c.want)
		}
	}
	for _, name := range liarsbar.Presets() {
		r := simtest.Preset(t, liarsbar.Preset, name)
		for _, lang := range []string{langZh, langEn} {
			if d := lbDescribe(r, lang); len(d) < 100 {
				t.Errorf("lbDescribe(%s, %s) too short: %q", name, lang, d)
			}
		}
	}
}
