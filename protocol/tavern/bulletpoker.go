package tavern

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"gamelab/sim"
	"gamelab/sim/bulletpoker"
	"gamelab/sim/cards"
	bpstrat "gamelab/strategies/bulletpoker"
)

func init() {
	adapters[GameBulletPoker] = adapter{player: newBulletPokerPlayer, table: newBulletPokerTable,
		strategies: func() []string { return registryHelp(bpstrat.Registry.Names(), bpstrat.Registry.Help) },
		presets:    bulletpoker.Presets}
}

// bpEvent is the tavern JSON form of a bullet poker event: the public
// events of docs/rules/bulletpoker.md (deal = a hand starts, board, bet, fold,
// load, shot, showdown, eliminated, game_over, plus our switch) and the
// private ones a seat sees in its own log (hole, offer). Every field of the
// engine's event is carried, so folding the log rebuilds the engine's View
// exactly.
type bpEvent struct {
	Type    string   `json:"type"`
	Seat    int8     `json:"seat"`
	Hand    int16    `json:"hand,omitempty"`
	Button  int8     `json:"button,omitempty"`
	Alive   uint8    `json:"alive,omitempty"`
	Street  string   `json:"street,omitempty"`
	Act     string   `json:"act,omitempty"`
	Bet     int8     `json:"bet,omitempty"`
	Current int8     `json:"current,omitempty"`
	Count   int8     `json:"count,omitempty"`
	Shot    string   `json:"shot,omitempty"`
	Hole    int8     `json:"hole,omitempty"`
	Offer   int8     `json:"offer,omitempty"`
	Shown   bool     `json:"shown,omitempty"`
	Cards   []string `json:"cards,omitempty"`
	Rank    uint32   `json:"rank,omitempty"`
}

var bpTypes = map[bulletpoker.EventKind]string{
	bulletpoker.EvStart: "start", bulletpoker.EvHand: "deal", bulletpoker.EvDeal: "hole",
	bulletpoker.EvOffer: "offer", bulletpoker.EvSwitch: "switch", bulletpoker.EvBet: "bet",
	bulletpoker.EvBoard: "board", bulletpoker.EvFold: "fold", bulletpoker.EvLoad: "load",
	bulletpoker.EvShot: "shot", bulletpoker.EvShowdown: "showdown",
	bulletpoker.EvEliminated: "eliminated", bulletpoker.EvGameOver: "game_over",
}

// realCards is how many of e.Cards are real cards for its kind: the
// rest are unused slots (card 0, which would read as 2c). A switch shows
// both cards to its own seat, the discard to others when Shown.
func realCards(e bulletpoker.Event, own bool) int {
	switch e.Kind {
	case bulletpoker.EvDeal, bulletpoker.EvShowdown:
		return 2
	case bulletpoker.EvOffer, bulletpoker.EvBoard:
		return int(min(max(e.Count, 0), 4))
	case bulletpoker.EvSwitch:
		switch {
		case own:
			return 2
		case e.Shown:
			return 1
		}
	}
	return 0
}

// encodeBulletPokerEvent renders an event as viewer's log shows it (own:
// the event is about viewer's own seat); the cards list holds only real
// cards.
func encodeBulletPokerEvent(e bulletpoker.Event, viewer sim.Seat) json.RawMessage {
	w := bpEvent{Type: bpTypes[e.Kind], Seat: int8(e.Seat), Hand: e.Hand, Button: int8(e.Button), Alive: e.Alive,
		Bet: e.Bet, Current: e.Current, Count: e.Count, Hole: e.Hole, Offer: e.Offer, Shown: e.Shown, Rank: uint32(e.Rank)}
	switch e.Kind {
	case bulletpoker.EvBoard, bulletpoker.EvHand:
		w.Street = e.Street.String()
	}
	switch e.Kind {
	case bulletpoker.EvBet, bulletpoker.EvFold:
		w.Act = e.Act.String()
	case bulletpoker.EvShot:
		w.Shot = e.Shot.String()
	}
	for _, c := range e.Cards[:realCards(e, viewer == e.Seat)] {
		w.Cards = append(w.Cards, c.String())
	}
	return mustJSON(w)
}

