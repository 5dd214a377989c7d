package werewolf

import (
	"context"
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	ww "gamelab/sim/werewolf"
	wwstrat "gamelab/strategies/werewolf"
)

var seatWord = regexp.MustCompile(`(?i)\bseat \d`)

// uniform is a test strategy: a uniformly random legal action.
type uniform struct{}

func (uniform) Decide(v *ww.View, legal []ww.Action, rng *rand.Rand) ww.Action {
	return legal[rng.IntN(len(legal))]
}
func (uniform) Reset() {}

// playGame runs one game of n players, each seat a Player goroutine with
// its own strategy, against the server at c, and returns the final state.
func playGame(t testing.TB, ctx context.Context, c *Client, n int, seed uint64, strat func(seat int) Decider, poll time.Duration, onAction func(ww.Action, time.Duration)) GameInfo {
	g, err := c.CreateGame(ctx, CreateGameRequest{PlayerCount: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return playCreated(t, ctx, c, g, seed, strat, poll, onAction)
}

// playCreated plays the created game g as playGame does.
func playCreated(t testing.TB, ctx context.Context, c *Client, g CreateGameResponse, seed uint64, strat func(seat int) Decider, poll time.Duration, onAction func(ww.Action, time.Duration)) GameInfo {
	n := len(g.Players)
	var wg sync.WaitGroup
	infos := make([]GameInfo, n)
	errs := make([]error, n)
	for i, cr := range g.Players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := &Player{Client: c, Game: g.GameID, Token: cr.Token, Strategy: strat(i), Rng: rand.New(rand.NewPCG(seed, uint64(i))), Poll: poll, OnAction: onAction}
			infos[i], errs[i] = p.Run(ctx)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("game %s seat %d: %v", g.GameID, i, err)
		}
	}
	if infos[0].Status != "finished" || infos[0].Winner == "" {
		t.Fatalf("game %s: not finished: %+v", g.GameID, infos[0])
	}
	return infos[0]
}

// TestOurBotsEndToEnd: 5-, 7- and 9-player games of our strategies
// (strategies/werewolf: rule-based, village, random) playing through the
// client against our server on 127.0.0.1.
func TestOurBotsEndToEnd(t *testing.T) {
	ts := startServer(t, "", 1)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	specs := []string{"rule", "village", "random?quiet=0.5", "rule?fake_wolf=0.5"}
	for i, n := range []int{5, 7, 9} {
		var actions sync.Mutex
		count := 0
		info := playGame(t, ctx, ts.c, n, uint64(1200+i), func(seat int) Decider {
			s, err := wwstrat.New(specs[seat%len(specs)])
			if err != nil {
				t.Fatal(err)
			}
			return s
		}, 2*time.Millisecond, func(ww.Action, time.Duration) { actions.Lock(); count++; actions.Unlock() })
		t.Logf("%d players: %s won on day %d (%s) after %d actions", n, info.Winner, info.DayCount, info.Reason, count)
		// Bots talk with the players' names: the API never shows seats.
		sp, err := ts.c.Spectate(ctx, info.GameID)
		if err != nil {
			t.Fatal(err)
		}
		named := 0
		for _, m := range sp.PublicMessages {
			if seatWord.MatchString(m.Message) {
				t.Fatalf("a bot names a seat: %q", m.Message)
			}
			for _, p := range sp.Players {
				if strings.Contains(m.Message, p.Name) {
					named++
					break
				}
			}
		}
		if named == 0 {
			t.Errorf("%d players: no message names a player: the check checks nothing", n)
		}
	}
}
