package liarsbar

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gamelab/sim"
)

// arrange replaces the current round of s by a hand-made one: table card,
// hands (the undealt rest of the deck follows them), first seat, and
// rewrites the log to that round's start, so views and invariants still
// hold.
func arrange(s *State, table Card, hands [][]Card, first sim.Seat) error {
	var left [NumCards]int
	for _, c := range s.base[:s.deckLen] {
		left[c]++
	}
	s.dealt = 0
	for i := range s.n {
		h := &s.hands[i]
		h.n = 0
		s.dealtKinds[i] = [NumCards]int8{}
		if int(i) >= len(hands) {
			continue
		}
		for _, c := range hands[i] {
			if left[c] == 0 {
				return fmt.Errorf("the deck has no more %v", c)
			}
			left[c]--
			h.c[h.n] = c
			h.n++
			s.dealtKinds[i][c]++
			s.deck[s.dealt] = c
			s.dealt++
		}
		h.sort()
	}
	k := s.dealt
	for c, n := range left {
		for range n {
			s.deck[k] = Card(c)
			k++
		}
	}
	s.table = table
	s.holding, s.living = masksOf(s)
	s.pileLen, s.lastN, s.lastStart, s.last = 0, 0, 0, sim.NoSeat
	s.played = [MaxPlayers]int8{}
	s.turn, s.phase = first, phaseMove
	s.events = s.events[:0]
	for i := range s.n {
		if !s.alive[i] {
			e := newEvent(EvEliminated)
			e.Round, e.Seat, e.N = s.round, sim.Seat(i), s.out[i]
			s.emit(e)
		}
		if p := s.guns[i].pulls; p > 0 {
			e := newEvent(EvShot)
			e.Round, e.Seat, e.Target, e.Pull, e.Pulls = s.round, sim.Seat(i), sim.Seat(i), p, p
			s.emit(e)
		}
	}
	e := newEvent(EvRoundStart)
	e.Round, e.Table, e.Seat = s.round, table, first
	s.emit(e)
	for i := range s.n {
		if s.alive[i] {
			s.emitHand(sim.Seat(i))
		}
	}
	return nil
}

var errNames = map[string]error{
	"ErrIllegalAction": ErrIllegalAction, "ErrNotYourTurn": ErrNotYourTurn, "ErrGameOver": ErrGameOver,
}

// TestRules runs the rule cases of testdata/rules.txt: each sets up a
// round by hand and checks legal lists, refusals and the events emitted.
// The grammar is described at the top of the file.
func TestRules(t *testing.T) {
	f, err := os.Open("testdata/rules.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type tcase struct {
		name  string
		lines []string
		at    []int
	}
	var cases []*tcase
	sc := bufio.NewScanner(f)
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if name, ok := strings.CutPrefix(line, "case "); ok {
			cases = append(cases, &tcase{name: name})
			continue
		}
		if len(cases) == 0 {
			t.Fatalf("rules.txt:%d: line before the first case", ln)
		}
		c := cases[len(cases)-1]
		c.lines = append(c.lines, line)
		c.at = append(c.at, ln)
	}
	if len(cases) < 10 {
		t.Fatalf("only %d cases in rules.txt", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			runCase(t, c.lines, c.at)
		})
	}
}

