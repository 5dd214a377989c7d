package mjai

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"

	"gamelab/sim/mahjong"
)

// ReadLog reads an mjai log: one JSON object a line (blank lines skipped).
func ReadLog(r io.Reader) ([]Message, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var out []Message
	for n := 1; sc.Scan(); n++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		m, err := Parse(sc.Bytes())
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		out = append(out, m)
	}
	return out, sc.Err()
}

// ErrReplay reports a log the engine does not reproduce.
var ErrReplay = errors.New("mjai: replay mismatch")

// ReplaySummary is what a replayed log held.
type ReplaySummary struct {
	Hands, Actions, Wins, Draws int
	Final                       [4]int32
}

// Replay plays a whole mjai log (every tile shown, as lab export --format
// mjai writes it or an mjai server logs a game) in the engine under rules
// r: each hand's wall is rebuilt from the log's deals, draws, replacement
// draws and dora and ura indicators, every logged action is applied (and
// must be legal), and the engine's result of every hand (the payments of
// each hora and ryukyoku, the scores at every start_kyoku and at
// end_game) must equal the log's. A log cut short is replayed up to its
// end.
func Replay(log []Message, r mahjong.Rules) (ReplaySummary, error) {
	var sum ReplaySummary
	specs, starts, err := wallSpecs(log)
	if err != nil {
		return sum, err
	}
	if len(specs) == 0 {
		return sum, fmt.Errorf("%w: no start_kyoku", ErrReplay)
	}
	walls := make([][136]mahjong.TileID, len(specs))
	for i, sp := range specs {
		if walls[i], err = sp.spec.Build(r, sp.dealer); err != nil {
			return sum, fmt.Errorf("%w: hand %d: %v", ErrReplay, i+1, err)
		}
	}
	first := starts[0]
	st := mahjong.Start{Round: int(4*windIndex(first.Bakaze) + first.Kyoku - 1), Honba: first.Honba, Sticks: first.Kyotaku}
	for i := range st.Scores {
		st.Scores[i] = int32(r.StartPoints)
		if len(first.Scores) == 4 {
			st.Scores[i] = int32(first.Scores[i])
		}
	}
	s := mahjong.NewFrom(r, 0, func(n, _, _ int) [136]mahjong.TileID {
		if n < len(walls) {
			return walls[n]
		}
		return walls[len(walls)-1]
	}, st)
	// The log's actions in order; claims are looked up in the block of
	// claims that answers one discard.
	var acts []int
	for i := range log {
		if isAction(&log[i]) {
			acts = append(acts, i)
		}
	}
	used := make([]bool, len(log))
	next := 0 // first unused action
	var buf [96]mahjong.Action
	mw := NewWriter(All, nil)
	var got []Message
	seen := 0
	last := -1 // log index of the last action applied
	for !s.Done() && next < len(acts) {
		for _, seat := range slices.Clone(s.Next()) {
			for next < len(acts) && used[acts[next]] {
				next++
			}
			legal := s.Legal(seat, buf[:0])
			v := s.View(seat)
			a := mahjong.Action{Kind: mahjong.ActPass}
			claiming := slices.Contains(legal, a)
			found := false
			if claiming && tripleRonAfter(log, last) {
				// 三家和: the log has no hora lines, only the abortive
				// draw; every seat that can ron declared it.
				if i := slices.IndexFunc(legal, func(x mahjong.Action) bool { return x.Kind == mahjong.ActRon }); i >= 0 {
					a, found = legal[i], true
				}
			}
			for j := next; j < len(acts) && !found; j++ {
				m := &log[acts[j]]
				if used[acts[j]] {
					continue
				}
				if claiming {
					// Only the claims on this very discard answer it.
					if !isClaim(m) || m.Target != int(v.LastFrom) || m.Pai != "" && m.Pai != TileName(v.LastDiscard) {
						break
					}
					if m.Actor != int(seat) {
						continue
					}
				} else if m.Actor != int(seat) {
					break
				}
				x, err := Match(&v, legal, m)
				if err != nil {
					return sum, fmt.Errorf("%w: line %d: %v", ErrReplay, acts[j]+1, err)
				}
				used[acts[j]] = true
				last = acts[j]
				if x.Kind == mahjong.ActRiichi {
					// reach, then its dahai
					k := j + 1
					if k >= len(acts) || log[acts[k]].Type != "dahai" || log[acts[k]].Actor != int(seat) {
						return sum, fmt.Errorf("%w: line %d: reach without its dahai", ErrReplay, acts[j]+1)
					}
					t, err := ParseTile(log[acts[k]].Pai)
					if err != nil {
						return sum, fmt.Errorf("%w: line %d: %v", ErrReplay, acts[k]+1, err)
					}
					x.Tile = t
					used[acts[k]] = true
					last = acts[k]
				}
				a, found = x, true
				break
			}
			if !found && !slices.Contains(legal, a) {
				return sum, fmt.Errorf("%w: near line %d: seat %d must act (legal %v), the log has %s", ErrReplay, acts[min(next, len(acts)-1)]+1, seat, legal, log[acts[min(next, len(acts)-1)]].AppendJSON(nil))
			}
			if err := s.Apply(seat, a); err != nil {
				return sum, fmt.Errorf("%w: seat %d %v: %v", ErrReplay, seat, a, err)
			}
			if found {
				sum.Actions++
			}
		}
		for _, e := range s.Events()[seen:] {
			got = append(got, mw.Write(e)...)
		}
		seen = len(s.Events())
	}
	for _, e := range s.Events()[seen:] {
		got = append(got, mw.Write(e)...)
	}
	// Compare what settles a hand, in order, up to the end of the log.
	want := settles(log)
	have := settles(got)
	for i := range min(len(want), len(have)) {
		w, h := want[i], have[i]
		if w.Type != h.Type || (w.Deltas != nil && !slices.Equal(w.Deltas, h.Deltas)) || (w.Scores != nil && !slices.Equal(w.Scores, h.Scores)) {
			return sum, fmt.Errorf("%w: settlement %d: log %s, engine %s", ErrReplay, i+1, w.AppendJSON(nil), h.AppendJSON(nil))
		}
		switch w.Type {
		case "start_kyoku":
			sum.Hands++
		case "hora":
			sum.Wins++
		case "ryukyoku":
			sum.Draws++
		}
	}
	if len(have) < len(want) {
		return sum, fmt.Errorf("%w: the engine stopped after %d of the log's %d settlements", ErrReplay, len(have), len(want))
	}
	sum.Final = s.Scores()
	return sum, nil
}

