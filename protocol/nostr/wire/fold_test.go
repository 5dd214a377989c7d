package wire

import (
	"slices"
	"testing"

	"gamelab/sim/mahjong"
)

// TestFoldTranscript folds, for each of the four players of the recorded
// live game, exactly the messages p-tagged to that player (the fair-play
// view): every GET prompt must show the folded hand, every hand-start
// score must equal the folded scores (so every NOTIFY point delta was
// folded), the wall count must follow every draw, and the final scores
// must equal gameend.
func TestFoldTranscript(t *testing.T) {
	tr := loadTranscript(t)
	for _, role := range []string{"player1", "player2", "player3", "player4"} {
		f := NewFold(tr.Npub[role])
		prompts, hands := 0, 0
		for _, e := range tr.Events {
			if e.Author != "server" || e.Kind == 30315 || !slices.Contains(e.P, role) {
				continue
			}
			m, err := Parse(e.Content)
			if err != nil {
				t.Fatalf("%s #%d: %v", role, e.N, err)
			}
			switch m := m.(type) {
			case Point:
				if m.Op == '=' && f.View.Scores[f.SeatOf(m.Player)] != int32(m.Points) && hands > 0 {
					t.Errorf("%s #%d: hand starts with %d, folded %d", role, e.N, m.Points, f.View.Scores[f.SeatOf(m.Player)])
				}
			case KyokuStart:
				hands++
				if hands > 1 && int(f.View.Sticks)*1000 != m.Pot {
					t.Errorf("%s #%d: pot %d, folded %d sticks", role, e.N, m.Pot, f.View.Sticks)
				}
			case GameEnd:
				for i, p := range m.Players {
					if f.View.Scores[f.SeatOf(p)] != int32(m.Scores[i]) {
						t.Errorf("%s: final score of %s %d, folded %d", role, p, m.Scores[i], f.View.Scores[f.SeatOf(p)])
					}
				}
			case AskSutehai, AskNaku:
				prompts++
			}
			if err := f.Apply(m); err != nil {
				t.Fatalf("%s #%d: %v\n%s", role, e.N, err, e.Content)
			}
		}
		if hands != 7 || prompts < 80 || !f.View.GameOver {
			t.Errorf("%s: %d hands, %d prompts, game over %v", role, hands, prompts, f.View.GameOver)
		}
		// The fold has a draw for every tsumo of the hand: 4 × hidden/own draws.
		draws := 0
		for _, e := range f.Events {
			if e.Kind == mahjong.EvDraw {
				draws++
			}
		}
		if draws != 354 {
			t.Errorf("%s: %d draws folded, want 354 (one per NOTIFY tsumo of the game)", role, draws)
		}
	}
}

// FuzzFold: a foreign message inserted anywhere into player1's recorded
// stream may be refused but must never panic the fold (or anything after).
func FuzzFold(f *testing.F) {
	tr := loadTranscript(f)
	var msgs []Message
	for _, e := range tr.Events {
		if e.Author == "server" && e.Kind != 30315 && slices.Contains(e.P, "player1") {
			m, err := Parse(e.Content)
			if err != nil {
				f.Fatal(err)
			}
			msgs = append(msgs, m)
		}
	}
	for i, e := range tr.Events {
		if i%50 == 0 {
			f.Add(uint16(i), e.Content)
		}
	}
	f.Fuzz(func(t *testing.T, at uint16, content string) {
		m, err := Parse(content)
		if err != nil {
			return
		}
		fd := NewFold(tr.Npub["player1"])
		pos := int(at) % len(msgs)
		for i, x := range msgs {
			if i == pos {
				_ = fd.Apply(m)
			}
			_ = fd.Apply(x)
		}
	})
}
