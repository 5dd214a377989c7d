package nostr

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"gamelab/protocol/nostr/wire"
	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// Out is one server message the referee sends: its content is
// wire.Render(Msg) (for a status, the text).
type Out struct {
	Status bool         // a kind-30315 table status
	Msg    wire.Message // the message
	// To are the seats p-tagged (nil: none). Reply marks an answer to the
	// request (error and info replies): the requester is p-tagged.
	To    []sim.Seat
	Reply bool
	// Emoji are the tiles shown as shortcodes (for NIP-30 emoji tags).
	Emoji []mahjong.Tile
	// T is the t tag ("gamestart", "kyokustart"), if any.
	T string
}

// Table is the server side of one game: our engine under the 地鳳 rules,
// speaking the live server's messages (docs/rules/mahjong-wire.md, Messages and Batches).
// It is pure (no I/O): the referee feeds it the players' commands and
// sends what it returns. Seat i is the i-th player to join; the first
// dealer is seat 0 (as on the live server with a debug wall).
type Table struct {
	Players [4]string // npubs, join order
	Rules   mahjong.Rules
	State   *mahjong.State

	cursor  int             // engine events rendered so far
	views   [4]mahjong.View // folds of the rendered events (the truth per seat)
	holding bool            // a hand ended: wait for "next"
	asked   [4]bool         // prompt sent and not yet answered
	legal   []mahjong.Action

	// per hand, for the win context and the batches
	honba       int
	noCalls     bool
	discarded   [4]bool
	dRiichi     [4]bool
	ippatsu     [4]bool
	lastRinshan [4]bool
	pendKanDora map[sim.Seat][]mahjong.Tile // open-kan dora shown at the kan player's next discard
	kanSeat     sim.Seat                    // seat of the last open kan (for its dora)
	ankanDora   []mahjong.Tile              // ankan dora, shown after the rinshan draw
	prevCall    mahjong.Event
	ura         []mahjong.Tile
	seed        uint64
	debugWall   *[136]mahjong.TileID // the next hand's wall (debug), or nil

	// Mismatches counts wins whose han/fu from our scorer differ from the
	// engine's (0 in a correct build; the agari line uses the scorer).
	Mismatches int
}

// NewTable starts a game for players (join order) under r with seed.
// It returns the table and the start batch (4× gamestart, the first hand).
func NewTable(players [4]string, r mahjong.Rules, seed uint64) (*Table, []Out) {
	return NewTableWall(players, r, seed, nil)
}

// NewTableWall is NewTable with the first hand dealt from wall (the live
// server's debug command, set before the game starts); nil deals the
// seeded wall. Later hands use seeded walls unless SetWall is called.
func NewTableWall(players [4]string, r mahjong.Rules, seed uint64, wall *[136]mahjong.TileID) (*Table, []Out) {
	t := &Table{Players: players, Rules: r, kanSeat: sim.NoSeat, seed: seed, debugWall: wall}
	t.State = mahjong.NewWithWalls(r, seed, t.wall)
	for i := range t.views {
		t.views[i] = mahjong.NewView(sim.Seat(i))
	}
	var out []Out
	for i := range 4 {
		out = append(out, Out{Msg: wire.GameStart{To: players[i], Seat: i, Players: players}, To: []sim.Seat{sim.Seat(i)}, T: "gamestart"})
	}
	return t, t.flush(out)
}

// wall is the table's mahjong.WallFunc: the debug wall once, if one is
// set, else the seeded wall New(r, seed) would deal.
func (t *Table) wall(_, round, honba int) [136]mahjong.TileID {
	if w := t.debugWall; w != nil {
		t.debugWall = nil
		return *w
	}
	return mahjong.SeedWall(t.seed, round, honba)
}

// SetWall deals the next hand from w (the live server's debug command
// during a game).
func (t *Table) SetWall(w [136]mahjong.TileID) { t.debugWall = &w }

