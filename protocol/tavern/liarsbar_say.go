package tavern

import (
	"fmt"
	"strconv"
	"strings"

	"gamelab/sim"
	"gamelab/sim/liarsbar"
)

// The liar's bar wire texts of the tavern protocol (section 七: each
// choice's say, the prompt, the rules), zh as in the seed's examples or
// en. They live here, not in the engine: an engine knows no wire texts.

// Languages of the say, prompt and rules texts.
const (
	langZh = "zh"
	langEn = "en"
)

// lbCardNamesZh are the zh names of liar's bar cards in the say texts.
var lbCardNamesZh = [liarsbar.NumCards]string{"Q", "K", "A", "Joker", "恶魔牌", "大师牌", "混沌牌"}

func lbSeatName(names []string, s sim.Seat, lang string) string {
	if s >= 0 && int(s) < len(names) && names[s] != "" {
		return names[s]
	}
	if lang == langZh {
		return strconv.Itoa(int(s)) + " 号座位"
	}
	return "seat " + strconv.Itoa(int(s))
}

func lbCardText(c liarsbar.Card, lang string) string {
	if lang == langZh && c < liarsbar.NumCards {
		return lbCardNamesZh[c]
	}
	return c.String()
}

// lbSay describes a from v's seat, in the words of the tavern's choices
// array: zh "出 K、Joker（2、3 号位），声称都是 K", "质疑 奶豆 刚出的 2 张",
// "朝 奶豆 开枪"; en "play K, Joker (positions 2, 3), claiming all are K".
// names gives the seats' display names (nil or short: "seat N"). Any lang
// other than "zh" gives English.
func lbSay(v *liarsbar.View, a liarsbar.Action, lang string, names []string) string {
	zh := lang == langZh
	switch a.Kind {
	case liarsbar.Play:
		var cards, pos []string
		for i := 0; i < liarsbar.MaxHand; i++ {
			if a.Cards&(1<<i) == 0 {
				continue
			}
			pos = append(pos, strconv.Itoa(i))
			if i < int(v.HandLen) {
				cards = append(cards, lbCardText(v.Hand[i], lang))
			} else {
				cards = append(cards, "?")
			}
		}
		t := lbCardText(v.Table, lang)
		if zh {
			return fmt.Sprintf("出 %s（%s 号位），声称都是 %s", strings.Join(cards, "、"), strings.Join(pos, "、"), t)
		}
		return fmt.Sprintf("play %s (positions %s), claiming all are %s", strings.Join(cards, ", "), strings.Join(pos, ", "), t)
	case liarsbar.Challenge:
		who := lbSeatName(names, v.Last, lang)
		if zh {
			return fmt.Sprintf("质疑 %s 刚出的 %d 张", who, v.LastCount)
		}
		return fmt.Sprintf("challenge the %d card(s) %s just played", v.LastCount, who)
	case liarsbar.Aim:
		who := lbSeatName(names, a.Target, lang)
		if zh {
			return fmt.Sprintf("朝 %s 开枪（你的枪已扣 %d 次）", who, v.Pulls[v.Seat])
		}
		return fmt.Sprintf("shoot at %s (your revolver has been pulled %d times)", who, v.Pulls[v.Seat])
	}
	return a.String()
}

// lbPrompt says in one sentence what v's seat must decide now, given its
// legal actions (the tavern's "prompt").
func lbPrompt(v *liarsbar.View, legal []liarsbar.Action, lang string, names []string) string {
	zh := lang == langZh
	aim, play, challenge := false, false, false
	for _, a := range legal {
		aim = aim || a.Kind == liarsbar.Aim
		play = play || a.Kind == liarsbar.Play
		challenge = challenge || a.Kind == liarsbar.Challenge
	}
	t := lbCardText(v.Table, lang)
	switch {
	case aim && zh:
		return "轮到你开枪：选一个活着的人，用你的左轮朝他扣一次扳机"
	case aim:
		return "Your shot: pick a living seat and pull your revolver's trigger at them"
	case play && challenge && zh:
		return fmt.Sprintf("轮到你：扣着出 1 到 %d 张牌，声称都是目标牌 %s，或者质疑 %s", v.Rules.MaxPlay, t, lbSeatName(names, v.Last, lang))
	case play && challenge:
		return fmt.Sprintf("Your move: play 1 to %d cards face down claiming they are all %s, or challenge %s", v.Rules.MaxPlay, t, lbSeatName(names, v.Last, lang))
	case play && zh:
		return fmt.Sprintf("轮到你：扣着出 1 到 %d 张牌，声称都是目标牌 %s", v.Rules.MaxPlay, t)
	case play:
		return fmt.Sprintf("Your move: play 1 to %d cards face down claiming they are all %s", v.Rules.MaxPlay, t)
	case challenge && zh:
		return fmt.Sprintf("只剩你手里有牌：必须质疑 %s", lbSeatName(names, v.Last, lang))
	case challenge:
		return fmt.Sprintf("Only you still hold cards: you must challenge %s", lbSeatName(names, v.Last, lang))
	}
	if zh {
		return "现在不用你决定"
	}
	return "Nothing to decide now"
}

