package tavern

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"gamelab/sim"
	"gamelab/sim/liarsbar"
	lbstrat "gamelab/strategies/liarsbar"
)

func init() {
	adapters[GameLiarsBar] = adapter{player: newLiarsBarPlayer, table: newLiarsBarTable,
		strategies: func() []string { return registryHelp(lbstrat.Registry.Names(), lbstrat.Registry.Help) },
		presets:    liarsbar.Presets}
}

// liarsBarPlayer is the bot side of liars_bar: it rebuilds the seat's View
// from the request (setup + log) and asks a fresh strategy.
type liarsBarPlayer struct {
	spec  string
	tuned *liarsbar.Rules // the rules a tuned strategy file records
}

func newLiarsBarPlayer(spec string) (Player, error) {
	if _, err := lbstrat.New(spec); err != nil {
		return nil, err
	}
	tuned, err := tunedRules[liarsbar.Rules](spec)
	if err != nil {
		return nil, err
	}
	return &liarsBarPlayer{spec: spec, tuned: tuned}, nil
}

// RulesNote compares the match's rules with the tuned ones: all of them
// when the request has our setup, else the variant and seat count read
// from the board.
func (p *liarsBarPlayer) RulesNote(d *Decision) string {
	if p.tuned == nil || d.You == nil {
		return ""
	}
	var r liarsbar.Rules
	if len(d.Setup) > 0 && json.Unmarshal(d.Setup, &r) == nil {
		if r == *p.tuned {
			return ""
		}
	} else if v, _, err := liarsBarBoardView(d); err == nil {
		r = v.Rules
		if r.Variant == p.tuned.Variant && r.Players == p.tuned.Players {
			return ""
		}
	} else {
		return ""
	}
	return fmt.Sprintf("strategy %s was tuned on %+v; this match plays %+v", p.spec, *p.tuned, r)
}

// LiarsBarView folds a decision request into the seat's engine View.
func LiarsBarView(d *Decision) (liarsbar.View, error) {
	r, err := readSetup(d, GameLiarsBar, func(r *liarsbar.Rules) int { return r.Players })
	if err != nil {
		return liarsbar.View{}, err
	}
	v := liarsbar.NewView(r, sim.Seat(d.You.Seat))
	if len(d.Base) > 0 {
		if err := json.Unmarshal(d.Base, &v); err != nil {
			return liarsbar.View{}, fmt.Errorf("%w: liars_bar base view: %v", ErrBadRequest, err)
		}
		if err := checkLiarsBarBase(&v, r, sim.Seat(d.You.Seat)); err != nil {
			return liarsbar.View{}, err
		}
	}
	for _, raw := range d.Log {
		e, err := decodeLiarsBarEvent(raw)
		if errors.Is(err, errUnknownEvent) {
			continue // a newer dealer's event: nothing we fold
		}
		if err != nil {
			return liarsbar.View{}, err
		}
		v.Apply(e)
	}
	return v, nil
}

// Decide answers from our dealer's setup and log when the request has
// them, otherwise from the board (liarsBarBoardView). The strategy chooses
// among the offered choices it understands, each as the canonical action
// over the sorted hand (a dealer may list equal cards under other
// indices); its intent goes back to the offered id with the same cards.
// An id of a mode we do not know is never chosen by the strategy.
func (p *liarsBarPlayer) Decide(ctx context.Context, d *Decision) (Reply, error) {
	v, hand, err := liarsBarDecisionView(d)
	if err != nil {
		return Reply{}, err
	}
	if len(d.Choices) == 0 {
		legal := liarsBarLegalFromView(&v, d.Ask)
		if len(legal) == 0 {
			return Reply{}, fmt.Errorf("%w: nothing to decide from this view", ErrBadRequest)
		}
		a, err := decideFresh(ctx, d, p.spec, lbstrat.New, &v, legal, legal[0])
		if err != nil {
			return Reply{}, err
		}
		return liarsBarActionReply(a), nil
	}
	offers := liarsBarOffers(&v, hand, d.Choices)
	if len(offers) == 0 {
		return Reply{}, fmt.Errorf("%w: no choice id we understand with this view", ErrBadRequest)
	}
	legal := make([]liarsbar.Action, 0, len(offers))
	for _, o := range offers {
		legal = append(legal, o.a)
	}
	a, err := decideFresh(ctx, d, p.spec, lbstrat.New, &v, legal, legal[0])
	if errors.Is(err, errNotOffered) && a.Kind == liarsbar.Play {
		// A dealer that offers fewer plays than the rules allow: the
		// offered play nearest to the strategy's intent.
		if near, ok := nearestPlay(&v, a, legal); ok {
			a, err = near, nil
		}
	}
	if err != nil {
		return Reply{}, err
	}
	for _, o := range offers {
		if o.a == a {
			return Reply{Choice: o.id}, nil
		}
	}
	return Reply{}, fmt.Errorf("strategy %s chose %v, not offered", p.spec, a)
}

