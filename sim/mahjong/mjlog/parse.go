package mjlog

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ErrFormat reports a malformed mjlog file.
var ErrFormat = errors.New("mjlog: malformed log")

// Log is one parsed Tenhou game.
type Log struct {
	Seed  string    // SHUFFLE seed ("mt19937ar-sha512-n288-base64,…")
	Type  int       // GO type (169 = 4-player 東南 with red fives, fast off)
	Names [4]string // UN n0..n3 (URL-decoded)
	Hands []Hand
	// Final is the owari of the last hand: final scores (points, not
	// hundreds) and the uma-adjusted results in thousandths… as logged.
	Final    [4]int
	FinalPts [4]float64
	HasFinal bool
}

// Hand is one hand (局): its INIT and what followed.
type Hand struct {
	Round  int // 0 = 東1, 1 = 東2, … 4 = 南1 …
	Honba  int
	Sticks int
	Dice   [2]int
	Dora   uint8      // first dora indicator tile id
	Scores [4]int     // scores at the start, in points
	Dealer int        // seat of the dealer
	Deal   [4][]uint8 // 13 tile ids per seat
	Steps  []Step
}

// StepKind says what a Step is.
type StepKind uint8

// Step kinds, in the order they appear in logs.
const (
	Draw      StepKind = iota + 1 // T U V W: Who drew Tile
	Discard                       // D E F G: Who discarded Tile
	Call                          // N: Who made Meld
	Reach                         // REACH step 1 (declaration) or 2 (stick paid)
	NewDora                       // DORA: Tile is a new indicator
	Agari                         // AGARI: a win (several for double ron)
	Ryuukyoku                     // RYUUKYOKU: a draw
)

// Step is one logged event of a hand.
type Step struct {
	Kind StepKind
	Who  int
	Tile uint8
	// Reach: 1 = declaration, 2 = stick paid.
	ReachStep int
	Meld      Meld
	// Agari: FromWho (== Who for tsumo), Ten = fu, points, limit.
	FromWho int
	Fu      int
	Points  int
	// Delta per seat in points (AGARI and RYUUKYOKU "sc").
	Delta [4]int
	// Ryuukyoku type ("" = exhaustive draw, "yao9", "kaze4", "reach4",
	// "ron3", "kan4", "nm" nagashi mangan).
	DrawType string
	// Tenpai reveals (RYUUKYOKU hai0..3 present). For "yao9" the one hand
	// shown is the declarer's, and Who is that seat.
	Tenpai [4]bool
	// Owari, when the game ended with this step.
	Owari bool
}

// MeldKind is the kind of a Tenhou N call.
type MeldKind uint8

// Meld kinds.
const (
	Chi MeldKind = iota + 1
	Pon
	Kakan
	Daiminkan
	Ankan
	Nuki
)

// Meld is a decoded N call.
type Meld struct {
	Kind MeldKind
	// From is the relative seat the tile came from: 0 self, 1 next
	// (shimocha), 2 across, 3 previous (kamicha).
	From int
	// Tiles holds the meld's tile ids (3 or 4), Called the claimed one
	// (for kakan: the added tile; for ankan: unused).
	Tiles  []uint8
	Called uint8
}

// DecodeMeld decodes Tenhou's meld bit field m.
func DecodeMeld(m int) (Meld, error) {
	from := m & 3
	switch {
	case m&0x4 != 0: // chi
		t := m >> 10
		r := t % 3
		t /= 3
		base := (t/7)*9 + t%7
		md := Meld{Kind: Chi, From: from}
		for i := 0; i < 3; i++ {
			id := 4*(base+i) + (m>>(3+2*i))&3
			md.Tiles = append(md.Tiles, uint8(id))
		}
		md.Called = md.Tiles[r]
		if base/9 > 2 || base%9 > 6 {
			return Meld{}, fmt.Errorf("%w: chi meld %d", ErrFormat, m)
		}
		return md, nil
	case m&0x18 != 0: // pon or kakan
		t := m >> 9
		r := t % 3
		t /= 3
		if t > 33 {
			return Meld{}, fmt.Errorf("%w: pon meld %d", ErrFormat, m)
		}
		unused := (m >> 5) & 3
		var ids []uint8
		for i := 0; i < 4; i++ {
			if i != unused {
				ids = append(ids, uint8(4*t+i))
			}
		}
		if m&0x8 != 0 {
			return Meld{Kind: Pon, From: from, Tiles: ids, Called: ids[r]}, nil
		}
		all := []uint8{uint8(4 * t), uint8(4*t + 1), uint8(4*t + 2), uint8(4*t + 3)}
		return Meld{Kind: Kakan, From: from, Tiles: all, Called: uint8(4*t + unused)}, nil
	case m&0x20 != 0:
		return Meld{Kind: Nuki, From: from}, nil
	default:
		hai0 := m >> 8
		t := hai0 / 4
		if t > 33 {
			return Meld{}, fmt.Errorf("%w: kan meld %d", ErrFormat, m)
		}
		all := []uint8{uint8(4 * t), uint8(4*t + 1), uint8(4*t + 2), uint8(4*t + 3)}
		if from == 0 {
			return Meld{Kind: Ankan, Tiles: all, Called: uint8(hai0)}, nil
		}
		return Meld{Kind: Daiminkan, From: from, Tiles: all, Called: uint8(hai0)}, nil
	}
}

