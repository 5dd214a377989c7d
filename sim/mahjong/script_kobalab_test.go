package mahjong

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"gamelab/sim"
)

// The 37 scripted rounds of kobalab/majiang-core (MIT; testdata/scoring,
// see SOURCE there): whole rounds with every draw, discard, call, kan,
// win and draw, and the expected point changes, played in the engine
// under Tenhou() from walls rebuilt from the script.

type kbScript struct {
	Title string            `json:"title"`
	Qijia int               `json:"qijia"`
	Defen []int             `json:"defen"`
	Log   [][]kbEvent       `json:"log"`
	Rank  []int             `json:"rank"`
	Extra map[string]string `json:"-"`
}

type kbEvent map[string]json.RawMessage

type kbQipai struct {
	Zhuangfeng, Jushu, Changbang, Lizhibang int
	Defen                                   [4]int
	Shoupai                                 [4]string
	Baopai                                  string
}

type kbMove struct {
	L int    `json:"l"`
	P string `json:"p"`
	M string `json:"m"`
}

type kbHule struct {
	L        int      `json:"l"`
	Baojia   *int     `json:"baojia"`
	Fubaopai []string `json:"fubaopai"`
	Fenpei   [4]int   `json:"fenpei"`
	Defen    int      `json:"defen"`
}

type kbPingju struct {
	Name   string `json:"name"`
	Fenpei [4]int `json:"fenpei"`
}

// kbTiles converts kobalab notation ("m147p0s55", markers ignored) to
// tiles.
func kbTiles(s string) []Tile {
	var out []Tile
	suit := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 'm' || c == 'p' || c == 's' || c == 'z':
			suit = c
		case c >= '0' && c <= '9' && suit != 0:
			t, err := ParseTile(string([]byte{c, suit}))
			if err != nil {
				panic(err)
			}
			out = append(out, t)
		}
	}
	return out
}

func kbOne(s string) Tile { return kbTiles(s)[0] }

func notation(ts []Tile) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(t.String())
	}
	return b.String()
}

// kbRound is one round's wall material and its moves.
type kbRound struct {
	q      kbQipai
	spec   WallSpec
	events []kbEvent
}

func kbParse(sc kbScript) ([]kbRound, error) {
	var rounds []kbRound
	for _, lg := range sc.Log {
		var r kbRound
		var draws, rinshan, dora, ura []Tile
		for i, ev := range lg {
			for k, raw := range ev {
				switch k {
				case "qipai":
					if err := json.Unmarshal(raw, &r.q); err != nil {
						return nil, err
					}
					dora = append(dora, kbOne(r.q.Baopai))
				case "zimo", "gangzimo":
					var m kbMove
					json.Unmarshal(raw, &m)
					if k == "zimo" {
						draws = append(draws, kbOne(m.P))
					} else {
						rinshan = append(rinshan, kbOne(m.P))
					}
				case "kaigang":
					var m struct{ Baopai string }
					json.Unmarshal(raw, &m)
					dora = append(dora, kbOne(m.Baopai))
				case "hule":
					var h kbHule
					json.Unmarshal(raw, &h)
					if len(h.Fubaopai) > 0 && len(ura) == 0 {
						for _, u := range h.Fubaopai {
							ura = append(ura, kbOne(u))
						}
					}
				}
				_ = i
			}
		}
		dealer := r.q.Jushu
		for l := 0; l < 4; l++ {
			r.spec.Hands[(l+dealer)%4] = notation(kbTiles(r.q.Shoupai[l]))
		}
		r.spec.Draws, r.spec.Rinshan, r.spec.Dora, r.spec.Ura = notation(draws), notation(rinshan), notation(dora), notation(ura)
		r.events = lg
		rounds = append(rounds, r)
	}
	return rounds, nil
}

