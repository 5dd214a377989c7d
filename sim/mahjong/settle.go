package mahjong

import "gamelab/sim"

// winResult is the value of a winning hand as the engine needs it.
type winResult struct {
	ok      bool // complete with a yaku
	han, fu int
	yakuman int // yakuman count (0: none)
	base    int // base points after limits
	points  int // ron value, or the sum of the tsumo payments
	// paoYakuman: the hand holds 大三元 (1) or 大四喜 (2), for liability.
	paoYakuman uint8
	kokushi    bool // the hand is 国士無双 (may rob an ankan)
}

// winCtx builds the Win context of seat winning on t.
func (s *State) winCtx(seat sim.Seat, t Tile, tsumo, chankan bool, dora, ura *[5]Tile) Win {
	ss := &s.seats[seat]
	w := Win{
		Tile: t, Tsumo: tsumo,
		Riichi: ss.riichi && !ss.doubleRiichi, DoubleRiichi: ss.doubleRiichi,
		Ippatsu:   ss.ippatsu,
		RoundWind: s.roundWind(), SeatWind: s.seatWind(seat),
		Honba: s.honba, Sticks: s.sticks,
		Rinshan: tsumo && s.rinshan, Chankan: chankan,
		Haitei:    s.liveLeft == 0 && !chankan && !(tsumo && s.rinshan),
		FirstTurn: tsumo && s.noCalls && !ss.discarded,
	}
	if !tsumo {
		w.Discarder = s.seatWind(s.lastFrom)
	}
	for i := 0; i < s.nDora; i++ {
		dora[i] = s.face(s.w.dora[i])
		ura[i] = s.face(s.w.ura[i])
	}
	w.Dora = dora[:s.nDora]
	if ss.riichi {
		w.Ura = ura[:s.nDora]
	}
	return w
}

// winValue scores seat winning on t (t already in hand for tsumo).
func (s *State) winValue(seat sim.Seat, t Tile, tsumo, chankan bool) winResult {
	var dora, ura [5]Tile
	w := s.winCtx(seat, t, tsumo, chankan, &dora, &ura)
	return s.evalWin(seat, &w)
}

// settleWin ends the hand with seat's tsumo (from == seat) or a single
// ron; settleRon handles one or more rons on the last tile.
func (s *State) settleWin(seat, from sim.Seat, t Tile, tsumo, chankan bool) {
	var delta [4]int
	s.payWin(seat, from, t, tsumo, chankan, true, &delta)
	s.finishWin(&delta, seat == s.dealer())
}

func (s *State) settleRon(rons []sim.Seat, chankan bool) {
	var delta [4]int
	dealerWon := false
	for i, seat := range rons {
		s.payWin(seat, s.lastFrom, s.lastTile, false, chankan, i == 0, &delta)
		dealerWon = dealerWon || seat == s.dealer()
	}
	s.finishWin(&delta, dealerWon)
}

