package nostr

import (
	"strings"
	"testing"

	"gamelab/protocol/nostr/wire"
	"gamelab/sim"
	"gamelab/sim/mahjong"
	mjs "gamelab/strategies/mahjong"
)

// FuzzTableAct drives a referee table with arbitrary player commands, as
// the referee hands them over (parsed, Valid) from any seat, mixed with
// "!" lines that make the prompted seat play its first engine-legal action
// (so the game moves on) and "next" between hands. Nothing a player sends
// may panic the table, and everything it answers must render.
func FuzzTableAct(f *testing.F) {
	f.Add(uint64(1), "0sutehai? sutehai 1m\n!\n!\n1naku? pon\n!\n2sutehai? richi 9z")
	f.Add(uint64(2), "0sutehai? tsumo\n0sutehai? kakan 5p\n0sutehai? ankan 1m\n3naku? chi 1m 2m\n3naku? chi\n1naku? kan\n0next")
	f.Add(uint64(3), strings.Repeat("!\n", 200)+"0next\n"+strings.Repeat("!\n", 100))
	warmEngine()
	f.Fuzz(func(t *testing.T, seed uint64, script string) {
		tb, out := NewTable(testPlayers, mahjong.Dihou(), seed)
		check := func(out []Out) {
			for _, o := range out {
				if wire.Render(o.Msg) == "" && !o.Status {
					t.Fatalf("empty rendering of %T", o.Msg)
				}
			}
		}
		check(out)
		var legal []mahjong.Action
		for line := range strings.SplitSeq(script, "\n") {
			if tb.Done() {
				return
			}
			if line == "!" {
				for s := range sim.Seat(4) {
					if !tb.Asked(s) {
						continue
					}
					legal = tb.State.Legal(s, legal[:0])
					if len(legal) == 0 {
						break
					}
					if c, ok := ToCommand(legal[0]); ok {
						check(tb.Act(s, c))
					}
					break
				}
				continue
			}
			if line == "" {
				continue
			}
			seat := sim.Seat(line[0] % 4)
			c, ok := wire.ParseCommand("nostr:" + testPlayers[0] + " " + line[1:])
			if !ok || !c.Valid() {
				continue
			}
			if c.Verb == "next" {
				out, _ := tb.Next()
				check(out)
				continue
			}
			if c.Verb == "sutehai?" || c.Verb == "naku?" {
				check(tb.Act(seat, c))
			}
		}
	})
}

// warmEngine plays one game so the engine's lazily built tables (shanten,
// scoring) exist before fuzzing starts: built inside the first fuzz call
// of a coverage-instrumented binary on a loaded machine, they took longer
// than the fuzzer's 10 s hang limit.
func warmEngine() {
	bots := []mjs.Strategy{}
	for range 4 {
		b, err := mjs.New("efficiency")
		if err != nil {
			panic(err)
		}
		bots = append(bots, b)
	}
	if _, err := mjs.Play(mahjong.Dihou(), 1, bots, nil); err != nil {
		panic(err)
	}
}
