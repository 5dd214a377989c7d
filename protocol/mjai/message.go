package mjai

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
)

// Message is one mjai message, event or answer. Which fields mean
// something depends on Type (the protocol's own names: "start_kyoku",
// "tsumo", "dahai", "pon", "hora", "none", …). Actor, Target and ID are -1
// when absent.
type Message struct {
	Type      string
	Actor     int
	Target    int
	Pai       string
	Consumed  []string
	Tsumogiri bool

	ID    int      // start_game: the receiving seat
	Names []string // start_game: player names

	Bakaze                  string // start_kyoku: "E", "S", "W", "N"
	Kyoku, Honba, Kyotaku   int
	Oya                     int
	DoraMarker              string // start_kyoku, dora
	Tehais                  [][]string
	Scores                  []int // scores after the event
	Deltas                  []int // score changes of the event
	UraMarkers              []string
	Fu, Fan, HoraPoints     int
	Yakuman                 int // hora: yakuman count (our extension)
	Reason                  string
	Tenpais                 []bool
	PossibleActions         []Message // the answers the seat may give (mjai.app dialect)
	Text                    string    // error: "message"; join: "name"
	Room                    string    // join
	hasTsumogiri, hasScores bool
}

// ErrMessage reports a line that is not an mjai message.
var ErrMessage = errors.New("mjai: bad message")

// None is the answer "no action".
func None() Message { return Message{Type: "none", Actor: -1, Target: -1, ID: -1} }

// wireMessage is the JSON shape read by Parse.
type wireMessage struct {
	Type            string            `json:"type"`
	Actor           *int              `json:"actor"`
	Target          *int              `json:"target"`
	Pai             string            `json:"pai"`
	Consumed        []string          `json:"consumed"`
	Tsumogiri       *bool             `json:"tsumogiri"`
	ID              *int              `json:"id"`
	Names           []string          `json:"names"`
	Bakaze          string            `json:"bakaze"`
	Kyoku           int               `json:"kyoku"`
	Honba           int               `json:"honba"`
	Kyotaku         int               `json:"kyotaku"`
	Oya             int               `json:"oya"`
	DoraMarker      string            `json:"dora_marker"`
	Tehais          [][]string        `json:"tehais"`
	Scores          []int             `json:"scores"`
	Deltas          []int             `json:"deltas"`
	UraMarkers      []string          `json:"ura_markers"`
	UradoraMarkers  []string          `json:"uradora_markers"`
	Fu              int               `json:"fu"`
	Fan             int               `json:"fan"`
	HoraPoints      int               `json:"hora_points"`
	Yakuman         int               `json:"yakuman"`
	Reason          string            `json:"reason"`
	Tenpais         []bool            `json:"tenpais"`
	PossibleActions []json.RawMessage `json:"possible_actions"`
	Message         string            `json:"message"`
	Name            string            `json:"name"`
	Room            string            `json:"room"`
}

// Parse reads one JSON object as a Message. Fields it does not know are
// ignored (dialects add their own, such as "meta").
func Parse(line []byte) (Message, error) {
	var w wireMessage
	if err := json.Unmarshal(line, &w); err != nil {
		return Message{}, fmt.Errorf("%w: %v: %s", ErrMessage, err, clip(string(line)))
	}
	if w.Type == "" {
		return Message{}, fmt.Errorf("%w: no type: %s", ErrMessage, clip(string(line)))
	}
	m := Message{Type: w.Type, Actor: -1, Target: -1, ID: -1, Pai: w.Pai, Consumed: w.Consumed,
		Names: w.Names, Bakaze: w.Bakaze, Kyoku: w.Kyoku, Honba: w.Honba, Kyotaku: w.Kyotaku, Oya: w.Oya,
		DoraMarker: w.DoraMarker, Tehais: w.Tehais, Scores: w.Scores, Deltas: w.Deltas, UraMarkers: w.UraMarkers,
		Fu: w.Fu, Fan: w.Fan, HoraPoints: w.HoraPoints, Yakuman: w.Yakuman, Reason: w.Reason, Tenpais: w.Tenpais,
		Text: w.Message, Room: w.Room, hasScores: w.Scores != nil}
	if m.UraMarkers == nil {
		m.UraMarkers = w.UradoraMarkers
	}
	if w.Name != "" {
		m.Text = w.Name
	}
	for _, p := range []struct {
		src *int
		dst *int
	}{{w.Actor, &m.Actor}, {w.Target, &m.Target}, {w.ID, &m.ID}} {
		if p.src != nil {
			if *p.src < 0 || *p.src > 3 {
				return Message{}, fmt.Errorf("%w: seat %d outside 0..3: %s", ErrMessage, *p.src, clip(string(line)))
			}
			*p.dst = *p.src
		}
	}
	if w.Tsumogiri != nil {
		m.Tsumogiri, m.hasTsumogiri = *w.Tsumogiri, true
	}
	for _, raw := range w.PossibleActions {
		a, err := Parse(raw)
		if err != nil {
			return Message{}, err
		}
		m.PossibleActions = append(m.PossibleActions, a)
	}
	return m, nil
}

// ParseLine reads one line of a stream: a JSON object, or a JSON array of
// objects (the mjai.app dialect sends the events since the last answer as
// one array).
func ParseLine(line []byte) ([]Message, error) {
	line = bytes.TrimSpace(line)
	if len(line) > 0 && line[0] == '[' {
		var raws []json.RawMessage
		if err := json.Unmarshal(line, &raws); err != nil {
			return nil, fmt.Errorf("%w: %v: %s", ErrMessage, err, clip(string(line)))
		}
		out := make([]Message, 0, len(raws))
		for _, r := range raws {
			m, err := Parse(r)
			if err != nil {
				return nil, err
			}
			out = append(out, m)
		}
		return out, nil
	}
	m, err := Parse(line)
	if err != nil {
		return nil, err
	}
	return []Message{m}, nil
}

