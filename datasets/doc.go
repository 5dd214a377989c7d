// Package datasets writes and reads the lab's Parquet files (parquet-go):
// a run directory holds games.parquet (one row per game), seats.parquet
// (one row per seat of each game) and, on request, decisions.parquet (one
// row per decision). Every file carries two key-value metadata entries:
// "gamelab.table" (games, seats or decisions) and "gamelab.run", the JSON
// RunInfo (version, game, rules name and resolved rules JSON, players,
// schedule, seed, the file's game range [first_game, end_game) and the
// whole run's total_games, shard). Rows are written while games stream in
// and cut into row groups of at most RowGroupGames games (seats and
// decisions groups end at the same games), so memory stays bounded.
// Files are written under temporary names and renamed on success.
//
// Schema (Parquet logical types in brackets):
//
//	games:     game STRING, index INT64, set INT64, seed UINT64, rules STRING,
//	           lineup LIST<INT32> (player index per seat),
//	           strategies LIST<STRING> (spec per seat), scores LIST<DOUBLE>,
//	           placements LIST<INT32> (1 = best, ties shared),
//	           length INT32 (decisions in the game),
//	           stats MAP<STRING, DOUBLE> (per-game extras, e.g. "rounds")
//	seats:     index INT64, seat INT32, player INT32, strategy STRING,
//	           score DOUBLE, placement INT32, tag STRING (e.g. werewolf role),
//	           stats MAP<STRING, DOUBLE> (e.g. mahjong "wins", "riichi")
//	decisions: index INT64, step INT32, seat INT32, phase STRING,
//	           legal LIST<STRING> (the legal actions offered),
//	           chosen STRING (the action's notation), chosen_index INT32
//	           (its 0-based position in legal), final_score DOUBLE and
//	           final_placement INT32 (the seat's result of the game),
//	           mahjong, liarsbar, bulletpoker, werewolf STRUCT (the game's
//	           named features of the seat's view, null for other games;
//	           strategies/<game>/features.go), note STRING
//
// docs/datasets.md lists every feature column. Games and Decisions are
// this package's own types: it imports sim and the strategies' feature
// types, never arena (cmd/lab converts arena records).
//
// "index" is the game number in the whole run and joins the three tables.
// Readers check the metadata and the schema and report a foreign or
// mismatched file with ErrForeign, an unreadable one with ErrRead.
package datasets
