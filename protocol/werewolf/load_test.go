package werewolf

import (
	"context"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	ww "gamelab/sim/werewolf"
)

// loadRun plays games concurrent 5-player games of polling Player clients
// against one server on 127.0.0.1 and returns every accepted action's
// latency (request to acknowledged commit) and the wall time.
func loadRun(t testing.TB, games int, poll time.Duration) ([]time.Duration, time.Duration) {
	ts := startServer(t, "", 1)
	tr := &http.Transport{MaxIdleConns: 4096, MaxIdleConnsPerHost: 4096, IdleConnTimeout: time.Minute}
	defer tr.CloseIdleConnections()
	c := NewClient(ts.http.URL, &http.Client{Transport: tr, Timeout: 60 * time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	var mu sync.Mutex
	var lat []time.Duration
	record := func(_ ww.Action, d time.Duration) {
		mu.Lock()
		lat = append(lat, d)
		mu.Unlock()
	}
	created := make([]CreateGameResponse, games)
	for i := range created {
		g, err := c.CreateGame(ctx, CreateGameRequest{PlayerCount: 5, Seed: uint64(i + 1)})
		if err != nil {
			t.Fatal(err)
		}
		created[i] = g
	}
	start := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, games*5)
	for gi, g := range created {
		for i, cr := range g.Players {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p := &Player{Client: c, Game: g.GameID, Token: cr.Token, Strategy: brisk{},
					Rng: rand.New(rand.NewPCG(uint64(gi), uint64(i))), Poll: poll, OnAction: record}
				info, err := p.Run(ctx)
				if err == nil && info.Status != "finished" {
					err = context.DeadlineExceeded
				}
				if err != nil {
					errs <- err
				}
			}()
		}
	}
	wg.Wait()
	wall := time.Since(start)
	close(errs)
	for err := range errs {
		t.Fatalf("a player failed: %v", err)
	}
	return lat, wall
}

func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(p*float64(len(sorted))))]
}

// TestLoad200Games: 200 concurrent 5-player games (1000 polling clients)
// on one server over loopback, every action committed to SQLite before
// its answer. It reports the p50/p99 latency of accepted actions and fails
// if a game does not finish or p99 exceeds 15 s (a generous bound: the CI
// machine is small and shared). Skipped
// with -short (the race-detector run in CI); it is a bounded run, not a
// benchmark.
func TestLoad200Games(t *testing.T) {
	if testing.Short() {
		t.Skip("load test: skipped with -short")
	}
	lat, wall := loadRun(t, 200, 400*time.Millisecond)
	slices.Sort(lat)
	p50, p99 := percentile(lat, 0.50), percentile(lat, 0.99)
	t.Logf("200 games, 1000 clients: %d actions in %v (%.0f actions/s); action latency p50 %v, p99 %v, max %v",
		len(lat), wall.Round(time.Millisecond), float64(len(lat))/wall.Seconds(), p50, p99, lat[len(lat)-1])
	if len(lat) < 200*5 {
		t.Fatalf("only %d actions in 200 games", len(lat))
	}
	if p99 > 15*time.Second {
		t.Fatalf("p99 action latency %v: the server cannot keep up", p99)
	}
}

// brisk is a random strategy that talks little (a message 30% of the time
// it may talk, else pass or act), so that load-test games are short.
type brisk struct{}

func (brisk) Decide(v *ww.View, legal []ww.Action, rng *rand.Rand) ww.Action {
	var acts []ww.Action
	for _, a := range legal {
		if a.Kind != ww.ActTalk && a.Kind != ww.ActWhisper {
			acts = append(acts, a)
		}
	}
	if len(acts) == 0 || (len(acts) < len(legal) && rng.IntN(10) < 3) {
		return legal[rng.IntN(len(legal))]
	}
	return acts[rng.IntN(len(acts))]
}
func (brisk) Reset() {}
