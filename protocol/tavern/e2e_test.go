package tavern

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"gamelab/sim"
	"gamelab/sim/bulletpoker"
	"gamelab/sim/liarsbar"
)

// TestDealerAgainstOurBot plays whole matches of every variant: our dealer
// on one side, our bot server on 127.0.0.1 on the other, two bot seats and
// the rest filled by our own strategies. Every bot answer must be legal (no
// default taken) and the result well formed.
func TestDealerAgainstOurBot(t *testing.T) {
	secret := []byte("0123456789abcdef0123")
	lb, err := NewPlayer(GameLiarsBar, "bayes")
	if err != nil {
		t.Fatal(err)
	}
	bp, err := NewPlayer(GameBulletPoker, "equity")
	if err != nil {
		t.Fatal(err)
	}
	// Two bot servers: a bot is one seat, and seq counts the requests sent
	// to that bot.
	// Against our own dealer the strategies decide every turn: the
	// generic policy is never needed.
	generic := &recordingPolicy{seq: map[int64]bool{}}
	bot := &Bot{Secret: secret, Name: "lab", Generic: generic, Players: map[string]Player{GameLiarsBar: lb, GameBulletPoker: bp}}
	srv := httptest.NewServer(bot.Handler("/tavern"))
	defer srv.Close()
	bot2 := &Bot{Secret: secret, Name: "lab2", Generic: generic, Players: map[string]Player{GameLiarsBar: lb, GameBulletPoker: bp}}
	srv2 := httptest.NewServer(bot2.Handler("/tavern"))
	defer srv2.Close()
	for i, m := range everyMode() {
		// One Remote per bot seat: each numbers its own requests.
		seats := []SeatPlayer{
			{Name: "botA", Bot: &Remote{BaseURL: srv.URL + "/tavern", Secret: secret}},
			{Name: "fill1"},
			{Name: "botB", Bot: &Remote{BaseURL: srv2.URL + "/tavern", Secret: secret}},
			{Name: "fill2"},
		}
		tb, err := NewTable(m.game, m.preset, len(seats), sim.Seed(11, uint64(i)), "random")
		if err != nil {
			t.Fatal(err)
		}
		d := &Dealer{MatchID: fmt.Sprintf("m%d", i), ChatID: "test", Lang: []string{"zh", "en"}[i%2], Deadline: 5 * time.Second}
		res, err := d.Run(context.Background(), tb, seats)
		if err != nil {
			t.Fatalf("%s/%s: %v", m.game, m.preset, err)
		}
		if err := res.Validate(len(seats)); err != nil {
			t.Errorf("%s/%s: %v", m.game, m.preset, err)
		}
		if d.Defaults != 0 {
			t.Errorf("%s/%s: the dealer took %d defaults for our bot", m.game, m.preset, d.Defaults)
		}
		if len(generic.seq) != 0 {
			t.Errorf("%s/%s: the generic policy answered %d of our dealer's requests", m.game, m.preset, len(generic.seq))
		}
		if log, ok := bot.Match(d.MatchID); !ok || len(log.Events) == 0 || len(log.Rounds) == 0 {
			t.Errorf("%s/%s: the bot logged no events or rounds", m.game, m.preset)
		}
	}
}

// TestDealerAgainstSeedFlaskBot plays whole matches against the seed's own
// minimal Flask bot (testdata/seedbot.py, verbatim), a peer we did not
// write: it must accept every request we sign (any 401 would end in a
// default) and answer only ids we offered.
func TestDealerAgainstSeedFlaskBot(t *testing.T) {
	// The first python3 with Flask: on PATH (a pyenv or venv), else the
	// system's.
	python := "/usr/bin/python3"
	if p, err := exec.LookPath("python3"); err == nil && exec.Command(p, "-c", "import flask").Run() == nil {
		python = p
	}
	if err := exec.Command(python, "-c", "import flask").Run(); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("python3-flask missing under CI: %v", err)
		}
		t.Skip("python3-flask not installed")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	dir, _ := filepath.Abs("testdata")
	cmd := exec.Command(python, "-m", "flask", "--app", "seedbot", "run", "--host", "127.0.0.1", "--port", fmt.Sprint(port))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	base := fmt.Sprintf("http://127.0.0.1:%d/tavern", port)
	for start := time.Now(); ; time.Sleep(100 * time.Millisecond) {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			c.Close()
			break
		}
		if time.Since(start) > 20*time.Second {
			t.Fatal("the Flask bot did not start")
		}
	}
	// The seed's bot keeps its example secret; it is UTF-8, not ASCII.
	secret := []byte("双方约定的密钥")
	client := &http.Client{Timeout: 10 * time.Second}
	for i, g := range everyMode() {
		seats := []SeatPlayer{{Name: "flask", Bot: &Remote{BaseURL: base, Secret: secret, Client: client}}, {Name: "lab1"}, {Name: "lab2"}}
		tb, err := NewTable(g.game, g.preset, len(seats), sim.Seed(13, uint64(i)), "random")
		if err != nil {
			t.Fatal(err)
		}
		d := &Dealer{MatchID: fmt.Sprintf("flask%d", i), ChatID: "test", Deadline: 5 * time.Second}
		res, err := d.Run(context.Background(), tb, seats)
		if err != nil {
			t.Fatalf("%s/%s against the seed's bot: %v", g.game, g.preset, err)
		}
		if err := res.Validate(len(seats)); err != nil {
			t.Error(err)
		}
		if d.Defaults != 0 {
			t.Errorf("%s/%s: %d defaults: the seed's bot refused or misread our requests", g.game, g.preset, d.Defaults)
		}
	}
	// And a wrong secret is refused by the peer: the dealer's invitation fails.
	seats := []SeatPlayer{{Name: "flask", Bot: &Remote{BaseURL: base, Secret: []byte("wrong"), Client: client}}, {Name: "lab1"}}
	tb, _ := NewTable(GameLiarsBar, "basic", 2, 1, "random")
	if _, err := (&Dealer{MatchID: "bad"}).Run(context.Background(), tb, seats); err == nil {
		t.Error("the seed's bot accepted a wrong signature")
	}
}

