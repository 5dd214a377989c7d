package main

import (
	"bytes"
	"context"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"gamelab/protocol/werewolf"
)

func TestWerewolfVerbsRejectBadInput(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"serve", "werewolf", "--listen", "nohost"}, "--listen"},
		{[]string{"serve", "werewolf", "--time-scale", "0"}, "--time-scale"},
		{[]string{"serve", "werewolf", "extra"}, "unexpected argument"},
		{[]string{"live", "werewolf", "--token", "t"}, "--game is required"},
		{[]string{"live", "werewolf", "--game", "g"}, "--token is required"},
		{[]string{"live", "werewolf", "--game", "g", "--token", "t", "--server", "ftp://x"}, "--server"},
		{[]string{"live", "werewolf", "--game", "g", "--token", "t", "--strategy", "nosuch"}, "--strategy"},
		{[]string{"live", "werewolf", "--game", "g", "--token", "t", "--poll", "-1s"}, "--poll"},
		{[]string{"mcp", "werewolf", "--token", "t"}, "--game is required"},
		{[]string{"mcp", "werewolf", "--game", "g"}, "--token is required"},
	}
	for _, c := range cases {
		var stderr bytes.Buffer
		if code := run(context.Background(), c.args, &stderr); code != 2 || !strings.Contains(stderr.String(), c.want) || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("lab %v: exit %d, stderr %q (want 2 and one line with %q)", c.args, code, stderr.String(), c.want)
		}
	}
}

// TestServeAndLiveWerewolf runs `lab serve werewolf` on 127.0.0.1 and five
// `lab live werewolf` players with our rule-based strategy through a whole
// game; each player exits 0 when the game is over.
func TestServeAndLiveWerewolf(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	sctx, stop := context.WithCancel(ctx)
	served := make(chan int, 1)
	var serr bytes.Buffer
	go func() {
		served <- run(sctx, []string{"serve", "werewolf", "--listen", addr, "--db", filepath.Join(t.TempDir(), "w.db"), "--fast-sync"}, &serr)
	}()
	c := werewolf.NewClient("http://"+addr, nil)
	var g werewolf.CreateGameResponse
	for i := 0; ; i++ {
		if g, err = c.CreateGame(ctx, werewolf.CreateGameRequest{PlayerCount: 5, Seed: 5}); err == nil {
			break
		}
		if i > 200 {
			t.Fatalf("server did not come up: %v (%s)", err, serr.String())
		}
		time.Sleep(25 * time.Millisecond)
	}
	var wg sync.WaitGroup
	codes := make([]int, len(g.Players))
	errs := make([]bytes.Buffer, len(g.Players))
	for i, p := range g.Players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = run(ctx, []string{"live", "werewolf", "--server", "http://" + addr, "--game", g.GameID, "--token", p.Token,
				"--strategy", "rule", "--poll", "5ms", "--seed", strconv.Itoa(i + 1)}, &errs[i])
		}()
	}
	wg.Wait()
	for i, code := range codes {
		if code != 0 {
			t.Errorf("player %d: exit %d: %s", i, code, errs[i].String())
		}
	}
	info, err := c.Game(ctx, g.GameID)
	if err != nil || info.Status != "finished" {
		t.Fatalf("game: %+v %v", info, err)
	}
	stop()
	if code := <-served; code != exitInterrupted {
		t.Fatalf("serve exit %d, want %d after Ctrl-C: %s", code, exitInterrupted, serr.String())
	}
}