// kbAction converts a call string of kobalab ("p3-40", "m222-", "p5550=",
// "p999+9", "z1111") to the engine's action.
func kbAction(m string) Action {
	ts := kbTiles(m)
	marked := -1 // index of the claimed tile (followed by - = +)
	n := 0
	for i := 0; i < len(m); i++ {
		c := m[i]
		if c >= '0' && c <= '9' {
			n++
		}
		if c == '-' || c == '=' || c == '+' {
			marked = n - 1
		}
	}
	switch {
	case len(ts) == 4 && marked < 0:
		return Action{Kind: ActAnkan, Tile: ts[0].Kind()}
	case len(ts) == 4 && marked == 2: // kakan: "p999+9", the added tile last
		return Action{Kind: ActKakan, Tile: ts[3]}
	case len(ts) == 4:
		return Action{Kind: ActKan}
	}
	var hand []Tile
	for i, t := range ts {
		if i != marked {
			hand = append(hand, t)
		}
	}
	a, b := hand[0], hand[1]
	if ts[0].Kind() == ts[1].Kind() {
		if b.IsRed() {
			a, b = b, a
		}
		return Action{Kind: ActPon, Tile: a, Tile2: b}
	}
	if a.Kind() > b.Kind() {
		a, b = b, a
	}
	return Action{Kind: ActChi, Tile: a, Tile2: b}
}