// ErrDebugWall reports a debug wall that is not a full set of tiles.
var ErrDebugWall = errors.New("nostr: a debug wall needs 136 tiles, four of each kind")

// DebugWall turns the tiles of a debug command (the wall in the server's
// order: hands 13 each by join index, dead wall, live draws;
// docs/rules/mahjong.md) into a raw wall for the 地鳳 layout. The live
// server takes any list; the engine needs a full set.
func DebugWall(ts []mahjong.Tile) ([136]mahjong.TileID, error) {
	var w [136]mahjong.TileID
	if len(ts) != 136 {
		return w, fmt.Errorf("%w (got %d)", ErrDebugWall, len(ts))
	}
	var n [mahjong.NumKinds]int
	for i, x := range ts {
		k := x.Kind()
		if int(k) >= mahjong.NumKinds || n[k] == 4 {
			return w, fmt.Errorf("%w (a fifth %v)", ErrDebugWall, x)
		}
		w[i] = mahjong.TileID(4*int(k) + n[k])
		n[k]++
	}
	return w, nil
}

func (t *Table) all() [4]string { return t.Players }

var allSeats = []sim.Seat{0, 1, 2, 3}

func (t *Table) pub(m wire.Message) Out { return Out{Msg: m, To: allSeats} }

// Holding reports whether the table waits for "next".
func (t *Table) Holding() bool { return t.holding }

// Done reports whether the game is over and fully announced.
func (t *Table) Done() bool { return t.State.Done() && t.cursor == len(t.State.Events()) }

// View returns seat's view of what has been announced (for tests).
func (t *Table) View(seat sim.Seat) mahjong.View { return t.views[seat] }

// Asked reports whether seat has an unanswered prompt.
func (t *Table) Asked(seat sim.Seat) bool { return t.asked[seat] }

// flush renders engine events from the cursor (stopping after a hand end)
// and the prompts that follow, appended to out.
func (t *Table) flush(out []Out) []Out {
	evs := t.State.Events()
	for !t.holding && t.cursor < len(evs) {
		e := evs[t.cursor]
		if e.Kind == mahjong.EvWin || e.Kind == mahjong.EvExhaustive || (e.Kind == mahjong.EvDora && e.Flags&mahjong.FlagUra != 0) {
			end := t.cursor
			for end < len(evs) && evs[end].Kind != mahjong.EvHandEnd {
				end++
			}
			if end == len(evs) {
				break // cannot happen: the engine ends a hand in one step
			}
			out = t.handEnd(evs[t.cursor:end+1], out)
			t.cursor = end + 1
			t.holding = true
			break
		}
		if e.Kind == mahjong.EvGameEnd {
			out = t.gameEnd(out)
			t.cursor++
			continue
		}
		out = t.event(e, out)
		t.cursor++
	}
	if !t.holding {
		out = t.prompts(out)
	}
	return out
}

// apply folds an engine event into the four seat views.
func (t *Table) apply(e mahjong.Event) {
	for i := range t.views {
		if se, ok := e.For(sim.Seat(i)); ok {
			t.views[i].Apply(se)
		}
	}
}

