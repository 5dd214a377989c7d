package liarsbar

import (
	"gamelab/sim"
	"gamelab/sim/liarsbar"
)

// Features are the named features of one liar's bar decision, read from
// the deciding seat's View and its legal actions only (never from hidden
// state): the "liarsbar" column of decisions.parquet, documented in
// docs/datasets.md. Cards are in the notation of sim/liarsbar.Card (Q, K,
// A, Joker, Devil, Master, Chaos); seats are absolute and per-seat lists
// indexed by seat. PlayCards and PlayTruthful line up with the decision's
// legal actions.
type Features struct {
	Round     int32    `parquet:"round"`
	TableCard string   `parquet:"table_card,dict"`
	Hand      []string `parquet:"hand,list"` // own hand, sorted
	// Per seat: alive, cards held, revolver pulls since its load, cards
	// played this round, reveals that showed a lie or a truthful play.
	Alive       []bool  `parquet:"alive,list"`
	Cards       []int32 `parquet:"cards,list"`
	Pulls       []int32 `parquet:"pulls,list"`
	Played      []int32 `parquet:"played,list"`
	ShownLies   []int32 `parquet:"shown_lies,list"`
	ShownTruths []int32 `parquet:"shown_truths,list"`
	// Pile is the cards played this round; Last the seat whose play may
	// be challenged (-1 at a round's start) and LastCount its cards.
	Pile      int32 `parquet:"pile"`
	Last      int32 `parquet:"last"`
	LastCount int32 `parquet:"last_count"`
	// Per legal action: the cards a play puts down (0 for a challenge or
	// an aim) and whether all of them count as the table card.
	PlayCards    []int32 `parquet:"play_cards,list"`
	PlayTruthful []bool  `parquet:"play_truthful,list"`
}

// DescribeDecision gives the phase ("aim" when the seat aims its
// revolver, "challenge" when a play may be challenged, else "lead") and the Features of a decision. It allocates:
// call it only when decisions are recorded.
func DescribeDecision(v *liarsbar.View, legal []liarsbar.Action) (string, *Features) {
	f := &Features{Round: int32(v.Round), TableCard: v.Table.String(), Pile: int32(v.Pile), Last: int32(v.Last), LastCount: int32(v.LastCount)}
	if v.Last == sim.NoSeat {
		f.Last = -1
	}
	f.Hand = make([]string, 0, max(v.HandLen, 0))
	for _, c := range v.Hand[:max(v.HandLen, 0)] {
		f.Hand = append(f.Hand, c.String())
	}
	n := int(v.Rules.Players)
	for s := range n {
		f.Alive = append(f.Alive, v.Alive[s])
		f.Cards = append(f.Cards, int32(v.Cards[s]))
		f.Pulls = append(f.Pulls, int32(v.Pulls[s]))
		f.Played = append(f.Played, int32(v.Played[s]))
		f.ShownLies = append(f.ShownLies, int32(v.ShownLies[s]))
		f.ShownTruths = append(f.ShownTruths, int32(v.ShownTruths[s]))
	}
	f.PlayCards = make([]int32, len(legal))
	f.PlayTruthful = make([]bool, len(legal))
	for i, a := range legal {
		if a.Kind != liarsbar.Play {
			continue
		}
		f.PlayCards[i] = int32(a.Count())
		truthful := true
		for j := range v.Hand[:max(v.HandLen, 0)] {
			if a.Cards&(1<<j) != 0 && !v.Hand[j].Truthful(v.Table) {
				truthful = false
			}
		}
		f.PlayTruthful[i] = truthful
	}
	phase := "lead"
	switch {
	case len(legal) > 0 && legal[0].Kind == liarsbar.Aim:
		phase = "aim"
	case v.Last != sim.NoSeat:
		phase = "challenge"
	}
	return phase, f
}