// payWin emits the win and adds its payments to delta; first says whether
// this winner takes honba and sticks.
func (s *State) payWin(seat, from sim.Seat, t Tile, tsumo, chankan, first bool, delta *[4]int) {
	var dora, ura [5]Tile
	w := s.winCtx(seat, t, tsumo, chankan, &dora, &ura)
	v := s.evalWin(seat, &w)
	if len(w.Ura) > 0 && s.nUra == 0 {
		for _, u := range w.Ura {
			s.uraShown[s.nUra] = u
			s.nUra++
			s.emit(Event{Kind: EvDora, Seat: sim.NoSeat, From: sim.NoSeat, Tile: u, Flags: FlagUra})
		}
	}
	dealer := seat == s.dealer()
	ron := 4 * v.base
	if dealer {
		ron = 6 * v.base
	}
	value := v.points
	s.emit(Event{Kind: EvWin, Seat: seat, From: from, Tile: t, Han: uint8(min(v.han, 255)), Fu: uint8(min(v.fu, 255)),
		Yakuman: uint8(v.yakuman), Value: int32(value)})
	honba := 0
	if first {
		honba = s.honba
	}
	var d [4]int
	if tsumo {
		for p := sim.Seat(0); p < 4; p++ {
			if p == seat {
				continue
			}
			x := ceil100(v.base)
			if dealer || p == s.dealer() {
				x = ceil100(2 * v.base)
			}
			x += 100 * honba
			d[p] -= x
			d[seat] += x
		}
	} else {
		x := ceil100(ron) + 300*honba
		d[from] -= x
		d[seat] += x
	}
	ss := &s.seats[seat]
	if s.rules.Pao && ss.paoSeat != sim.NoSeat && v.paoYakuman == ss.paoKind && v.yakuman > 0 {
		// The liable seat pays the whole tsumo, or half of a ron.
		total := d[seat]
		var nd [4]int
		nd[seat] = total
		if tsumo {
			nd[ss.paoSeat] -= total
		} else {
			half := ceil100(ron) / 2
			nd[ss.paoSeat] -= half
			nd[from] -= total - half
		}
		d = nd
	}
	if first && s.sticks > 0 {
		d[seat] += 1000 * s.sticks
		s.sticks = 0
	}
	for i := range d {
		delta[i] += d[i]
	}
	s.st.wins[seat]++
	s.st.winPoints[seat] += d[seat]
	if !tsumo {
		s.st.dealins[from]++
		s.st.dealinPoints[from] -= d[from]
	}
}

// finishWin pays delta and moves to the next hand.
func (s *State) finishWin(delta *[4]int, dealerWon bool) {
	s.payDelta(delta)
	if dealerWon {
		s.endHand(true, true, false)
	} else {
		s.endHand(false, false, false)
	}
}

func (s *State) payDelta(delta *[4]int) {
	for i := sim.Seat(0); i < 4; i++ {
		if delta[i] != 0 {
			s.scores[i] += int32(delta[i])
			s.emit(Event{Kind: EvPoints, Seat: i, From: sim.NoSeat, Value: int32(delta[i])})
		}
	}
}

// abort ends the hand in an abortive draw.
func (s *State) abort(r DrawReason) {
	s.st.draws++
	s.emit(Event{Kind: EvExhaustive, Seat: sim.NoSeat, From: sim.NoSeat, Value: int32(r)})
	renchan := !s.rules.AbortRotates
	if r == DrawThreeRon && s.rules.AbortRotates {
		renchan = s.lastFrom != s.dealer()
	}
	s.endHand(renchan, true, true)
}

// tenpai reports whether seat is tenpai at an exhaustive draw.
func (s *State) tenpai(seat sim.Seat) bool {
	ss := &s.seats[seat]
	if ss.shLow >= 1 || Shanten(&ss.kinds, int(ss.nMelds)) != 0 {
		return false
	}
	if !s.rules.TenpaiExcludesFourHeld {
		return true
	}
	w := waitMask(&ss.kinds, int(ss.nMelds))
	for k := Tile(0); k < NumKinds; k++ {
		if w&bit(k) == 0 {
			continue
		}
		held := int(ss.kinds[k])
		for i := uint8(0); i < ss.nMelds; i++ {
			for _, x := range ss.melds[i].Tiles[:ss.melds[i].Len()] {
				if x.Kind() == k {
					held++
				}
			}
		}
		if held < 4 {
			return true
		}
	}
	return false
}

