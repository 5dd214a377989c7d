package datasets

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/parquet-go/parquet-go"

	"gamelab/sim"
)

// ErrForeign reports a file that is not a readable gamelab table: not
// Parquet, another program's Parquet, or a table of another kind.
var ErrForeign = errors.New("not a gamelab table")

// ErrRead reports a run file that cannot be opened or read.
var ErrRead = errors.New("cannot read run")

// OpenTable opens path and checks that it is the gamelab table name with
// the schema of T. The caller closes the returned file.
func OpenTable[T any](path, name string) (*os.File, *parquet.File, RunInfo, error) {
	var info RunInfo
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, info, fmt.Errorf("%w: %v", ErrRead, err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, info, fmt.Errorf("%w: %v", ErrRead, err)
	}
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		f.Close()
		return nil, nil, info, fmt.Errorf("%w: %s: %v", ErrForeign, path, err)
	}
	fail := func(format string, args ...any) (*os.File, *parquet.File, RunInfo, error) {
		f.Close()
		return nil, nil, info, fmt.Errorf("%w: %s: %s", ErrForeign, path, fmt.Sprintf(format, args...))
	}
	if got, _ := pf.Lookup(KeyTable); got != name {
		return fail("metadata %s is %q, want %q", KeyTable, got, name)
	}
	raw, _ := pf.Lookup(KeyRun)
	if err := json.Unmarshal([]byte(raw), &info); err != nil {
		return fail("metadata %s: %v", KeyRun, err)
	}
	var zero T
	if !parquet.EqualNodes(pf.Schema(), parquet.SchemaOf(zero)) {
		return fail("schema differs from this version's %s table", name)
	}
	return f, pf, info, nil
}

// ReadAll reads every row of a table file (for tests and small files).
func ReadAll[T any](path, name string) (rows []T, info RunInfo, err error) {
	defer recoverCorrupt(path, &err)
	f, pf, info, err := OpenTable[T](path, name)
	if err != nil {
		return nil, info, err
	}
	defer f.Close()
	r := parquet.NewGenericReader[T](pf)
	defer r.Close()
	var out []T
	buf := make([]T, 256)
	for {
		clear(buf) // parquet-go fills maps and slices already in the rows
		n, err := r.Read(buf)
		out = append(out, buf[:n]...)
		if err == io.EOF {
			return out, info, nil
		}
		if err != nil {
			return nil, info, fmt.Errorf("datasets: %s: %w", path, err)
		}
	}
}

// Info reads the run configuration of a run directory.
func Info(dir string) (RunInfo, error) {
	f, _, info, err := OpenTable[GameRow](filepath.Join(dir, Games+".parquet"), Games)
	if err != nil {
		return info, err
	}
	f.Close()
	return info, nil
}

