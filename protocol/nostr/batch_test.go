package nostr

import (
	"regexp"
	"strings"
	"testing"

	"gamelab/protocol/nostr/wire"
)

// token is a one-letter name of a message for batch-shape checks.
func token(m wire.Message) string {
	switch m := m.(type) {
	case wire.Status:
		return "S"
	case wire.Recruit:
		return "r"
	case wire.GameStart:
		return "g"
	case wire.KyokuStart:
		return "K"
	case wire.Point:
		if m.Op == '=' {
			return "="
		}
		return "P"
	case wire.Haipai:
		return "H"
	case wire.Dora:
		return "D"
	case wire.Tsumo:
		return "T"
	case wire.AskSutehai:
		return "G"
	case wire.AskNaku:
		return "N"
	case wire.Sutehai:
		return "X"
	case wire.Say:
		switch m.Word {
		case "richi":
			return "R"
		case "tsumo", "ron":
			return "W"
		case "tenpai", "noten":
			return "E"
		}
		return "C"
	case wire.Open:
		return "O"
	case wire.Agari:
		return "A"
	case wire.Ryukyoku:
		return "Y"
	case wire.KyokuEnd:
		return "Z"
	case wire.Summary:
		return "M"
	case wire.GameEnd:
		return "F"
	case wire.Ranking:
		return "L"
	case wire.Reply:
		return "!"
	}
	return "?"
}

// batchShape is every batch one request can produce on the live server
// (docs/rules/mahjong-wire.md, Batches), as a regex over tokens.
var batchShape = regexp.MustCompile(`^(` + strings.Join([]string{
	`Sr`,                           // gamestart / join 1–3
	`g{4}SK={4}H{4}DTG`,            // 4th join: gamestart ×4 + first hand
	`SK={4}H{4}DTG`,                // next: a new hand
	`SFL`,                          // next after the last hand
	`D*R?X(N+|TG|SYE{4}P*ZM|SYZM)`, // discard: claims, next draw, exhaustive draw, nagashi
	`D*R?XW{0,3}MSYZ`,              // discard then an abortive draw (三家和 with its three ron)
	`CO(G|TG|N+|TDG)`,              // pon/chi, daiminkan, kakan (+ chankan prompts), ankan
	`TG|SYE{4}P*ZM|SYZM|MSYZ`,      // everyone passed: next draw, or the draw batch the discard deferred (spec 2.4: a discard ends in prompts, the next turn "or a draw batch"; with prompts, #execNaku continues that same flow: exhaustive, nagashi, or abortive 四家立直/四開槓)
	`D*WD*SD*AP*ZM`,                // tsumo, ron (chankan: kan dora after the ron)
	`W{3}MSYZ`,                     // 三家和
	`!`,                            // a reply
}, "|") + `)$`)

func shape(ms []wire.Message) string {
	var b strings.Builder
	for _, m := range ms {
		b.WriteString(token(m))
	}
	return b.String()
}

// TestTranscriptBatchShapes checks the shapes against the recorded live
// game: every batch the real server sent (events sharing a created_at)
// has one of them.
func TestTranscriptBatchShapes(t *testing.T) {
	tr := loadTranscript(t)
	var batch []wire.Message
	var at int64
	seen := map[string]int{}
	flush := func() {
		if len(batch) > 0 {
			s := shape(batch)
			seen[s]++
			if !batchShape.MatchString(s) {
				t.Errorf("batch at %d has shape %q", at, s)
			}
		}
		batch = nil
	}
	for _, e := range tr.Events {
		if e.Author != "server" {
			continue
		}
		if e.CreatedAt != at {
			flush()
			at = e.CreatedAt
		}
		var m wire.Message
		var err error
		if e.Kind == KindStatus {
			m, err = wire.ParseStatus(e.Content)
		} else {
			m, err = wire.Parse(e.Content)
		}
		if err != nil {
			t.Fatal(err)
		}
		batch = append(batch, m)
	}
	flush()
	if len(seen) < 8 {
		t.Errorf("only %d distinct shapes: %v", len(seen), seen)
	}
}

// checkBatch is used by the table property test on every referee batch.
func checkBatch(t failer, seed uint64, out []Out) {
	if len(out) == 0 {
		return
	}
	ms := make([]wire.Message, len(out))
	for i, o := range out {
		ms[i] = o.Msg
	}
	if s := shape(ms); !batchShape.MatchString(s) {
		t.Fatalf("seed %d: referee batch of shape %q is not one the live server sends", seed, s)
	}
}
