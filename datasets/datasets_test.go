package datasets

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/parquet-go/parquet-go"

	"gamelab/sim"
	sl "gamelab/strategies/liarsbar"
)

func testRecords() []Game {
	return []Game{
		{Index: 4, Set: 1, Seed: 1<<63 + 5, Lineup: []int{0, 1, 1}, Length: 2,
			Result: sim.Result{Score: []float64{3, -1, -2}, Placement: []int8{1, 2, 3},
				Stats:     map[string]float64{"rounds": 2},
				SeatStats: []map[string]float64{{"wins": 1}, {"wins": 0, "calls": 2}, {}},
				SeatTags:  []string{"seer", "wolf", "villager"}},
			Decisions: []Decision{{Step: 0, Seat: 0, Legal: []string{"bid 1", "bid 2", "pass"}, Chosen: "bid 2", ChosenIndex: 1},
				{Step: 1, Seat: 2, Legal: []string{"pass"}, Chosen: "pass", Phase: "bid", Features: testFeatures(), Note: "why"}}},
		{Index: 5, Set: 1, Seed: 7, Lineup: []int{1, 0, 1}, Length: 0,
			Result: sim.Result{Score: []float64{0, 0, 1}, Placement: []int8{2, 2, 1}}},
		{Index: 6, Set: 2, Seed: 9, Lineup: []int{1, 1, 0}, Length: 0,
			Result: sim.Result{Score: []float64{1, 1, 1}, Placement: []int8{1, 1, 1}}},
	}
}

var testInfo = RunInfo{Version: "test", Game: "coin", Rules: "three", RulesJSON: `{"players":3}`,
	Players: []string{"a", "b?x=1"}, Schedule: "duplicate", Seed: 42, First: 4, End: 7, Total: 9, Shard: "1/3", Decisions: true}

