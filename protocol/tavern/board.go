package tavern

import (
	"encoding/json"
	"fmt"
	"strings"
)

// readDecision decodes a decision body leniently: the body must be a JSON
// object, and every field we know is read on its own, so a field of an
// unexpected type is skipped (left at its zero value) instead of failing
// the request. Choices whose id is not a string are skipped too: an id is
// sent back verbatim. The whole object is kept in Board for the per-game
// readers of board fields.
func readDecision(body []byte) (Decision, error) {
	var d Decision
	var m map[string]json.RawMessage
	if err := json.Unmarshal(body, &m); err != nil {
		return d, fmt.Errorf("%w: %v", ErrBadRequest, err)
	}
	d.Board = m
	field := func(name string, dst any) {
		if raw, ok := m[name]; ok {
			_ = json.Unmarshal(raw, dst) // a wrong type keeps the zero value: see above
		}
	}
	field("protocol", &d.Protocol)
	field("seq", &d.Seq)
	field("game", &d.Game)
	field("match_id", &d.MatchID)
	field("chat_id", &d.ChatID)
	var turn int64
	if raw, ok := m["turn_id"]; ok && json.Unmarshal(raw, &turn) == nil {
		d.TurnID = &turn
	}
	var you You
	if raw, ok := m["you"]; ok && json.Unmarshal(raw, &you) == nil {
		d.You = &you
	}
	field("ask", &d.Ask)
	field("prompt", &d.Prompt)
	field("rules", &d.Rules)
	field("deadline_ms", &d.DeadlineMS)
	field("round", &d.Round)
	d.Setup = m["setup"]
	d.Private = m["private"]
	d.Base = m["base"]
	field("log", &d.Log)
	var cs []json.RawMessage
	field("choices", &cs)
	for _, raw := range cs {
		var c Choice
		if json.Unmarshal(raw, &c) == nil && c.ID != "" {
			d.Choices = append(d.Choices, c)
		}
	}
	return d, nil
}

// board looks up the game's board fields of a decision defensively: a
// field may sit at the top level or inside one of the objects a dealer
// might group them in (private, you, board, state, table), under one of
// several names. Nothing here fails: a missing or unreadable field is
// simply not found.
type board struct{ layers []map[string]json.RawMessage }

// boardOf collects the layers of d: the top level, then private and the
// usual grouping objects.
func boardOf(d *Decision) board {
	var b board
	top := d.Board
	if top == nil {
		// A Decision built in code (not read off the wire): its own fields.
		var m map[string]json.RawMessage
		if json.Unmarshal(mustJSON(d), &m) == nil {
			top = m
		}
	}
	b.layers = append(b.layers, top)
	for _, k := range []string{"private", "you", "board", "state", "table", "game_state"} {
		var m map[string]json.RawMessage
		if raw, ok := top[k]; ok && json.Unmarshal(raw, &m) == nil {
			b.layers = append(b.layers, m)
		}
	}
	return b
}

// raw returns the first field found under any of names.
func (b board) raw(names ...string) (json.RawMessage, bool) {
	for _, l := range b.layers {
		for _, n := range names {
			if raw, ok := l[n]; ok && string(raw) != "null" {
				return raw, true
			}
		}
	}
	return nil, false
}

// str reads a string field.
func (b board) str(names ...string) (string, bool) {
	for _, l := range b.layers {
		for _, n := range names {
			var s string
			if raw, ok := l[n]; ok && json.Unmarshal(raw, &s) == nil && s != "" {
				return s, true
			}
		}
	}
	return "", false
}

// num reads a whole-number field.
func (b board) num(names ...string) (int, bool) {
	for _, l := range b.layers {
		for _, n := range names {
			var f float64
			if raw, ok := l[n]; ok && json.Unmarshal(raw, &f) == nil && f == float64(int(f)) {
				return int(f), true
			}
		}
	}
	return 0, false
}

// strings reads a list of card names: an array of strings, of objects
// with a card/name/rank/face/id field, or one space- or comma-separated
// string.
func (b board) strings(names ...string) ([]string, bool) {
	for _, l := range b.layers {
		for _, n := range names {
			raw, ok := l[n]
			if !ok {
				continue
			}
			if out, ok := stringList(raw); ok {
				return out, true
			}
		}
	}
	return nil, false
}

func stringList(raw json.RawMessage) ([]string, bool) {
	var ss []string
	if json.Unmarshal(raw, &ss) == nil {
		return ss, true
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' }), true
	}
	var objs []map[string]json.RawMessage
	if json.Unmarshal(raw, &objs) != nil {
		return nil, false
	}
	out := make([]string, 0, len(objs))
	for _, o := range objs {
		found := false
		for _, k := range []string{"card", "name", "rank", "face", "id"} {
			var s string
			if json.Unmarshal(o[k], &s) == nil && s != "" {
				out = append(out, s)
				found = true
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	return out, true
}

// seatInfo is what a dealer may say about one seat in a players array.
type seatInfo struct {
	seat            int
	cards, pulls    int
	bet             int
	hasCards, hasPl bool
	hasBet          bool
	alive, folded   bool
}

// seats reads a players/seats array: objects with a seat (else the array
// index), a card count, revolver pulls, a bet, alive/eliminated and folded
// flags, under the usual names.
func (b board) seats() []seatInfo {
	raw, ok := b.raw("players", "seats", "table_seats", "opponents")
	if !ok {
		return nil
	}
	var objs []map[string]json.RawMessage
	if json.Unmarshal(raw, &objs) != nil {
		return nil
	}
	out := make([]seatInfo, 0, len(objs))
	for i, o := range objs {
		l := board{layers: []map[string]json.RawMessage{o}}
		s := seatInfo{seat: i, alive: true}
		if n, ok := l.num("seat", "index"); ok {
			s.seat = n
		}
		s.cards, s.hasCards = l.num("cards", "hand_count", "card_count", "cards_left", "hand_size", "cards_in_hand")
		if !s.hasCards {
			if cs, ok := l.strings("hand", "cards"); ok {
				s.cards, s.hasCards = len(cs), true
			}
		}
		s.pulls, s.hasPl = l.num("pulls", "shots", "trigger_pulls", "pulled")
		s.bet, s.hasBet = l.num("bet", "bullets", "committed")
		var flag bool
		for _, k := range []string{"alive", "living"} {
			if json.Unmarshal(o[k], &flag) == nil {
				s.alive = flag
			}
		}
		for _, k := range []string{"eliminated", "dead", "out"} {
			if json.Unmarshal(o[k], &flag) == nil && flag {
				s.alive = false
			}
		}
		for _, k := range []string{"folded", "fold"} {
			if json.Unmarshal(o[k], &flag) == nil {
				s.folded = flag
			}
		}
		out = append(out, s)
	}
	return out
}

// players is the table's seat count: the players/seats array's length,
// else a player_count field, else 4; never fewer than seat me needs.
func (b board) players(seats []seatInfo, me int) int {
	if len(seats) > 0 {
		return max(len(seats), me+1)
	}
	if n, ok := b.num("player_count", "num_players", "players"); ok && n >= 2 {
		return max(n, me+1)
	}
	return max(4, me+1)
}
