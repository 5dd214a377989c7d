package datasets

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/parquet-go/parquet-go"
)

// RowGroupGames is the default number of games per row group: every file's
// row groups are cut at this many games, so a writer holds at most one row
// group of rows in memory however long the run.
const RowGroupGames = 8192

// Writer streams Games into games.parquet, seats.parquet and optionally
// decisions.parquet in a directory. Files are written under temporary
// names and renamed into place by Close; Abort removes them.
type Writer struct {
	dir       string
	info      RunInfo
	rowGroup  int
	games     table[GameRow]
	seats     table[SeatRow]
	decisions *table[DecisionRow]
	n         int
	gbuf      []GameRow
	sbuf      []SeatRow
	dbuf      []DecisionRow
	names     []string
}

type table[T any] struct {
	name string
	f    *os.File
	w    *parquet.GenericWriter[T]
}

func (t *table[T]) open(dir, name, info, version string, rowGroup int) error {
	t.name = name
	f, err := os.CreateTemp(dir, "."+name+".parquet.tmp*")
	if err != nil {
		return err
	}
	t.f = f
	t.w = parquet.NewGenericWriter[T](f,
		parquet.MaxRowsPerRowGroup(int64(rowGroup)),
		parquet.KeyValueMetadata(KeyTable, name),
		parquet.KeyValueMetadata(KeyRun, info),
		createdBy(version),
		parquet.Compression(&parquet.Snappy))
	return nil
}

func (t *table[T]) finish(final string) error {
	err := t.w.Close()
	if err == nil {
		err = t.f.Chmod(0o644)
	}
	if e := t.f.Close(); err == nil {
		err = e
	}
	if err == nil {
		err = os.Rename(t.f.Name(), final)
	}
	return err
}

func (t *table[T]) abort() {
	if t.f != nil {
		t.f.Close()
		os.Remove(t.f.Name())
	}
}

