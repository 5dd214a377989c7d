package simtest

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"gamelab/sim"
)

// race is a toy engine: two seats alternately add 1 or 2 to a counter; the
// seat that reaches 10 wins. bug switches on one contract violation.
type race struct {
	total int
	turn  sim.Seat
	log   []byte
	bug   string
}

var errIllegal = errors.New("illegal")

func (r *race) Next() []sim.Seat {
	if r.Done() {
		return nil
	}
	return []sim.Seat{r.turn}
}

func (r *race) Legal(seat sim.Seat, dst []int) []int {
	if seat != r.turn || r.Done() {
		return dst
	}
	dst = append(dst, 1)
	if r.total <= 8 {
		dst = append(dst, 2)
	}
	return dst
}

func (r *race) Apply(seat sim.Seat, a int) error {
	if r.bug == "accepts-any-seat" && a == 1 {
		seat = r.turn
	}
	if seat != r.turn || r.Done() || a < 1 || a > 2 || r.total+a > 10 {
		if r.bug == "dirty-refusal" {
			r.log = append(r.log, 'x')
		}
		return errIllegal
	}
	r.total += a
	r.log = append(r.log, byte('0'+a))
	if r.bug == "never-ends" && r.total == 10 {
		r.total = 0
	}
	r.turn ^= 1
	return nil
}

func (r *race) Done() bool { return r.total >= 10 }

func (r *race) Result() sim.Result {
	winner := r.turn ^ 1
	score := []float64{0, 0}
	score[winner] = 1
	if r.bug == "bad-placement" {
		return sim.Result{Score: score, Placement: []int8{2, 2}}
	}
	return sim.Result{Score: score, Placement: sim.Placements(score, nil)}
}

func (r *race) Clone() *race {
	if r.bug == "shallow-clone" {
		return r // shares everything with the original
	}
	c := *r
	c.log = append([]byte(nil), r.log...)
	return &c
}

func raceConfig(bug string) Config[*race, int] {
	return Config[*race, int]{
		New:        func(seed uint64) *race { return &race{turn: sim.Seat(seed % 2), bug: bug} },
		Seats:      2,
		Encode:     func(r *race) []byte { return fmt.Appendf(nil, "%d|%s", r.total, r.log) },
		Candidates: func(*race, sim.Seat) []int { return []int{0, 1, 2, 3} },
		ScoreSum:   1,
		MaxSteps:   100,
	}
}

func TestRunAcceptsCorrectEngine(t *testing.T) {
	st := Run(t, raceConfig(""), 200, 1)
	if st.Games != 200 || st.Steps < 200*5 {
		t.Errorf("stats %+v", st)
	}
	if st.Wins[0]+st.Wins[1] != 200 {
		t.Errorf("wins %v do not add to 200", st.Wins)
	}
}

// fatalTB records the first Fatalf and stops the harness.
type fatalTB struct {
	testing.TB
	msg string
}

type stop struct{}

func (f *fatalTB) Helper() {}
func (f *fatalTB) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	panic(stop{})
}

// catching runs the harness call run against a recording TB and returns
// the first failure it reported ("" if none).
func catching(run func(tb testing.TB)) (msg string) {
	tb := &fatalTB{}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stop); !ok {
				panic(r)
			}
			msg = tb.msg
		}
	}()
	run(tb)
	return ""
}

func runCatching(c Config[*race, int]) string {
	return catching(func(tb testing.TB) { Run(tb, c, 20, 1) })
}

func TestRunCatchesBrokenEngines(t *testing.T) {
	cases := map[string]string{
		"accepts-any-seat": "was accepted",
		"dirty-refusal":    "changed the state",
		"never-ends":       "no end after",
		"bad-placement":    "not a ranking",
		"shallow-clone":    "changed the original",
	}
	for bug, want := range cases {
		got := runCatching(raceConfig(bug))
		if !strings.Contains(got, want) {
			t.Errorf("bug %q: harness said %q, want it to mention %q", bug, got, want)
		}
	}
	c := raceConfig("")
	c.ScoreSum = 0
	if got := runCatching(c); !strings.Contains(got, "sum to") {
		t.Errorf("wrong score sum not reported: %q", got)
	}
	c = raceConfig("")
	c.ScoreSum = math.NaN()
	if got := runCatching(c); got != "" {
		t.Errorf("NaN ScoreSum should skip the sum check, got %q", got)
	}
}
