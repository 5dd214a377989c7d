package tavern

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// FuzzPlayerDecide feeds arbitrary decision bodies to our players of both
// games, every strategy: the view folded from a crafted log and the
// offered choices reach the strategies, which must answer with an offered
// id or an error, never panic.
func FuzzPlayerDecide(f *testing.F) {
	f.Add([]byte(`{"protocol":1,"seq":1,"game":"liars_bar","match_id":"m","turn_id":0,"you":{"seat":1,"name":"x"},"ask":"move","setup":{"variant":"devil","players":4,"hand_size":5,"max_play":3,"max_rounds":200},"choices":[{"id":"challenge"},{"id":"play:0"},{"id":"play:0,1"}],"log":[{"type":"round_start","round":1,"table_card":"K","first":0},{"type":"hand","round":1,"seat":1,"cards":["Q","K","A","J","D"]},{"type":"play","round":1,"seat":0,"count":2}]}`))
	f.Add([]byte(`{"protocol":1,"seq":1,"game":"liars_bar","match_id":"m","turn_id":0,"you":{"seat":1,"name":"x"},"ask":"aim","setup":{"variant":"chaos","players":4,"hand_size":3,"max_play":1,"max_rounds":200},"log":[{"type":"round_start","round":1,"table_card":"K","first":0},{"type":"shot","round":1,"seat":2,"target":3,"pull":5,"pulls":6,"hit":false}]}`))
	f.Add([]byte(`{"protocol":1,"seq":1,"game":"bullet_poker","match_id":"m","turn_id":0,"you":{"seat":1,"name":"x"},"ask":"move","setup":{"players":3,"hand_cap":200},"choices":[{"id":"check"},{"id":"raise"},{"id":"switch:1:3"}],"log":[{"type":"start","seat":-1,"count":3},{"type":"deal","seat":-1,"hand":1,"alive":7,"street":"preflop"},{"type":"hole","seat":1,"cards":["Ah","Kd","2c","2c"]},{"type":"board","seat":-1,"count":3,"cards":["Ah","Kd","2c","2c"]}]}`))
	// Real requests with a base view, from the middle of real matches.
	for _, g := range []struct{ game, preset string }{{GameLiarsBar, "devil"}, {GameLiarsBar, "chaos"}, {GameBulletPoker, "simultaneous"}} {
		tb, err := NewTable(g.game, g.preset, 4, 99, "random")
		if err != nil {
			f.Fatal(err)
		}
		for step := 0; step < 60 && !tb.Done(); step++ {
			seat := tb.Next()[0]
			if step%20 == 19 {
				raw, err := json.Marshal((&Dealer{MatchID: "m"}).request(tb, SeatPlayer{Name: "x", Bot: &Remote{}}, seat))
				if err != nil {
					f.Fatal(err)
				}
				f.Add(raw)
			}
			id, err := tb.DecideLocal(seat)
			if err != nil {
				f.Fatal(err)
			}
			if err := tb.Apply(seat, Reply{Choice: id}); err != nil {
				f.Fatal(err)
			}
		}
	}
	players := map[string][]Player{}
	for game, specs := range map[string][]string{
		GameLiarsBar:    {"random", "honest", "bayes"},
		GameBulletPoker: {"random", "equity?rollouts=20", "tight?rollouts=20&read=0.3"},
	} {
		for _, spec := range specs {
			p, err := NewPlayer(game, spec)
			if err != nil {
				f.Fatal(err)
			}
			players[game] = append(players[game], p)
		}
	}
	// The requests written from the protocol document (no setup, no log):
	// the board readers see what they hold.
	docs, _ := filepath.Glob("testdata/docrequests/*.json")
	for _, file := range docs {
		raw, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		d, err := readDecision(body) // as the bot reads it: leniently
		if err != nil {
			return
		}
		for _, p := range players[d.Game] {
			rep, err := p.Decide(context.Background(), &d)
			if errors.Is(err, errStrategyPanic) {
				t.Fatal(err)
			}
			if err == nil && len(d.Choices) > 0 && !hasChoice(d.Choices, rep.Choice) {
				t.Fatalf("answered %q, not among %v", rep.Choice, d.Choices)
			}
		}
		if len(d.Choices) > 0 {
			if id, err := (SayPolicy{}).Choose(context.Background(), &d); err != nil || !hasChoice(d.Choices, id) {
				t.Fatalf("generic policy answered %q, %v", id, err)
			}
		}
	})
}

// searcher is a search strategy that only stops when told to (or after
// 10 s): it proves the bot hands its deadline to strategies that take one.
type searcher struct{ stop func() bool }

func (s *searcher) SetStop(stop func() bool) { s.stop = stop }
func (s *searcher) Reset()                   {}
func (s *searcher) Decide(v *int, legal []string, _ *rand.Rand) string {
	for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(time.Millisecond) {
		if s.stop != nil && s.stop() {
			return legal[len(legal)-1] // the searched answer, not the fallback
		}
	}
	return legal[0]
}

// TestSearchStopsAtTheBudget: a search strategy given a 300 ms budget stops
// its search by itself (at 80 % of the budget) and answers from it, rather
// than running on after the fallback.
func TestSearchStopsAtTheBudget(t *testing.T) {
	turn := int64(0)
	d := &Decision{Common: Common{MatchID: "m", TurnID: &turn, You: &You{Seat: 0}}}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	build := func(string) (*searcher, error) { return &searcher{}, nil }
	v := 0
	start := time.Now()
	a, err := decideFresh(ctx, d, "searcher", build, &v, []string{"fallback", "searched"}, "fallback")
	took := time.Since(start)
	if err != nil || a != "searched" {
		t.Fatalf("answered %q, %v; want the searched answer", a, err)
	}
	// It must not stop far too early either (the soft stop is at 240 ms);
	// stopping too late is caught above (within would answer "fallback").
	if took < 200*time.Millisecond {
		t.Errorf("search stopped after %v; want about 240 ms of a 300 ms budget", took)
	}
}