func decodeBulletPokerEvent(raw json.RawMessage) (bulletpoker.Event, error) {
	var w bpEvent
	if err := json.Unmarshal(raw, &w); err != nil {
		return bulletpoker.Event{}, fmt.Errorf("%w: bullet_poker event: %v", ErrBadRequest, err)
	}
	bad := func(f string, v any) error {
		return fmt.Errorf("%w: bullet_poker %s event: bad %s %v", ErrBadRequest, w.Type, f, v)
	}
	e := bulletpoker.Event{Hand: w.Hand, Alive: w.Alive, Bet: w.Bet, Current: w.Current, Count: w.Count,
		Hole: w.Hole, Offer: w.Offer, Shown: w.Shown, Rank: cards.HandRank(w.Rank)}
	found := false
	for k, name := range bpTypes {
		if name == w.Type {
			e.Kind, found = k, true
		}
	}
	if !found {
		return e, fmt.Errorf("%w: %w: bullet_poker %q", ErrBadRequest, errUnknownEvent, w.Type)
	}
	if w.Seat < -1 || w.Seat >= bulletpoker.MaxPlayers {
		return e, bad("seat", w.Seat)
	}
	if w.Button < -1 || w.Button >= bulletpoker.MaxPlayers {
		return e, bad("button", w.Button)
	}
	if w.Bet < 0 || w.Bet > bulletpoker.MaxBet || w.Current < 0 || w.Current > bulletpoker.MaxBet {
		return e, bad("bet", w.Bet)
	}
	if w.Hole < 0 || w.Hole > 1 || w.Offer < 0 || w.Offer > 3 || w.Count < 0 || w.Count > 6 {
		return e, bad("hole/offer/count", []int8{w.Hole, w.Offer, w.Count})
	}
	e.Seat, e.Button = sim.Seat(w.Seat), sim.Seat(w.Button)
	if w.Street != "" {
		if err := e.Street.UnmarshalText([]byte(w.Street)); err != nil {
			return e, bad("street", w.Street)
		}
	}
	if w.Act != "" {
		a, err := bulletpoker.ParseAction(w.Act)
		if err != nil || a.Kind == bulletpoker.Switch {
			return e, bad("act", w.Act)
		}
		e.Act = a.Kind
	}
	if w.Shot != "" {
		switch w.Shot {
		case "click":
			e.Shot = bulletpoker.Click
		case "bang":
			e.Shot = bulletpoker.Bang
		case "godsave":
			e.Shot = bulletpoker.GodSave
		default:
			return e, bad("shot", w.Shot)
		}
	}
	if len(w.Cards) > 4 {
		return e, bad("cards", w.Cards)
	}
	for i, s := range w.Cards {
		c, err := cards.ParseCard(s)
		if err != nil {
			return e, bad("card", s)
		}
		e.Cards[i] = c
	}
	if e.Kind == bulletpoker.EvBoard && (e.Count < 1 || e.Count > 3) {
		return e, bad("count", e.Count)
	}
	if e.Kind == bulletpoker.EvOffer && (e.Count < 1 || e.Count > 4) {
		return e, bad("count", e.Count)
	}
	return e, nil
}

// bulletPokerPlayer is the bot side of bullet_poker.
type bulletPokerPlayer struct {
	spec  string
	tuned *bulletpoker.Rules // the rules a tuned strategy file records
}

func newBulletPokerPlayer(spec string) (Player, error) {
	if _, err := bpstrat.New(spec); err != nil {
		return nil, err
	}
	tuned, err := tunedRules[bulletpoker.Rules](spec)
	if err != nil {
		return nil, err
	}
	return &bulletPokerPlayer{spec: spec, tuned: tuned}, nil
}

// RulesNote compares the match's rules (our setup; a request without it
// does not tell) with the tuned ones.
func (p *bulletPokerPlayer) RulesNote(d *Decision) string {
	var r bulletpoker.Rules
	if p.tuned == nil || len(d.Setup) == 0 || json.Unmarshal(d.Setup, &r) != nil || r == *p.tuned {
		return ""
	}
	return fmt.Sprintf("strategy %s was tuned on %+v; this match plays %+v", p.spec, *p.tuned, r)
}

// BulletPokerView folds a decision request into the seat's engine View.
func BulletPokerView(d *Decision) (bulletpoker.View, error) {
	r, err := readSetup(d, GameBulletPoker, func(r *bulletpoker.Rules) int { return r.Players })
	if err != nil {
		return bulletpoker.View{}, err
	}
	v := bulletpoker.NewView(r, sim.Seat(d.You.Seat))
	if len(d.Base) > 0 {
		if err := json.Unmarshal(d.Base, &v); err != nil {
			return bulletpoker.View{}, fmt.Errorf("%w: bullet_poker base view: %v", ErrBadRequest, err)
		}
		if err := checkBulletPokerBase(&v, r, sim.Seat(d.You.Seat)); err != nil {
			return bulletpoker.View{}, err
		}
	}
	for _, raw := range d.Log {
		e, err := decodeBulletPokerEvent(raw)
		if errors.Is(err, errUnknownEvent) {
			continue // a newer dealer's event: nothing we fold
		}
		if err != nil {
			return bulletpoker.View{}, err
		}
		if err := checkBulletPokerEvent(&v, e, r.Players); err != nil {
			return bulletpoker.View{}, err
		}
		v.Apply(e)
	}
	return v, nil
}