// event renders one in-hand event.
func (t *Table) event(e mahjong.Event, out []Out) []Out {
	t.apply(e)
	p := func(s sim.Seat) string { return t.Players[s] }
	switch e.Kind {
	case mahjong.EvGameStart:
	case mahjong.EvHandStart:
		t.honba, t.noCalls = int(e.Honba), true
		t.discarded, t.dRiichi, t.ippatsu, t.lastRinshan = [4]bool{}, [4]bool{}, [4]bool{}, [4]bool{}
		t.pendKanDora, t.ankanDora, t.ura, t.kanSeat = map[sim.Seat][]mahjong.Tile{}, nil, nil, sim.NoSeat
		t.prevCall = mahjong.Event{}
		out = append(out, Out{Status: true, Msg: wire.Status{Text: "対局中"}})
		o := t.pub(wire.KyokuStart{To: t.all(), Round: int(e.Round) / 4, Dealer: p(e.Seat), Honba: int(e.Honba), Pot: 1000 * int(e.Sticks)})
		o.T = "kyokustart"
		out = append(out, o)
	case mahjong.EvScore:
		out = append(out, t.pub(wire.Point{To: t.all(), Player: p(e.Seat), Op: '=', Points: int(e.Value)}))
	case mahjong.EvDeal:
		ts := slices.Clone(e.Tiles[:e.N])
		out = append(out, Out{Msg: wire.Haipai{Player: p(e.Seat), Tiles: ts}, To: []sim.Seat{e.Seat}, Emoji: ts})
	case mahjong.EvDora:
		switch {
		case t.prevCall.Kind == mahjong.EvCall && t.prevCall.Meld == mahjong.Ankan:
			t.ankanDora = append(t.ankanDora, e.Tile)
		case t.kanSeat != sim.NoSeat:
			t.pendKanDora[t.kanSeat] = append(t.pendKanDora[t.kanSeat], e.Tile)
		default:
			out = append(out, t.pub(wire.Dora{To: t.all(), Indicator: e.Tile}))
		}
	case mahjong.EvDraw:
		t.lastRinshan[e.Seat] = e.Flags&mahjong.FlagRinshan != 0
		out = append(out, Out{Msg: wire.Tsumo{Player: p(e.Seat), Left: int(e.Value), Tile: e.Tile}, To: []sim.Seat{e.Seat}})
		for _, d := range t.ankanDora {
			out = append(out, t.pub(wire.Dora{To: t.all(), Indicator: d}))
		}
		t.ankanDora = nil
		t.kanSeat = sim.NoSeat
		t.prevCall = mahjong.Event{}
	case mahjong.EvRiichi:
		out = t.kanDoraOf(e.Seat, out)
		t.dRiichi[e.Seat] = !t.discarded[e.Seat]
		out = append(out, t.pub(wire.Say{To: t.all(), Player: p(e.Seat), Word: "richi"}))
	case mahjong.EvDiscard:
		out = t.kanDoraOf(e.Seat, out)
		if t.discarded[e.Seat] {
			t.ippatsu[e.Seat] = false
		}
		t.discarded[e.Seat] = true
		out = append(out, t.pub(wire.Sutehai{To: t.all(), Player: p(e.Seat), Tile: e.Tile.Kind()}))
	case mahjong.EvRiichiStick:
		t.ippatsu[e.Seat] = true
	case mahjong.EvCall:
		t.noCalls = false
		t.ippatsu = [4]bool{}
		word, tiles := "kan", e.Tiles[:e.N]
		switch e.Meld {
		case mahjong.Pon:
			word = "pon"
		case mahjong.Chi:
			word = "chi"
		case mahjong.Kakan:
			tiles = []mahjong.Tile{e.Tile}
		}
		if e.Meld == mahjong.Daiminkan || e.Meld == mahjong.Kakan {
			t.kanSeat = e.Seat
		}
		t.prevCall = e
		out = append(out, t.pub(wire.Say{To: t.all(), Player: p(e.Seat), Word: word}))
		out = append(out, t.pub(wire.Open{To: t.all(), Player: p(e.Seat), Tiles: kinds(tiles)}))
	case mahjong.EvPoints:
		// Only after the game's last hand (sticks to the winner); none under 地鳳.
	}
	return out
}

func kinds(ts []mahjong.Tile) []mahjong.Tile {
	out := make([]mahjong.Tile, len(ts))
	for i, x := range ts {
		out[i] = x.Kind()
	}
	return out
}

