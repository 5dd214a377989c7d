package nostr

import (
	"context"
	"slices"
	"strings"
	"testing"

	gn "github.com/nbd-wtf/go-nostr"

	"gamelab/protocol/nostr/wire"
	"gamelab/sim/mahjong"
)

// TestPlayerHoldsLateEvents hands the recorded game's server events for
// player1 straight to the player's handler, first in the recorded order
// and then with some delivered late, as the pool delivers them when one
// relay missed an event that a slower relay delivers afterwards: every
// 11th discard comes after the next one or two play events, every 5th
// discard just before our draw after that draw and our prompt, and every
// 9th of our draws after our prompt that follows it. The late run must send
// the same answers, end with the same View, and count no fold error: each
// message that did not fit was held until the events it needed came. A
// discard lost for good costs fold errors but no answer.
func TestPlayerHoldsLateEvents(t *testing.T) {
	tr := loadTranscript(t)
	server, me := GenerateKeys(), GenerateKeys()
	rename := strings.NewReplacer(tr.Npub["server"], server.Npub, tr.Npub["player1"], me.Npub)
	answers := recordedAnswers(t, tr)
	type msg struct {
		content string
		m       wire.Message
	}
	var inOrder []msg
	for _, e := range tr.Events {
		if e.Author != "server" || e.Kind != KindChannel || !slices.Contains(e.P, "player1") {
			continue
		}
		c := rename.Replace(e.Content)
		m, err := wire.Parse(c)
		if err != nil {
			t.Fatalf("#%d: %v", e.N, err)
		}
		inOrder = append(inOrder, msg{c, m})
	}
	play := func(m wire.Message) bool {
		switch m.(type) {
		case wire.Sutehai, wire.Tsumo, wire.Say, wire.Dora:
			return true
		}
		return false
	}
	// The late order: move a message behind the next one or two.
	late := slices.Clone(inOrder)
	moved, overPrompt, discards, draws, beforeUs := 0, 0, 0, 0, 0
	for i := 0; i+2 < len(late); i++ {
		switch late[i].m.(type) {
		case wire.Sutehai:
			_, draw := late[i+1].m.(wire.Tsumo)
			_, prompt := late[i+2].m.(wire.AskSutehai)
			if draw && prompt {
				// The discard before our draw, after our prompt.
				if beforeUs++; beforeUs%5 == 0 {
					x := late[i]
					copy(late[i:i+2], late[i+1:i+3])
					late[i+2] = x
					moved++
					overPrompt++
					i += 2
				}
				break
			}
			if discards++; discards%11 == 0 && play(late[i+1].m) {
				by := 1
				if play(late[i+2].m) {
					by = 2
				}
				x := late[i]
				copy(late[i:i+by], late[i+1:i+by+1])
				late[i+by] = x
				moved++
				i += by
			}
		case wire.Tsumo:
			if _, ok := late[i+1].m.(wire.AskSutehai); ok {
				if draws++; draws%9 == 0 {
					late[i], late[i+1] = late[i+1], late[i]
					moved++
					overPrompt++
					i++
				}
			}
		}
	}
	if moved < 20 || overPrompt < 5 {
		t.Fatalf("only %d messages moved (%d past our prompt)", moved, overPrompt)
	}

	run := func(order []msg) ([]string, mahjong.View, PlayerStats) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		p, err := newPlayer(PlayerConfig{Keys: me, Server: server.Pub, Channel: ChannelTonpu, Relays: []string{"ws://127.0.0.1:1"},
			Strategy: &replayDecider{t: t, answers: answers}, Games: 1})
		if err != nil {
			t.Fatal(err)
		}
		p.pool = NewPool(ctx, PoolConfig{}) // no relays: Send only queues
		for i, o := range order {
			e := gn.Event{Kind: KindChannel, CreatedAt: gn.Timestamp(1_800_000_000 + i), Content: o.content,
				Tags: gn.Tags{RootTag(ChannelTonpu), {"p", me.Pub, ""}}}
			if err := server.Sign(&e); err != nil {
				t.Fatal(err)
			}
			p.handle(ctx, &e)
		}
		p.pool.mu.Lock()
		defer p.pool.mu.Unlock()
		var sent []string
		for _, pe := range p.pool.pending {
			sent = append(sent, pe.ev.Content)
		}
		return sent, p.fold.View, p.stats
	}
	wantSent, wantView, st := run(inOrder)
	if st.FoldErrors != 0 || st.Held != 0 || st.Turns+st.Calls != len(answers) {
		t.Fatalf("in order: %+v, %d answers recorded", st, len(answers))
	}
	gotSent, gotView, st := run(late)
	if st.FoldErrors != 0 || st.Held < moved {
		t.Errorf("late: %+v; %d messages moved", st, moved)
	}
	if !slices.Equal(gotSent, wantSent) {
		t.Errorf("late run sent other answers:\n%q\nwant\n%q", gotSent, wantSent)
	}
	if gotView != wantView {
		t.Errorf("late run ends with another view")
	}

	// A discard lost on every relay never comes: what waits for it is
	// forced in at our next prompt, as before holding, and the game goes
	// on with the same answers.
	i := slices.IndexFunc(inOrder[len(inOrder)/2:], func(o msg) bool { _, ok := o.m.(wire.Sutehai); return ok })
	lost := slices.Delete(slices.Clone(inOrder), len(inOrder)/2+i, len(inOrder)/2+i+1)
	gotSent, _, st = run(lost)
	t.Logf("lost discard: %d fold errors, %d held and fitted later", st.FoldErrors, st.Held)
	if st.FoldErrors == 0 || st.Turns+st.Calls != len(answers) {
		t.Errorf("lost discard: %+v", st)
	}
	if !slices.Equal(gotSent, wantSent) {
		t.Errorf("lost discard: other answers:\n%q\nwant\n%q", gotSent, wantSent)
	}
}
