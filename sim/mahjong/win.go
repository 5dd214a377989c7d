package mahjong

import "errors"

// Errors of Score. Callers branch on them with errors.Is.
var (
	// ErrNotComplete: the tiles do not form a winning hand.
	ErrNotComplete = errors.New("mahjong: hand is not complete")
	// ErrNoYaku: the hand is complete but has no yaku besides dora.
	ErrNoYaku = errors.New("mahjong: no yaku")
	// ErrBadHand: the input is inconsistent (tile count, a fifth copy,
	// a bad meld, a bad wind).
	ErrBadHand = errors.New("mahjong: bad hand")
)

// Win describes how a hand was won: everything Score needs besides the
// tiles. Winds are tiles East … North.
type Win struct {
	// Tile is the winning tile (the draw for tsumo, the discard or the
	// kakan tile for ron), red five kept.
	Tile Tile
	// Tsumo: won on one's own draw; otherwise ron.
	Tsumo bool
	// Riichi and DoubleRiichi (set only one): the winner had declared.
	Riichi, DoubleRiichi bool
	// Ippatsu: won within the uninterrupted go-around after riichi.
	Ippatsu bool
	// RoundWind and SeatWind (East … North). The dealer is SeatWind East.
	RoundWind, SeatWind Tile
	// Dora holds the dora indicators shown (first indicator and kan dora).
	Dora []Tile
	// Ura holds the ura-dora indicators; counted only with riichi.
	Ura []Tile
	// Honba is the number of 100-point sticks (counters); Sticks the
	// number of 1000-point riichi sticks on the table, all paid to the
	// winner.
	Honba, Sticks int
	// Rinshan: tsumo on a replacement tile after a kan (嶺上開花).
	Rinshan bool
	// Chankan: ron on another player's kakan tile (槍槓).
	Chankan bool
	// Haitei: won on the last tile: tsumo on the last live draw (海底) or
	// ron on the discard after it (河底).
	Haitei bool
	// FirstTurn: tsumo on one's first draw with no call before it: 天和
	// for the dealer, 地和 for the others.
	FirstTurn bool
	// Discarder is the seat wind (East … North) of the player who dealt
	// in; used for ron payments, ignored for tsumo.
	Discarder Tile
}
