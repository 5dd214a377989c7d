package mahjong

import "gamelab/sim"

// foldable reports whether View.Apply can fold e into the view of me
// without indexing outside its arrays: a seat in 0..3 wherever the kind
// names one (and From for a call on a discard), N within Tiles, and real
// tiles wherever me's own tile counts change. The engine's events always
// are; an adapter's parsed wire events may not be, and Apply ignores
// those rather than panic (FuzzViewApply).
func (e *Event) foldable(me sim.Seat) bool {
	if int(e.N) > len(e.Tiles) {
		return false
	}
	switch e.Kind {
	case EvScore, EvDeal, EvDraw, EvRiichi, EvDiscard, EvRiichiStick, EvCall, EvPoints:
		if uint8(e.Seat) >= 4 {
			return false
		}
	default:
		return true
	}
	if e.Kind == EvCall && e.Meld != Ankan && e.Meld != Kakan && uint8(e.From) >= 4 {
		return false
	}
	if e.Seat != me {
		return true
	}
	switch e.Kind {
	case EvDeal:
		return validTiles(e.Tiles[:e.N])
	case EvDraw:
		return e.Tile == HiddenTile || e.Tile.Valid()
	case EvDiscard:
		return e.Tile.Valid()
	case EvCall:
		return validTiles(e.Tiles[:e.N]) && (e.Meld != Kakan || e.Tile.Valid())
	}
	return true
}

func validTiles(ts []Tile) bool {
	for _, t := range ts {
		if !t.Valid() {
			return false
		}
	}
	return true
}
