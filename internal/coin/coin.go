package coin

import (
	"errors"
	"fmt"

	"gamelab/sim"
	"gamelab/strategies"
)

// Rules of the coin game: each seat has a strength and the finishing order is drawn Plackett–Luce style (the
// best remaining seat is picked with probability proportional to its
// strength) from the deal seed alone, so win probabilities are known in
// closed form. With probability Draw every seat ties. With Shadow > 0 the
// game is seating-biased: a seat whose right-hand neighbour (seat i-1) is
// stronger plays at (1-Shadow) of its strength, so who sits next to whom
// changes the results (the known truth for the seating-balance tests).
type Rules struct {
	Players int     `json:"players"`
	Draw    float64 `json:"draw,omitempty"`
	Shadow  float64 `json:"shadow,omitempty"`
}

// Validate checks the seat count and draw chance.
func (r Rules) Validate() error {
	if r.Players < 2 || r.Players > 8 {
		return fmt.Errorf("coin: %d players, want 2..8", r.Players)
	}
	if r.Draw < 0 || r.Draw >= 1 {
		return fmt.Errorf("coin: draw %g outside [0, 1)", r.Draw)
	}
	if r.Shadow < 0 || r.Shadow >= 1 {
		return fmt.Errorf("coin: shadow %g outside [0, 1)", r.Shadow)
	}
	return nil
}

// View is the coin game's (empty) view.
type View struct{ seat sim.Seat }

// Action is the coin game's (dummy) action.
type Action int

// String implements fmt.Stringer.
func (a Action) String() string { return fmt.Sprintf("c%d", int(a)) }

// Player is the coin game's strategy: a strength.
type Player struct {
	strength float64
	fail     bool
}

// Reset implements the strategy contract.
func (p *Player) Reset() {}

// Registry holds the coin strategies: weak, mid, strong, ace (strengths 1, 2, 4, 8), steps (an integer strength) and broken.
var Registry = func() *strategies.Registry[*Player] {
	r := strategies.NewRegistry[*Player]("coin")
	mk := func(def float64) func(strategies.Values) *Player {
		return func(v strategies.Values) *Player { return &Player{strength: v["strength"]} }
	}
	param := func(def float64) []strategies.Param {
		return []strategies.Param{{Name: "strength", Default: def, Min: 0.01, Max: 100}}
	}
	r.Add("weak", "strength 1", param(1), mk(1))
	r.Add("mid", "strength 2", param(2), mk(2))
	r.Add("strong", "strength 4", param(4), mk(4))
	r.Add("ace", "strength 8", param(8), mk(8))
	r.Add("steps", "an integer strength (for tuner tests)", []strategies.Param{{Name: "strength", Default: 2, Min: 1, Max: 16, Kind: strategies.Int}}, mk(2))
	r.Add("broken", "returns an error from Play", nil, func(strategies.Values) *Player { return &Player{strength: 1, fail: true} })
	return r
}()

// ErrBroken is what the coin game's "broken" strategy makes Play return.
var ErrBroken = errors.New("coin: broken strategy chose an illegal action")

// Presets lists the rule presets.
func Presets() []string { return []string{"duel", "four", "drawish", "shadow4", "shadow5"} }

// Preset returns a named rule set.
func Preset(name string) (Rules, error) {
	switch name {
	case "duel":
		return Rules{Players: 2}, nil
	case "four":
		return Rules{Players: 4}, nil
	case "drawish":
		return Rules{Players: 2, Draw: 0.3}, nil
	case "shadow4":
		return Rules{Players: 4, Shadow: 0.6}, nil
	case "shadow5":
		return Rules{Players: 5, Shadow: 0.6}, nil
	}
	return Rules{}, fmt.Errorf("coin: no preset %q", name)
}

// Play plays one game; the "broken" strategy makes it fail with ErrBroken.
func Play(r Rules, seed uint64, players []*Player, observe func(sim.Seat, *View, []Action, Action)) (sim.Result, error) {
	n := r.Players
	for i, p := range players {
		p.Reset()
		if observe != nil {
			v := View{sim.Seat(i)}
			legal := []Action{0, 1}
			observe(sim.Seat(i), &v, legal, 1)
		}
		if p.fail {
			return sim.Result{}, ErrBroken
		}
	}
	pcg := sim.NewPCG(seed)
	res := sim.Result{Score: make([]float64, n), Placement: make([]int8, n), SeatStats: make([]map[string]float64, n), SeatTags: make([]string, n)}
	for i := range n {
		res.SeatTags[i] = [2]string{"even", "odd"}[i%2]
	}
	if pcg.Float64() < r.Draw {
		for i := range n {
			res.Placement[i] = 1
			res.SeatStats[i] = map[string]float64{"hands": 1}
		}
		return res, nil
	}
	left := make([]bool, n)
	strength := make([]float64, n)
	for i, p := range players {
		strength[i] = p.strength
		if players[(i+n-1)%n].strength > p.strength {
			strength[i] *= 1 - r.Shadow
		}
	}
	for place := 1; place <= n; place++ {
		total := 0.0
		for i := range n {
			if !left[i] {
				total += strength[i]
			}
		}
		u := pcg.Float64() * total
		pick := -1
		for i := range n {
			if left[i] {
				continue
			}
			pick = i
			u -= strength[i]
			if u < 0 {
				break
			}
		}
		left[pick] = true
		res.Placement[pick] = int8(place)
		res.Score[pick] = float64(n - place)
		w := 0.0
		if place == 1 {
			w = 1
		}
		res.SeatStats[pick] = map[string]float64{"hands": 1, "wins": w}
	}
	return res, nil
}

// Title is the game's name; DefaultRules its default preset.
const (
	Title        = "coin"
	DefaultRules = "four"
)

// Seats is the table size of r.
func Seats(r Rules) int { return r.Players }

// SeatTags tags seats by parity ("even", "odd"), as Play does.
func SeatTags(r Rules, _ uint64, dst []string) []string {
	for i := range r.Players {
		dst = append(dst, [2]string{"even", "odd"}[i%2])
	}
	return dst
}

// Team maps a parity tag to its team: "odds" or "evens".
func Team(tag string) string {
	if tag == "odd" {
		return "odds"
	}
	return "evens"
}