func writeRun(t testing.TB, dir string) {
	t.Helper()
	w, err := Create(dir, testInfo, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range testRecords() {
		if err := w.Add(&r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// Every column of every table reads back as written, with the run's
// metadata, in row groups of at most the asked number of games.
func TestRoundTripEveryColumn(t *testing.T) {
	dir := t.TempDir()
	writeRun(t, dir)
	games, info, err := ReadAll[GameRow](filepath.Join(dir, "games.parquet"), Games)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(info, testInfo) {
		t.Errorf("metadata %+v, want %+v", info, testInfo)
	}
	wantGame := GameRow{Game: "coin", Index: 4, Set: 1, Seed: 1<<63 + 5, Rules: "three", Lineup: []int32{0, 1, 1},
		Strategies: []string{"a", "b?x=1", "b?x=1"}, Scores: []float64{3, -1, -2}, Placements: []int32{1, 2, 3}, Length: 2,
		Stats: map[string]float64{"rounds": 2}}
	if len(games) != 3 || !reflect.DeepEqual(games[0], wantGame) {
		t.Errorf("games[0] = %+v\nwant %+v", games[0], wantGame)
	}
	seats, _, err := ReadAll[SeatRow](filepath.Join(dir, "seats.parquet"), Seats)
	if err != nil {
		t.Fatal(err)
	}
	wantSeat := SeatRow{Index: 4, Seat: 1, Player: 1, Strategy: "b?x=1", Score: -1, Placement: 2, Tag: "wolf", Stats: map[string]float64{"wins": 0, "calls": 2}}
	if len(seats) != 9 || !reflect.DeepEqual(seats[1], wantSeat) {
		t.Errorf("seats[1] = %+v\nwant %+v", seats[1], wantSeat)
	}
	dec, _, err := ReadAll[DecisionRow](filepath.Join(dir, "decisions.parquet"), Decisions)
	if err != nil {
		t.Fatal(err)
	}
	if want := (DecisionRow{Index: 4, Step: 1, Seat: 2, Phase: "bid", Legal: []string{"pass"}, Chosen: "pass", FinalScore: -2, FinalPlacement: 3,
		Liarsbar: testFeatures(), Note: "why"}); len(dec) != 2 || !reflect.DeepEqual(dec[1], want) {
		t.Errorf("decisions %+v", dec)
	}
	f, pf, _, err := OpenTable[GameRow](filepath.Join(dir, "games.parquet"), Games)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, rg := range pf.RowGroups() {
		if rg.NumRows() > 2 {
			t.Errorf("row group of %d games, want <= 2", rg.NumRows())
		}
	}
	if len(pf.RowGroups()) != 2 {
		t.Errorf("%d row groups, want 2", len(pf.RowGroups()))
	}
}

// ReadRun gives back the Games (what the summaries are computed from).
func TestReadRunRebuildsRecords(t *testing.T) {
	dir := t.TempDir()
	writeRun(t, dir)
	want := testRecords()
	i := 0
	_, err := ReadRun(dir, func(r *Game) error {
		w := want[i]
		i++
		if r.Index != w.Index || r.Set != w.Set || r.Seed != w.Seed || r.Length != w.Length ||
			!reflect.DeepEqual(r.Lineup, w.Lineup) || !reflect.DeepEqual(r.Result.Score, w.Result.Score) ||
			!reflect.DeepEqual(r.Result.Placement, w.Result.Placement) {
			t.Errorf("record %d = %+v, want %+v", i, r, w)
		}
		if w.Result.SeatTags != nil && !reflect.DeepEqual(r.Result.SeatTags, w.Result.SeatTags) {
			t.Errorf("tags %v", r.Result.SeatTags)
		}
		if len(w.Decisions) != len(r.Decisions) || (len(w.Decisions) > 0 && !reflect.DeepEqual(w.Decisions, r.Decisions)) {
			t.Errorf("decisions %+v, want %+v", r.Decisions, w.Decisions)
		}
		if w.Result.SeatStats != nil && !reflect.DeepEqual(r.Result.SeatStats[1], w.Result.SeatStats[1]) {
			t.Errorf("seat stats %v", r.Result.SeatStats)
		}
		return nil
	})
	if err != nil || i != 3 {
		t.Fatalf("ReadRun: %v after %d records", err, i)
	}
}

func TestForeignFilesAreRejected(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "games.parquet")
	os.WriteFile(text, []byte("this is not parquet at all"), 0o644)
	if _, err := ReadRun(dir, func(*Game) error { return nil }); !errors.Is(err, ErrForeign) {
		t.Errorf("text file: %v", err)
	}
	// Someone else's Parquet file.
	type other struct {
		X int64 `parquet:"x"`
	}
	f, err := os.Create(text)
	if err != nil {
		t.Fatal(err)
	}
	w := parquet.NewGenericWriter[other](f)
	if _, err := w.Write([]other{{1}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadRun(dir, func(*Game) error { return nil }); !errors.Is(err, ErrForeign) {
		t.Errorf("foreign parquet: %v", err)
	}
	// Our seats table under the games name.
	d2 := t.TempDir()
	writeRun(t, d2)
	os.Rename(filepath.Join(d2, "seats.parquet"), filepath.Join(d2, "games.parquet"))
	if _, err := ReadRun(d2, func(*Game) error { return nil }); !errors.Is(err, ErrForeign) {
		t.Errorf("seats as games: %v", err)
	}
	if _, err := ReadRun(t.TempDir(), func(*Game) error { return nil }); err == nil {
		t.Error("empty dir read")
	}
}

func TestAbortLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	w, err := Create(dir, testInfo, 0)
	if err != nil {
		t.Fatal(err)
	}
	r := testRecords()[0]
	if err := w.Add(&r); err != nil {
		t.Fatal(err)
	}
	w.Abort()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("abort left %v", ents)
	}
}

// Any bytes under the name games.parquet give an error, never a panic.
func FuzzReadRun(f *testing.F) {
	dir := f.TempDir()
	writeRun(f, dir)
	good, _ := os.ReadFile(filepath.Join(dir, "games.parquet"))
	f.Add(good)
	f.Add([]byte("PAR1PAR1"))
	f.Add(good[:len(good)/2])
	f.Fuzz(func(t *testing.T, data []byte) {
		d := t.TempDir()
		for _, name := range []string{"games.parquet", "seats.parquet"} {
			if err := os.WriteFile(filepath.Join(d, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// bad bytes are bad input: an ErrForeign or ErrRead error, never a
		// panic nor an unclassified error (the CLI's exit 2 rests on it)
		_, err := ReadRun(d, func(*Game) error { return nil })
		if err != nil && !errors.Is(err, ErrForeign) && !errors.Is(err, ErrRead) {
			t.Errorf("ReadRun: unclassified error %v", err)
		}
		_, _, err = ReadAll[GameRow](filepath.Join(d, "games.parquet"), Games)
		if err != nil && !errors.Is(err, ErrForeign) && !errors.Is(err, ErrRead) {
			t.Errorf("ReadAll: unclassified error %v", err)
		}
	})
}

// A run without decisions written over one with them removes the stale
// decisions file, so a directory never mixes runs.
func TestRewriteDropsStaleDecisions(t *testing.T) {
	dir := t.TempDir()
	writeRun(t, dir)
	info := testInfo
	info.Decisions = false
	w, err := Create(dir, info, 0)
	if err != nil {
		t.Fatal(err)
	}
	r := testRecords()[1]
	if err := w.Add(&r); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "decisions.parquet")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stale decisions.parquet: %v", err)
	}
}

// Thousands of games across many row groups and read buffers come back
// exactly, seat stats and tags included (the reader must not let a later
// read overwrite rows it still holds).
func TestReadRunManyGamesExactly(t *testing.T) {
	dir := t.TempDir()
	info := testInfo
	info.Decisions = false
	w, err := Create(dir, info, 100)
	if err != nil {
		t.Fatal(err)
	}
	const n = 3000
	mk := func(i int) Game {
		r := Game{Index: int64(i), Set: int64(i / 3), Seed: uint64(i) * 7, Lineup: []int{i % 2, 1 - i%2, 1}, Length: int32(i % 50),
			Result: sim.Result{Score: []float64{float64(i), 0, -float64(i)}, Placement: []int8{1, 2, 3},
				SeatStats: []map[string]float64{{"a": float64(i)}, {"b": float64(i + 1)}, {"a": 1, "c": float64(-i)}},
				SeatTags:  []string{fmt.Sprint("t", i), "x", fmt.Sprint("u", i%7)}}}
		if i == 0 {
			r.Result.Placement = []int8{1, 1, 3}
		}
		return r
	}
	for i := range n {
		r := mk(i)
		if err := w.Add(&r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	i := 0
	if _, err := ReadRun(dir, func(r *Game) error {
		want := mk(i)
		i++
		if r.Index != want.Index || !reflect.DeepEqual(r.Result.SeatStats, want.Result.SeatStats) ||
			!reflect.DeepEqual(r.Result.SeatTags, want.Result.SeatTags) || !reflect.DeepEqual(r.Result.Score, want.Result.Score) {
			return fmt.Errorf("game %d read back as %+v", want.Index, r)
		}
		return nil
	}); err != nil || i != n {
		t.Fatalf("%v after %d games", err, i)
	}
}

// testFeatures is a liar's bar feature row with every kind of column set.
func testFeatures() *sl.Features {
	return &sl.Features{Round: 3, TableCard: "K", Hand: []string{"Q", "K", "Joker"}, Alive: []bool{true, false, true},
		Cards: []int32{3, 0, 5}, Pulls: []int32{1, 6, 0}, Played: []int32{2, 0, 0}, ShownLies: []int32{1, 0, 0}, ShownTruths: []int32{0, 2, 1},
		Pile: 2, Last: 0, LastCount: 2, PlayCards: []int32{0}, PlayTruthful: []bool{false}}
}