// MarshalJSON writes the fields of m's type in the protocol's usual order.
func (m Message) MarshalJSON() ([]byte, error) {
	return m.AppendJSON(nil), nil
}

// AppendJSON appends m as one JSON object (no newline) to b.
func (m Message) AppendJSON(b []byte) []byte {
	o := obj{b: append(b, '{')}
	o.str("type", m.Type)
	switch m.Type {
	case "join":
		o.str("name", m.Text)
		o.str("room", m.Room)
	case "error":
		o.str("message", m.Text)
	case "start_game":
		if m.ID >= 0 {
			o.int("id", m.ID)
		}
		if m.Names != nil {
			o.strs("names", m.Names)
		}
	case "start_kyoku":
		o.str("bakaze", m.Bakaze)
		o.str("dora_marker", m.DoraMarker)
		o.int("kyoku", m.Kyoku)
		o.int("honba", m.Honba)
		o.int("kyotaku", m.Kyotaku)
		o.int("oya", m.Oya)
		o.ints("scores", m.Scores)
		o.key("tehais")
		o.b = append(o.b, '[')
		for i, t := range m.Tehais {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			o.b = appendStrs(o.b, t)
		}
		o.b = append(o.b, ']')
	case "tsumo", "reach":
		o.int("actor", m.Actor)
		if m.Type == "tsumo" {
			o.str("pai", m.Pai)
		}
	case "dahai":
		o.int("actor", m.Actor)
		o.str("pai", m.Pai)
		o.key("tsumogiri")
		o.b = strconv.AppendBool(o.b, m.Tsumogiri)
	case "chi", "pon", "daiminkan":
		o.int("actor", m.Actor)
		o.int("target", m.Target)
		o.str("pai", m.Pai)
		o.strs("consumed", m.Consumed)
	case "ankan":
		o.int("actor", m.Actor)
		o.strs("consumed", m.Consumed)
	case "kakan":
		o.int("actor", m.Actor)
		o.str("pai", m.Pai)
		o.strs("consumed", m.Consumed)
	case "dora":
		o.str("dora_marker", m.DoraMarker)
	case "reach_accepted":
		o.int("actor", m.Actor)
		if m.Deltas != nil {
			o.ints("deltas", m.Deltas)
		}
		if m.Scores != nil {
			o.ints("scores", m.Scores)
		}
	case "hora":
		o.int("actor", m.Actor)
		o.int("target", m.Target)
		if m.Pai != "" {
			o.str("pai", m.Pai)
		}
		if m.UraMarkers != nil {
			o.strs("ura_markers", m.UraMarkers)
			o.strs("uradora_markers", m.UraMarkers)
		}
		o.int("fu", m.Fu)
		o.int("fan", m.Fan)
		o.int("hora_points", m.HoraPoints)
		if m.Yakuman > 0 {
			o.int("yakuman", m.Yakuman)
		}
		if m.Deltas != nil {
			o.ints("deltas", m.Deltas)
		}
		if m.Scores != nil {
			o.ints("scores", m.Scores)
		}
	case "ryukyoku":
		if m.Actor >= 0 {
			o.int("actor", m.Actor)
		}
		if m.Reason != "" {
			o.str("reason", m.Reason)
		}
		if m.Tenpais != nil {
			o.key("tenpais")
			o.b = append(o.b, '[')
			for i, t := range m.Tenpais {
				if i > 0 {
					o.b = append(o.b, ',')
				}
				o.b = strconv.AppendBool(o.b, t)
			}
			o.b = append(o.b, ']')
		}
		if m.Deltas != nil {
			o.ints("deltas", m.Deltas)
		}
		if m.Scores != nil {
			o.ints("scores", m.Scores)
		}
	case "end_game":
		if m.Scores != nil {
			o.ints("scores", m.Scores)
		}
	}
	if len(m.PossibleActions) > 0 {
		o.key("possible_actions")
		o.b = append(o.b, '[')
		for i, a := range m.PossibleActions {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			o.b = a.AppendJSON(o.b)
		}
		o.b = append(o.b, ']')
	}
	return append(o.b, '}')
}

// obj writes the fields of one JSON object.
type obj struct {
	b    []byte
	more bool
}

func (o *obj) key(k string) {
	if o.more {
		o.b = append(o.b, ',')
	}
	o.more = true
	o.b = strconv.AppendQuote(o.b, k)
	o.b = append(o.b, ':')
}

func (o *obj) str(k, v string) {
	o.key(k)
	o.b = appendString(o.b, v)
}

func (o *obj) int(k string, v int) {
	o.key(k)
	o.b = strconv.AppendInt(o.b, int64(v), 10)
}

func (o *obj) ints(k string, v []int) {
	o.key(k)
	o.b = append(o.b, '[')
	for i, x := range v {
		if i > 0 {
			o.b = append(o.b, ',')
		}
		o.b = strconv.AppendInt(o.b, int64(x), 10)
	}
	o.b = append(o.b, ']')
}

func (o *obj) strs(k string, v []string) {
	o.key(k)
	o.b = appendStrs(o.b, v)
}

func appendStrs(b []byte, v []string) []byte {
	b = append(b, '[')
	for i, s := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, s)
	}
	return append(b, ']')
}

// appendString writes s as a JSON string (encoding/json's escaping).
func appendString(b []byte, s string) []byte {
	q, _ := json.Marshal(s)
	return append(b, q...)
}