// nearestPlay is the play of legal nearest in meaning to want: as truthful
// as want (every card the table card or wild, or not), then sharing the
// most cards with it, then closest in count. ok is false when no play of
// the same truthfulness is offered.
func nearestPlay(v *liarsbar.View, want liarsbar.Action, legal []liarsbar.Action) (liarsbar.Action, bool) {
	cards := func(a liarsbar.Action) (k [liarsbar.NumCards]int, truthful bool) {
		truthful = true
		for i, c := range v.MyHand() {
			if a.Cards&(1<<i) != 0 {
				k[c]++
				truthful = truthful && c.Truthful(v.Table)
			}
		}
		return k, truthful
	}
	wk, wt := cards(want)
	best, bestScore := liarsbar.Action{}, -1<<30
	for _, a := range legal {
		if a.Kind != liarsbar.Play {
			continue
		}
		k, t := cards(a)
		if t != wt {
			continue
		}
		shared := 0
		for c := range k {
			shared += min(k[c], wk[c])
		}
		score := 16*shared - abs(a.Count()-want.Count())
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	return best, bestScore > -1<<30
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// liarsBarDecisionView is the seat's View and its hand in the dealer's
// order: from our setup and log when present and readable, else from the
// board.
func liarsBarDecisionView(d *Decision) (liarsbar.View, []liarsbar.Card, error) {
	if d.You == nil {
		return liarsbar.View{}, nil, fmt.Errorf("%w: you missing", ErrBadRequest)
	}
	if len(d.Setup) > 0 {
		v, err := LiarsBarView(d)
		if err == nil {
			return v, v.MyHand(), nil
		}
		if _, _, berr := liarsBarBoardView(d); berr != nil {
			return liarsbar.View{}, nil, err
		}
	}
	return liarsBarBoardView(d)
}

// lbOffer is an offered choice as the strategy sees it: the canonical
// action of the same meaning over the View's sorted hand.
type lbOffer struct {
	id string
	a  liarsbar.Action
}

// liarsBarOffers maps the offered ids to canonical actions: a play's
// indices name cards of hand (the dealer's order), and the play becomes
// the lowest sorted-hand positions of those cards; an aim must name a seat
// at the table. Ids we cannot read (another mode's) or whose cards we do
// not know are left out; the first id of each meaning is kept.
func liarsBarOffers(v *liarsbar.View, hand []liarsbar.Card, choices []Choice) []lbOffer {
	var out []lbOffer
	for _, c := range choices {
		a, err := liarsbar.ParseAction(c.ID)
		if err != nil {
			continue
		}
		switch a.Kind {
		case liarsbar.Play:
			var want [liarsbar.NumCards]int8
			ok := true
			for i := range liarsbar.MaxHand {
				if a.Cards&(1<<i) == 0 {
					continue
				}
				if i >= len(hand) || hand[i] >= liarsbar.NumCards {
					ok = false // a card we do not know
					break
				}
				want[hand[i]]++
			}
			if !ok {
				continue
			}
			a = lbstrat.CanonicalPlay(v, &want)
		case liarsbar.Aim:
			if int(a.Target) >= v.Rules.Players {
				continue
			}
		}
		if !slices.ContainsFunc(out, func(o lbOffer) bool { return o.a == a }) {
			out = append(out, lbOffer{id: c.ID, a: a})
		}
	}
	return out
}

// liarsBarLegalFromView lists the actions a seat may take when the dealer
// sent no choices (the per-game reply form).
func liarsBarLegalFromView(v *liarsbar.View, ask string) []liarsbar.Action {
	var out []liarsbar.Action
	if ask == "aim" {
		for t := 0; t < v.Rules.Players; t++ {
			if v.Alive[t] && sim.Seat(t) != v.Seat {
				out = append(out, liarsbar.AimAt(sim.Seat(t)))
			}
		}
		return out
	}
	if v.Last != sim.NoSeat {
		out = append(out, liarsbar.ChallengeAction)
	}
	n := int(v.HandLen)
	for mask := 1; mask < 1<<n; mask++ {
		a := liarsbar.Action{Kind: liarsbar.Play, Cards: uint8(mask), Target: sim.NoSeat}
		if a.Count() <= v.Rules.MaxPlay {
			out = append(out, a)
		}
	}
	return out
}

func liarsBarActionReply(a liarsbar.Action) Reply {
	switch a.Kind {
	case liarsbar.Play:
		var idx []int
		for i := 0; i < liarsbar.MaxHand; i++ {
			if a.Cards&(1<<i) != 0 {
				idx = append(idx, i)
			}
		}
		return Reply{Action: "play", Fields: map[string]any{"cards": idx}}
	case liarsbar.Aim:
		return Reply{Action: "aim", Fields: map[string]any{"target": int(a.Target)}}
	}
	return Reply{Action: "challenge"}
}

// liarsBarReplyAction reads either reply form into an action.
func liarsBarReplyAction(r Reply) (liarsbar.Action, error) {
	if r.Choice != "" {
		return liarsbar.ParseAction(r.Choice)
	}
	switch r.Action {
	case "challenge":
		return liarsbar.ChallengeAction, nil
	case "aim":
		t, err := wholeField(r.Fields, "target")
		if err != nil {
			return liarsbar.Action{}, err
		}
		return liarsbar.ParseAction(fmt.Sprintf("aim:%d", t))
	case "play":
		cs, ok := r.Fields["cards"].([]any)
		if !ok || len(cs) == 0 {
			return liarsbar.Action{}, fmt.Errorf("%w: play without cards", ErrBadRequest)
		}
		var idx []int
		for _, c := range cs {
			f, ok := c.(float64)
			if !ok || f != float64(int(f)) {
				return liarsbar.Action{}, fmt.Errorf("%w: play: card index %v", ErrBadRequest, c)
			}
			idx = append(idx, int(f))
		}
		slices.Sort(idx)
		id := "play:"
		for i, x := range idx {
			if i > 0 {
				id += ","
			}
			id += fmt.Sprint(x)
		}
		return liarsbar.ParseAction(id)
	}
	return liarsbar.Action{}, fmt.Errorf("%w: unknown liars_bar action %q", ErrBadRequest, r.Action)
}

// liarsBarTable is a dealer's liars_bar match.
type liarsBarTable struct {
	s      *liarsbar.State
	local  localSeats[lbstrat.Strategy] // for --fill seats
	names  []string
	public []json.RawMessage
	seen   int // engine events already scanned for public ones
	legal  []liarsbar.Action
}

func newLiarsBarTable(preset string, seats int, seed uint64, fill string) (Table, error) {
	if preset == "" {
		preset = liarsbar.VariantBasic
	}
	r, err := liarsbar.Preset(preset)
	if err != nil {
		return nil, err
	}
	r.Players = seats
	if err := r.Validate(); err != nil {
		return nil, err
	}
	local, err := newLocalSeats(seats, seed, fill, lbstrat.New)
	if err != nil {
		return nil, err
	}
	t := &liarsBarTable{s: liarsbar.New(r, seed), local: local}
	for i := range seats {
		t.names = append(t.names, fmt.Sprintf("seat %d", i))
	}
	return t, nil
}

func (t *liarsBarTable) Game() string       { return GameLiarsBar }
func (t *liarsBarTable) Seats() int         { return t.s.Rules().Players }
func (t *liarsBarTable) Done() bool         { return t.s.Done() }
func (t *liarsBarTable) Result() sim.Result { return t.s.Result() }
func (t *liarsBarTable) Next() []sim.Seat   { return t.s.Next() }
func (t *liarsBarTable) Round() int         { return t.s.Round() }
func (t *liarsBarTable) RulesText(lang string) string {
	return lbDescribe(t.s.Rules(), lang)
}

func (t *liarsBarTable) Setup() json.RawMessage {
	return mustJSON(t.s.Rules())
}

func (t *liarsBarTable) Private(seat sim.Seat) json.RawMessage {
	v := t.s.View(seat)
	return mustJSON(map[string]any{"table_card": v.Table.String(), "hand": lbCards(v.MyHand())})
}

func (t *liarsBarTable) Ask(seat sim.Seat, lang string) (string, string, []Choice) {
	v := t.s.View(seat)
	t.legal = t.s.Legal(seat, t.legal[:0])
	ask := "move"
	var cs []Choice
	for _, a := range t.legal {
		if a.Kind == liarsbar.Aim {
			ask = "aim"
		}
		cs = append(cs, Choice{ID: a.String(), Say: lbSay(&v, a, lang, t.names)})
	}
	return ask, lbPrompt(&v, t.legal, lang, t.names), cs
}

func (t *liarsBarTable) Log(seat sim.Seat) (json.RawMessage, []json.RawMessage) {
	evs := t.s.Events()
	start := 0
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].Kind == liarsbar.EvRoundStart {
			start = i
			break
		}
	}
	var base json.RawMessage
	if start > 0 {
		v := liarsbar.NewView(t.s.Rules(), seat)
		for _, e := range evs[:start] {
			v.Apply(e)
		}
		base = mustJSON(v)
	}
	var out []json.RawMessage
	for _, e := range evs[start:] {
		if e.VisibleTo(seat) {
			out = append(out, encodeLiarsBarEvent(e))
		}
	}
	return base, out
}

