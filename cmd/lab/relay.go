package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"

	"gamelab/protocol/nostr/relay"
)

func init() {
	register(&command{name: "relay", summary: "run a small in-memory NIP-01 Nostr relay (for offline live play)", run: runRelay})
}

func runRelay(ctx context.Context, args []string) error {
	fs := flagSet("lab relay [--listen 127.0.0.1:7447] [-v]", `
Runs an in-memory NIP-01 relay: signatures checked, ephemeral kinds 20000-29999
forwarded but not stored, kind 30315 replaceable per d tag. Stops on Ctrl-C.
Example: lab relay --listen 127.0.0.1:7447`)
	listen := fs.String("listen", "127.0.0.1:7447", "host:port to listen on")
	verbose := fs.Bool("v", false, "log rejected events and connections")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("lab relay: unexpected argument %q", pos[0])
	}
	if _, _, err := net.SplitHostPort(*listen); err != nil {
		return usagef("lab relay: bad --listen %q: want host:port", *listen)
	}
	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	s, err := relay.Listen(*listen, log)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "relay listening on %s\n", s.URL)
	<-ctx.Done()
	return s.Close()
}

// relayListen starts a relay on a free 127.0.0.1 port (for tests).
func relayListen() (*relay.Server, error) { return relay.Listen("127.0.0.1:0", nil) }
