package tavern

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"gamelab/sim/liarsbar"
)

// ChoicePolicy chooses among a decision's choices from what any dealer of
// the protocol sends (rules, prompt, the board fields, and each choice's id
// with its say text), whatever the game. It answers an id of d.Choices.
//
// It is the bot's last fallback (Bot.Generic) and how it plays a game or a
// mode it has no strategy for. A policy that asks a language model (as in
// the seed's section 十二) plugs in here.
type ChoicePolicy interface {
	Choose(ctx context.Context, d *Decision) (string, error)
}

// SayPolicy is the built-in ChoicePolicy. It reads the say texts (and the
// ids as a hint) in the words of the seed's examples, zh or en:
//   - claim games (liar's bar): play a truthful play ("出 K、Joker（2、3
//     号位），声称都是 K": every card is the claimed one or a Joker/Master),
//     the one with the most cards; challenge when no truthful play is
//     offered, or when the last claim ("质疑 奶豆 刚出的 2 张") plus the
//     claimed cards we hold ourselves exceed MaxTrue (then the claim is
//     unlikely); with neither, the play with the fewest cards;
//   - betting games (bullet poker): check if free; else call (or raise,
//     when that is the only way to stay) if it stakes at most 2 bullets;
//     else fold;
//   - anything else, and aims: one choice at random (seeded by the
//     request, so a replay answers the same).
type SayPolicy struct {
	// MaxTrue is how many cards that make a claim true the policy thinks
	// a deck holds for one claimed kind; 0 means 8 (6 of a kind and 2
	// Jokers in the basic deck, docs/rules/liarsbar.md).
	MaxTrue int
}

var (
	// "声称都是 K", "claiming all are K", "目标牌 K", "are all K".
	claimRe = regexp.MustCompile(`(?:声称都是|目标牌|all are|are all)\s*([^\s，,。.（(）)]+)`)
	// "刚出的 2 张", "the 2 card(s)", "2 cards".
	lastCountRe = regexp.MustCompile(`(?:刚出的\s*(\d+)\s*张)|(?:\b(\d+)\s*card)`)
)

// Choose picks an id of d.Choices (see SayPolicy).
func (p SayPolicy) Choose(_ context.Context, d *Decision) (string, error) {
	if len(d.Choices) == 0 {
		return "", fmt.Errorf("%w: a decision without choices", ErrBadRequest)
	}
	if id, ok := p.claimGame(d); ok {
		return id, nil
	}
	if id, ok := betGame(d); ok {
		return id, nil
	}
	return d.Choices[decisionRNG(d).IntN(len(d.Choices))].ID, nil
}

// sayCards reads the cards a play's say text lists before its positions:
// "出 K、Joker（2、3 号位），…" → K, Joker. ok is false when a word is not
// a card name.
func sayCards(say string) ([]liarsbar.Card, bool) {
	s := say
	if i := strings.IndexAny(s, "（("); i >= 0 {
		s = s[:i]
	} else if i := strings.IndexAny(s, "，;；"); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "出")
	s = strings.TrimPrefix(strings.TrimPrefix(s, "play"), "Play")
	words := strings.FieldsFunc(s, func(r rune) bool { return r == '、' || r == ' ' || r == ',' || r == '，' })
	var out []liarsbar.Card
	for _, w := range words {
		c, ok := lbCardName(w)
		if !ok {
			return nil, false
		}
		out = append(out, c)
	}
	return out, len(out) > 0
}

// claimedCard reads the claimed (table) card of a decision from its prompt
// or a play's say text.
func claimedCard(d *Decision) (liarsbar.Card, bool) {
	texts := []string{d.Prompt}
	for _, c := range d.Choices {
		texts = append(texts, c.Say)
	}
	for _, t := range texts {
		if m := claimRe.FindStringSubmatch(t); m != nil {
			if c, ok := lbCardName(m[1]); ok {
				return c, true
			}
		}
	}
	return 0, false
}

func isChallenge(c Choice) bool {
	return c.ID == "challenge" || strings.HasPrefix(c.Say, "质疑") || strings.HasPrefix(strings.ToLower(c.Say), "challenge")
}

