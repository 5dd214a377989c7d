package mjai

import (
	"bytes"
	"strings"
	"testing"
)

// TestServeSpecLines feeds Serve lines written by hand as the public mjai
// protocol spells them (gimite/mjai's events; mjai.app's arrays with
// possible_actions), not as our Writer renders them: fields we do not
// know ("meta", "log_id"), red fives "5pr"/"5mr", "?" for hidden tiles.
func TestServeSpecLines(t *testing.T) {
	const startGame = `{"type":"start_game","id":0,"names":["a","b","c","d"],"log_id":"x-1","meta":{"v":2}}`
	const startKyoku = `{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"7s","scores":[25000,25000,25000,25000],` +
		`"tehais":[["1m","2m","3m","4p","5pr","6p","7s","8s","9s","E","E","S","W"],` +
		`["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}`
	for _, tc := range []struct {
		name, in string
		want     []string // answer lines, in order
	}{{
		// mjai.app: one answer per array line; the host offers only the
		// red five of the hand (not the drawn tile a tsumogiri bot would
		// play), so that is the answer.
		name: "batch possible_actions",
		in: "[" + startGame + "," + startKyoku + "]\n" +
			`[{"type":"tsumo","actor":0,"pai":"5mr","meta":{"shanten":2},` +
			`"possible_actions":[{"type":"dahai","actor":0,"pai":"5pr","tsumogiri":false,"meta":{}}]}]` + "\n",
		want: []string{`{"type":"none"}`, `{"type":"dahai","actor":0,"pai":"5pr","tsumogiri":false}`},
	}, {
		// gimite/mjai lines: answered only at the seat's own draw; the
		// answer is a dahai of a tile the seat holds.
		name: "lines own draw",
		in:   startGame + "\n" + startKyoku + "\n" + `{"type":"tsumo","actor":0,"pai":"5mr","extra":[1,2]}` + "\n",
		want: []string{`{"type":"dahai","actor":0,"pai":"`},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			var out, log bytes.Buffer
			if err := Serve(strings.NewReader(tc.in), &out, &tsumogiriOnly{}, ServeOptions{Log: &log}); err != nil {
				t.Fatal(err)
			}
			got := strings.Split(strings.TrimSpace(out.String()), "\n")
			if len(got) != len(tc.want) {
				t.Fatalf("answers %q, want %d lines; refused: %s", got, len(tc.want), log.String())
			}
			for i, w := range tc.want {
				if !strings.HasPrefix(got[i], w) {
					t.Errorf("answer %d: %s, want %s…", i, got[i], w)
				}
			}
			if log.Len() > 0 {
				t.Errorf("Serve refused lines of the spec: %s", log.String())
			}
			if tc.name == "lines own draw" {
				ms, err := ParseLine([]byte(got[0]))
				if err != nil || len(ms) != 1 {
					t.Fatalf("answer %s: %v", got[0], err)
				}
				held := map[string]bool{"1m": true, "2m": true, "3m": true, "4p": true, "5pr": true, "6p": true,
					"7s": true, "8s": true, "9s": true, "E": true, "S": true, "W": true, "5mr": true}
				if !held[ms[0].Pai] {
					t.Errorf("answer %s discards a tile the seat does not hold", got[0])
				}
			}
		})
	}
	// The spec's red five parses to the red tile and renders back as "5mr".
	for _, s := range []string{"5mr", "5pr", "5sr"} {
		tl, err := ParseTile(s)
		if err != nil || !tl.IsRed() || TileName(tl) != s {
			t.Errorf("ParseTile(%q) = %v, %v", s, tl, err)
		}
	}
}

// TestServeSpecDenseOtherSeat: the original mjai TCP protocol as its
// document spells it: the host seats us at id 2 (not 0), hides the other
// hands and draws as "?", and the client answers every message, "none"
// when it has nothing to do; fields we do not know are ignored.
func TestServeSpecDenseOtherSeat(t *testing.T) {
	hidden := `["?","?","?","?","?","?","?","?","?","?","?","?","?"]`
	in := strings.Join([]string{
		`{"type":"start_game","id":2,"names":["p0","p1","us","p3"],"uuid":"g-7"}`,
		`{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"7s","scores":[25000,25000,25000,25000],` +
			`"tehais":[` + hidden + `,` + hidden + `,["1m","2m","3m","4p","5pr","6p","7s","8s","9s","E","E","S","W"],` + hidden + `]}`,
		`{"type":"tsumo","actor":0,"pai":"?"}`,
		`{"type":"dahai","actor":0,"pai":"N","tsumogiri":true,"meta":{"t":1}}`,
		`{"type":"tsumo","actor":1,"pai":"?"}`,
		`{"type":"dahai","actor":1,"pai":"C","tsumogiri":false}`,
		`{"type":"tsumo","actor":2,"pai":"N","unknown_field":[1]}`,
	}, "\n") + "\n"
	var out, log bytes.Buffer
	if err := Serve(strings.NewReader(in), &out, &tsumogiriOnly{}, ServeOptions{Dense: true, Log: &log}); err != nil {
		t.Fatal(err)
	}
	if log.Len() > 0 {
		t.Errorf("Serve refused lines of the spec: %s", log.String())
	}
	got := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(got) != 7 {
		t.Fatalf("answers %q, want 7 lines (one a message)", got)
	}
	for i, a := range got[:6] {
		if a != `{"type":"none"}` {
			t.Errorf("answer %d: %s, want none", i, a)
		}
	}
	ms, err := ParseLine([]byte(got[6]))
	if err != nil || len(ms) != 1 || ms[0].Type != "dahai" || ms[0].Actor != 2 {
		t.Fatalf("answer to our draw: %s (%v), want a dahai by actor 2", got[6], err)
	}
	held := map[string]bool{"1m": true, "2m": true, "3m": true, "4p": true, "5pr": true, "6p": true,
		"7s": true, "8s": true, "9s": true, "E": true, "S": true, "W": true, "N": true}
	if !held[ms[0].Pai] {
		t.Errorf("answer %s discards a tile seat 2 does not hold", got[6])
	}
}
