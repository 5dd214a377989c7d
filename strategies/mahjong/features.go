package mahjong

import (
	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// Features are the named features of one mahjong decision, read from the
// deciding seat's View and its legal actions only (never from hidden
// state): the "mahjong" column of decisions.parquet, documented in
// docs/datasets.md. Tiles are numbered as sim/mahjong.Tile: 0–33 the
// kinds (1m…9m, 1p…9p, 1s…9s, east, south, west, north, white, green,
// red), 34–36 the red fives 0m, 0p, 0s, and -1 for no tile. Seats are
// absolute (0–3); per-seat lists are indexed by seat. The per-action
// lists DiscardShanten and DiscardUkeire line up with the decision's legal
// actions.
type Features struct {
	// Round is 4·wind + hand: 0 = East 1, 4 = South 1; RoundWind (0 =
	// east, 1 = south, …) and HandNumber (1–4) spell it out, SeatWind is
	// the deciding seat's wind (0 = east: the dealer).
	Round        int32 `parquet:"round"`
	RoundWind    int32 `parquet:"round_wind"`
	HandNumber   int32 `parquet:"hand_number"`
	SeatWind     int32 `parquet:"seat_wind"`
	Dealer       int32 `parquet:"dealer"`
	Honba        int32 `parquet:"honba"`
	RiichiSticks int32 `parquet:"riichi_sticks"`
	WallLeft     int32 `parquet:"wall_left"`
	// Hand counts the seat's concealed tiles by kind (34 entries, the
	// drawn tile included, red fives counted as fives); RedFives says
	// which red fives (0m, 0p, 0s) are among them.
	Hand     []int32 `parquet:"hand,list"`
	RedFives []bool  `parquet:"red_fives,list"`
	// Drawn is the tile drawn this turn (-1 on a claim prompt).
	Drawn          int32   `parquet:"drawn"`
	DoraIndicators []int32 `parquet:"dora_indicators,list"`
	// Seats holds every seat's public state (4 entries, by seat).
	Seats []SeatFeatures `parquet:"seats,list"`
	// LastDiscard is the latest discard (what a claim prompt is about),
	// LastFrom its seat; -1 before the first.
	LastDiscard int32 `parquet:"last_discard"`
	LastFrom    int32 `parquet:"last_from"`
	// Shanten of the concealed hand as it is (with the draw: after the
	// best discard), counting the seat's melds.
	Shanten int32 `parquet:"shanten"`
	// DiscardShanten and DiscardUkeire have one entry per legal action:
	// for a discard or riichi of tile t the shanten after discarding t
	// and the unseen tiles (not in the hand, rivers, melds or dora
	// indicators) whose draw would lower it, as the efficiency bot counts
	// them; -1 for other actions.
	DiscardShanten []int32 `parquet:"discard_shanten,list"`
	DiscardUkeire  []int32 `parquet:"discard_ukeire,list"`
}

// SeatFeatures is one seat's public state in Features.
type SeatFeatures struct {
	Score     int32 `parquet:"score"`
	Riichi    bool  `parquet:"riichi"`
	Concealed int32 `parquet:"concealed"` // concealed tiles held
	// River lists the seat's discards in order; Tsumogiri marks those
	// discarded straight from the draw, Called those another seat took.
	// RiichiAt is the river index of the riichi tile (-1 if none).
	River     []int32 `parquet:"river,list"`
	Tsumogiri []bool  `parquet:"tsumogiri,list"`
	Called    []bool  `parquet:"called,list"`
	RiichiAt  int32   `parquet:"riichi_at"`
	// Melds are the seat's open melds and closed kans.
	Melds []MeldFeatures `parquet:"melds,list"`
}

// MeldFeatures is one meld: its kind ("chi", "pon", "minkan", "ankan",
// "kakan" as sim/mahjong.MeldKind names them), its tiles, the called tile
// (-1 for an ankan) and the relative seat it came from (1 = right,
// 2 = across, 3 = left, 0 for an ankan).
type MeldFeatures struct {
	Kind   string  `parquet:"kind,dict"`
	Tiles  []int32 `parquet:"tiles,list"`
	Called int32   `parquet:"called"`
	From   int32   `parquet:"from"`
}

func tileFeature(t mahjong.Tile) int32 {
	if t == mahjong.NoTile {
		return -1
	}
	return int32(t)
}

// DescribeDecision gives the phase ("turn" with a drawn tile or after a
// call, "claim" on another seat's discard or kan) and the Features of a
// decision from the seat's view and legal actions. It allocates the
// feature lists: call it only when decisions are recorded.
func DescribeDecision(v *mahjong.View, legal []mahjong.Action) (string, *Features) {
	f := &Features{
		Round: int32(v.Round), RoundWind: int32(v.Round / 4), HandNumber: int32(v.Round%4) + 1,
		SeatWind: int32((int(v.Me) - int(v.Dealer) + 4) % 4), Dealer: int32(v.Dealer), Honba: int32(v.Honba), RiichiSticks: int32(v.Sticks),
		WallLeft: int32(v.WallLeft), Drawn: tileFeature(v.Drawn),
		LastDiscard: tileFeature(v.LastDiscard), LastFrom: int32(v.LastFrom),
		Hand: make([]int32, mahjong.NumKinds), RedFives: make([]bool, 3), DoraIndicators: make([]int32, 0, v.NDora),
	}
	if v.LastFrom == sim.NoSeat {
		f.LastFrom = -1
	}
	c := v.Counts()
	for k, n := range c {
		f.Hand[k] = int32(n)
	}
	for i := range f.RedFives {
		f.RedFives[i] = v.Hand[mahjong.RedM5+mahjong.Tile(i)] > 0
	}
	for _, t := range v.Dora[:v.NDora] {
		f.DoraIndicators = append(f.DoraIndicators, int32(t))
	}
	f.Seats = make([]SeatFeatures, len(v.Scores))
	for s := range f.Seats {
		sf := &f.Seats[s]
		sf.Score, sf.Riichi, sf.Concealed, sf.RiichiAt = v.Scores[s], v.Riichi[s], int32(v.Concealed[s]), -1
		if v.Riichi[s] {
			sf.RiichiAt = int32(v.RiichiAt[s])
		}
		r := &v.Rivers[s]
		sf.River, sf.Tsumogiri, sf.Called = make([]int32, 0, r.N), make([]bool, 0, r.N), make([]bool, 0, r.N)
		sf.Melds = make([]MeldFeatures, 0, v.NMelds[s])
		for i := range r.N {
			sf.River = append(sf.River, int32(r.Tiles[i]))
			sf.Tsumogiri = append(sf.Tsumogiri, r.Flags[i]&mahjong.FlagTsumogiri != 0)
			sf.Called = append(sf.Called, r.Flags[i]&mahjong.RiverCalled != 0)
		}
		for _, m := range v.Melds[s][:v.NMelds[s]] {
			mf := MeldFeatures{Kind: m.Kind.String(), Called: tileFeature(m.Called), From: int32(m.From)}
			for _, t := range m.Tiles[:m.Len()] {
				mf.Tiles = append(mf.Tiles, int32(t))
			}
			sf.Melds = append(sf.Melds, mf)
		}
	}
	melds := int(v.NMelds[v.Me])
	f.Shanten = int32(mahjong.Shanten(&c, melds))
	f.DiscardShanten = make([]int32, len(legal))
	f.DiscardUkeire = make([]int32, len(legal))
	n := 0
	for _, x := range c {
		n += int(x)
	}
	var an mahjong.Discards
	ready := n == 14-3*melds
	if ready {
		an.Reset(&c, melds)
	}
	vis := visible(v)
	var byKind [mahjong.NumKinds][2]int32 // shanten+1, ukeire of a kind already asked (a red and a plain five, a discard and a riichi)
	for i, a := range legal {
		f.DiscardShanten[i], f.DiscardUkeire[i] = -1, -1
		if !ready || (a.Kind != mahjong.ActDiscard && a.Kind != mahjong.ActRiichi) {
			continue
		}
		k := a.Tile.Kind()
		if byKind[k][0] == 0 {
			sh, _, count := an.Ukeire(k, &vis)
			byKind[k] = [2]int32{int32(sh) + 1, int32(count)}
		}
		f.DiscardShanten[i], f.DiscardUkeire[i] = byKind[k][0]-1, byKind[k][1]
	}
	phase := "claim"
	if v.Drawn != mahjong.NoTile || (len(legal) > 0 && !legal[0].Kind.IsClaim()) {
		phase = "turn"
	}
	return phase, f
}