// checkBulletPokerEvent refuses an event that would not fit the view it is
// folded into (a seat off the table, a sixth board card), so a crafted log
// is an error, never a panic.
func checkBulletPokerEvent(v *bulletpoker.View, e bulletpoker.Event, players int) error {
	bad := func(what string) error {
		return fmt.Errorf("%w: bullet_poker %s event: %s", ErrBadRequest, bpTypes[e.Kind], what)
	}
	if int(e.Seat) >= players || int(e.Button) >= players {
		return bad("seat off the table")
	}
	switch e.Kind {
	case bulletpoker.EvStart:
		if int(e.Count) != players {
			return bad("player count differs from the setup")
		}
	case bulletpoker.EvHand, bulletpoker.EvBoard, bulletpoker.EvGameOver:
	default:
		if e.Seat < 0 {
			return bad("no seat")
		}
	}
	if e.Kind == bulletpoker.EvBoard && int(v.NBoard)+int(e.Count) > 5 {
		return bad("more than five board cards")
	}
	return nil
}

// Decide answers from our dealer's setup and log when the request has
// them, otherwise from the board (bulletPokerBoardView). The strategy
// chooses among the offered ids it understands; a switch is weighed only
// when its offer card is known.
func (p *bulletPokerPlayer) Decide(ctx context.Context, d *Decision) (Reply, error) {
	v, err := bulletPokerDecisionView(d)
	if err != nil {
		return Reply{}, err
	}
	var legal []bulletpoker.Action
	for _, c := range d.Choices {
		a, err := bulletpoker.ParseAction(c.ID)
		if err != nil || (a.Kind == bulletpoker.Switch && a.Offer >= v.NOffers) {
			continue
		}
		legal = append(legal, a)
	}
	if len(legal) == 0 {
		return Reply{}, fmt.Errorf("%w: no choice id we understand", ErrBadRequest)
	}
	fallback := legal[0]
	for _, a := range legal {
		if a.Kind == bulletpoker.Check { // a free check is the safe answer
			fallback = a
		}
	}
	a, err := decideFresh(ctx, d, p.spec, bpstrat.New, &v, legal, fallback)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Choice: a.String()}, nil
}

// bulletPokerDecisionView is the seat's View: from our setup and log when
// present and readable, else from the board.
func bulletPokerDecisionView(d *Decision) (bulletpoker.View, error) {
	if d.You == nil {
		return bulletpoker.View{}, fmt.Errorf("%w: you missing", ErrBadRequest)
	}
	if len(d.Setup) > 0 {
		v, err := BulletPokerView(d)
		if err == nil {
			return v, nil
		}
		if bv, berr := bulletPokerBoardView(d); berr == nil {
			return bv, nil
		}
		return v, err
	}
	return bulletPokerBoardView(d)
}

// bulletPokerTable is a dealer's bullet_poker match.
type bulletPokerTable struct {
	s      *bulletpoker.State
	local  localSeats[bpstrat.Strategy] // for --fill seats
	public []json.RawMessage
	seen   int
	legal  []bulletpoker.Action
}

func newBulletPokerTable(preset string, seats int, seed uint64, fill string) (Table, error) {
	if preset == "" {
		preset = "classic"
	}
	r, err := bulletpoker.Preset(preset)
	if err != nil {
		return nil, err
	}
	r.Players = seats
	if err := r.Validate(); err != nil {
		return nil, err
	}
	local, err := newLocalSeats(seats, seed, fill, bpstrat.New)
	if err != nil {
		return nil, err
	}
	return &bulletPokerTable{s: bulletpoker.New(r, seed), local: local}, nil
}

func (t *bulletPokerTable) Game() string       { return GameBulletPoker }
func (t *bulletPokerTable) Seats() int         { return t.s.Rules().Players }
func (t *bulletPokerTable) Done() bool         { return t.s.Done() }
func (t *bulletPokerTable) Result() sim.Result { return t.s.Result() }
func (t *bulletPokerTable) Next() []sim.Seat   { return t.s.Next() }
func (t *bulletPokerTable) Round() int         { return t.s.Hand() }

