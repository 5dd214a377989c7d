package werewolf

import (
	"context"
	"errors"
	"math/rand/v2"
	"net"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	ww "gamelab/sim/werewolf"
	wwstrat "gamelab/strategies/werewolf"
)

// TestBotsSurviveServerRestart kills the server in the middle of a
// 7-player game of rule bots and starts it again on the same database and
// address: the players wait with backoff (Outage), resume their seats
// and finish the game; none of them fails.
func TestBotsSurviveServerRestart(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	start := func(l net.Listener) (*httptest.Server, *Server, *Store) {
		store, err := OpenStore(db, StoreOptions{Fast: true})
		if err != nil {
			t.Fatal(err)
		}
		srv, err := NewServer(context.Background(), Options{Store: store, TimeScale: 0.02})
		if err != nil {
			t.Fatal(err)
		}
		hs := httptest.NewUnstartedServer(srv)
		hs.Listener.Close()
		hs.Listener = l
		hs.Start()
		return hs, srv, store
	}
	hs, srv, store := start(l)
	c := NewClient("http://"+addr, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	g, err := c.CreateGame(ctx, CreateGameRequest{PlayerCount: 7, Seed: 77})
	if err != nil {
		t.Fatal(err)
	}
	var actions atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, len(g.Players))
	infos := make([]GameInfo, len(g.Players))
	for i, cr := range g.Players {
		s, err := wwstrat.New("rule")
		if err != nil {
			t.Fatal(err)
		}
		p := &Player{Client: c, Game: g.GameID, Token: cr.Token, Strategy: s, Rng: rand.New(rand.NewPCG(7, uint64(i))),
			Poll: 5 * time.Millisecond, Outage: 20 * time.Second, OnAction: func(ww.Action, time.Duration) { actions.Add(1) }}
		wg.Add(1)
		go func() { defer wg.Done(); infos[i], errs[i] = p.Run(ctx) }()
	}
	for actions.Load() < 15 {
		if ctx.Err() != nil {
			t.Fatal("no progress before the restart")
		}
		time.Sleep(5 * time.Millisecond)
	}
	// Kill: connections cut, clocks stopped, the database left as is.
	hs.CloseClientConnections()
	hs.Close()
	srv.Close()
	store.Close()
	before := actions.Load()
	time.Sleep(700 * time.Millisecond) // the players meet refused connections
	var l2 net.Listener
	for range 50 {
		if l2, err = net.Listen("tcp", addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("listen again on %s: %v", addr, err)
	}
	hs2, srv2, store2 := start(l2)
	defer func() { hs2.Close(); srv2.Close(); store2.Close() }()
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("seat %d: %v", i, err)
		}
		if infos[i].Status != "finished" {
			t.Fatalf("seat %d ended on %+v", i, infos[i])
		}
	}
	if actions.Load() <= before {
		t.Fatalf("no action after the restart (%d before)", before)
	}
	t.Logf("%d actions, %d before the kill; %s won on day %d", actions.Load(), before, infos[0].Winner, infos[0].DayCount)
	// Without Outage the first refused connection ends Run.
	dead, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead.Close()
	p := &Player{Client: NewClient("http://"+dead.Addr().String(), nil), Game: g.GameID, Token: g.Players[0].Token, Strategy: uniform{}}
	if _, err := p.Run(ctx); err == nil || !Transient(err) || errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("no outage allowed: %v", err)
	}
}
