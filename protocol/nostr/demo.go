package nostr

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	gn "github.com/nbd-wtf/go-nostr"

	"gamelab/protocol/nostr/relay"
)

// DemoConfig configures an offline live game: relays, the referee and four
// AI players, all on 127.0.0.1.
type DemoConfig struct {
	Strategies [4]Decider
	Seed       uint64
	// Relays is the number of relays (every client uses all of them).
	Relays  int
	Channel string // default ChannelTonpu
	Log     *slog.Logger
	// Started, if set, is called once everything runs (tests use it to
	// drop relays or inject forged events).
	Started func(relays []*relay.Server, server Keys, players [4]Keys)
}

// DemoResult is what a demo game produced.
type DemoResult struct {
	Game     RefereeGame
	Players  [4]Keys
	Records  [4][]GameRecord
	Stats    [4]PlayerStats
	Duration time.Duration
}

// RunDemo plays one whole game over local relays and returns the referee's
// result and what each player saw.
func RunDemo(ctx context.Context, cfg DemoConfig) (DemoResult, error) {
	var res DemoResult
	if cfg.Relays <= 0 {
		cfg.Relays = 1
	}
	if cfg.Channel == "" {
		cfg.Channel = ChannelTonpu
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	start := time.Now()
	var relays []*relay.Server
	var urls []string
	for range cfg.Relays {
		s, err := relay.Listen("127.0.0.1:0", log)
		if err != nil {
			return res, err
		}
		defer s.Close()
		relays = append(relays, s)
		urls = append(urls, s.URL)
	}
	outer := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	server := GenerateKeys()
	since := gn.Now() - 2
	backoff := [2]time.Duration{20 * time.Millisecond, 500 * time.Millisecond}
	refDone := make(chan error, 1)
	go func() {
		games, err := RunReferee(ctx, RefereeConfig{Keys: server, Channel: cfg.Channel, Relays: urls, Seed: cfg.Seed,
			Games: 1, Since: since, MinBackoff: backoff[0], MaxBackoff: backoff[1], Log: log})
		if len(games) > 0 {
			res.Game = games[0]
		}
		refDone <- err
	}()
	type pres struct {
		i     int
		recs  []GameRecord
		stats PlayerStats
		err   error
	}
	pDone := make(chan pres, 4)
	for i := range 4 {
		res.Players[i] = GenerateKeys()
	}
	// Joiners first, so they see the recruitment status.
	for i := 3; i >= 0; i-- {
		go func(i int) {
			recs, st, err := RunPlayer(ctx, PlayerConfig{
				Keys: res.Players[i], Server: server.Pub, Channel: cfg.Channel, Relays: urls,
				Strategy: cfg.Strategies[i], Games: 1, Start: i == 0, AutoNext: i == 0, Since: since,
				MinBackoff: backoff[0], MaxBackoff: backoff[1], Log: log.With("seat", i),
			})
			pDone <- pres{i, recs, st, err}
		}(i)
		if i == 0 {
			break
		}
	}
	if cfg.Started != nil {
		cfg.Started(relays, server, res.Players)
	}
	// Every player and the referee return once ctx ends: wait for all of
	// them, so that none outlives the relays or writes res after return.
	var errs []error
	for range 4 {
		p := <-pDone
		res.Records[p.i], res.Stats[p.i] = p.recs, p.stats
		if p.err != nil {
			errs = append(errs, fmt.Errorf("player %d: %w", p.i, p.err))
			cancel()
		}
	}
	if err := <-refDone; err != nil {
		errs = append(errs, fmt.Errorf("referee: %w", err))
	}
	res.Duration = time.Since(start)
	if err := outer.Err(); err != nil {
		return res, err
	}
	return res, errors.Join(errs...)
}