// Create starts writing a run into dir (created if missing). rowGroup <= 0
// means RowGroupGames.
func Create(dir string, info RunInfo, rowGroup int) (*Writer, error) {
	if rowGroup <= 0 {
		rowGroup = RowGroupGames
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	raw, err := json.Marshal(info)
	if err != nil {
		return nil, err
	}
	w := &Writer{dir: dir, info: info, rowGroup: rowGroup}
	if err := w.games.open(dir, Games, string(raw), info.Version, rowGroup); err != nil {
		return nil, err
	}
	if err := w.seats.open(dir, Seats, string(raw), info.Version, rowGroup*8); err != nil {
		w.Abort()
		return nil, err
	}
	if info.Decisions {
		w.decisions = &table[DecisionRow]{}
		if err := w.decisions.open(dir, Decisions, string(raw), info.Version, rowGroup*64); err != nil {
			w.Abort()
			return nil, err
		}
	}
	w.names = info.Players
	return w, nil
}

// Add appends one game. Rows are buffered and flushed as a row group every
// rowGroup games.
func (w *Writer) Add(r *Game) error {
	res := &r.Result
	g := GameRow{Game: w.info.Game, Index: r.Index, Set: r.Set, Seed: r.Seed, Rules: w.info.Rules, Length: r.Length, Stats: res.Stats}
	for seat, p := range r.Lineup {
		g.Lineup = append(g.Lineup, int32(p))
		g.Strategies = append(g.Strategies, w.names[p])
		g.Scores = append(g.Scores, res.Score[seat])
		g.Placements = append(g.Placements, int32(res.Placement[seat]))
		s := SeatRow{Index: r.Index, Seat: int32(seat), Player: int32(p), Strategy: w.names[p], Score: res.Score[seat], Placement: int32(res.Placement[seat])}
		if seat < len(res.SeatTags) {
			s.Tag = res.SeatTags[seat]
		}
		if seat < len(res.SeatStats) {
			s.Stats = res.SeatStats[seat]
		}
		w.sbuf = append(w.sbuf, s)
	}
	w.gbuf = append(w.gbuf, g)
	if w.decisions != nil {
		for _, d := range r.Decisions {
			if int(d.Seat) < 0 || int(d.Seat) >= len(r.Lineup) {
				return fmt.Errorf("datasets: game %d: decision of seat %d at a table of %d", r.Index, d.Seat, len(r.Lineup))
			}
			row := DecisionRow{Index: r.Index, Step: d.Step, Seat: int32(d.Seat), Phase: d.Phase, Legal: d.Legal,
				Chosen: d.Chosen, ChosenIndex: d.ChosenIndex, FinalScore: res.Score[d.Seat], FinalPlacement: int32(res.Placement[d.Seat]), Note: d.Note}
			if err := setFeatures(&row, d.Features); err != nil {
				return err
			}
			w.dbuf = append(w.dbuf, row)
		}
	}
	w.n++
	if len(w.gbuf) >= 256 {
		if err := w.flushBuffers(); err != nil {
			return err
		}
	}
	if w.n%w.rowGroup == 0 {
		return w.flushGroups()
	}
	return nil
}

func (w *Writer) flushBuffers() error {
	if _, err := w.games.w.Write(w.gbuf); err != nil {
		return fmt.Errorf("datasets: writing games: %w", err)
	}
	if _, err := w.seats.w.Write(w.sbuf); err != nil {
		return fmt.Errorf("datasets: writing seats: %w", err)
	}
	if w.decisions != nil {
		if _, err := w.decisions.w.Write(w.dbuf); err != nil {
			return fmt.Errorf("datasets: writing decisions: %w", err)
		}
	}
	clear(w.gbuf)
	clear(w.sbuf)
	w.gbuf, w.sbuf, w.dbuf = w.gbuf[:0], w.sbuf[:0], w.dbuf[:0]
	return nil
}

// flushGroups ends the current row group of every file, so the row groups
// of games, seats and decisions cover the same games.
func (w *Writer) flushGroups() error {
	if err := w.flushBuffers(); err != nil {
		return err
	}
	err := w.games.w.Flush()
	if e := w.seats.w.Flush(); err == nil {
		err = e
	}
	if w.decisions != nil {
		if e := w.decisions.w.Flush(); err == nil {
			err = e
		}
	}
	return err
}

// Close flushes and renames the files into place. On error nothing is left
// under the final names.
func (w *Writer) Close() error {
	if err := w.flushBuffers(); err != nil {
		w.Abort()
		return err
	}
	tables := []interface {
		finish(string) error
	}{&w.games, &w.seats}
	names := []string{Games, Seats}
	if w.decisions != nil {
		tables = append(tables, w.decisions)
		names = append(names, Decisions)
	}
	var errs []error
	for i, t := range tables {
		errs = append(errs, t.finish(filepath.Join(w.dir, names[i]+".parquet")))
	}
	if err := errors.Join(errs...); err != nil {
		for _, n := range names {
			os.Remove(filepath.Join(w.dir, n+".parquet"))
		}
		w.Abort()
		return fmt.Errorf("datasets: %w", err)
	}
	if w.decisions == nil {
		// a decisions file of an earlier run would not match these games
		if err := os.Remove(filepath.Join(w.dir, Decisions+".parquet")); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("datasets: %w", err)
		}
	}
	return nil
}

// Abort removes the temporary files.
func (w *Writer) Abort() {
	w.games.abort()
	w.seats.abort()
	if w.decisions != nil {
		w.decisions.abort()
	}
}

// createdBy is the Parquet footer's created_by option for a
// RunInfo.Version such as "(devel) 8410ef5c1a2b go1.26.8": it reads
// "gamelab version (devel) (build 8410ef5c1a2b go1.26.8)".
func createdBy(version string) parquet.WriterOption {
	v, build, _ := strings.Cut(strings.TrimSpace(version), " ")
	if v == "" {
		v = "unknown"
	}
	return parquet.CreatedBy("gamelab", v+" ", build)
}
