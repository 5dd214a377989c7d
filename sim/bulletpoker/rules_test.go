package bulletpoker

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

// TestRuleFixtures runs the scenarios of testdata/rules.txt. Commands:
//
//	game <preset> [players=N] [button=B]   a new match whose first button is B
//	do <id>...            each id played by the single seat asked
//	as <seat> <id>        seat plays id (simultaneous answers)
//	refuse <seat> <id> <error>  refused with ErrNotYourTurn|ErrIllegalAction|ErrGameOver, state unchanged
//	next <seats...>       the seats asked now
//	legal [@seat] <ids>   the legal ids; switch ids summed up as switch*N
//	expect k=v...         current, street, hand, bet<i>, hole<i>, offers, offered, inhand, alive, cowardused, switchused
//	saw <text>            an event since the last do/as reads so (Event.String)
func TestRuleFixtures(t *testing.T) {
	f, err := os.Open("testdata/rules.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var s *State
	var mark int
	name := ""
	sc := bufio.NewScanner(f)
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if c, ok := strings.CutPrefix(line, "# "); ok && s == nil || ok && strings.HasPrefix(c, "==") {
			name = strings.Trim(c, "= ")
			continue
		}
		if i := strings.Index(line, " #"); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fail := func(format string, a ...any) {
			t.Helper()
			t.Fatalf("rules.txt:%d [%s] %s: %s", ln, name, line, fmt.Sprintf(format, a...))
		}
		w := strings.Fields(line)
		switch w[0] {
		case "game":
			r, err := Preset(w[1])
			if err != nil {
				fail("%v", err)
			}
			button := -1
			for _, kv := range w[2:] {
				k, v, _ := strings.Cut(kv, "=")
				n, _ := strconv.Atoi(v)
				switch k {
				case "players":
					r.Players = n
				case "button":
					button = n
				default:
					fail("unknown option %s", k)
				}
			}
			for seed := uint64(0); ; seed++ {
				s = New(r, seed)
				if button < 0 || int(s.button) == button {
					break
				}
			}
			mark = len(s.events)
		case "do":
			for _, id := range w[1:] {
				next := s.Next()
				if len(next) != 1 {
					fail("next is %v", next)
				}
				a, err := ParseAction(id)
				if err != nil {
					fail("%v", err)
				}
				mark = len(s.events)
				if err := s.Apply(next[0], a); err != nil {
					fail("%v", err)
				}
			}
		case "as":
			seat, _ := strconv.Atoi(w[1])
			a, err := ParseAction(w[2])
			if err != nil {
				fail("%v", err)
			}
			mark = len(s.events)
			if err := s.Apply(sim.Seat(seat), a); err != nil {
				fail("%v", err)
			}
		case "refuse":
			seat, _ := strconv.Atoi(w[1])
			a, err := ParseAction(w[2])
			if err != nil {
				fail("%v", err)
			}
			want := map[string]error{"ErrNotYourTurn": ErrNotYourTurn, "ErrIllegalAction": ErrIllegalAction, "ErrGameOver": ErrGameOver}[w[3]]
			before := encode(s)
			if err := s.Apply(sim.Seat(seat), a); !errors.Is(err, want) || want == nil {
				fail("got %v", err)
			}
			if !slices.Equal(before, encode(s)) {
				fail("refused action changed the state")
			}
		case "next":
			if got := fmt.Sprint(s.Next()); got != "["+strings.Join(w[1:], " ")+"]" {
				fail("next is %s", got)
			}
		case "legal":
			ids := w[1:]
			seat := sim.NoSeat
			if at, ok := strings.CutPrefix(ids[0], "@"); ok {
				n, _ := strconv.Atoi(at)
				seat, ids = sim.Seat(n), ids[1:]
			} else if next := s.Next(); len(next) == 1 {
				seat = next[0]
			}
			if got := legalString(s.Legal(seat, nil)); got != strings.Join(ids, " ") {
				fail("legal is %q", got)
			}
		case "expect":
			for _, kv := range w[1:] {
				k, v, _ := strings.Cut(kv, "=")
				if got := stateField(s, k); got != v {
					fail("%s is %s", k, got)
				}
			}
		case "saw":
			want := strings.TrimSpace(strings.TrimPrefix(line, "saw"))
			found := false
			for _, e := range s.events[mark:] {
				found = found || e.String() == want
			}
			if !found {
				var got []string
				for _, e := range s.events[mark:] {
					got = append(got, e.String())
				}
				fail("events since the last action:\n%s", strings.Join(got, "\n"))
			}
		default:
			fail("unknown command")
		}
	}
}

func legalString(as []Action) string {
	var out []string
	sw := 0
	for _, a := range as {
		if a.Kind == Switch {
			sw++
			continue
		}
		out = append(out, a.String())
	}
	if sw > 0 {
		out = append(out, fmt.Sprintf("switch*%d", sw))
	}
	return strings.Join(out, " ")
}

func seats(f func(i int) bool, n int) string {
	var out []string
	for i := range n {
		if f(i) {
			out = append(out, strconv.Itoa(i))
		}
	}
	return strings.Join(out, ",")
}

func stateField(s *State, k string) string {
	switch k {
	case "current":
		return strconv.Itoa(int(s.current))
	case "street":
		return s.street.String()
	case "hand":
		return strconv.Itoa(int(s.hand))
	case "offers":
		return strconv.Itoa(s.nOffers)
	case "inhand":
		return seats(func(i int) bool { return s.inHand[i] }, s.n)
	case "alive":
		return seats(func(i int) bool { return s.alive[i] }, s.n)
	case "cowardused":
		return seats(func(i int) bool { return s.cowardUsed[i] }, s.n)
	case "switchused":
		return seats(func(i int) bool { return s.switchUsed[i] }, s.n)
	case "done":
		return strconv.FormatBool(s.done)
	}
	if i, ok := strings.CutPrefix(k, "hole"); ok {
		n, _ := strconv.Atoi(i)
		return s.hole[n][0].String() + "," + s.hole[n][1].String()
	}
	if k == "offered" {
		var out []string
		for _, c := range s.offers[:s.nOffers] {
			out = append(out, c.String())
		}
		return strings.Join(out, ",")
	}
	if i, ok := strings.CutPrefix(k, "bet"); ok {
		n, _ := strconv.Atoi(i)
		return strconv.Itoa(int(s.bet[n]))
	}
	return "unknown field " + k
}
