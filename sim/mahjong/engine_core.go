package mahjong

import "gamelab/sim"

// evalWin scores seat's hand winning with w (for a ron w.Tile is not yet
// in the hand) through the hand core's Score. The hand is passed in
// fixed buffers, so the engine itself allocates nothing here.
func (s *State) evalWin(seat sim.Seat, w *Win) winResult {
	ss := &s.seats[seat]
	var tiles [14]Tile
	n := 0
	for t := Tile(0); t < NumTiles; t++ {
		for c := ss.hand[t]; c > 0; c-- {
			tiles[n] = t
			n++
		}
	}
	h := Hand{Tiles: tiles[:n], Melds: ss.melds[:ss.nMelds]}
	res, err := Score(h, *w, s.rules.ScoreRules)
	if err != nil {
		return winResult{}
	}
	v := winResult{ok: true, han: res.Han, fu: res.Fu, yakuman: res.Yakuman, base: res.Base, points: res.Points}
	for _, y := range res.Yaku {
		switch y.Yaku {
		case YakuDaisangen:
			v.paoYakuman = 1
		case YakuDaisuushii:
			v.paoYakuman = 2
		case YakuKokushi, YakuKokushi13:
			v.kokushi = true
		}
	}
	return v
}
