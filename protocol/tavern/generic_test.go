package tavern

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gamelab/sim"
	"gamelab/sim/liarsbar"
	"gamelab/strategies"
)

func TestSayPolicy(t *testing.T) {
	ch := func(id, say string) Choice { return Choice{ID: id, Say: say} }
	cases := []struct {
		name    string
		prompt  string
		choices []Choice
		want    string
	}{
		{"truthful play with the most cards", "轮到你：扣着出 1 到 3 张牌，声称都是目标牌 K", []Choice{
			ch("play:0", "出 Q（0 号位），声称都是 K"), ch("play:1", "出 K（1 号位），声称都是 K"),
			ch("play:1,2", "出 K、Joker（1、2 号位），声称都是 K"), ch("play:0,1", "出 Q、K（0、1 号位），声称都是 K"),
			ch("challenge", "质疑 奶豆 刚出的 1 张")}, "play:1,2"},
		{"english say texts", "Your move: play 1 to 3 cards face down claiming they are all A", []Choice{
			ch("play:0", "play Q (positions 0), claiming all are A"), ch("play:1", "play A (positions 1), claiming all are A"),
			ch("play:0,1", "play Q, A (positions 0, 1), claiming all are A")}, "play:1"},
		{"no truthful play: challenge", "轮到你：扣着出 1 到 3 张牌，声称都是目标牌 K", []Choice{
			ch("play:0", "出 Q（0 号位），声称都是 K"), ch("challenge", "质疑 奶豆 刚出的 2 张")}, "challenge"},
		{"no truthful play, no challenge: fewest cards", "轮到你：扣着出 1 到 3 张牌，声称都是目标牌 K", []Choice{
			ch("play:0,1", "出 Q、A（0、1 号位），声称都是 K"), ch("play:1", "出 A（1 号位），声称都是 K")}, "play:1"},
		{"an unlikely claim is challenged", "轮到你：扣着出 1 到 3 张牌，声称都是目标牌 K", []Choice{
			ch("play:0", "出 K（0 号位），声称都是 K"), ch("play:1", "出 K（1 号位），声称都是 K"),
			ch("play:2", "出 Joker（2 号位），声称都是 K"), ch("play:0,1,2", "出 K、K、Joker（0、1、2 号位），声称都是 K"),
			ch("challenge", "质疑 奶豆 刚出的 3 张")}, "play:0,1,2"},
		{"a check is free", "", []Choice{ch("check", "过牌"), ch("raise", "加注：押到 2 颗子弹"), ch("fold", "弃牌")}, "check"},
		{"a cheap call", "", []Choice{ch("call", "跟注：押到 2 颗子弹"), ch("fold", "弃牌")}, "call"},
		{"a dear call is folded", "", []Choice{ch("call", "call: match 6 bullets"), ch("fold", "fold and pull the trigger with your 1 bullets")}, "fold"},
	}
	for _, c := range cases {
		turn := int64(1)
		d := &Decision{Common: Common{MatchID: "m", TurnID: &turn, You: &You{Seat: 1}}, Prompt: c.prompt, Choices: c.choices}
		got, err := SayPolicy{}.Choose(context.Background(), d)
		if err != nil || got != c.want {
			t.Errorf("%s: %q %v, want %q", c.name, got, err, c.want)
		}
	}
	// 3 claimed + 3 held true cards exceed the 8 of a basic deck? No (6):
	// the case above plays. With MaxTrue 5 the same claim is challenged.
	d := &Decision{Common: Common{MatchID: "m", You: &You{}}, Prompt: "声称都是目标牌 K", Choices: []Choice{
		ch("play:0", "出 K（0 号位），声称都是 K"), ch("play:1", "出 K（1 号位），声称都是 K"), ch("play:2", "出 Joker（2 号位），声称都是 K"),
		ch("challenge", "质疑 奶豆 刚出的 3 张")}}
	if got, _ := (SayPolicy{MaxTrue: 5}).Choose(context.Background(), d); got != "challenge" {
		t.Errorf("claim of 3 with 3 held and MaxTrue 5: %q, want challenge", got)
	}
}