// exhaustive ends the hand when the wall is empty.
func (s *State) exhaustive() {
	s.st.draws++
	var ten [4]bool
	nt := 0
	for i := sim.Seat(0); i < 4; i++ {
		ten[i] = s.tenpai(i)
		if ten[i] {
			nt++
		}
	}
	var delta [4]int
	nagashi := false
	for i := sim.Seat(0); i < 4; i++ {
		if !s.seats[i].nagashi || !s.seats[i].discarded {
			continue
		}
		nagashi = true
		for p := sim.Seat(0); p < 4; p++ {
			if p == i {
				continue
			}
			x := 2000
			if i == s.dealer() || p == s.dealer() {
				x = 4000
			}
			if s.rules.NagashiDihou {
				x += 100 * s.honba
			}
			delta[p] -= x
			delta[i] += x
		}
		if s.rules.NagashiDihou {
			delta[i] += 1000 * s.sticks // the pot is paid but stays on the table
			s.minted += 1000 * s.sticks
			break
		}
	}
	if nagashi {
		s.emit(Event{Kind: EvExhaustive, Seat: sim.NoSeat, From: sim.NoSeat, Value: int32(DrawNagashi)})
	} else {
		s.emit(Event{Kind: EvExhaustive, Seat: sim.NoSeat, From: sim.NoSeat, Value: int32(DrawExhaustive)})
	}
	if !(nagashi && s.rules.NagashiDihou) {
		for i := sim.Seat(0); i < 4; i++ {
			var f EventFlag
			if ten[i] {
				f = FlagTenpai
			}
			s.emit(Event{Kind: EvTenpai, Seat: i, From: sim.NoSeat, Flags: f})
		}
	}
	if !nagashi && nt > 0 && nt < 4 {
		for i := 0; i < 4; i++ {
			if ten[i] {
				delta[i] += 3000 / nt
			} else {
				delta[i] -= 3000 / (4 - nt)
			}
		}
	}
	s.payDelta(&delta)
	renchan := ten[s.dealer()]
	if nagashi && s.rules.NagashiDihou {
		renchan = false
	}
	s.endHand(renchan, true, false)
}

// endHand closes the hand and starts the next one or ends the game.
func (s *State) endHand(renchan, honbaUp, abortive bool) {
	s.handOver = true
	for i := range s.seats {
		if s.st.calledThisHand[i] {
			s.st.calledH[i]++
		}
	}
	s.emit(Event{Kind: EvHandEnd, Seat: sim.NoSeat, From: sim.NoSeat, Sticks: uint8(min(s.sticks, 255))})
	if s.gameEnds(renchan, abortive) {
		s.endGame()
		return
	}
	if !renchan {
		s.round++
	}
	if honbaUp {
		s.honba++
	} else {
		s.honba = 0
	}
	s.handOver = false
	s.startHand()
}

// gameEnds decides whether the game is over after a hand. In the last
// scheduled hand a kept deal ends the game only by agari-yame (the dealer
// won or was tenpai, and is first with TargetPoints); an abortive draw
// never does. In the extension (sudden death) the game ends as soon as
// somebody has TargetPoints, and after one extra wind in any case.
func (s *State) gameEnds(renchan, abortive bool) bool {
	r := s.rules
	if r.Tobi {
		for _, x := range s.scores {
			if x < 0 {
				return true
			}
		}
	}
	last := 4*r.Winds - 1
	if s.round < last {
		return false
	}
	top := s.topSeat()
	reached := r.TargetPoints <= 0 || int(s.scores[top]) >= r.TargetPoints
	if s.round == last {
		if renchan {
			return !abortive && r.AgariYame && top == s.dealer() && reached
		}
		return !r.WestExtension || reached
	}
	if reached {
		return true
	}
	return !renchan && s.round+1 > last+4
}

// topSeat is the first place by score, ties to the lower seat.
func (s *State) topSeat() sim.Seat {
	top := sim.Seat(0)
	for i := sim.Seat(1); i < 4; i++ {
		if s.scores[i] > s.scores[top] {
			top = i
		}
	}
	return top
}

func (s *State) endGame() {
	if s.sticks > 0 && s.rules.SticksToWinner {
		top := s.topSeat()
		v := int32(1000 * s.sticks)
		s.scores[top] += v
		s.sticks = 0
		s.emit(Event{Kind: EvPoints, Seat: top, From: sim.NoSeat, Value: v})
	}
	s.sticks = 0 // without SticksToWinner leftover sticks are lost
	s.emit(Event{Kind: EvGameEnd, Seat: sim.NoSeat, From: sim.NoSeat})
	s.phase = phaseOver
}