func runScript(sc kbScript) error {
	rounds, err := kbParse(sc)
	if err != nil {
		return err
	}
	r := Tenhou()
	q0 := rounds[0].q
	st := Start{Round: 4*q0.Zhuangfeng + q0.Jushu, Honba: q0.Changbang, Sticks: q0.Lizhibang}
	for l := 0; l < 4; l++ {
		st.Scores[(l+q0.Jushu)%4] = int32(q0.Defen[l])
	}
	var buildErr error
	s := NewFrom(r, 1, func(n, round, honba int) [136]TileID {
		if n >= len(rounds) {
			return SeedWall(1, round, honba)
		}
		w, err := rounds[n].spec.Build(r, round%4)
		if err != nil && buildErr == nil {
			buildErr = fmt.Errorf("round %d wall: %w", n, err)
		}
		return w
	}, st)
	if buildErr != nil {
		return buildErr
	}
	for ri, rd := range rounds {
		fail := func(step int, f string, args ...any) error {
			return fmt.Errorf("round %d step %d: %s", ri, step, fmt.Sprintf(f, args...))
		}
		q := rd.q
		round, honba, sticks := s.Round()
		if round != 4*q.Zhuangfeng+q.Jushu || honba != q.Changbang || sticks != q.Lizhibang {
			return fail(-1, "engine at round %d honba %d sticks %d, script %d %d %d", round, honba, sticks, 4*q.Zhuangfeng+q.Jushu, q.Changbang, q.Lizhibang)
		}
		seat := func(l int) sim.Seat { return sim.Seat((l + q.Jushu) % 4) }
		for l := 0; l < 4; l++ {
			if got := s.Scores()[seat(l)]; int(got) != q.Defen[l] {
				return fail(-1, "scores %v, script (by seat wind) %v", s.Scores(), q.Defen)
			}
		}
		var want [4]int
		start := len(s.Events())
		act := func(step int, who sim.Seat, a Action) error {
			if err := s.Apply(who, a); err != nil {
				return fail(step, "seat %d %v: %v (legal %v)", who, a, err, s.Legal(who, nil))
			}
			return nil
		}
		// answer a pending claim prompt: answers by seat, pass for the rest
		answer := func(step int, answers map[sim.Seat]Action) error {
			if s.phase != phaseClaim && s.phase != phaseChankan {
				if len(answers) > 0 {
					return fail(step, "script claims %v but nobody is asked", answers)
				}
				return nil
			}
			for seat, a := range answers {
				found := false
				for _, x := range s.Next() {
					found = found || x == seat
				}
				if !found {
					return fail(step, "seat %d not asked for %v (asked %v)", seat, a, s.Next())
				}
			}
			for _, x := range append([]sim.Seat(nil), s.Next()...) {
				a, ok := answers[x]
				if !ok {
					a = Action{Kind: ActPass}
				}
				if err := act(step, x, a); err != nil {
					return err
				}
			}
			return nil
		}
		evs := rd.events
		for i := 1; i < len(evs); i++ {
			for k, raw := range evs[i] {
				var m kbMove
				json.Unmarshal(raw, &m)
				switch k {
				case "zimo", "gangzimo":
					if k == "zimo" {
						if err := answer(i, nil); err != nil {
							return err
						}
					}
					if s.turn != seat(m.L) || s.drawn != kbOne(m.P) {
						return fail(i, "%s %s by seat %d, engine seat %d drew %v", k, m.P, seat(m.L), s.turn, s.drawn)
					}
				case "dapai":
					a := Action{Kind: ActDiscard, Tile: kbOne(m.P)}
					if strings.Contains(m.P, "*") {
						a.Kind = ActRiichi
					}
					if err := act(i, seat(m.L), a); err != nil {
						return err
					}
				case "fulou":
					if err := answer(i, map[sim.Seat]Action{seat(m.L): kbAction(m.M)}); err != nil {
						return err
					}
				case "gang":
					if err := answer(i, nil); err != nil {
						return err
					}
					if err := act(i, seat(m.L), kbAction(m.M)); err != nil {
						return err
					}
				case "kaigang":
				case "hule":
					var h kbHule
					json.Unmarshal(raw, &h)
					for l := 0; l < 4; l++ {
						want[seat(l)] += h.Fenpei[l]
					}
					if h.Baojia == nil {
						if err := act(i, seat(h.L), Action{Kind: ActTsumo}); err != nil {
							return err
						}
						continue
					}
					if i > 1 && evs[i-1]["hule"] != nil {
						continue // a double ron, answered with the first
					}
					ans := map[sim.Seat]Action{}
					for j := i; j < len(evs) && evs[j]["hule"] != nil; j++ {
						var hj kbHule
						json.Unmarshal(evs[j]["hule"], &hj)
						ans[seat(hj.L)] = Action{Kind: ActRon}
					}
					if err := answer(i, ans); err != nil {
						return err
					}
				case "pingju":
					var p kbPingju
					json.Unmarshal(raw, &p)
					for l := 0; l < 4; l++ {
						want[seat(l)] += p.Fenpei[l]
					}
					switch p.Name {
					case "九種九牌":
						if err := act(i, s.turn, Action{Kind: ActNineKinds}); err != nil {
							return err
						}
					case "三家和":
						ans := map[sim.Seat]Action{}
						for _, x := range s.Next() {
							ans[x] = Action{Kind: ActRon}
						}
						if err := answer(i, ans); err != nil {
							return err
						}
					default:
						if err := answer(i, nil); err != nil {
							return err
						}
					}
				}
			}
		}
		if !s.handOver && len(eventsOf(s, start, EvHandEnd)) == 0 {
			return fail(len(evs), "the hand did not end")
		}
		var got [4]int
		for _, e := range s.Events()[start:] {
			if e.Kind == EvPoints {
				got[e.Seat] += int(e.Value)
			}
			if e.Kind == EvHandEnd {
				break
			}
		}
		if got != want {
			return fail(len(evs), "point changes by seat %v, script %v", got, want)
		}
	}
	if !s.Done() {
		return fmt.Errorf("game not over after the script")
	}
	for p := 0; p < 4; p++ {
		seat := (p - sc.Qijia + 4) % 4
		if int(s.Scores()[seat]) != sc.Defen[p] {
			return fmt.Errorf("final scores by seat %v, script by player %v (qijia %d)", s.Scores(), sc.Defen, sc.Qijia)
		}
	}
	return nil
}

func TestKobalabScripts(t *testing.T) {
	raw, err := os.ReadFile("testdata/scoring/kobalab-script.json")
	if err != nil {
		t.Fatal(err)
	}
	var scripts []kbScript
	if err := json.Unmarshal(raw, &scripts); err != nil {
		t.Fatal(err)
	}
	pass := 0
	for i, sc := range scripts {
		if err := runScript(sc); err != nil {
			t.Errorf("script %d %s: %v", i, sc.Title, err)
			continue
		}
		pass++
	}
	t.Logf("%d of %d scripts pass", pass, len(scripts))
}
