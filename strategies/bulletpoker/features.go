package bulletpoker

import (
	"gamelab/sim/bulletpoker"
	"gamelab/sim/cards"
)

// Features are the named features of one bullet poker decision, read
// from the deciding seat's View only (never from hidden state): the
// "bulletpoker" column of decisions.parquet, documented in
// docs/datasets.md. Cards are in sim/cards notation ("Ah", "Td"); seats
// are absolute and per-seat lists indexed by seat.
type Features struct {
	Hand    int32    `parquet:"hand"` // hands started, 1-based
	Street  string   `parquet:"street,dict"`
	Button  int32    `parquet:"button"`
	Hole    []string `parquet:"hole,list"`   // own hole cards
	Board   []string `parquet:"board,list"`  // community cards shown
	Offers  []string `parquet:"offers,list"` // own switch offers this turn
	Current int32    `parquet:"current"`     // the bet to match
	// Per seat: alive, still in this hand, bullets bet this hand, raises
	// this hand, bullets loaded over the match, coward and switch used,
	// and the hole cards shown at a showdown or switched out ("" unseen).
	Alive      []bool   `parquet:"alive,list"`
	InHand     []bool   `parquet:"in_hand,list"`
	Bet        []int32  `parquet:"bet,list"`
	Raises     []int32  `parquet:"raises,list"`
	Loaded     []int32  `parquet:"loaded,list"`
	CowardUsed []bool   `parquet:"coward_used,list"`
	SwitchUsed []bool   `parquet:"switch_used,list"`
	Shown      []string `parquet:"shown,list"`
	Discard    []string `parquet:"discard,list"`
}

// DescribeDecision gives the phase (the street) and the Features of a
// decision. It allocates: call it only when decisions are recorded.
func DescribeDecision(v *bulletpoker.View, _ []bulletpoker.Action) (string, *Features) {
	f := &Features{Hand: int32(v.Hand), Street: v.Street.String(), Button: int32(v.Button), Current: int32(v.Current)}
	f.Hole = []string{}
	if v.HasHole {
		f.Hole = cardTexts(v.Hole[:])
	}
	f.Board = cardTexts(v.Board[:max(v.NBoard, 0)])
	f.Offers = cardTexts(v.Offers[:max(v.NOffers, 0)])
	for s := range int(v.Players) {
		f.Alive = append(f.Alive, v.Alive[s])
		f.InHand = append(f.InHand, v.InHand[s])
		f.Bet = append(f.Bet, int32(v.Bet[s]))
		f.Raises = append(f.Raises, int32(v.Raises[s]))
		f.Loaded = append(f.Loaded, int32(v.Loaded[s]))
		f.CowardUsed = append(f.CowardUsed, v.CowardUsed[s])
		f.SwitchUsed = append(f.SwitchUsed, v.SwitchUsed[s])
		shown, discard := "", ""
		if v.ShownRank[s] != 0 {
			shown = v.Shown[s][0].String() + " " + v.Shown[s][1].String()
		}
		if v.HasDiscard[s] {
			discard = v.Discard[s].String()
		}
		f.Shown = append(f.Shown, shown)
		f.Discard = append(f.Discard, discard)
	}
	return v.Street.String(), f
}

func cardTexts(cs []cards.Card) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.String())
	}
	return out
}