// kanDoraOf announces the open-kan dora waiting for seat's discard.
func (t *Table) kanDoraOf(s sim.Seat, out []Out) []Out {
	for _, d := range t.pendKanDora[s] {
		out = append(out, t.pub(wire.Dora{To: t.all(), Indicator: d}))
	}
	delete(t.pendKanDora, s)
	return out
}

// prompts sends GET sutehai?/naku? to every seat the engine asks and that
// has not been prompted yet, in join order as the live server does (its
// first ron answer wins, so the order decides; docs/rules/mahjong.md).
func (t *Table) prompts(out []Out) []Out {
	next := slices.Clone(t.State.Next())
	slices.Sort(next)
	for _, s := range next {
		if t.asked[s] {
			continue
		}
		t.asked[s] = true
		v := &t.views[s]
		h := handOf(v)
		t.legal = t.State.Legal(s, t.legal[:0])
		if len(t.legal) > 0 && !t.legal[0].Kind.IsClaim() {
			drawn := v.Drawn
			m := wire.AskSutehai{Player: t.Players[s], Hand: h, HasDrawn: drawn != mahjong.NoTile}
			if m.HasDrawn {
				m.Drawn = drawn.Kind()
				m.Hand = removeOne(h, m.Drawn)
			}
			out = append(out, Out{Msg: m, To: []sim.Seat{s}, Emoji: emojiOf(m.Hand, m.Drawn, m.HasDrawn)})
			continue
		}
		var opts []string
		for _, o := range []struct {
			k mahjong.ActionKind
			w string
		}{{mahjong.ActRon, "ron"}, {mahjong.ActPon, "pon"}, {mahjong.ActKan, "kan"}, {mahjong.ActChi, "chi"}} {
			if slices.ContainsFunc(t.legal, func(a mahjong.Action) bool { return a.Kind == o.k }) {
				opts = append(opts, o.w)
			}
		}
		m := wire.AskNaku{Player: t.Players[s], Hand: h, Tile: v.LastDiscard.Kind(), Options: opts}
		out = append(out, Out{Msg: m, To: []sim.Seat{s}, Emoji: emojiOf(h, m.Tile, true)})
	}
	return out
}

// handOf renders a seat's hand as the server shows it: concealed tiles
// sorted, melds newest first.
func handOf(v *mahjong.View) wire.Hand {
	var h wire.Hand
	c := v.Counts()
	for k := range mahjong.Tile(mahjong.NumKinds) {
		for range c[k] {
			h.Concealed = append(h.Concealed, k)
		}
	}
	for i := int(v.NMelds[v.Me]) - 1; i >= 0; i-- {
		m := v.Melds[v.Me][i]
		h.Melds = append(h.Melds, wire.Meld{Tiles: kinds(m.Tiles[:m.Len()]), Closed: m.Kind == mahjong.Ankan})
	}
	return h
}

func removeOne(h wire.Hand, k mahjong.Tile) wire.Hand {
	i := slices.Index(h.Concealed, k)
	if i >= 0 {
		h.Concealed = slices.Delete(slices.Clone(h.Concealed), i, i+1)
	}
	return h
}

func emojiOf(h wire.Hand, t mahjong.Tile, has bool) []mahjong.Tile {
	ts := slices.Clone(h.Concealed)
	for _, m := range h.Melds {
		ts = append(ts, m.Tiles...)
	}
	if has {
		ts = append(ts, t)
	}
	return ts
}

