package mjai

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"

	"gamelab/sim"
	"gamelab/sim/mahjong"
	sm "gamelab/strategies/mahjong"
)

// ServeOptions configure Serve.
type ServeOptions struct {
	// Name is sent in "join" when the host says "hello".
	Name string
	// Dense answers every message that is a JSON object, "none" when there
	// is nothing to do (the original mjai server's TCP protocol); by
	// default such messages are answered only when the seat acts. A line
	// that is a JSON array (mjai.app) always gets exactly one answer.
	Dense bool
	// Seed of the strategy's RNG (game g uses sim.Seed(Seed, "mjai", g)).
	Seed uint64
	// Log, if not nil, receives one line per message the fold refused.
	Log io.Writer
	// Rand, if not nil, gives the strategy's RNG for game g (counted from
	// 0) at seat (instead of Seed's).
	Rand func(g int, seat sim.Seat) *rand.Rand
}

// Serve plays strategy st as an mjai bot: it reads messages from r, one
// JSON object or array a line, folds them into the seat's View and writes
// the strategy's answers to w, one JSON object a line. The legal actions
// are the message's possible_actions when the host sends them, else
// Legal's. A riichi is answered "reach", and the declaration tile as the
// dahai once the host sends the reach back. Serve returns at the end of r.
func Serve(r io.Reader, w io.Writer, st sm.Strategy, opt ServeOptions) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	out := bufio.NewWriter(w)
	fold := NewFold(sim.NoSeat)
	var rng *rand.Rand
	games := uint64(0)
	riichi := mahjong.NoTile // declaration tile to discard after our reach
	var legal []mahjong.Action
	logf := func(format string, args ...any) {
		if opt.Log != nil {
			fmt.Fprintf(opt.Log, format+"\n", args...)
		}
	}
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 {
			continue
		}
		msgs, err := ParseLine(line)
		if err != nil {
			logf("%v", err)
			if line[0] == '[' || opt.Dense {
				if err := writeAnswer(out, None()); err != nil {
					return err
				}
			}
			continue
		}
		answer, asked := None(), false
		for i := range msgs {
			m := &msgs[i]
			answer, asked = None(), false
			switch m.Type {
			case "hello":
				answer = Message{Type: "join", Text: opt.Name, Room: "default", Actor: -1, Target: -1, ID: -1}
				asked = true
				continue
			case "start_game":
				fold = NewFold(sim.NoSeat)
				st.Reset()
				rng = sim.NewRand(sim.Seed(opt.Seed, sim.Label("mjai"), games))
				if opt.Rand != nil && m.ID >= 0 {
					rng = opt.Rand(int(games), sim.Seat(m.ID))
				}
				games++
				riichi = mahjong.NoTile
			case "error":
				logf("host: %s", m.Text)
			}
			if _, err := fold.Apply(m); err != nil {
				logf("%v", err)
				continue
			}
			v := &fold.View
			if fold.Me < 0 {
				continue
			}
			if m.Type == "reach" && m.Actor == int(fold.Me) && riichi != mahjong.NoTile {
				answer = AnswerOf(v, mahjong.Action{Kind: mahjong.ActDiscard, Tile: riichi})
				asked, riichi = true, mahjong.NoTile
				continue
			}
			legal = legal[:0]
			switch {
			case len(m.PossibleActions) > 0:
				legal = fromPossible(v, m.PossibleActions, legal)
			case fold.Asked:
				legal = Legal(v, fold.Sit, legal)
			}
			if len(legal) == 0 || len(legal) == 1 && legal[0].Kind == mahjong.ActPass {
				continue
			}
			if rng == nil {
				rng = sim.NewRand(sim.Seed(opt.Seed, sim.Label("mjai"), games))
			}
			a := st.Decide(v, legal, rng)
			if a.Kind == mahjong.ActRiichi {
				riichi = a.Tile
			}
			answer, asked = AnswerOf(v, a), true
		}
		if asked || line[0] == '[' || opt.Dense {
			if err := writeAnswer(out, answer); err != nil {
				return err
			}
		}
	}
	return sc.Err()
}

func writeAnswer(out *bufio.Writer, m Message) error {
	if _, err := out.Write(append(m.AppendJSON(nil), '\n')); err != nil {
		return err
	}
	return out.Flush()
}

// fromPossible turns a host's possible_actions into legal actions ("reach"
// into one riichi per tile whose discard leaves the hand tenpai).
func fromPossible(v *mahjong.View, possible []Message, dst []mahjong.Action) []mahjong.Action {
	for i := range possible {
		p := &possible[i]
		switch p.Type {
		case "none":
			dst = append(dst, mahjong.Action{Kind: mahjong.ActPass})
		case "dahai", "kakan":
			t, err := ParseTile(p.Pai)
			if err == nil && t != mahjong.HiddenTile {
				k := mahjong.ActDiscard
				if p.Type == "kakan" {
					k = mahjong.ActKakan
				}
				dst = append(dst, mahjong.Action{Kind: k, Tile: t})
			}
		case "reach":
			counts := v.Counts()
			for f := range mahjong.Tile(mahjong.NumTiles) {
				if v.Hand[f] == 0 {
					continue
				}
				counts[f.Kind()]--
				if mahjong.Shanten(&counts, int(v.NMelds[v.Me])) == 0 {
					dst = append(dst, mahjong.Action{Kind: mahjong.ActRiichi, Tile: f})
				}
				counts[f.Kind()]++
			}
		case "hora":
			k := mahjong.ActRon
			if p.Target == int(v.Me) || p.Target < 0 && v.Drawn != mahjong.NoTile {
				k = mahjong.ActTsumo
			}
			dst = append(dst, mahjong.Action{Kind: k})
		case "ryukyoku":
			dst = append(dst, mahjong.Action{Kind: mahjong.ActNineKinds})
		case "ankan":
			if ts, err := parseTiles(p.Consumed); err == nil && len(ts) == 4 {
				dst = append(dst, mahjong.Action{Kind: mahjong.ActAnkan, Tile: ts[0].Kind()})
			}
		case "daiminkan":
			dst = append(dst, mahjong.Action{Kind: mahjong.ActKan})
		case "pon", "chi":
			if ts, err := parseTiles(p.Consumed); err == nil && len(ts) == 2 {
				k := mahjong.ActPon
				if p.Type == "chi" {
					k = mahjong.ActChi
				}
				dst = append(dst, mahjong.Action{Kind: k, Tile: ts[0], Tile2: ts[1]})
			}
		}
	}
	return dst
}