// checkLiarsBarBase refuses a base view that does not fit the setup and
// the seat, or whose seats and counts are off the table: a crafted base is
// an error, never a panic in a strategy.
func checkLiarsBarBase(v *liarsbar.View, r liarsbar.Rules, seat sim.Seat) error {
	bad := func(what string) error {
		return fmt.Errorf("%w: liars_bar base view: %s", ErrBadRequest, what)
	}
	n := sim.Seat(r.Players)
	switch {
	case v.Rules != r:
		return bad("rules differ from the setup")
	case v.Seat != seat:
		return bad("another seat's view")
	case v.HandLen < 0 || int(v.HandLen) > liarsbar.MaxHand || v.LastCount < 0 || v.LastCount > liarsbar.MaxPlay || v.Pile < 0:
		return bad("counts out of range")
	}
	for _, s := range []sim.Seat{v.Last, v.Turn, v.Winner} {
		if s < sim.NoSeat || s >= n {
			return bad("a seat off the table")
		}
	}
	for i := range liarsbar.MaxPlayers {
		if v.Cards[i] < 0 || int(v.Cards[i]) > liarsbar.MaxHand || v.Pulls[i] < 0 || v.Pulls[i] > liarsbar.Chambers || v.Played[i] < 0 {
			return bad("counts out of range")
		}
	}
	return nil
}

func (t *liarsBarTable) Public(from int) []json.RawMessage {
	evs := t.s.Events()
	for ; t.seen < len(evs); t.seen++ {
		if e := evs[t.seen]; e.To == sim.NoSeat {
			t.public = append(t.public, encodeLiarsBarEvent(e))
		}
	}
	if from >= len(t.public) {
		return nil
	}
	return t.public[from:]
}

func (t *liarsBarTable) Apply(seat sim.Seat, r Reply) error {
	a, err := liarsBarReplyAction(r)
	if err != nil {
		return err
	}
	return t.s.Apply(seat, a)
}

func (t *liarsBarTable) Default(seat sim.Seat) string {
	legal := t.s.Legal(seat, nil)
	if slices.Contains(legal, liarsbar.ChallengeAction) {
		return liarsbar.ChallengeAction.String()
	}
	if len(legal) == 0 {
		return ""
	}
	return legal[0].String()
}

func (t *liarsBarTable) DecideLocal(seat sim.Seat) (string, error) {
	v := t.s.View(seat)
	t.legal = t.s.Legal(seat, t.legal[:0])
	return decideLocal(&t.local, seat, &v, t.legal)
}
