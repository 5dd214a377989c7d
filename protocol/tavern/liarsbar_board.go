package tavern

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"gamelab/sim"
	"gamelab/sim/liarsbar"
)

// liarsBarBoardView builds the seat's View from a decision that does not
// carry our dealer's setup and log: the documented generic fields (you,
// rules, prompt, choices) and the board fields it can read (see board.go
// for where they are looked up). It returns the hand in the dealer's order
// (play ids index it) and the View, whose hand is sorted as the engine's.
//
// What a strategy needs and the defaults when it is missing:
//   - variant: a "variant"/"mode" field, else the rules text (混沌/chaos,
//     恶魔/devil), else aim choices mean chaos; else basic;
//   - table card: table_card/target_card/target/claim_card, else the
//     prompt or a say text ("目标牌 K", "声称都是 K");
//   - hand: hand/cards/my_hand, else the cards the play choices' say texts
//     name at their positions; without it plays cannot be weighed
//     (error: the generic policy answers);
//   - seats: a players/seats array (cards, pulls, alive), else the largest
//     seat named anywhere, at least 4 seats, all alive, no pulls, and every
//     other hand as large as ours ("unknown hand sizes are equal");
//   - the last play: last_play {seat, count}, else the count in the
//     challenge's say text and the living seat before ours.
func liarsBarBoardView(d *Decision) (liarsbar.View, []liarsbar.Card, error) {
	b := boardOf(d)
	me := d.You.Seat
	if me < 0 || me >= liarsbar.MaxPlayers {
		return liarsbar.View{}, nil, fmt.Errorf("%w: seat %d outside any liars_bar table", ErrBadRequest, me)
	}
	r, _ := liarsbar.Preset(lbVariant(d, b))

	// Seats.
	seats := b.seats()
	players := b.players(seats, me)
	for _, c := range d.Choices {
		if a, err := liarsbar.ParseAction(c.ID); err == nil && a.Kind == liarsbar.Aim {
			players = max(players, int(a.Target)+1)
		}
	}
	players = min(players, liarsbar.MaxPlayers)
	r.Players = players

	// Hand, in the dealer's order.
	hand, ok := lbHandFromBoard(b)
	if !ok {
		hand = lbHandFromSays(d)
	}
	maxPlay := 0
	for _, c := range d.Choices {
		if a, err := liarsbar.ParseAction(c.ID); err == nil && a.Kind == liarsbar.Play {
			maxPlay = max(maxPlay, a.Count())
		}
	}
	if maxPlay > 0 && r.Variant != liarsbar.VariantChaos {
		r.MaxPlay = max(r.MaxPlay, maxPlay)
	}
	r.HandSize = max(r.HandSize, len(hand))
	if n, ok := b.num("hand_size"); ok && n >= len(hand) && n <= liarsbar.MaxHand {
		r.HandSize = n
	}
	if err := r.Validate(); err != nil {
		return liarsbar.View{}, nil, fmt.Errorf("%w: liars_bar board: %v", ErrBadRequest, err)
	}

	v := liarsbar.NewView(r, sim.Seat(me))
	folded := foldLiarsBarEvents(&v, d.Events)
	if !folded {
		v.Round = int16(d.Round)
	}
	v.Turn = sim.Seat(me)
	if t, ok := lbTableCard(d, b); ok {
		v.Table = t
	} else if !folded && (len(hand) > 0 || len(d.Choices) > 0) {
		// Unknown (the events' round start would have told):
		v.Table = liarsbar.King // unknown: any table card; plays are then weighed as if K
	}
	var sorted []liarsbar.Card
	for _, c := range hand {
		if c != unknownCard {
			sorted = append(sorted, c)
		}
	}
	slices.Sort(sorted)
	v.HandLen = int8(copy(v.Hand[:], sorted))
	for _, c := range sorted {
		v.Dealt[c]++
	}
	if !folded {
		for i := range players {
			v.Cards[i] = v.HandLen
		}
	}
	for _, s := range seats {
		if s.seat < 0 || s.seat >= players {
			continue
		}
		v.Alive[s.seat] = s.alive
		if s.hasCards && s.cards >= 0 && s.cards <= liarsbar.MaxHand {
			v.Cards[s.seat] = int8(s.cards)
		}
		if !s.alive {
			v.Cards[s.seat] = 0
		}
		if s.hasPl && s.pulls >= 0 && s.pulls <= liarsbar.Chambers {
			v.Pulls[s.seat] = int8(s.pulls)
		}
	}
	v.Alive[me] = true
	// With the positions no say text names; the events count them all.
	if !folded || int(v.Cards[me]) < len(hand) {
		v.Cards[me] = int8(len(hand))
	}
	if !folded {
		v.Played[me] = int8(max(0, r.HandSize-len(hand)))
	}

	// The last play, if a challenge is offered or the board says (the
	// events' last play stands when they have one).
	last, count := lbLastPlay(d, b, &v)
	if folded && v.Last != sim.NoSeat {
		last = sim.NoSeat
	}
	if last != sim.NoSeat && last != sim.Seat(me) {
		v.Last, v.LastCount = last, int8(count)
		v.Played[last] = int8(max(count, r.HandSize-int(v.Cards[last])))
		v.Pile = int8(count)
	}
	return v, hand, nil
}