// ReadRun streams the games of a run directory back as Games, in file
// order, reading games.parquet and seats.parquet (and decisions.parquet
// when the run recorded decisions) side by side with memory bounded by the
// read buffers. The Game passed to fn is reused.
func ReadRun(dir string, fn func(*Game) error) (info RunInfo, err error) {
	defer recoverCorrupt(dir, &err)
	gf, gp, info, err := OpenTable[GameRow](filepath.Join(dir, Games+".parquet"), Games)
	if err != nil {
		return info, err
	}
	defer gf.Close()
	sf, sp, sinfo, err := OpenTable[SeatRow](filepath.Join(dir, Seats+".parquet"), Seats)
	if err != nil {
		return info, err
	}
	defer sf.Close()
	if sinfo.Seed != info.Seed || sinfo.First != info.First || sinfo.End != info.End || sinfo.Game != info.Game {
		return info, fmt.Errorf("%w: %s: games and seats come from different runs", ErrForeign, dir)
	}
	var dr *parquet.GenericReader[DecisionRow]
	if info.Decisions {
		df, dp, dinfo, err := OpenTable[DecisionRow](filepath.Join(dir, Decisions+".parquet"), Decisions)
		if err != nil {
			return info, err
		}
		defer df.Close()
		if dinfo.Seed != info.Seed || dinfo.First != info.First || dinfo.End != info.End {
			return info, fmt.Errorf("%w: %s: games and decisions come from different runs", ErrForeign, dir)
		}
		dr = parquet.NewGenericReader[DecisionRow](dp)
		defer dr.Close()
	}
	decs := make([]DecisionRow, 1024)
	var dq []DecisionRow
	dEOF := false
	gr := parquet.NewGenericReader[GameRow](gp)
	defer gr.Close()
	sr := parquet.NewGenericReader[SeatRow](sp)
	defer sr.Close()
	games := make([]GameRow, 128)
	seats := make([]SeatRow, 1024)
	var sq []SeatRow // seat rows read but not used yet
	var rec Game
	sEOF := false
	for {
		// parquet-go reuses the maps and slices already in the rows it
		// reads into; zeroed rows get fresh ones, so rows still held (and
		// records already handed out) are never overwritten.
		clear(games)
		n, gerr := gr.Read(games)
		if gerr != nil && gerr != io.EOF {
			return info, fmt.Errorf("datasets: %s: %w", dir, gerr)
		}
		for _, g := range games[:n] {
			for len(sq) < len(g.Lineup) && !sEOF {
				clear(seats)
				m, serr := sr.Read(seats)
				if serr != nil && serr != io.EOF {
					return info, fmt.Errorf("datasets: %s: %w", dir, serr)
				}
				sq = append(sq, seats[:m]...)
				sEOF = serr == io.EOF
			}
			if len(sq) < len(g.Lineup) {
				return info, fmt.Errorf("%w: %s: seats.parquet ends before game %d", ErrForeign, dir, g.Index)
			}
			if err := toRecord(&g, sq[:len(g.Lineup)], &rec); err != nil {
				return info, fmt.Errorf("%w: %s: %v", ErrForeign, dir, err)
			}
			sq = sq[len(g.Lineup):]
			if dr != nil {
				need := int(g.Length)
				for len(dq) < need && !dEOF {
					clear(decs)
					m, derr := dr.Read(decs)
					if derr != nil && derr != io.EOF {
						return info, fmt.Errorf("datasets: %s: %w", dir, derr)
					}
					dq = append(dq, decs[:m]...)
					dEOF = derr == io.EOF
				}
				if len(dq) < need {
					return info, fmt.Errorf("%w: %s: decisions.parquet ends before game %d", ErrForeign, dir, g.Index)
				}
				rec.Decisions = rec.Decisions[:0]
				for i := range dq[:need] {
					d := &dq[i]
					if d.Index != g.Index {
						return info, fmt.Errorf("%w: %s: decision of game %d where game %d belongs", ErrForeign, dir, d.Index, g.Index)
					}
					rec.Decisions = append(rec.Decisions, Decision{Step: d.Step, Seat: int8(d.Seat), Legal: d.Legal, Chosen: d.Chosen,
						ChosenIndex: d.ChosenIndex, Phase: d.Phase, Features: d.features(), Note: d.Note})
				}
				dq = dq[need:]
			}
			if err := fn(&rec); err != nil {
				return info, err
			}
		}
		if gerr == io.EOF {
			break
		}
	}
	if len(sq) > 0 {
		return info, fmt.Errorf("%w: %s: %d seat rows without a game", ErrForeign, dir, len(sq))
	}
	return info, nil
}

// recoverCorrupt turns a panic of the Parquet library on a corrupt file
// (it panics on some malformed pages) into ErrForeign.
func recoverCorrupt(path string, err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%w: %s: corrupt file (%v)", ErrForeign, path, r)
	}
}

func toRecord(g *GameRow, seats []SeatRow, r *Game) error {
	n := len(g.Lineup)
	if len(g.Scores) != n || len(g.Placements) != n {
		return fmt.Errorf("game %d: %d seats, %d scores, %d placements", g.Index, n, len(g.Scores), len(g.Placements))
	}
	*r = Game{Index: g.Index, Set: g.Set, Seed: g.Seed, Length: g.Length, Lineup: r.Lineup[:0]}
	r.Result = sim.Result{Score: g.Scores, Placement: make([]int8, n), Stats: g.Stats, SeatStats: make([]map[string]float64, n), SeatTags: make([]string, n)}
	for i, p := range g.Placements {
		r.Result.Placement[i] = int8(p)
	}
	for i, p := range g.Lineup {
		r.Lineup = append(r.Lineup, int(p))
		s := seats[i]
		if s.Index != g.Index || int(s.Seat) != i {
			return fmt.Errorf("seat row (game %d, seat %d) where game %d seat %d belongs", s.Index, s.Seat, g.Index, i)
		}
		r.Result.SeatStats[i] = s.Stats
		r.Result.SeatTags[i] = s.Tag
	}
	if err := r.Result.Validate(n); err != nil {
		return fmt.Errorf("game %d: %v", g.Index, err)
	}
	return nil
}