// Act applies a player's answer. It returns the batch to send: the error
// reply of the live server if the answer is refused, nothing while other
// claimants still have to answer, else the events that follow.
func (t *Table) Act(seat sim.Seat, c wire.Command) []Out {
	reply := func(text string) []Out {
		r, _ := wire.Parse(text)
		if r == nil {
			r = wire.Reply{Text: text, Error: true}
		}
		return []Out{{Msg: r, Reply: true}}
	}
	if t.holding || !t.asked[seat] {
		return reply(`You are not required to send "` + c.Verb + `"`)
	}
	t.legal = t.State.Legal(seat, t.legal[:0])
	turn := len(t.legal) > 0 && !t.legal[0].Kind.IsClaim()
	if (c.Verb == "sutehai?") != turn {
		return reply(`You are not required to send "` + c.Verb + `"`)
	}
	a, errText := t.action(seat, c, turn)
	if errText == "" && t.State.Apply(seat, a) != nil {
		errText = cannotText(c)
	}
	if errText != "" {
		if turn {
			// The server keeps waiting for the same player (no new prompt).
			return reply(errText)
		}
		// A refused call is dropped: the seat passes, play goes on.
		out := reply(errText)
		if err := t.State.Apply(seat, mahjong.Action{Kind: mahjong.ActPass}); err != nil {
			return out
		}
		t.asked[seat] = false
		return t.flush(out)
	}
	t.asked[seat] = false
	return t.flush(nil)
}

// action maps a command to the engine action, or returns the server's
// error text.
func (t *Table) action(seat sim.Seat, c wire.Command, turn bool) (mahjong.Action, string) {
	tile := func() mahjong.Tile { return c.Tiles[0] }
	switch c.Action {
	case "tsumo":
		return mahjong.Action{Kind: mahjong.ActTsumo}, ""
	case "sutehai", "richi", "ankan", "kakan":
		if len(c.Tiles) == 0 {
			return mahjong.Action{}, wire.UsageSutehai
		}
		k := map[string]mahjong.ActionKind{"sutehai": mahjong.ActDiscard, "richi": mahjong.ActRiichi, "ankan": mahjong.ActAnkan, "kakan": mahjong.ActKakan}[c.Action]
		return mahjong.Action{Kind: k, Tile: tile()}, ""
	case "no":
		return mahjong.Action{Kind: mahjong.ActPass}, ""
	case "ron":
		return mahjong.Action{Kind: mahjong.ActRon}, ""
	case "kan":
		return mahjong.Action{Kind: mahjong.ActKan}, ""
	case "pon":
		k := t.views[seat].LastDiscard.Kind()
		return mahjong.Action{Kind: mahjong.ActPon, Tile: k, Tile2: k}, ""
	case "chi":
		if len(c.Tiles) != 2 {
			return mahjong.Action{}, wire.UsageChi
		}
		if c.Tiles[0] >= c.Tiles[1] {
			return mahjong.Action{}, "You cannot chi with " + wire.TilesString(c.Tiles) + "."
		}
		return mahjong.Action{Kind: mahjong.ActChi, Tile: c.Tiles[0], Tile2: c.Tiles[1]}, ""
	}
	// The bare "chi 1m 2m" form, which hangs the live server: refused here.
	return mahjong.Action{}, "You cannot chi."
}

// cannotText is the server's refusal of an action the engine rejects.
func cannotText(c wire.Command) string {
	switch c.Action {
	case "richi":
		return "You cannot richi " + wire.TileString(c.Tiles[0]) + "."
	case "sutehai", "ankan", "kakan":
		return "You cannot " + c.Action + " " + wire.TileString(c.Tiles[0]) + " ."
	case "chi":
		return "You cannot chi with " + wire.TilesString(c.Tiles) + "."
	}
	return "You cannot " + c.Action + "."
}

// Next starts the next hand (or announces the game end) after a hand end.
func (t *Table) Next() ([]Out, bool) {
	if !t.holding {
		return nil, false
	}
	t.holding = false
	t.asked = [4]bool{}
	return t.flush(nil), true
}

