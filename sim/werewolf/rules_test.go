package werewolf

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gamelab/sim"
)

// TestRuleTable runs the scripted games of testdata/rules.txt. Each case
// starts with "=== name", then "rules", "deal" and "seed" lines, then steps:
//
//	<seat> <action notation> [! <refusal>]   play (and expect a refusal)
//	expire <deadline> [! <refusal>]          a deadline passes
//	expect phase <phase> <day> | next <seats> | alive <seats> | winner <team>
//	expect speaks <seat> <n> | log <event> | nolog <event> | last <event>
//	expect view <seat> known <seat> <role>
//
// where <refusal> is bad, forbidden or phase (ErrBadAction,
// ErrForbidden, ErrWrongPhase), <seats> is "0,2,3" or "-" and <event> is
// Event.String.
func TestRuleTable(t *testing.T) {
	f, err := os.Open("testdata/rules.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type tcase struct {
		name  string
		lines []string
		first int
	}
	var cases []*tcase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if name, ok := strings.CutPrefix(line, "=== "); ok {
			cases = append(cases, &tcase{name: name, first: n})
			continue
		}
		if len(cases) == 0 {
			t.Fatalf("line %d outside a case", n)
		}
		c := cases[len(cases)-1]
		c.lines = append(c.lines, line)
	}
	if len(cases) < 10 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := runScript(c.lines); err != nil {
				t.Errorf("case at line %d: %v", c.first, err)
			}
		})
	}
}

var statusSuffix = regexp.MustCompile(` ! (bad|forbidden|phase)$`)

// refusal names the kind of an engine error: "ok" for nil, "bad",
// "forbidden", "phase", or "other".
func refusal(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, ErrBadAction):
		return "bad"
	case errors.Is(err, ErrForbidden):
		return "forbidden"
	case errors.Is(err, ErrWrongPhase):
		return "phase"
	}
	return "other"
}

func runScript(lines []string) error {
	var r Rules
	var deal []Role
	seed := uint64(1)
	var s *State
	for _, line := range lines {
		want := "ok"
		if m := statusSuffix.FindStringSubmatch(line); m != nil {
			want = m[1]
			line = line[:len(line)-len(m[0])]
		}
		word, rest, _ := strings.Cut(line, " ")
		if s == nil && word != "rules" && word != "deal" && word != "seed" {
			var err error
			if s, err = NewDealt(r, deal, seed); err != nil {
				return err
			}
		}
		switch word {
		case "rules":
			f := strings.Fields(rest)
			var err error
			if r, err = Preset(f[0]); err != nil {
				return err
			}
			for _, opt := range f[1:] {
				k, v, _ := strings.Cut(opt, "=")
				n, _ := strconv.Atoi(v)
				switch k {
				case "tie":
					r.Tie = TieRule(v)
				case "first_night_kill":
					r.FirstNightKill = true
				case "speaks":
					r.Speaks = n
				case "wolf_speaks":
					r.WolfSpeaks = n
				default:
					return fmt.Errorf("unknown option %q", opt)
				}
			}
		case "deal":
			deal = deal[:0]
			for _, w := range strings.Fields(rest) {
				role, err := ParseRole(w)
				if err != nil {
					return err
				}
				deal = append(deal, role)
			}
		case "seed":
			seed, _ = strconv.ParseUint(rest, 10, 64)
		case "expire":
			d := slices.Index(deadlineNames[:], rest)
			if d < 0 {
				return fmt.Errorf("unknown deadline %q", rest)
			}
			if got := refusal(s.Expire(Deadline(d))); got != want {
				return fmt.Errorf("%s: %s, want %s", line, got, want)
			}
		case "expect":
			if err := expect(s, rest); err != nil {
				return fmt.Errorf("%s: %w\nlog:\n%s", line, err, logText(s))
			}
		default:
			seat, err := strconv.Atoi(word)
			if err != nil {
				return fmt.Errorf("bad line %q", line)
			}
			a, err := ParseAction(rest)
			if err != nil {
				return err
			}
			before := len(s.Events())
			err = s.Apply(sim.Seat(seat), a)
			if got := refusal(err); got != want {
				return fmt.Errorf("%s: %s (%v), want %s\nlog:\n%s", line, got, err, want, logText(s))
			}
			if err != nil && (!errors.Is(err, ErrIllegalAction) || len(s.Events()) != before) {
				return fmt.Errorf("%s: refusal %v is not an illegal action or changed the log", line, err)
			}
		}
	}
	return nil
}

func logText(s *State) string {
	var b strings.Builder
	for _, e := range s.Events() {
		b.WriteString("  " + e.String() + "\n")
	}
	return b.String()
}

func seatsText(seats []sim.Seat) string {
	if len(seats) == 0 {
		return "-"
	}
	var parts []string
	for _, x := range seats {
		parts = append(parts, strconv.Itoa(int(x)))
	}
	return strings.Join(parts, ",")
}

func expect(s *State, what string) error {
	f := strings.Fields(what)
	arg := strings.TrimSpace(strings.TrimPrefix(what, f[0]))
	switch f[0] {
	case "phase":
		if got := fmt.Sprintf("%s %d", s.Phase(), s.Day()); got != arg {
			return fmt.Errorf("phase is %s", got)
		}
	case "next":
		if got := seatsText(s.Next()); got != arg {
			return fmt.Errorf("next is %s", got)
		}
	case "alive":
		var alive []sim.Seat
		for i := range s.Rules().Players {
			if s.Alive(sim.Seat(i)) {
				alive = append(alive, sim.Seat(i))
			}
		}
		if got := seatsText(alive); got != arg {
			return fmt.Errorf("alive are %s", got)
		}
	case "winner":
		if got := s.Winner().String(); got != arg {
			return fmt.Errorf("winner is %s", got)
		}
	case "speaks":
		seat, _ := strconv.Atoi(f[1])
		n, _ := strconv.Atoi(f[2])
		if got := s.SpeaksLeft(sim.Seat(seat)); got != n {
			return fmt.Errorf("seat %d has %d left", seat, got)
		}
	case "log", "nolog":
		found := slices.ContainsFunc(s.Events(), func(e Event) bool { return e.String() == arg })
		if found != (f[0] == "log") {
			return fmt.Errorf("event %q found=%v", arg, found)
		}
	case "last":
		ev := s.Events()
		if got := ev[len(ev)-1].String(); got != arg {
			return fmt.Errorf("last event is %q", got)
		}
	case "view":
		seat, _ := strconv.Atoi(f[1])
		v := s.View(sim.Seat(seat))
		switch f[2] {
		case "known":
			of, _ := strconv.Atoi(f[3])
			if got := v.Known[of].String(); got != f[4] {
				return fmt.Errorf("seat %d knows seat %d as %s", seat, of, got)
			}
		case "result":
			of, _ := strconv.Atoi(f[3])
			if got := v.Results[of].String(); got != f[4] {
				return fmt.Errorf("seat %d has result %s on %d", seat, got, of)
			}
		default:
			return fmt.Errorf("unknown view check %q", f[2])
		}
	default:
		return fmt.Errorf("unknown expectation %q", f[0])
	}
	return nil
}
