package tavern

import (
	"encoding/json"
	"fmt"

	"gamelab/sim"
	"gamelab/sim/liarsbar"
)

// lbEvent is the tavern JSON form of a liar's bar event (docs/rules/liarsbar.md,
// "Tavern mapping"): the public events round_start, play, challenge,
// reveal, aim, shot, eliminated, round_end, game_over, and the private
// "hand" a seat is dealt or left with.
type lbEvent struct {
	Type      string   `json:"type"`
	Round     *int16   `json:"round,omitempty"`
	TableCard string   `json:"table_card,omitempty"`
	First     *int8    `json:"first,omitempty"`
	Seat      *int8    `json:"seat,omitempty"`
	Target    *int8    `json:"target,omitempty"`
	Count     *int8    `json:"count,omitempty"`
	Cards     []string `json:"cards,omitempty"`
	Truthful  *bool    `json:"truthful,omitempty"`
	Pull      *int8    `json:"pull,omitempty"`
	Pulls     *int8    `json:"pulls,omitempty"`
	Hit       *bool    `json:"hit,omitempty"`
	Loser     *int8    `json:"loser,omitempty"`
	Winner    *int8    `json:"winner,omitempty"`
	// Order is the elimination moment of an eliminated seat (1 = first;
	// seats dying in the same moment share it).
	Order *int8 `json:"order,omitempty"`
}

func p8(s sim.Seat) *int8 { v := int8(s); return &v }
func pi8(v int8) *int8    { return &v }
func pb(v bool) *bool     { return &v }

func lbCards(cs []liarsbar.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// encodeLiarsBarEvent renders an engine event in tavern form.
func encodeLiarsBarEvent(e liarsbar.Event) json.RawMessage {
	w := lbEvent{Type: e.Kind.String(), Round: &e.Round}
	switch e.Kind {
	case liarsbar.EvRoundStart:
		w.TableCard, w.First = e.Table.String(), p8(e.Seat)
	case liarsbar.EvHand:
		w.Seat, w.Cards = p8(e.To), lbCards(e.Cards[:e.N])
	case liarsbar.EvPlay:
		w.Seat, w.Count = p8(e.Seat), pi8(e.N)
	case liarsbar.EvChallenge, liarsbar.EvAim:
		w.Seat, w.Target = p8(e.Seat), p8(e.Target)
	case liarsbar.EvReveal:
		w.Seat, w.Cards, w.Truthful = p8(e.Seat), lbCards(e.Cards[:e.N]), pb(e.Truthful)
	case liarsbar.EvShot:
		w.Seat, w.Target, w.Pull, w.Pulls, w.Hit = p8(e.Seat), p8(e.Target), pi8(e.Pull), pi8(e.Pulls), pb(e.Hit)
	case liarsbar.EvEliminated:
		w.Seat, w.Order = p8(e.Seat), pi8(e.N)
	case liarsbar.EvRoundEnd:
		w.Loser = p8(e.Seat)
	case liarsbar.EvGameOver:
		w.Winner = p8(e.Seat)
	}
	return mustJSON(w)
}

// decodeLiarsBarEvent parses a tavern event back into the engine's Event.
func decodeLiarsBarEvent(raw json.RawMessage) (liarsbar.Event, error) {
	var w lbEvent
	if err := json.Unmarshal(raw, &w); err != nil {
		return liarsbar.Event{}, fmt.Errorf("%w: liars_bar event: %v", ErrBadRequest, err)
	}
	e := liarsbar.Event{To: sim.NoSeat, Seat: sim.NoSeat, Target: sim.NoSeat}
	missing := func(f string) error {
		return fmt.Errorf("%w: liars_bar %s event without %s", ErrBadRequest, w.Type, f)
	}
	seat := func(p *int8, f string, dst *sim.Seat) error {
		if p == nil {
			return missing(f)
		}
		if *p < -1 || *p >= liarsbar.MaxPlayers {
			return fmt.Errorf("%w: liars_bar %s event: %s %d is not a seat", ErrBadRequest, w.Type, f, *p)
		}
		*dst = sim.Seat(*p)
		return nil
	}
	cards := func() error {
		if len(w.Cards) > liarsbar.MaxHand {
			return fmt.Errorf("%w: liars_bar %s event with %d cards", ErrBadRequest, w.Type, len(w.Cards))
		}
		for i, s := range w.Cards {
			c, err := liarsbar.ParseCard(s)
			if err != nil {
				return fmt.Errorf("%w: %v", ErrBadRequest, err)
			}
			e.Cards[i] = c
		}
		e.N = int8(len(w.Cards))
		return nil
	}
	if w.Round == nil {
		return e, missing("round")
	}
	e.Round = *w.Round
	var err error
	switch w.Type {
	case "round_start":
		e.Kind = liarsbar.EvRoundStart
		if e.Table, err = liarsbar.ParseCard(w.TableCard); err != nil {
			return e, fmt.Errorf("%w: %v", ErrBadRequest, err)
		}
		err = seat(w.First, "first", &e.Seat)
	case "hand":
		e.Kind = liarsbar.EvHand
		if err = seat(w.Seat, "seat", &e.To); err == nil {
			err = cards()
		}
	case "play":
		e.Kind = liarsbar.EvPlay
		if err = seat(w.Seat, "seat", &e.Seat); err == nil {
			if w.Count == nil || *w.Count < 1 || *w.Count > liarsbar.MaxPlay {
				return e, missing("a count of 1-3")
			}
			e.N = *w.Count
		}
	case "challenge", "aim":
		e.Kind = liarsbar.EvChallenge
		if w.Type == "aim" {
			e.Kind = liarsbar.EvAim
		}
		if err = seat(w.Seat, "seat", &e.Seat); err == nil {
			err = seat(w.Target, "target", &e.Target)
		}
	case "reveal":
		e.Kind = liarsbar.EvReveal
		if err = seat(w.Seat, "seat", &e.Seat); err == nil {
			if err = cards(); err == nil {
				if w.Truthful == nil {
					return e, missing("truthful")
				}
				e.Truthful = *w.Truthful
			}
		}
	case "shot":
		e.Kind = liarsbar.EvShot
		if err = seat(w.Seat, "seat", &e.Seat); err == nil {
			if err = seat(w.Target, "target", &e.Target); err == nil {
				if w.Pull == nil || w.Pulls == nil || w.Hit == nil {
					return e, missing("pull, pulls and hit")
				}
				e.Pull, e.Pulls, e.Hit = *w.Pull, *w.Pulls, *w.Hit
			}
		}
	case "eliminated":
		e.Kind = liarsbar.EvEliminated
		if w.Order == nil || *w.Order < 1 || *w.Order > liarsbar.MaxPlayers {
			return e, missing("an order of 1-6")
		}
		e.N = *w.Order
		err = seat(w.Seat, "seat", &e.Seat)
	case "round_end":
		e.Kind = liarsbar.EvRoundEnd
		err = seat(w.Loser, "loser", &e.Seat)
	case "game_over":
		e.Kind = liarsbar.EvGameOver
		err = seat(w.Winner, "winner", &e.Seat)
	default:
		return e, fmt.Errorf("%w: %w: liars_bar %q", ErrBadRequest, errUnknownEvent, w.Type)
	}
	return e, err
}
