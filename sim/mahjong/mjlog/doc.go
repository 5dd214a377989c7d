// Package mjlog reads Tenhou game logs (the mjlog XML format of
// tenhou.net: SHUFFLE, GO, UN, TAIKYOKU, INIT, the draw/discard tags
// T/U/V/W and D/E/F/G, N calls with Tenhou's meld bit layout, REACH, DORA,
// AGARI, RYUUKYOKU) and replays them in the sim/mahjong engine under
// mahjong.Tenhou(), checking every draw, every action's legality and every
// score change against the log (Replay). The format follows the public
// descriptions of Tenhou's log (e.g. NegativeMjark/tenhou-log's README).
package mjlog