// Parse reads an mjlog XML document.
func Parse(r io.Reader) (*Log, error) {
	dec := xml.NewDecoder(r)
	lg := &Log{}
	var cur *Hand
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrFormat, err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		a := attrs(se.Attr)
		name := se.Name.Local
		need := func() error {
			if cur == nil {
				return fmt.Errorf("%w: <%s> before INIT", ErrFormat, name)
			}
			return nil
		}
		switch name {
		case "mjloggm":
		case "SHUFFLE":
			lg.Seed = a["seed"]
		case "GO":
			t, err := strconv.Atoi(a["type"])
			if err != nil {
				return nil, fmt.Errorf("%w: bad <GO type=%q>", ErrFormat, a["type"])
			}
			lg.Type = t
		case "UN":
			for i := 0; i < 4; i++ {
				lg.Names[i] = a["n"+strconv.Itoa(i)]
			}
		case "TAIKYOKU", "BYE":
		case "INIT":
			h, err := parseInit(a)
			if err != nil {
				return nil, err
			}
			lg.Hands = append(lg.Hands, h)
			cur = &lg.Hands[len(lg.Hands)-1]
		case "N":
			if err := need(); err != nil {
				return nil, err
			}
			who, err1 := seatAttr(a, "who")
			m, err2 := strconv.Atoi(a["m"])
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("%w: bad <N %v>", ErrFormat, a)
			}
			md, err := DecodeMeld(m)
			if err != nil {
				return nil, err
			}
			cur.Steps = append(cur.Steps, Step{Kind: Call, Who: who, Meld: md})
		case "REACH":
			if err := need(); err != nil {
				return nil, err
			}
			who, err := seatAttr(a, "who")
			st, err2 := strconv.Atoi(a["step"])
			if err != nil || err2 != nil || st < 1 || st > 2 {
				return nil, fmt.Errorf("%w: bad <REACH %v>", ErrFormat, a)
			}
			cur.Steps = append(cur.Steps, Step{Kind: Reach, Who: who, ReachStep: st})
		case "DORA":
			if err := need(); err != nil {
				return nil, err
			}
			t, err := tileAttr(a["hai"])
			if err != nil {
				return nil, err
			}
			cur.Steps = append(cur.Steps, Step{Kind: NewDora, Tile: t})
		case "AGARI":
			if err := need(); err != nil {
				return nil, err
			}
			st, err := parseAgari(a)
			if err != nil {
				return nil, err
			}
			if err := finish(lg, &st, a); err != nil {
				return nil, err
			}
			cur.Steps = append(cur.Steps, st)
		case "RYUUKYOKU":
			if err := need(); err != nil {
				return nil, err
			}
			st := Step{Kind: Ryuukyoku, DrawType: a["type"]}
			d, err := deltas(a["sc"])
			if err != nil {
				return nil, err
			}
			st.Delta = d
			for i := 0; i < 4; i++ {
				_, st.Tenpai[i] = a["hai"+strconv.Itoa(i)]
			}
			if st.DrawType == "yao9" {
				// The declarer is the one seat whose hand is shown (haiN).
				st.Who = -1
				for i, shown := range st.Tenpai {
					if shown {
						if st.Who >= 0 {
							return nil, fmt.Errorf("%w: RYUUKYOKU yao9 shows two hands", ErrFormat)
						}
						st.Who = i
					}
				}
				if st.Who < 0 {
					return nil, fmt.Errorf("%w: RYUUKYOKU yao9 shows no hand (hai0..hai3)", ErrFormat)
				}
			}
			if err := finish(lg, &st, a); err != nil {
				return nil, err
			}
			cur.Steps = append(cur.Steps, st)
		default:
			if err := need(); err != nil {
				return nil, err
			}
			if len(name) < 2 {
				return nil, fmt.Errorf("%w: unknown tag <%s>", ErrFormat, name)
			}
			kind := Draw
			who := strings.IndexByte("TUVW", name[0])
			if who < 0 {
				kind = Discard
				who = strings.IndexByte("DEFG", name[0])
			}
			if who < 0 {
				return nil, fmt.Errorf("%w: unknown tag <%s>", ErrFormat, name)
			}
			t, err := tileAttr(name[1:])
			if err != nil {
				return nil, err
			}
			cur.Steps = append(cur.Steps, Step{Kind: kind, Who: who, Tile: t})
		}
	}
	if lg.Seed == "" || len(lg.Hands) == 0 {
		return nil, fmt.Errorf("%w: no SHUFFLE seed or no hands", ErrFormat)
	}
	return lg, nil
}