// TestRequestsStaySmall: a decision request carries the seat's view at the
// round's start plus that round's events, so its size does not grow with
// the match. Long 6-seat matches of both games stay far below the bot's
// 64 KiB body limit at every decision.
func TestRequestsStaySmall(t *testing.T) {
	for _, g := range []struct{ game, preset, fill string }{
		{GameLiarsBar, "basic", "honest"}, {GameLiarsBar, "chaos", "random"},
		{GameBulletPoker, "classic", "tight"}, {GameBulletPoker, "liarstexas", "random"},
	} {
		biggest, decisions := 0, 0
		for m := range 5 {
			tb, err := NewTable(g.game, g.preset, 6, sim.Seed(17, uint64(m)), g.fill)
			if err != nil {
				t.Fatal(err)
			}
			d := &Dealer{MatchID: "size", Lang: "zh", Deadline: time.Second}
			for !tb.Done() {
				seat := tb.Next()[0]
				req := d.request(tb, SeatPlayer{Name: "x", Bot: &Remote{}}, seat)
				raw, err := json.Marshal(req)
				if err != nil {
					t.Fatal(err)
				}
				biggest = max(biggest, len(raw))
				decisions++
				id, err := tb.DecideLocal(seat)
				if err != nil {
					t.Fatal(err)
				}
				if err := tb.Apply(seat, Reply{Choice: id}); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s/%s: %d decisions, largest request %d bytes", g.game, g.preset, decisions, biggest)
		if biggest > MaxBody/4 {
			t.Errorf("%s/%s: a request of %d bytes; the log must not grow with the match", g.game, g.preset, biggest)
		}
	}
}

// mode is one game under one rules preset.
type mode struct{ game, preset string }

// everyMode lists every preset of both games.
func everyMode() []mode {
	var out []mode
	for _, p := range liarsbar.Presets() {
		out = append(out, mode{GameLiarsBar, p})
	}
	for _, p := range bulletpoker.Presets() {
		out = append(out, mode{GameBulletPoker, p})
	}
	return out
}

// countingPolicy is the generic policy, counting its answers.
type countingPolicy struct{ n atomic.Int64 }

func (p *countingPolicy) Choose(ctx context.Context, d *Decision) (string, error) {
	p.n.Add(1)
	return SayPolicy{}.Choose(ctx, d)
}

// countedPlayer wraps a Player, counting its decisions.
type countedPlayer struct {
	Player
	n atomic.Int64
}

func (p *countedPlayer) Decide(ctx context.Context, d *Decision) (Reply, error) {
	p.n.Add(1)
	return p.Player.Decide(ctx, d)
}

// TestDealerGenericOnlyAgainstOurBot: our dealer talking as another dealer
// may (only the document's fields: no setup, private or log) plays every
// mode against our bot: no default is ever taken, and in liar's bar the
// strategy decides nearly every turn from the say texts alone (bullet
// poker's documented fields carry no hole cards: the generic policy
// plays it).
func TestDealerGenericOnlyAgainstOurBot(t *testing.T) {
	secret := []byte("0123456789abcdef0123")
	for i, m := range everyMode() {
		spec := map[string]string{GameLiarsBar: "bayes", GameBulletPoker: "equity?rollouts=50"}[m.game]
		inner, err := NewPlayer(m.game, spec)
		if err != nil {
			t.Fatal(err)
		}
		p := &countedPlayer{Player: inner}
		generic := &countingPolicy{}
		bot := &Bot{Secret: secret, Generic: generic, Players: map[string]Player{m.game: p}}
		srv := httptest.NewServer(bot.Handler("/tavern"))
		seats := []SeatPlayer{{Name: "bot", Bot: &Remote{BaseURL: srv.URL + "/tavern", Secret: secret}}, {Name: "a"}, {Name: "b"}, {Name: "c"}}
		tb, err := NewTable(m.game, m.preset, len(seats), sim.Seed(23, uint64(i)), "honest")
		if m.game == GameBulletPoker {
			tb, err = NewTable(m.game, m.preset, len(seats), sim.Seed(23, uint64(i)), "random")
		}
		if err != nil {
			t.Fatal(err)
		}
		d := &Dealer{MatchID: fmt.Sprintf("g%d", i), Deadline: 5 * time.Second, GenericOnly: true, Lang: []string{"zh", "en"}[i%2]}
		if _, err := d.Run(context.Background(), tb, seats); err != nil {
			t.Fatalf("%s/%s: %v", m.game, m.preset, err)
		}
		srv.Close()
		asked, gen := p.n.Load(), generic.n.Load()
		t.Logf("%s/%s (%s): %d decisions, generic policy %d", m.game, m.preset, d.Lang, asked, gen)
		if d.Defaults != 0 {
			t.Errorf("%s/%s: %d defaults", m.game, m.preset, d.Defaults)
		}
		if m.game == GameLiarsBar && gen*10 > asked {
			t.Errorf("%s/%s: the generic policy answered %d of %d decisions; the say texts should carry the hand", m.game, m.preset, gen, asked)
		}
	}
}
