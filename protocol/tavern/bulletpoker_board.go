package tavern

import (
	"fmt"

	"gamelab/sim"
	"gamelab/sim/bulletpoker"
	"gamelab/sim/cards"
)

// bulletPokerBoardView builds the seat's View from a decision that does not
// carry our dealer's setup and log: the board fields it can read (see
// board.go for where they are looked up).
//
// What a strategy needs and the defaults when it is missing:
//   - hole cards: hole/hole_cards/hand/cards (two cards, e.g. "Ah"); without
//     them there is nothing to weigh (error: the generic policy answers);
//   - board: board/community/community_cards (0, 3, 4 or 5 cards; the
//     street follows from their number), else none (preflop);
//   - seats: a players/seats array (alive, folded, bet), else the largest
//     seat named, at least 4, all in the hand;
//   - bets: bet/my_bet and current_bet/current/to_match, else the array's
//     bets, else 1 (the ante) for both;
//   - switch offers: offers/switch_offers; without them switch ids are not
//     weighed.
func bulletPokerBoardView(d *Decision) (bulletpoker.View, error) {
	b := boardOf(d)
	me := d.You.Seat
	if me < 0 || me >= bulletpoker.MaxPlayers {
		return bulletpoker.View{}, fmt.Errorf("%w: seat %d outside any bullet_poker table", ErrBadRequest, me)
	}
	hole, ok := bpCards(b, 2, "hole", "hole_cards", "hand", "cards", "my_cards")
	if !ok || len(hole) != 2 {
		return bulletpoker.View{}, fmt.Errorf("%w: bullet_poker board: no hole cards", ErrBadRequest)
	}
	boardCards, _ := bpCards(b, 5, "board", "community", "community_cards", "board_cards")
	if n := len(boardCards); n == 1 || n == 2 {
		boardCards = nil // not a street's board: ignored
	}
	for _, c := range boardCards {
		if c == hole[0] || c == hole[1] {
			boardCards = nil // a board that repeats a hole card: ignored
			break
		}
	}
	seats := b.seats()
	players := b.players(seats, me)
	players = min(players, bulletpoker.MaxPlayers)

	v := bulletpoker.View{Seat: sim.Seat(me), Players: int8(players), Hand: int16(max(1, d.Round)), Button: sim.NoSeat}
	if n, ok := b.num("button", "dealer"); ok && n >= 0 && n < players {
		v.Button = sim.Seat(n)
	}
	for i := range players {
		v.Alive[i], v.InHand[i], v.Bet[i] = true, true, 1
	}
	for _, s := range seats {
		if s.seat < 0 || s.seat >= players {
			continue
		}
		v.Alive[s.seat] = s.alive
		v.InHand[s.seat] = s.alive && !s.folded
		if s.hasBet && s.bet >= 0 && s.bet <= bulletpoker.MaxBet {
			v.Bet[s.seat] = int8(s.bet)
		}
	}
	v.Alive[me], v.InHand[me] = true, true
	if n, ok := b.num("bet", "my_bet", "your_bet", "committed"); ok && n >= 0 && n <= bulletpoker.MaxBet {
		v.Bet[me] = int8(n)
	}
	for i := range players {
		v.Current = max(v.Current, v.Bet[i])
	}
	if n, ok := b.num("current_bet", "current", "to_match", "bet_to_match"); ok && n >= 0 && n <= bulletpoker.MaxBet {
		v.Current = int8(n)
	}
	v.HasHole = true
	v.Hole = [2]cards.Card{hole[0], hole[1]}
	v.NBoard = int8(copy(v.Board[:], boardCards))
	switch v.NBoard {
	case 3:
		v.Street = bulletpoker.Flop
	case 4:
		v.Street = bulletpoker.Turn
	case 5:
		v.Street = bulletpoker.River
	default:
		v.Street = bulletpoker.Preflop
	}
	if s, ok := b.str("street"); ok {
		var st bulletpoker.Street
		if st.UnmarshalText([]byte(s)) == nil {
			v.Street = st
		}
	}
	if offers, ok := bpCards(b, 4, "offers", "switch_offers"); ok {
		v.NOffers = int8(copy(v.Offers[:], offers))
	}
	return v, nil
}

// bpCards reads at most most distinct cards from a board field; any
// unreadable or repeated card makes the field unread.
func bpCards(b board, most int, names ...string) ([]cards.Card, bool) {
	ss, ok := b.strings(names...)
	if !ok || len(ss) > most {
		return nil, false
	}
	var seen cards.Set
	out := make([]cards.Card, 0, len(ss))
	for _, s := range ss {
		c, err := cards.ParseCard(s)
		if err != nil || seen.Has(c) {
			return nil, false
		}
		seen = seen.With(c)
		out = append(out, c)
	}
	return out, true
}