func (t *bulletPokerTable) Setup() json.RawMessage {
	return mustJSON(t.s.Rules())
}

func (t *bulletPokerTable) Private(seat sim.Seat) json.RawMessage {
	v := t.s.View(seat)
	m := map[string]any{"button": int(v.Button)}
	if v.HasHole {
		m["hole"] = []string{v.Hole[0].String(), v.Hole[1].String()}
	}
	if v.NOffers > 0 {
		m["offers"] = strings.Fields(cards.Format(v.Offers[:v.NOffers]))
	}
	return mustJSON(m)
}

func (t *bulletPokerTable) Log(seat sim.Seat) (json.RawMessage, []json.RawMessage) {
	evs := t.s.Events()
	start := 0
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].Kind == bulletpoker.EvHand {
			start = i
			break
		}
	}
	var base json.RawMessage
	if start > 0 {
		v := bulletpoker.NewView(t.s.Rules(), seat)
		for _, e := range evs[:start] {
			if pe, ok := e.For(seat); ok {
				v.Apply(pe)
			}
		}
		base = mustJSON(v)
	}
	var out []json.RawMessage
	for _, e := range evs[start:] {
		if pe, ok := e.For(seat); ok {
			out = append(out, encodeBulletPokerEvent(pe, seat))
		}
	}
	return base, out
}

// checkBulletPokerBase refuses a base view that does not fit the setup and
// the seat, or whose seats and counts are off the table.
func checkBulletPokerBase(v *bulletpoker.View, r bulletpoker.Rules, seat sim.Seat) error {
	bad := func(what string) error {
		return fmt.Errorf("%w: bullet_poker base view: %s", ErrBadRequest, what)
	}
	switch {
	case v.Seat != seat:
		return bad("another seat's view")
	case int(v.Players) != r.Players:
		return bad("player count differs from the setup")
	case v.Button < sim.NoSeat || int(v.Button) >= r.Players:
		return bad("button off the table")
	case v.NBoard < 0 || v.NBoard > 5 || v.NOffers < 0 || v.NOffers > 4 || v.Current < 0 || v.Current > bulletpoker.MaxBet:
		return bad("counts out of range")
	}
	return nil
}

func (t *bulletPokerTable) Public(from int) []json.RawMessage {
	evs := t.s.Events()
	for ; t.seen < len(evs); t.seen++ {
		e := evs[t.seen]
		if e.Kind.Tavern() == "" {
			continue
		}
		if pe, ok := e.For(sim.NoSeat); ok {
			t.public = append(t.public, encodeBulletPokerEvent(pe, sim.NoSeat))
		}
	}
	if from >= len(t.public) {
		return nil
	}
	return t.public[from:]
}

func (t *bulletPokerTable) Apply(seat sim.Seat, r Reply) error {
	a, err := bulletPokerReplyAction(r)
	if err != nil {
		return err
	}
	return t.s.Apply(seat, a)
}

// bulletPokerReplyAction reads either reply form into an action; a switch
// in the per-game form needs whole "hole" and "offer" fields.
func bulletPokerReplyAction(r Reply) (bulletpoker.Action, error) {
	if r.Choice != "" {
		return bulletpoker.ParseAction(r.Choice)
	}
	if r.Action != "switch" {
		return bulletpoker.ParseAction(r.Action)
	}
	h, err := wholeField(r.Fields, "hole")
	if err != nil {
		return bulletpoker.Action{}, err
	}
	o, err := wholeField(r.Fields, "offer")
	if err != nil {
		return bulletpoker.Action{}, err
	}
	return bulletpoker.ParseAction(fmt.Sprintf("switch:%d:%d", h, o))
}

// Default checks when free, else folds: never risk more than the bot did.
func (t *bulletPokerTable) Default(seat sim.Seat) string {
	legal := t.s.Legal(seat, nil)
	for _, a := range legal {
		if a.Kind == bulletpoker.Check {
			return a.String()
		}
	}
	for _, a := range legal {
		if a.Kind == bulletpoker.Fold {
			return a.String()
		}
	}
	if len(legal) == 0 {
		return ""
	}
	return legal[0].String()
}

func (t *bulletPokerTable) DecideLocal(seat sim.Seat) (string, error) {
	v := t.s.View(seat)
	t.legal = t.s.Legal(seat, t.legal[:0])
	return decideLocal(&t.local, seat, &v, t.legal)
}