// lbDescribe explains the rules in plain words (the tavern's "rules").
func lbDescribe(r liarsbar.Rules, lang string) string {
	d := r.Deck()
	var parts []string
	for c, k := range d {
		if k > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", k, lbCardText(liarsbar.Card(c), lang)))
		}
	}
	deck := strings.Join(parts, ", ")
	if lang == langZh {
		s := fmt.Sprintf("骗子酒馆（%s 模式，%d 人）。牌堆：%s。每轮翻一张目标牌，给每个活着的人发 %d 张。"+
			"轮到你时扣着出 1 到 %d 张，声称都是目标牌，或者质疑上一手（只翻上一手）。Joker 算目标牌。"+
			"手里没牌的人跳过；只剩你有牌时必须质疑。每次质疑结束这一轮。"+
			"每人一把六发左轮，只有一发实弹，位置保密，扣过几次是公开的，不会重新转轮。",
			r.Variant, r.Players, deck, r.HandSize, r.MaxPlay)
		switch r.Variant {
		case liarsbar.VariantChaos:
			s += "混沌模式：每次只出 1 张，大师牌也算目标牌。抓到说谎，质疑者用自己的枪朝任意一个活人开一枪；" +
				"质疑错了，质疑者朝自己开一枪，如果翻出的是大师牌，出牌的人再朝任意一人开一枪；翻出混沌牌，所有活人同时选人开枪，从质疑者起按座位结算，死了的人不开枪。打响过的枪重新装弹。"
		case liarsbar.VariantDevil:
			s += "恶魔模式：恶魔牌只能单独出；被翻出时，除出牌者外所有活人各朝自己扣一次扳机。其余情况输的一方朝自己扣一次。"
		default:
			s += "质疑对了出牌的人朝自己扣一次扳机，质疑错了质疑者扣。"
		}
		return s + fmt.Sprintf("最后活着的人赢；%d 轮封顶，按扣扳机次数少者排前。", r.MaxRounds)
	}
	s := fmt.Sprintf("Liar's Bar (%s, %d players). Deck: %s. Each round a table card is drawn and every living seat gets %d cards. "+
		"On your turn play 1 to %d cards face down claiming they are all the table card, or challenge the previous play (only it is revealed). Jokers count as the table card. "+
		"Seats without cards are skipped; if only you hold cards you must challenge. Every challenge ends the round. "+
		"Each seat has a six-chamber revolver with one live round at a secret position; pull counts are public and never re-spin. ",
		r.Variant, r.Players, deck, r.HandSize, r.MaxPlay)
	switch r.Variant {
	case liarsbar.VariantChaos:
		s += "Chaos: play exactly 1 card; the Master also counts as the table card. A caught lie lets the challenger shoot any living seat with their own revolver; " +
			"a wrong challenge makes the challenger shoot themself, and a revealed Master lets its player shoot someone too; a revealed Chaos card makes every living seat aim at once, resolved in seat order from the challenger (the dead do not fire). A revolver that fired is reloaded. "
	case liarsbar.VariantDevil:
		s += "Devil: the Devil card is played alone; when revealed every other living seat pulls its own trigger. Otherwise the loser of a challenge pulls. "
	default:
		s += "The loser of a challenge (the liar, or the challenger of a truthful play) pulls their own trigger. "
	}
	return s + fmt.Sprintf("The last seat alive wins; after %d rounds survivors rank by fewest pulls.", r.MaxRounds)
}