func lbVariant(d *Decision, b board) string {
	if s, ok := b.str("variant", "mode"); ok {
		s = strings.ToLower(s)
		for _, p := range liarsbar.Presets() {
			if strings.Contains(s, p) {
				return p
			}
		}
	}
	text := strings.ToLower(d.Rules + " " + d.Prompt)
	switch {
	case strings.Contains(text, "混沌") || strings.Contains(text, "chaos"):
		return liarsbar.VariantChaos
	case strings.Contains(text, "恶魔") || strings.Contains(text, "devil"):
		return liarsbar.VariantDevil
	}
	if d.Ask == "aim" {
		return liarsbar.VariantChaos
	}
	return liarsbar.VariantBasic
}

func lbTableCard(d *Decision, b board) (liarsbar.Card, bool) {
	if s, ok := b.str("table_card", "target_card", "target", "claim_card", "table"); ok {
		if c, ok := lbCardName(s); ok {
			return c, true
		}
	}
	return claimedCard(d)
}

// lbHandFromBoard reads the hand from a board field; every card must be
// readable.
func lbHandFromBoard(b board) ([]liarsbar.Card, bool) {
	names, ok := b.strings("hand", "my_hand", "your_hand", "cards")
	if !ok || len(names) > liarsbar.MaxHand {
		return nil, false
	}
	hand := make([]liarsbar.Card, 0, len(names))
	for _, n := range names {
		c, ok := lbCardName(n)
		if !ok {
			return nil, false
		}
		hand = append(hand, c)
	}
	return hand, true
}

// lbHandFromSays rebuilds the hand from the play choices: each names its
// cards in the order of its positions ("出 K、Joker（2、3 号位）"). The
// hand is the positions 0..n-1 all named; positions no choice names end
// it.
func lbHandFromSays(d *Decision) []liarsbar.Card {
	var at [liarsbar.MaxHand]liarsbar.Card
	var known [liarsbar.MaxHand]bool
	for _, c := range d.Choices {
		a, err := liarsbar.ParseAction(c.ID)
		if err != nil || a.Kind != liarsbar.Play {
			continue
		}
		cs, ok := sayCards(c.Say)
		if !ok || len(cs) != a.Count() {
			continue
		}
		k := 0
		for i := range liarsbar.MaxHand {
			if a.Cards&(1<<i) != 0 {
				at[i], known[i] = cs[k], true
				k++
			}
		}
	}
	n := 0
	for i := range liarsbar.MaxHand {
		if known[i] {
			n = i + 1
		}
	}
	hand := make([]liarsbar.Card, n)
	for i := range n {
		hand[i] = at[i]
		if !known[i] {
			hand[i] = unknownCard
		}
	}
	return hand
}

// unknownCard marks a hand position no choice names: plays that use it
// are not weighed.
const unknownCard = liarsbar.NumCards

// lbLastPlay finds the seat and count of the play a challenge would turn
// over: a last_play object, else the count in the challenge's say text and
// the living seat before ours that holds cards (NoSeat if no challenge is
// offered and the board does not say).
func lbLastPlay(d *Decision, b board, v *liarsbar.View) (sim.Seat, int) {
	if raw, ok := b.raw("last_play", "last_claim", "claim"); ok {
		var lp map[string]any
		if json.Unmarshal(raw, &lp) == nil {
			seat, okS := lp["seat"].(float64)
			count, okC := lp["count"].(float64)
			if okS && okC && seat >= 0 && int(seat) < v.Rules.Players && count >= 1 && count <= liarsbar.MaxPlay {
				return sim.Seat(seat), int(count)
			}
		}
	}
	offered := false
	count := 1
	for _, c := range d.Choices {
		if !isChallenge(c) {
			continue
		}
		offered = true
		if m := lastCountRe.FindStringSubmatch(c.Say); m != nil {
			var n int
			fmt.Sscan(m[1]+m[2], &n)
			if n >= 1 && n <= liarsbar.MaxPlay {
				count = n
			}
		}
	}
	if !offered {
		return sim.NoSeat, 0
	}
	n := v.Rules.Players
	for j := 1; j < n; j++ {
		t := (int(v.Seat) - j + n) % n
		if v.Alive[t] {
			return sim.Seat(t), count
		}
	}
	return sim.NoSeat, 0
}

// foldLiarsBarEvents folds the public events the bot received for the
// match (Decision.Events) into v when they read as the protocol's liar's
// bar events (round_start, play, challenge, reveal, aim, shot, eliminated,
// round_end, game_over; docs/rules/liarsbar.md "Tavern mapping"): pulls,
// eliminations, the record of reveals, this round's plays and the last
// one. Events that do not read are skipped. It reports whether a round
// start was folded (else v is left as it was).
func foldLiarsBarEvents(v *liarsbar.View, events []json.RawMessage) bool {
	start := -1
	evs := make([]liarsbar.Event, 0, len(events))
	for _, raw := range events {
		e, err := decodeLiarsBarEvent(raw)
		if err != nil || e.Kind == liarsbar.EvHand {
			continue
		}
		if e.Kind == liarsbar.EvRoundStart {
			start = len(evs)
		}
		evs = append(evs, e)
	}
	if start < 0 {
		return false
	}
	for _, e := range evs {
		v.Apply(e)
	}
	return true
}