func runCase(t *testing.T, lines []string, at []int) {
	var (
		r       Rules
		s       *State
		table   = King
		hands   [][]Card
		first   sim.Seat
		emitted []Event
		f       folder
		setup   []func()
		since   int
	)
	ready := func(ln int) {
		if s != nil {
			return
		}
		if r.Variant == "" {
			t.Fatalf("rules.txt:%d: no rules line", ln)
		}
		s = New(r, 1)
		for _, do := range setup {
			do()
		}
		if err := arrange(s, table, hands, first); err != nil {
			t.Fatalf("rules.txt:%d: %v", ln, err)
		}
	}
	for i, line := range lines {
		ln := at[i]
		w := strings.Fields(line)
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("rules.txt:%d: %s: %s", ln, line, fmt.Sprintf(format, args...))
		}
		seat := func(x string) sim.Seat {
			n, err := strconv.Atoi(x)
			if err != nil {
				fail("bad seat %q", x)
			}
			return sim.Seat(n)
		}
		switch w[0] {
		case "rules":
			var err error
			if r, err = Preset(w[1]); err != nil {
				fail("%v", err)
			}
			r.Players, _ = strconv.Atoi(w[2])
			if len(w) > 3 {
				r.MaxRounds, _ = strconv.Atoi(w[3])
			}
			hands = make([][]Card, r.Players)
		case "table":
			c, err := ParseCard(w[1])
			if err != nil {
				fail("%v", err)
			}
			table = c
		case "first":
			first = seat(w[1])
		case "hand":
			i := seat(w[1])
			for _, x := range w[2:] {
				if x == "-" {
					continue
				}
				c, err := ParseCard(x)
				if err != nil {
					fail("%v", err)
				}
				hands[i] = append(hands[i], c)
			}
		case "chamber": // chamber <seat> <live chamber> [pulls]
			who := seat(w[1])
			n, _ := strconv.Atoi(w[2])
			p := 0
			if len(w) > 3 {
				p, _ = strconv.Atoi(w[3])
			}
			setup = append(setup, func() { s.guns[who].chamber, s.guns[who].pulls = int8(n), int8(p) })
		case "round":
			n, _ := strconv.Atoi(w[1])
			setup = append(setup, func() { s.round = int16(n) })
		case "dead": // dead <seat>: out before this round
			d := seat(w[1])
			setup = append(setup, func() {
				s.alive[d] = false
				s.nAlive--
				s.outs++
				s.out[d] = s.outs
			})
		case "do":
			ready(ln)
			a, err := ParseAction(w[2])
			if err != nil {
				fail("%v", err)
			}
			before := len(s.events)
			if err := s.Apply(seat(w[1]), a); err != nil {
				fail("refused: %v", err)
			}
			emitted = s.events[before:]
			since = before
			if err := f.check(s); err != nil {
				fail("%v", err)
			}
		case "refuse": // refuse <seat> <action> <error>
			ready(ln)
			a, err := ParseAction(w[2])
			if err != nil {
				fail("%v", err)
			}
			before := encode(s)
			err = s.Apply(seat(w[1]), a)
			if want := errNames[w[3]]; !errors.Is(err, want) {
				fail("got error %v, want %v", err, w[3])
			}
			if string(before) != string(encode(s)) {
				fail("the refused action changed the state")
			}
		case "legal": // legal <seat> <ids…> | -
			ready(ln)
			var got []string
			for _, a := range s.Legal(seat(w[1]), nil) {
				got = append(got, a.String())
			}
			want := w[2:]
			if len(want) == 1 && want[0] == "-" {
				want = nil
			}
			if !slices.Equal(got, want) {
				fail("legal %v", got)
			}
		case "next":
			ready(ln)
			var got []string
			for _, x := range s.Next() {
				got = append(got, strconv.Itoa(int(x)))
			}
			if want := w[1:]; !slices.Equal(got, want) && !(len(want) == 1 && want[0] == "-" && len(got) == 0) {
				fail("next %v", got)
			}
		case "emits": // emits <tokens…>: an event holding every token, in order among the last do's events
			found := false
			for k, e := range emitted {
				if hasTokens(e.String(), w[1:]) {
					emitted = emitted[k+1:]
					found = true
					break
				}
			}
			if !found {
				fail("not emitted (in order) by the last do; its events were:\n%s", eventLines(s.events))
			}
		case "absent": // absent <tokens…>: no event since the last do holds every token
			ready(ln)
			for _, e := range s.events[since:] {
				if hasTokens(e.String(), w[1:]) {
					fail("emitted %v", e)
				}
			}
		case "cards": // cards <seat> <n>: cards in the seat's hand
			ready(ln)
			if n, _ := strconv.Atoi(w[2]); int(s.hands[seat(w[1])].n) != n {
				fail("seat holds %d cards", s.hands[seat(w[1])].n)
			}
		case "placement":
			ready(ln)
			got := fmt.Sprint(s.Result().Placement)
			if want := "[" + strings.Join(w[1:], " ") + "]"; got != want {
				fail("placement %s", got)
			}
		case "score":
			ready(ln)
			got := fmt.Sprint(s.Result().Score)
			if want := "[" + strings.Join(w[1:], " ") + "]"; got != want {
				fail("score %s", got)
			}
		case "done":
			ready(ln)
			if !s.Done() {
				fail("game not over")
			}
		case "running":
			ready(ln)
			if s.Done() {
				fail("game over")
			}
		default:
			fail("unknown directive %q", w[0])
		}
	}
}

func eventLines(evs []Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString("  ")
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// hasTokens reports whether every token of want is a token of text.
func hasTokens(text string, want []string) bool {
	have := strings.Fields(text)
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}
