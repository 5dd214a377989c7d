package werewolf

import (
	"context"
	"fmt"
	"testing"
)

// TestStatusCodes walks a 5-player game and checks the spec's error codes
// (docs/rules/werewolf.md, decision 16): 400 bad input, 403 not allowed for this player, 404
// unknown game or token, 409 wrong phase.
func TestStatusCodes(t *testing.T) {
	ts := startServer(t, "", 1)
	ctx := context.Background()
	g, err := ts.c.CreateGame(ctx, CreateGameRequest{PlayerCount: 5, Seed: 21})
	if err != nil {
		t.Fatal(err)
	}
	tok := map[string]string{} // role -> token (first of each)
	name := map[string]string{}
	for _, p := range g.Players {
		st, err := ts.c.Status(ctx, g.GameID, p.Token)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := tok[st.Role]; !ok {
			tok[st.Role], name[st.Role] = p.Token, p.Name
		}
	}
	id := g.GameID
	seer, wolf, vill := tok["fortune_teller"], tok["werewolf"], tok["villager"]
	expect := func(what string, want int, err error) {
		t.Helper()
		if got := StatusOf(err); got != want && !(want == 200 && err == nil) {
			t.Errorf("%s: %v (want %d)", what, err, want)
		}
	}
	// Night 0.
	_, err = ts.c.Vote(ctx, id, vill, name["werewolf"])
	expect("vote at night", 409, err)
	_, err = ts.c.Divine(ctx, id, vill, name["werewolf"])
	expect("villager divines", 403, err)
	_, err = ts.c.Speak(ctx, id, vill, "hi wolves", "werewolf")
	expect("villager in wolf chat", 403, err)
	_, err = ts.c.Divine(ctx, id, seer, name["fortune_teller"])
	expect("seer divines itself", 400, err)
	_, err = ts.c.Divine(ctx, id, seer, "Nobody")
	expect("divine an unknown name", 400, err)
	_, err = ts.c.Kill(ctx, id, wolf, name["villager"])
	expect("kill on night 0", 409, err)
	_, err = ts.c.Speak(ctx, id, wolf, "let us wait", "werewolf")
	expect("wolf chat", 200, err)
	_, err = ts.c.Speak(ctx, id, wolf, "x", "everyone")
	expect("unknown speak target", 400, err)
	_, err = ts.c.Speak(ctx, id, wolf, "   ", "werewolf")
	expect("empty message", 400, err)
	res, err := ts.c.Divine(ctx, id, seer, name["werewolf"])
	expect("divine", 200, err)
	if res.Result != "werewolf" || res.Target != name["werewolf"] {
		t.Errorf("divine result %+v", res)
	}
	expect("villager passes at night", 403, ts.c.Pass(ctx, id, vill))
	_, err = ts.c.Speak(ctx, id, wolf, "the seer has divined; I am done", "werewolf")
	expect("wolf chat after the divine (the night goes on)", 200, err)
	expect("wolf passes the wolf chat", 200, ts.c.Pass(ctx, id, wolf))
	// Day 1: the night ended when the wolf passed.
	_, err = ts.c.Divine(ctx, id, seer, name["villager"])
	expect("divine by day", 409, err)
	_, err = ts.c.Speak(ctx, id, wolf, "night talk", "werewolf")
	expect("wolf chat by day", 409, err)
	_, err = ts.c.Vote(ctx, id, vill, name["werewolf"])
	expect("vote in the discussion", 409, err)
	for i := range 5 {
		r, err := ts.c.Speak(ctx, id, vill, fmt.Sprint("message ", i), "all")
		expect("speak", 200, err)
		if r.RemainingSpeaks != 4-i {
			t.Errorf("remaining_speaks %d after %d messages", r.RemainingSpeaks, i+1)
		}
	}
	_, err = ts.c.Speak(ctx, id, vill, "one too many", "all")
	expect("sixth message", 403, err)
	for _, p := range g.Players {
		if p.Token != vill {
			expect("pass", 200, ts.c.Pass(ctx, id, p.Token))
		}
	}
	// The vote.
	_, err = ts.c.Vote(ctx, id, vill, name["villager"])
	expect("vote for oneself", 400, err)
	_, err = ts.c.Vote(ctx, id, vill, name["werewolf"])
	expect("vote", 200, err)
	_, err = ts.c.Vote(ctx, id, vill, name["werewolf"])
	expect("second vote", 403, err)
	// Unknown game and token.
	_, err = ts.c.Vote(ctx, "nosuchgame", vill, name["werewolf"])
	expect("unknown game", 404, err)
	_, err = ts.c.Vote(ctx, id, "nosuchtoken", name["werewolf"])
	expect("unknown token", 404, err)
	// Everyone votes the wolf: the village wins at once (one wolf).
	for _, p := range g.Players {
		if p.Token != vill && p.Token != wolf {
			_, err := ts.c.Vote(ctx, id, p.Token, name["werewolf"])
			expect("vote", 200, err)
		}
	}
	_, err = ts.c.Vote(ctx, id, wolf, name["villager"])
	expect("last vote", 200, err)
	info, err := ts.c.Game(ctx, id)
	if err != nil || info.Status != "finished" || info.Winner != "village" {
		t.Fatalf("end: %+v %v", info, err)
	}
	// The dead read but cannot act; after the end everything is over.
	_, err = ts.c.Speak(ctx, id, wolf, "too late", "all")
	expect("speak after the end", 409, err)
	if _, err := ts.c.Messages(ctx, id, wolf); err != nil {
		t.Errorf("the dead cannot read: %v", err)
	}
}