// panicPlayer trips over every request.
type panicPlayer struct{}

func (panicPlayer) Decide(ctx context.Context, d *Decision) (Reply, error) {
	_, err := within(ctx, Reply{}, func() Reply { panic("crafted") })
	return Reply{Choice: "invented"}, err
}

// inventingPlayer answers an id nobody offered.
type inventingPlayer struct{}

func (inventingPlayer) Decide(context.Context, *Decision) (Reply, error) {
	return Reply{Choice: "play:0"}, nil
}

// TestGenericFallbackLoggedOncePerMatch: a Player that fails (panics, or
// answers an id not offered) never fails the request; the generic policy
// answers, and says so once per match in the log.
func TestGenericFallbackLoggedOncePerMatch(t *testing.T) {
	for name, p := range map[string]Player{"panic": panicPlayer{}, "invented id": inventingPlayer{}} {
		var buf bytes.Buffer
		b := &Bot{Secret: []byte("secret"), Players: map[string]Player{GameLiarsBar: p}, Log: slog.New(slog.NewTextHandler(&buf, nil))}
		r := newRemote(t, b)
		for i, match := range []string{"m1", "m1", "m1", "m2"} {
			body := decisionBody(int64(i+1), int64(i), match)
			body["choices"] = []map[string]string{{"id": "play:2", "say": "出 K（2 号位），声称都是 K"}, {"id": "challenge", "say": "质疑 奶豆 刚出的 1 张"}}
			var rep Reply
			if err := r.Call(context.Background(), "POST", decisionPath(match, int64(i)), body, &rep); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if rep.Choice != "play:2" {
				t.Errorf("%s: %q, want the truthful play:2", name, rep.Choice)
			}
		}
		if n := strings.Count(buf.String(), "generic policy"); n != 2 {
			t.Errorf("%s: %d generic notes for 2 matches, want 2:\n%s", name, n, buf.String())
		}
	}
}

// TestUnknownEventSkipped: one unknown event type in our dealer's log is
// skipped; the strategy still decides from the rest.
func TestUnknownEventSkipped(t *testing.T) {
	tb, err := NewTable(GameLiarsBar, "basic", 4, 5, "random")
	if err != nil {
		t.Fatal(err)
	}
	seat := tb.Next()[0]
	d := (&Dealer{MatchID: "m"}).request(tb, SeatPlayer{Name: "x", Bot: &Remote{}}, seat)
	d.Log = append(d.Log, json.RawMessage(`{"type":"emote","round":1,"seat":0}`))
	v, _, err := liarsBarDecisionView(d)
	if err != nil {
		t.Fatal(err)
	}
	if v.HandLen != 5 || v.Seat != sim.Seat(seat) || len(d.Setup) == 0 {
		t.Errorf("view from our log with an unknown event: %+v", v)
	}
	p, _ := NewPlayer(GameLiarsBar, "honest")
	rep, err := p.Decide(context.Background(), d)
	if err != nil || !hasChoice(d.Choices, rep.Choice) {
		t.Errorf("decision %+v %v", rep, err)
	}
}

// newRemote serves b on 127.0.0.1 and returns a dealer's handle on it.
func newRemote(t *testing.T, b *Bot) *Remote {
	t.Helper()
	srv := httptest.NewServer(b.Handler("/tavern"))
	t.Cleanup(srv.Close)
	return &Remote{BaseURL: srv.URL + "/tavern", Secret: b.Secret}
}

