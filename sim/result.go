package sim

import (
	"errors"
	"fmt"
	"math"
)

// Result is what the arena needs from any finished game.
type Result struct {
	// Score per seat, in the game's own unit (mahjong points, 1/0 for a win,
	// bullets…). Engines document whether scores sum to a constant.
	Score []float64
	// Placement per seat: 1 is best; tied seats share a place and the next
	// place is skipped (standard competition ranking: 1, 1, 3, 4).
	Placement []int8
	// Stats holds per-game extras, e.g. "rounds" or "draws". May be nil.
	Stats map[string]float64
	// SeatStats holds per-seat extras counted over the game, e.g. mahjong
	// "wins", "dealins", "riichi", "calls", "hands". May be nil.
	SeatStats []map[string]float64
	// SeatTags labels each seat for breakdowns, e.g. the werewolf role
	// ("seer") or team ("village") a seat was dealt. May be nil.
	SeatTags []string
}

// Placements ranks seats by score, higher is better, ties sharing a place
// (1, 1, 3, …). It appends to dst[:0] and returns it.
func Placements(score []float64, dst []int8) []int8 {
	dst = dst[:0]
	for i, s := range score {
		p := int8(1)
		for j, o := range score {
			if j != i && o > s {
				p++
			}
		}
		dst = append(dst, p)
	}
	return dst
}

// ErrBadResult reports a malformed Result.
var ErrBadResult = errors.New("sim: malformed result")

// Validate checks that r is well formed for n seats: lengths match, scores
// are finite, and placements are a competition ranking (each place equals 1
// plus the number of seats placed strictly better).
func (r Result) Validate(n int) error {
	if len(r.Score) != n || len(r.Placement) != n {
		return fmt.Errorf("%w: %d scores and %d placements for %d seats",
			ErrBadResult, len(r.Score), len(r.Placement), n)
	}
	for i, s := range r.Score {
		if math.IsNaN(s) || math.IsInf(s, 0) {
			return fmt.Errorf("%w: seat %d score %v", ErrBadResult, i, s)
		}
	}
	for i, p := range r.Placement {
		better := 0
		for _, q := range r.Placement {
			if q < p {
				better++
			}
		}
		if int(p) != better+1 {
			return fmt.Errorf("%w: placements %v are not a ranking (seat %d)",
				ErrBadResult, r.Placement, i)
		}
	}
	return nil
}