// handEnd renders a hand end group (ura dora, win or draw, points, end).
func (t *Table) handEnd(evs []mahjong.Event, out []Out) []Out {
	p := func(s sim.Seat) string { return t.Players[s] }
	var delta [4]int
	var win *mahjong.Event
	draw := mahjong.DrawReason(-1)
	var tenpai []mahjong.Event
	var ura []mahjong.Tile
	var ctx mahjong.Win
	var hand mahjong.Hand
	var shown wire.Hand // the winner's hand as the result text shows it
	for i := range evs {
		e := evs[i]
		switch e.Kind {
		case mahjong.EvDora:
			if e.Flags&mahjong.FlagUra == 0 && t.kanSeat != sim.NoSeat {
				// A chankan shows the robbed kakan's kan dora (地鳳): the
				// server announces it right after "say ron".
				t.pendKanDora[t.kanSeat] = append(t.pendKanDora[t.kanSeat], e.Tile)
			} else {
				ura = append(ura, e.Tile)
			}
		case mahjong.EvWin:
			if win == nil {
				win = &evs[i]
				ctx, hand = t.winContext(e, ura)
				shown = handOf(&t.views[e.Seat])
				if e.From == e.Seat {
					shown = removeOne(shown, e.Tile.Kind()) // a tsumo holds the winning tile
				}
			}
		case mahjong.EvExhaustive:
			draw = mahjong.DrawReason(e.Value)
		case mahjong.EvTenpai:
			tenpai = append(tenpai, e)
		case mahjong.EvPoints:
			delta[e.Seat] += int(e.Value)
		}
		t.apply(e)
	}
	var pointLines []Out
	for s := range 4 {
		if d := delta[s]; d != 0 {
			op, n := byte('+'), d
			if d < 0 {
				op, n = '-', -d
			}
			pointLines = append(pointLines, t.pub(wire.Point{To: t.all(), Player: p(sim.Seat(s)), Op: op, Points: n}))
		}
	}
	status := Out{Status: true, Msg: wire.Status{Text: "next待ち"}}
	end := t.pub(wire.KyokuEnd{To: t.all()})
	switch {
	case win != nil:
		word := "ron"
		if win.From == win.Seat {
			word = "tsumo"
			out = t.kanDoraOf(win.Seat, out)
		}
		out = append(out, t.pub(wire.Say{To: t.all(), Player: p(win.Seat), Word: word}))
		if word == "ron" && t.kanSeat != sim.NoSeat {
			out = t.kanDoraOf(t.kanSeat, out) // chankan: the kakan's dora
		}
		out = append(out, status)
		for _, u := range ura {
			out = append(out, t.pub(wire.Dora{To: t.all(), Indicator: u}))
		}
		res, err := mahjong.Score(hand, ctx, t.Rules.ScoreRules)
		ag := wire.Agari{To: t.all(), Player: p(win.Seat), Fu: int(win.Fu)}
		if err != nil || res.Han != int(win.Han) || res.Fu != int(win.Fu) {
			t.Mismatches++
		}
		for _, y := range res.Yaku {
			han := y.Han
			if y.Yakuman > 0 {
				han = 0
			}
			ag.Yaku = append(ag.Yaku, wire.Yaku{Name: strings.ReplaceAll(y.Name, " ", ""), Han: han})
		}
		out = append(out, t.pub(ag))
		out = append(out, pointLines...)
		out = append(out, end)
		out = append(out, Out{Msg: wire.Summary{Title: summaryTitle(res), Text: t.winSummary(res, win, delta, shown)}})
	case draw == mahjong.DrawExhaustive:
		out = append(out, status, t.pub(wire.Ryukyoku{To: t.all()}))
		for _, e := range tenpai {
			w := "noten"
			if e.Flags&mahjong.FlagTenpai != 0 {
				w = "tenpai"
			}
			out = append(out, t.pub(wire.Say{To: t.all(), Player: p(e.Seat), Word: w}))
		}
		out = append(out, pointLines...)
		out = append(out, end, Out{Msg: wire.Summary{Title: "荒牌平局", Text: t.drawSummary("荒牌平局", delta)}})
	case draw == mahjong.DrawNagashi:
		out = append(out, status, t.pub(wire.Ryukyoku{To: t.all()}), end,
			Out{Msg: wire.Summary{Title: "流し満貫", Text: t.nagashiSummary(delta)}})
	default:
		title := map[mahjong.DrawReason]string{mahjong.DrawFourWinds: "四風子連打", mahjong.DrawFourKans: "四開槓",
			mahjong.DrawFourRiichi: "四家立直", mahjong.DrawThreeRon: "三家和", mahjong.DrawNineKinds: "九種九牌"}[draw]
		if draw == mahjong.DrawThreeRon {
			for s := range sim.Seat(4) {
				if s != t.views[0].LastFrom {
					out = append(out, t.pub(wire.Say{To: t.all(), Player: p(s), Word: "ron"}))
				}
			}
		}
		out = append(out, Out{Msg: wire.Summary{Title: title, Text: t.drawSummary(title, delta)}},
			status, t.pub(wire.Ryukyoku{To: t.all()}), end)
	}
	return out
}

