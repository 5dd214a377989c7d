package werewolf

import (
	"context"
	"fmt"
	"testing"
)

// TestWolvesConsultOnNightZero: in a 9-player game the seer's divine does
// not end night 0; the two wolves whisper back and forth (each reads the
// other's messages), and the night ends only when both have passed
// (docs/rules/werewolf.md, "The night").
func TestWolvesConsultOnNightZero(t *testing.T) {
	ts := startServer(t, "", 1)
	ctx := context.Background()
	g, err := ts.c.CreateGame(ctx, CreateGameRequest{PlayerCount: 9, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	var wolves []string
	var seer, seerTarget string
	for _, p := range g.Players {
		st, err := ts.c.Status(ctx, g.GameID, p.Token)
		if err != nil {
			t.Fatal(err)
		}
		switch st.Role {
		case "werewolf":
			wolves = append(wolves, p.Token)
		case "fortune_teller":
			seer = p.Token
		default:
			seerTarget = p.Name
		}
	}
	if len(wolves) != 2 || seer == "" {
		t.Fatalf("deal: %d wolves", len(wolves))
	}
	if _, err := ts.c.Divine(ctx, g.GameID, seer, seerTarget); err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		w := wolves[i%2]
		if _, err := ts.c.Speak(ctx, g.GameID, w, fmt.Sprint("whisper ", i), "werewolf"); err != nil {
			t.Fatalf("whisper %d after the divine: %v", i, err)
		}
		m, err := ts.c.Messages(ctx, g.GameID, wolves[(i+1)%2])
		if err != nil || len(m.Messages) != i+1 || m.Messages[i].Message != fmt.Sprint("whisper ", i) {
			t.Fatalf("the other wolf reads %+v %v", m.Messages, err)
		}
	}
	st, _ := ts.c.Status(ctx, g.GameID, wolves[0])
	if st.GamePhase != "night" || st.RemainingSpeaks != 4 || st.TimeRemaining < 170 {
		t.Fatalf("after the whispers: %+v", st)
	}
	if err := ts.c.Pass(ctx, g.GameID, wolves[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := ts.c.Speak(ctx, g.GameID, wolves[0], "one more", "werewolf"); StatusOf(err) != 403 {
		t.Fatalf("whisper after passing: %v", err)
	}
	if _, err := ts.c.Speak(ctx, g.GameID, wolves[1], "last word", "werewolf"); err != nil {
		t.Fatal(err)
	}
	if info, _ := ts.c.Game(ctx, g.GameID); info.Status != statusNight {
		t.Fatalf("night ended before the second wolf passed: %+v", info)
	}
	if err := ts.c.Pass(ctx, g.GameID, wolves[1]); err != nil {
		t.Fatal(err)
	}
	if info, _ := ts.c.Game(ctx, g.GameID); info.Status != statusDay || info.DayCount != 1 {
		t.Fatalf("after both passed: %+v", info)
	}
}