// ParseBytes is Parse over a byte slice.
func ParseBytes(b []byte) (*Log, error) { return Parse(bytes.NewReader(b)) }

func finish(lg *Log, st *Step, a map[string]string) error {
	ow, ok := a["owari"]
	if !ok {
		return nil
	}
	f := strings.Split(ow, ",")
	if len(f) != 8 {
		return fmt.Errorf("%w: owari %q", ErrFormat, ow)
	}
	for i := 0; i < 4; i++ {
		s, err := strconv.Atoi(f[2*i])
		p, err2 := strconv.ParseFloat(f[2*i+1], 64)
		if err != nil || err2 != nil {
			return fmt.Errorf("%w: owari %q", ErrFormat, ow)
		}
		lg.Final[i] = s * 100
		lg.FinalPts[i] = p
	}
	lg.HasFinal = true
	st.Owari = true
	return nil
}

func parseAgari(a map[string]string) (Step, error) {
	who, err := seatAttr(a, "who")
	from, err2 := seatAttr(a, "fromWho")
	if err != nil || err2 != nil {
		return Step{}, fmt.Errorf("%w: bad AGARI who/fromWho", ErrFormat)
	}
	st := Step{Kind: Agari, Who: who, FromWho: from}
	ten := strings.Split(a["ten"], ",")
	if len(ten) < 2 {
		return Step{}, fmt.Errorf("%w: AGARI ten %q", ErrFormat, a["ten"])
	}
	st.Fu, err = strconv.Atoi(ten[0])
	st.Points, err2 = strconv.Atoi(ten[1])
	if err != nil || err2 != nil {
		return Step{}, fmt.Errorf("%w: AGARI ten %q", ErrFormat, a["ten"])
	}
	st.Delta, err = deltas(a["sc"])
	return st, err
}

// deltas reads "s0,d0,s1,d1,…" (hundreds) into the deltas in points.
func deltas(sc string) ([4]int, error) {
	var d [4]int
	f := strings.Split(sc, ",")
	if len(f) != 8 {
		return d, fmt.Errorf("%w: sc %q", ErrFormat, sc)
	}
	for i := 0; i < 4; i++ {
		v, err := strconv.Atoi(f[2*i+1])
		if err != nil {
			return d, fmt.Errorf("%w: sc %q", ErrFormat, sc)
		}
		d[i] = v * 100
	}
	return d, nil
}

func parseInit(a map[string]string) (Hand, error) {
	var h Hand
	f := strings.Split(a["seed"], ",")
	if len(f) != 6 {
		return h, fmt.Errorf("%w: INIT seed %q", ErrFormat, a["seed"])
	}
	var n [6]int
	for i, s := range f {
		v, err := strconv.Atoi(s)
		if err != nil {
			return h, fmt.Errorf("%w: INIT seed %q", ErrFormat, a["seed"])
		}
		n[i] = v
	}
	if n[5] < 0 || n[5] > 135 {
		return h, fmt.Errorf("%w: INIT dora %d", ErrFormat, n[5])
	}
	h.Round, h.Honba, h.Sticks = n[0], n[1], n[2]
	h.Dice = [2]int{n[3] + 1, n[4] + 1}
	h.Dora = uint8(n[5])
	ten := strings.Split(a["ten"], ",")
	if len(ten) != 4 {
		return h, fmt.Errorf("%w: INIT ten %q", ErrFormat, a["ten"])
	}
	for i, s := range ten {
		v, err := strconv.Atoi(s)
		if err != nil {
			return h, fmt.Errorf("%w: INIT ten %q", ErrFormat, a["ten"])
		}
		h.Scores[i] = v * 100
	}
	var err error
	if h.Dealer, err = seatAttr(a, "oya"); err != nil {
		return h, err
	}
	for i := 0; i < 4; i++ {
		for _, s := range strings.Split(a["hai"+strconv.Itoa(i)], ",") {
			t, err := tileAttr(s)
			if err != nil {
				return h, err
			}
			h.Deal[i] = append(h.Deal[i], t)
		}
		if len(h.Deal[i]) != 13 {
			return h, fmt.Errorf("%w: INIT hai%d has %d tiles", ErrFormat, i, len(h.Deal[i]))
		}
	}
	return h, nil
}

func attrs(as []xml.Attr) map[string]string {
	m := make(map[string]string, len(as))
	for _, a := range as {
		m[a.Name.Local] = a.Value
	}
	return m
}

func seatAttr(a map[string]string, k string) (int, error) {
	v, err := strconv.Atoi(a[k])
	if err != nil || v < 0 || v > 3 {
		return 0, fmt.Errorf("%w: %s=%q", ErrFormat, k, a[k])
	}
	return v, nil
}

func tileAttr(s string) (uint8, error) {
	v, err := strconv.Atoi(s)
	if err != nil || v < 0 || v > 135 {
		return 0, fmt.Errorf("%w: tile %q", ErrFormat, s)
	}
	return uint8(v), nil
}