func summaryTitle(r mahjong.ScoreResult) string {
	if len(r.Yaku) == 0 {
		return ""
	}
	return yakuLine(r.Yaku[0])
}

func yakuLine(y mahjong.YakuHan) string {
	name := strings.ReplaceAll(y.Name, " ", "")
	if y.Yakuman > 0 {
		if y.Yakuman >= 2 {
			return fmt.Sprintf("%s %d倍役満", name, y.Yakuman)
		}
		return name + " 役満"
	}
	return fmt.Sprintf("%s %d翻", name, y.Han)
}

func (t *Table) scoresText(delta [4]int) string {
	var b strings.Builder
	for s, d := range delta {
		if d != 0 {
			fmt.Fprintf(&b, "nostr:%s %+d\n", t.Players[s], d)
		}
	}
	b.WriteString("\n")
	for s := range 4 {
		fmt.Fprintf(&b, "nostr:%s %d\n", t.Players[s], t.views[s].Scores[s])
	}
	return b.String()
}

// winSummary is the server's result text for a win: yaku lines, fu and
// han, the hand's value from the ron table (also for a tsumo, whose
// payments may sum to more), the point changes, the scores, and the
// winning hand with the winning tile apart (docs/rules/mahjong-wire.md, Messages).
func (t *Table) winSummary(r mahjong.ScoreResult, win *mahjong.Event, delta [4]int, shown wire.Hand) string {
	var b strings.Builder
	for _, y := range r.Yaku {
		b.WriteString(yakuLine(y) + "\n")
	}
	if r.Yakuman == 0 {
		fmt.Fprintf(&b, "%d符%d翻\n", r.Fu, r.Han)
	}
	value := int(win.Value)
	if win.From == win.Seat {
		value = ronValue(r.Base, win.Seat == t.views[win.Seat].Dealer)
	}
	fmt.Fprintf(&b, "%d点\n", value)
	b.WriteString(t.scoresText(delta))
	b.WriteString("\n" + shown.Emoji() + " " + wire.EmojiTiles([]mahjong.Tile{win.Tile.Kind()}))
	return b.String()
}

// ronValue is the ron-table value of a hand of base points: 4 (dealer 6)
// times the base, rounded up to 100 (the 地鳳 table; spec 3.9).
func ronValue(base int, dealer bool) int {
	m := 4
	if dealer {
		m = 6
	}
	return (base*m + 99) / 100 * 100
}

// nagashiSummary is the server's nagashi mangan text: the paid player, its
// hand and river, then every player's change, zero included, and no
// scores (mj_main.ts, #sendNextTurn).
func (t *Table) nagashiSummary(delta [4]int) string {
	w := 0
	for s, d := range delta {
		if d > delta[w] {
			w = s
		}
	}
	v := &t.views[w]
	var b strings.Builder
	fmt.Fprintf(&b, "流し満貫\nnostr:%s\n%s\n%s\n\n", t.Players[w], handOf(v).Emoji(), wire.EmojiTiles(kinds(v.Rivers[w].Slice())))
	for s, d := range delta {
		sign := ""
		if d > 0 {
			sign = "+"
		}
		fmt.Fprintf(&b, "nostr:%s %s%d\n", t.Players[s], sign, d)
	}
	return b.String()
}

