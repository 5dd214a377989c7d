package simtest

import (
	"fmt"
	"strings"
	"testing"

	"gamelab/sim"
)

// The race toy as a full contract engine: its events are the log's bytes
// (visible to all), its view the running total and the number of moves.

type raceEvent byte

func (e raceEvent) For(sim.Seat) (raceEvent, bool) { return e, true }

type raceView struct{ Total, Moves int }

func (v *raceView) Apply(e raceEvent) {
	if e >= '1' && e <= '2' {
		v.Total += int(e - '0')
		v.Moves++
	}
}

func (r *race) Reset(int, uint64) {
	bug := r.bug
	log := r.log[:0]
	if bug == "dirty-reset" {
		log = r.log
	}
	*r = race{bug: bug, log: log} // seat 0 always starts (the view cannot tell)
}

func (r *race) Events() []raceEvent {
	ev := make([]raceEvent, len(r.log))
	for i, b := range r.log {
		ev[i] = raceEvent(b)
	}
	return ev
}

func (r *race) View(sim.Seat) raceView {
	v := raceView{Total: r.total, Moves: len(r.log)}
	if r.bug == "view-drift" && r.total > 5 {
		v.Total++
	}
	return v
}

var _ sim.State[*race, int, int, raceEvent, raceView] = (*race)(nil)

func raceContract(bug string) Contract[*race, int, int, raceEvent, raceView, *raceView] {
	return Contract[*race, int, int, raceEvent, raceView, *raceView]{
		New:     func(int, uint64) *race { return &race{bug: bug} },
		Seats:   2,
		NewView: func(sim.Seat) raceView { return raceView{} },
		Encode:  func(r *race) []byte { return fmt.Appendf(nil, "%d|%d|%s", r.total, r.turn, r.log) },
		Sample: func(v *raceView, rng *sim.PCG) *race {
			// The moves so far are public: a state with the view's total.
			r := &race{total: v.Total, turn: sim.Seat(v.Moves % 2), bug: bug}
			for range v.Moves {
				r.log = append(r.log, '1')
			}
			if bug == "sample-drift" {
				r.total++
			}
			return r
		},
		MaxSteps: 100,
	}
}

func checkCatching(c Contract[*race, int, int, raceEvent, raceView, *raceView]) string {
	return catching(func(tb testing.TB) { CheckContract(tb, c, 20, 1) })
}

func TestCheckContractCatchesBrokenEngines(t *testing.T) {
	cases := map[string]string{
		"":             "",
		"view-drift":   "fold of its events",
		"dirty-reset":  "differs from New",
		"sample-drift": "not its view",
	}
	for bug, want := range cases {
		got := checkCatching(raceContract(bug))
		if want == "" && got != "" || !strings.Contains(got, want) {
			t.Errorf("bug %q: harness said %q, want it to mention %q", bug, got, want)
		}
	}
}