func (t *bulletPokerTable) Ask(seat sim.Seat, lang string) (string, string, []Choice) {
	v := t.s.View(seat)
	t.legal = t.s.Legal(seat, t.legal[:0])
	var cs []Choice
	for _, a := range t.legal {
		cs = append(cs, Choice{ID: a.String(), Say: bpSay(&v, a, lang)})
	}
	zh := lang == "zh"
	var prompt string
	if zh {
		prompt = fmt.Sprintf("轮到你（%s）：桌上要跟到 %d 颗子弹，你已押 %d 颗", v.Street, v.Current, v.Bet[seat])
	} else {
		prompt = fmt.Sprintf("Your move (%s): the bet is %d bullets, you have %d in", v.Street, v.Current, v.Bet[seat])
	}
	return "move", prompt, cs
}

func bpSay(v *bulletpoker.View, a bulletpoker.Action, lang string) string {
	zh := lang == "zh"
	me := v.Seat
	switch a.Kind {
	case bulletpoker.Check:
		if zh {
			return "过牌"
		}
		return "check"
	case bulletpoker.Call:
		if zh {
			return fmt.Sprintf("跟注：押到 %d 颗子弹", v.Current)
		}
		return fmt.Sprintf("call: match %d bullets", v.Current)
	case bulletpoker.Raise:
		if zh {
			return fmt.Sprintf("加注：押到 %d 颗子弹", v.Current+1)
		}
		return fmt.Sprintf("raise to %d bullets", v.Current+1)
	case bulletpoker.AllIn:
		if zh {
			return "全押：6 颗子弹"
		}
		return "all-in: 6 bullets"
	case bulletpoker.Fold:
		if zh {
			return fmt.Sprintf("弃牌，装上已押的 %d 颗子弹开一枪", v.Bet[me])
		}
		return fmt.Sprintf("fold and pull the trigger with your %d bullets", v.Bet[me])
	case bulletpoker.Coward:
		if zh {
			return "认怂：弃牌，只装 1 颗子弹开枪（每局一次）"
		}
		return "coward: fold with only 1 bullet loaded (once per match)"
	case bulletpoker.Switch:
		out, in := v.Hole[a.Hole], v.Offers[a.Offer]
		if zh {
			return fmt.Sprintf("换牌：用 %s 换掉底牌 %s（每局一次）", in, out)
		}
		return fmt.Sprintf("switch: swap hole card %s for %s (once per match)", out, in)
	}
	return a.String()
}

func (t *bulletPokerTable) RulesText(lang string) string {
	r := t.s.Rules()
	zh := lang == "zh"
	var s string
	if zh {
		s = fmt.Sprintf("子弹德州，%d 人。德州扑克，但押的是左轮里的子弹：每手开局每人先押 1 颗；可以过牌、跟注、加注（每次 +1，最多 6 颗）、全押（6 颗）、弃牌（立刻带着已押的子弹开一枪）；每局一次可认怂（只装 1 颗开枪）、一次可换牌（翻牌前 4 张、翻牌 3 张、转牌 2 张里换 1 张底牌，换牌那轮不能全押）。摊牌时最好的牌安全，其余人带着自己押的子弹开枪：k 颗子弹死亡概率 k/6，6 颗时有 5%% 的上帝保佑。最后活着的人赢。", r.Players)
	} else {
		s = fmt.Sprintf("Bullet poker, %d players. Texas hold'em where the stake is bullets in a revolver: each hand everyone antes 1; check, call, raise (+1, at most 6), all-in (6), or fold (pull the trigger now with your bet loaded); once per match coward (fold with 1 bullet) and once switch (swap a hole card for one of 4/3/2 offers preflop/flop/turn; no all-in that turn). At showdown the best hands are safe and the rest shoot with their bets: k bullets kill with probability k/6, at 6 a 5%% God save. Last alive wins.", r.Players)
	}
	// The Liar's Texas switches that are on, in the match's language.
	for _, c := range []struct {
		on     bool
		zh, en string
	}{
		{r.RiseOnly, "骗子德州：每条街每人要么加 1 颗，要么弃牌。", " Liar's Texas: each street everyone adds exactly one bullet or folds."},
		{r.AllInMinStreet > bulletpoker.Preflop, "翻牌前不能全押。", " No all-in preflop."},
		{r.AllInSimultaneous, "有人全押后其他人同时选择跟或弃。", " After an all-in everyone else answers call or fold at once."},
		{r.SwitchRevealsDiscard, "换掉的牌会亮给所有人看。", " Switched-out cards are shown to all."},
	} {
		switch {
		case !c.on:
		case zh:
			s += c.zh
		default:
			s += c.en
		}
	}
	return s
}