// TestTunedRulesWarning: a strategy file that records the rules it was
// tuned on (basic, 4 seats) plays a devil match: logged once for the
// match; a basic 4-seat match is not logged.
func TestTunedRulesWarning(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tuned.json")
	err := strategies.WriteFile(file, strategies.File{Game: "liarsbar", Spec: strategies.Spec{Name: "honest"},
		Rules: mustJSON(liarsbar.Rules{Variant: "basic", Players: 4, HandSize: 5, MaxPlay: 3, MaxRounds: 200}), RulesName: "basic"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPlayer(GameLiarsBar, file)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		preset string
		want   int
	}{{"devil", 1}, {"basic", 0}} {
		var buf bytes.Buffer
		b := &Bot{Secret: []byte("secret"), Players: map[string]Player{GameLiarsBar: p}, Log: slog.New(slog.NewTextHandler(&buf, nil))}
		r := newRemote(t, b)
		tb, err := NewTable(GameLiarsBar, c.preset, 4, 3, "random")
		if err != nil {
			t.Fatal(err)
		}
		d := &Dealer{MatchID: "m" + c.preset, Deadline: 5 * time.Second}
		if _, err := d.Run(context.Background(), tb, []SeatPlayer{{Name: "bot", Bot: r}, {Name: "a"}, {Name: "b"}, {Name: "c"}}); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(buf.String(), "differ from the tuned"); n != c.want {
			t.Errorf("%s match: %d warnings, want %d", c.preset, n, c.want)
		}
	}
}

// TestDecisionWithoutYou: a request without "you" (our strategies need the
// seat) is still answered, by the generic policy.
func TestDecisionWithoutYou(t *testing.T) {
	_, _, r := newTestBot(t)
	body := decisionBody(1, 0, "m")
	delete(body, "you")
	var rep Reply
	if err := r.Call(context.Background(), "POST", decisionPath("m", 0), body, &rep); err != nil || !hasChoice([]Choice{{ID: "play:0"}, {ID: "challenge"}}, rep.Choice) {
		t.Errorf("reply %+v, %v", rep, err)
	}
}

// TestBoardViewFoldsReceivedEvents: a request with only the document's
// fields, plus the public events the bot received, rebuilds what the
// strategies weigh exactly as the engine's View has it: pulls, the living,
// the reveal record, hand sizes, the last play, the table card and the
// hand (read from the say texts).
func TestBoardViewFoldsReceivedEvents(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 30; seed++ {
		tb, err := NewTable(GameLiarsBar, "basic", 4, seed, "random")
		if err != nil {
			t.Fatal(err)
		}
		lt := tb.(*liarsBarTable)
		for step := 0; !tb.Done() && step < 40; step++ {
			seat := tb.Next()[0]
			d := (&Dealer{MatchID: "m", GenericOnly: true}).request(tb, SeatPlayer{Name: "x", Bot: &Remote{}}, seat)
			d.Events = tb.Public(0)
			want := lt.s.View(seat)
			got, _, err := liarsBarBoardView(d)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(fmt.Sprint(d.Choices), "play:") {
				// Only a forced challenge or aims offered: no say text
				// names the hand, and nothing needs it.
				got.Hand, got.HandLen, got.Cards[seat] = want.Hand, want.HandLen, want.Cards[seat]
			}
			// Equal cards are offered once, by their lowest positions: a
			// fourth K is never named. The known cards must be among the
			// hand's.
			var have [liarsbar.NumCards]int
			for _, c := range want.MyHand() {
				have[c]++
			}
			for _, c := range got.MyHand() {
				if have[c]--; have[c] < 0 {
					t.Fatalf("seed %d step %d: read hand %v, real %v", seed, step, got.MyHand(), want.MyHand())
				}
			}
			got.Hand, got.HandLen = want.Hand, want.HandLen
			if got.Pulls != want.Pulls || got.Alive != want.Alive || got.ShownLies != want.ShownLies || got.ShownTruths != want.ShownTruths ||
				got.Cards != want.Cards || got.Last != want.Last || got.LastCount != want.LastCount || got.Table != want.Table ||
				got.Hand != want.Hand || got.HandLen != want.HandLen {
				t.Fatalf("seed %d step %d seat %d:\n got %+v\nwant %+v", seed, step, seat, got, want)
			}
			checked++
			id, err := tb.DecideLocal(seat)
			if err != nil {
				t.Fatal(err)
			}
			if err := tb.Apply(seat, Reply{Choice: id}); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d views compared", checked)
}
