package nostr

import (
	"fmt"
	"slices"
	"sort"
	"testing"

	"gamelab/protocol/nostr/wire"
	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// winFromFold rebuilds, from what the winner's own fold knows, the Win our
// scorer needs (the way a player could score its own hand).
func winFromFold(f *wire.Fold, tsumo bool, ura []mahjong.Tile) (mahjong.Hand, mahjong.Win) {
	v := &f.View
	me := f.Seat
	wind := func(s sim.Seat) mahjong.Tile { return mahjong.East + mahjong.Tile((int(s)-int(v.Dealer)+4)%4) }
	w := mahjong.Win{Tsumo: tsumo, RoundWind: mahjong.East + mahjong.Tile(v.Round/4), SeatWind: wind(me),
		Dora: slices.Clone(v.Dora[:v.NDora]), Honba: int(v.Honba), Sticks: int(v.Sticks)}
	// Walk this hand's events for riichi, ippatsu, calls, rinshan.
	start := 0
	for i, e := range f.Events {
		if e.Kind == mahjong.EvHandStart {
			start = i
		}
	}
	calls, myDiscards, riichiAt := false, 0, -1
	ippatsu := false
	lastRinshan := false
	for _, e := range f.Events[start:] {
		switch e.Kind {
		case mahjong.EvCall:
			calls = true
			ippatsu = false
		case mahjong.EvRiichi:
			if e.Seat == me {
				riichiAt = myDiscards
			}
		case mahjong.EvRiichiStick:
			if e.Seat == me {
				ippatsu = true
			}
		case mahjong.EvDiscard:
			if e.Seat == me {
				if riichiAt >= 0 && myDiscards > riichiAt {
					ippatsu = false
				}
				myDiscards++
			}
		case mahjong.EvDraw:
			if e.Seat == me {
				lastRinshan = e.Flags&mahjong.FlagRinshan != 0
			}
		}
	}
	if riichiAt >= 0 {
		w.Riichi, w.DoubleRiichi = riichiAt > 0, riichiAt == 0
		w.Ippatsu = ippatsu
		w.Ura = ura
	}
	if tsumo {
		w.Tile = v.Drawn
		w.Rinshan = lastRinshan
		w.FirstTurn = !calls && myDiscards == 0
	} else {
		w.Tile = v.LastDiscard
		w.Discarder = wind(v.LastFrom)
	}
	w.Haitei = v.WallLeft == 0 && !w.Rinshan
	var h mahjong.Hand
	for t := range mahjong.Tile(mahjong.NumTiles) {
		for range v.Hand[t] {
			h.Tiles = append(h.Tiles, t)
		}
	}
	h.Melds = v.Melds[me][:v.NMelds[me]]
	return h, w
}

// TestTranscriptPointsFromScorer: for each hand of the recorded live game,
// the NOTIFY point deltas equal what our scorer computes from the winner's
// own folded view (hand, winning tile, riichi, ippatsu, dora, ura, honba,
// sticks) — and the agari line's fu and yaku equal the scorer's — or, for
// an exhaustive draw, the noten payments of the tenpai/noten calls.
func TestTranscriptPointsFromScorer(t *testing.T) {
	tr := loadTranscript(t)
	roles := []string{"player1", "player2", "player3", "player4"}
	folds := map[string]*wire.Fold{}
	for _, r := range roles {
		folds[r] = wire.NewFold(tr.Npub[r])
	}
	roleOf := map[string]string{}
	for _, r := range roles {
		roleOf[tr.Npub[r]] = r
	}
	var (
		winner  string
		tsumo   bool
		snap    *wire.Fold
		ura     []mahjong.Tile
		deltas  = map[string]int{}
		tenpai  []string
		checked int
		expect  map[string]int
	)
	for _, e := range tr.Events {
		if e.Author != "server" || e.Kind == KindStatus {
			continue
		}
		m, err := wire.Parse(e.Content)
		if err != nil {
			t.Fatalf("#%d: %v", e.N, err)
		}
		// Hand-end bookkeeping on the public lines.
		switch m := m.(type) {
		case wire.Say:
			switch m.Word {
			case "tsumo", "ron":
				winner, tsumo = roleOf[m.Player], m.Word == "tsumo"
				// Snapshot the winner's fold before the say is applied.
				f := *folds[winner]
				f.Events = slices.Clone(f.Events)
				snap = &f
			case "tenpai":
				tenpai = append(tenpai, roleOf[m.Player])
			}
		case wire.Dora:
			if winner != "" {
				ura = append(ura, m.Indicator)
			}
		case wire.Agari:
			h, w := winFromFold(snap, tsumo, ura)
			res, err := mahjong.Score(h, w, mahjong.DihouScoring())
			if err != nil {
				t.Fatalf("#%d: scorer: %v (hand %v, win %+v)", e.N, err, h, w)
			}
			if res.Fu != m.Fu {
				t.Errorf("#%d: fu %d, scorer %d", e.N, m.Fu, res.Fu)
			}
			var got, want []string
			for _, y := range res.Yaku {
				got = append(got, fmt.Sprintf("%s,%d", y.Name, y.Han))
			}
			for _, y := range m.Yaku {
				want = append(want, fmt.Sprintf("%s,%d", y.Name, y.Han))
			}
			sort.Strings(got)
			sort.Strings(want)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("#%d: yaku %v, scorer %v", e.N, want, got)
			}
			expect = map[string]int{}
			for wnd, pay := range res.Payments {
				seat := (int(snap.View.Dealer) + wnd) % 4
				if pay != 0 {
					expect[roles[seat]] = pay
				}
			}
		case wire.Ryukyoku:
			expect = nil
		case wire.Point:
			if m.Op != '=' {
				deltas[roleOf[m.Player]] += m.Delta()
			}
		case wire.KyokuEnd:
			if expect == nil { // exhaustive draw: 3000 from noten to tenpai
				expect = map[string]int{}
				if n := len(tenpai); n > 0 && n < 4 {
					for _, r := range roles {
						if slices.Contains(tenpai, r) {
							expect[r] = 3000 / n
						} else {
							expect[r] = -3000 / (4 - n)
						}
					}
				}
			}
			if fmt.Sprint(expect) != fmt.Sprint(deltas) {
				t.Errorf("#%d: point deltas %v, scorer %v", e.N, deltas, expect)
			}
			checked++
			winner, snap, ura, tenpai, expect = "", nil, nil, nil, nil
			deltas = map[string]int{}
		}
		for _, r := range roles {
			if slices.Contains(e.P, r) {
				if err := folds[r].Apply(m); err != nil {
					t.Fatalf("%s #%d: %v", r, e.N, err)
				}
			}
		}
	}
	if checked != 7 {
		t.Fatalf("checked %d hands, want 7", checked)
	}
}