// settles lists the messages that fix scores: start_kyoku, hora,
// ryukyoku, end_game.
func settles(ms []Message) []Message {
	var out []Message
	for _, m := range ms {
		switch m.Type {
		case "start_kyoku", "hora", "ryukyoku", "end_game":
			out = append(out, m)
		}
	}
	return out
}

func isAction(m *Message) bool {
	switch m.Type {
	case "dahai", "reach", "chi", "pon", "daiminkan", "ankan", "kakan", "hora":
		return true
	case "ryukyoku":
		return m.Reason == "kyushukyuhai"
	}
	return false
}

// tripleRonAfter reports whether the log answers the action at index
// last with a three-ron abortive draw (ryukyoku sanchaho) before any other
// action.
func tripleRonAfter(log []Message, last int) bool {
	if last < 0 {
		return false
	}
	for i := last + 1; i < len(log); i++ {
		m := &log[i]
		if m.Type == "ryukyoku" {
			return m.Reason == "sanchaho"
		}
		if isAction(m) || m.Type == "start_kyoku" {
			return false
		}
	}
	return false
}

func isClaim(m *Message) bool {
	switch m.Type {
	case "chi", "pon", "daiminkan", "hora":
		return true
	}
	return false
}

func windIndex(b string) int {
	for i, h := range honorNames[:4] {
		if b == h {
			return i
		}
	}
	return 0
}

type handWall struct {
	spec   mahjong.WallSpec
	dealer int
}

// wallSpecs reads each hand's tiles off the log: deals, live draws in
// order, replacement draws (the draw after a kan), dora and ura
// indicators.
func wallSpecs(log []Message) ([]handWall, []*Message, error) {
	var out []handWall
	var starts []*Message
	var cur *handWall
	var draws, rinshan, dora, ura []mahjong.Tile
	kan := [4]bool{}
	closeHand := func() {
		if cur != nil {
			cur.spec.Draws = mahjong.FormatTiles(draws)
			cur.spec.Rinshan = mahjong.FormatTiles(rinshan)
			cur.spec.Dora = mahjong.FormatTiles(dora)
			cur.spec.Ura = mahjong.FormatTiles(ura)
			out = append(out, *cur)
			cur = nil
		}
	}
	for i := range log {
		m := &log[i]
		tile := func(name string) (mahjong.Tile, error) {
			t, err := ParseTile(name)
			if err == nil && t == mahjong.HiddenTile {
				err = fmt.Errorf("%w: line %d: a log must show every tile", ErrReplay, i+1)
			}
			return t, err
		}
		switch m.Type {
		case "start_kyoku":
			closeHand()
			if len(m.Tehais) != 4 || m.Oya < 0 || m.Oya > 3 {
				return nil, nil, fmt.Errorf("%w: line %d: start_kyoku", ErrReplay, i+1)
			}
			cur = &handWall{dealer: m.Oya}
			starts = append(starts, m)
			draws, rinshan, dora, ura, kan = nil, nil, nil, nil, [4]bool{}
			for s, names := range m.Tehais {
				ts, err := parseTiles(names)
				if err != nil {
					return nil, nil, fmt.Errorf("%w: line %d: %v", ErrReplay, i+1, err)
				}
				for _, t := range ts {
					if t == mahjong.HiddenTile {
						return nil, nil, fmt.Errorf("%w: line %d: a log must show every hand", ErrReplay, i+1)
					}
				}
				cur.spec.Hands[s] = mahjong.FormatTiles(ts)
			}
			t, err := tile(m.DoraMarker)
			if err != nil {
				return nil, nil, err
			}
			dora = append(dora, t)
		case "tsumo":
			if cur == nil || m.Actor < 0 {
				return nil, nil, fmt.Errorf("%w: line %d: tsumo outside a hand", ErrReplay, i+1)
			}
			t, err := tile(m.Pai)
			if err != nil {
				return nil, nil, err
			}
			if kan[m.Actor] {
				rinshan = append(rinshan, t)
				kan[m.Actor] = false
			} else {
				draws = append(draws, t)
			}
		case "daiminkan", "ankan", "kakan":
			if m.Actor >= 0 {
				kan[m.Actor] = true
			}
		case "dora":
			t, err := tile(m.DoraMarker)
			if err != nil {
				return nil, nil, err
			}
			dora = append(dora, t)
		case "hora":
			if len(ura) == 0 {
				for _, n := range m.UraMarkers {
					t, err := tile(n)
					if err != nil {
						return nil, nil, err
					}
					ura = append(ura, t)
				}
			}
		}
	}
	closeHand()
	return out, starts, nil
}