// drawSummary is the server's text for an exhaustive or abortive draw
// (mj_main.ts, #sendNextTurn): the title, the point changes (none for an
// abortive draw), a blank line, then each player's score, hand and river.
func (t *Table) drawSummary(title string, delta [4]int) string {
	var b strings.Builder
	b.WriteString(title + "\n")
	for s, d := range delta {
		if d != 0 {
			fmt.Fprintf(&b, "nostr:%s %+d\n", t.Players[s], d)
		}
	}
	b.WriteString("\n")
	for s := range sim.Seat(4) {
		v := &t.views[s]
		fmt.Fprintf(&b, "nostr:%s %d\n%s\n%s\n", t.Players[s], v.Scores[s], handOf(v).Emoji(), wire.EmojiTiles(kinds(v.Rivers[s].Slice())))
	}
	return b.String()
}

// winContext rebuilds the Win the engine scored, from the announced
// events (the engine keeps it private).
func (t *Table) winContext(e mahjong.Event, ura []mahjong.Tile) (mahjong.Win, mahjong.Hand) {
	v := &t.views[e.Seat]
	tsumo := e.From == e.Seat
	chankan := !tsumo && t.prevCall.Kind == mahjong.EvCall && t.prevCall.Meld == mahjong.Kakan
	dealer := v.Dealer
	wind := func(s sim.Seat) mahjong.Tile { return mahjong.East + mahjong.Tile((int(s)-int(dealer)+4)%4) }
	w := mahjong.Win{
		Tile: e.Tile, Tsumo: tsumo,
		Riichi: v.Riichi[e.Seat] && !t.dRiichi[e.Seat], DoubleRiichi: v.Riichi[e.Seat] && t.dRiichi[e.Seat],
		Ippatsu:   v.Riichi[e.Seat] && t.ippatsu[e.Seat],
		RoundWind: mahjong.East + mahjong.Tile(v.Round/4), SeatWind: wind(e.Seat),
		Dora: slices.Clone(v.Dora[:v.NDora]), Honba: t.honba, Sticks: int(v.Sticks),
		Rinshan: tsumo && t.lastRinshan[e.Seat], Chankan: chankan,
		FirstTurn: tsumo && t.noCalls && !t.discarded[e.Seat],
	}
	w.Haitei = v.WallLeft == 0 && !chankan && !w.Rinshan
	if v.Riichi[e.Seat] {
		w.Ura = slices.Clone(ura)
	}
	if !tsumo {
		w.Discarder = wind(e.From)
	}
	var h mahjong.Hand
	for f := range mahjong.Tile(mahjong.NumTiles) {
		for range v.Hand[f] {
			h.Tiles = append(h.Tiles, f)
		}
	}
	h.Melds = slices.Clone(v.Melds[e.Seat][:v.NMelds[e.Seat]])
	return w, h
}

// gameEnd renders the end of the game: empty status, gameend, ranking.
func (t *Table) gameEnd(out []Out) []Out {
	var sc [4]int
	for s := range 4 {
		sc[s] = int(t.views[0].Scores[s])
	}
	out = append(out, Out{Status: true, Msg: wire.Status{Text: ""}})
	out = append(out, t.pub(wire.GameEnd{To: t.all(), Players: t.Players, Scores: sc}))
	order := []int{0, 1, 2, 3}
	slices.SortStableFunc(order, func(a, b int) int { return sc[b] - sc[a] })
	var r wire.Ranking
	for _, s := range order {
		r.Players = append(r.Players, t.Players[s])
		r.Scores = append(r.Scores, sc[s])
	}
	return append(out, t.pub(r))
}