// claimGame plays a claim game from the say texts; ok is false when the
// choices do not read as one.
func (p SayPolicy) claimGame(d *Decision) (string, bool) {
	table, ok := claimedCard(d)
	if !ok {
		return "", false
	}
	maxTrue := p.MaxTrue
	if maxTrue <= 0 {
		maxTrue = 8
	}
	best, bestN, fewest, fewestN, challenge := "", 0, "", 99, ""
	held := map[int]bool{} // our own true cards seen in single-card plays' positions
	for _, c := range d.Choices {
		if isChallenge(c) {
			challenge = c.ID
			continue
		}
		cs, ok := sayCards(c.Say)
		if !ok {
			continue
		}
		truthful := true
		for _, x := range cs {
			truthful = truthful && x.Truthful(table)
		}
		if truthful && len(cs) > bestN {
			best, bestN = c.ID, len(cs)
		}
		if len(cs) < fewestN {
			fewest, fewestN = c.ID, len(cs)
		}
		if a, err := liarsbar.ParseAction(c.ID); err == nil && len(cs) == 1 && truthful {
			held[int(a.Cards)] = true
		}
	}
	if challenge != "" {
		for _, c := range d.Choices {
			if c.ID != challenge {
				continue
			}
			if m := lastCountRe.FindStringSubmatch(c.Say); m != nil {
				n, _ := strconv.Atoi(m[1] + m[2])
				if n+max(len(held), bestN) > maxTrue {
					return challenge, true
				}
			}
		}
		if best == "" {
			return challenge, true
		}
	}
	switch {
	case best != "":
		return best, true
	case fewest != "":
		return fewest, true
	}
	return "", false
}

// bulletsRe reads a stake from a say text: "押到 2 颗子弹", "match 2 bullets".
var bulletsRe = regexp.MustCompile(`(\d+)\s*(?:颗|bullet)`)

// betGame plays a betting game: check when free; else stay (call, then
// raise) when that stakes at most 2 bullets by its say text; else fold.
func betGame(d *Decision) (string, bool) {
	find := func(id, say string) (Choice, bool) {
		for _, c := range d.Choices {
			if c.ID == id || strings.HasPrefix(c.Say, say) {
				return c, true
			}
		}
		return Choice{}, false
	}
	if c, ok := find("check", "过牌"); ok {
		return c.ID, true
	}
	fold, canFold := find("fold", "弃牌")
	for _, w := range [][2]string{{"call", "跟注"}, {"raise", "加注"}} {
		c, ok := find(w[0], w[1])
		if !ok {
			continue
		}
		stake := 0
		if m := bulletsRe.FindStringSubmatch(c.Say); m != nil {
			stake, _ = strconv.Atoi(m[1]) // digits only: cannot fail
		}
		if !canFold || stake <= 2 {
			return c.ID, true
		}
	}
	if canFold {
		return fold.ID, true
	}
	return "", false
}

// lbCardName reads a liar's bar card name as a dealer may write it: our
// notation (Q K A Joker Devil Master Chaos), any case, or the zh names.
func lbCardName(s string) (liarsbar.Card, bool) {
	s = strings.TrimSpace(s)
	if c, err := liarsbar.ParseCard(s); err == nil {
		return c, true
	}
	for c, n := range lbCardNamesZh { // the names our dealer's say texts use
		if s == n {
			return liarsbar.Card(c), true
		}
	}
	switch strings.ToLower(s) {
	case "q", "queen", "皇后", "王后":
		return liarsbar.Queen, true
	case "k", "king", "国王":
		return liarsbar.King, true
	case "a", "ace", "尖":
		return liarsbar.Ace, true
	case "joker", "j", "王", "鬼牌", "小丑":
		return liarsbar.Joker, true
	case "devil", "恶魔":
		return liarsbar.Devil, true
	case "master", "大师":
		return liarsbar.Master, true
	case "chaos", "混沌":
		return liarsbar.Chaos, true
	}
	return 0, false
}
