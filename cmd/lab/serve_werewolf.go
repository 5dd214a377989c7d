package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"gamelab/protocol/werewolf"
)

func init() {
	registerSub("serve", &command{name: "werewolf", summary: "the werewolf (人狼) REST game server of the spec, with SQLite storage and a spectator page", run: runServeWerewolf})
}

func runServeWerewolf(ctx context.Context, args []string) (err error) {
	fs := flagSet("lab serve werewolf [--listen 127.0.0.1:3000] [--db werewolf.db]", `
Runs the werewolf game server of the LLM werewolf spec: POST /api/games,
GET /api/games/{id}, the players' status/speak/divine/kill/vote/messages/
divine_results/psychic_results endpoints, /spectate, the SSE stream
/api/games/{id}/events and the spectator page at /spectator/. Every game is
kept in SQLite; a restarted server resumes every unfinished game.
Example: lab serve werewolf --listen 127.0.0.1:3000 --db werewolf.db`)
	listen := fs.String("listen", "127.0.0.1:3000", "host:port to listen on")
	db := fs.String("db", "werewolf.db", "SQLite database file")
	fast := fs.Bool("fast-sync", false, "synchronous=NORMAL: commits survive a server crash but maybe not an OS crash")
	scale := fs.Float64("time-scale", 1, "multiply every time limit (phases, auto start) by this factor, e.g. 0.1 for quick test games")
	verbose := fs.Bool("v", false, "log every request error and phase change")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("lab serve werewolf: unexpected argument %q", pos[0])
	}
	if _, _, err := net.SplitHostPort(*listen); err != nil {
		return usagef("lab serve werewolf: bad --listen %q: want host:port", *listen)
	}
	if !(*scale > 0 && *scale <= 100) { // also refuses NaN
		return usagef("lab serve werewolf: bad --time-scale %v: want a factor in (0, 100]", *scale)
	}
	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	store, err := werewolf.OpenStore(*db, werewolf.StoreOptions{Fast: *fast})
	if err != nil {
		return err
	}
	defer func() {
		if cerr := store.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("lab serve werewolf: close database: %w", cerr)
		}
	}()
	srv, err := werewolf.NewServer(ctx, werewolf.Options{Store: store, TimeScale: *scale, Version: version(), Log: log})
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return fmt.Errorf("lab serve werewolf: %w", err)
	}
	hs := newHTTPServer(srv)
	fmt.Fprintf(stdout, "werewolf server on http://%s (spectator page http://%s/spectator/)\n", ln.Addr(), ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case <-ctx.Done():
		// Stop the clocks and end the SSE streams first, so Shutdown does
		// not wait for them; requests still in flight get a 503.
		srv.Close()
		forced, err := hs.shutdown(10 * time.Second)
		if forced {
			// Requests still running after the grace period (a client
			// that keeps a connection busy) are cut: every accepted
			// action was committed before it was acknowledged, so nothing
			// is lost. Say so, and exit normally.
			log.Warn("connections still busy after 10 s; closed them")
		}
		if err != nil {
			return fmt.Errorf("lab serve werewolf: shutdown: %w", err)
		}
		return nil
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	}
}
