package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"gamelab/arena"
	"gamelab/datasets"
)

func init() {
	register(&command{name: "export", summary: "replay a run directory into a new one (optionally with per-decision rows) or into mjai logs", run: runExport})
}

const exportAbout = `Replays every game of a run directory from its recorded seed and lineup
(runs are deterministic) and writes a new run directory OUT with
games.parquet, seats.parquet and, with --decisions, decisions.parquet (every
decision's legal actions, chosen index, the seat's final result and the
game's named features of the seat's view: docs/datasets.md). Every replayed
result is checked against the recorded one: a mismatch exits 1.
With --format mjai (mahjong runs only), OUT gets one mjai log per game
instead, every tile shown (docs/mjai.md).`

func runExport(ctx context.Context, args []string) error {
	fs := flagSet("lab export RUN_DIR --out OUT [--decisions | --format mjai [--gzip]]", exportAbout)
	out := fs.String("out", "", "directory to write")
	decisions := fs.Bool("decisions", false, "also write decisions.parquet")
	format := fs.String("format", "parquet", "parquet (a run directory) or mjai (one mjai log per mahjong game: game-N.mjson)")
	gz := fs.Bool("gzip", false, "with --format mjai, gzip each log (game-N.mjson.gz)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || *out == "" {
		return usagef("export: want one run directory and --out OUT")
	}
	if filepath.Clean(pos[0]) == filepath.Clean(*out) {
		return usagef("export: --out must differ from the run directory")
	}
	if *format == "mjai" && *decisions {
		return usagef("export: --decisions writes Parquet rows, not with --format mjai")
	}
	if *format != "mjai" && *gz {
		return usagef("export: --gzip needs --format mjai")
	}
	if *format != "mjai" && *format != "parquet" {
		return usagef("export: --format %q: want parquet or mjai", *format)
	}
	if err := checkWritableDir(*out); err != nil {
		return err
	}
	switch *format {
	case "mjai":
		return exportMjai(pos[0], *out, *gz)
	case "parquet":
	default:
		return usagef("export: --format %q: want parquet or mjai", *format)
	}
	info, err := datasets.Info(pos[0])
	if err != nil {
		return arenaInputError(err)
	}
	m, err := runMatch(info)
	if err != nil {
		return arenaInputError(err)
	}
	info.Decisions = *decisions
	info.Version = version()
	w, err := datasets.Create(*out, info, 0)
	if err != nil {
		return err
	}
	t := m.NewTable()
	var replay arena.Record
	var g datasets.Game
	n := 0
	_, err = datasets.ReadRun(pos[0], func(r *datasets.Game) error {
		if err := t.Play(r.Seed, r.Lineup, &replay, *decisions); err != nil {
			return err
		}
		if !slices.Equal(replay.Result.Score, r.Result.Score) || !slices.Equal(replay.Result.Placement, r.Result.Placement) {
			return &exitError{code: 1, msg: fmt.Sprintf("export: game %d (seed %d) replays to %v, recorded %v: engine or strategy changed since the run", r.Index, r.Seed, replay.Result.Score, r.Result.Score)}
		}
		replay.Index, replay.Set, replay.Seed, replay.Lineup = r.Index, r.Set, r.Seed, r.Lineup
		n++
		return w.Add(datasetGame(&replay, &g))
	})
	if err != nil {
		w.Abort()
		return arenaInputError(err)
	}
	if err := w.Close(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "lab export: replayed %d games into %s\n", n, *out)
	return nil
}

// datasetGame converts an arena Record into the datasets Game g (reused:
// its Decisions keep their capacity) and returns g.
func datasetGame(r *arena.Record, g *datasets.Game) *datasets.Game {
	*g = datasets.Game{Index: r.Index, Set: r.Set, Seed: r.Seed, Lineup: r.Lineup, Result: r.Result, Length: r.Length, Decisions: g.Decisions[:0]}
	for _, d := range r.Decisions {
		g.Decisions = append(g.Decisions, datasets.Decision{Step: d.Step, Seat: d.Seat, Legal: d.Legal, Chosen: d.Chosen,
			ChosenIndex: d.ChosenIndex, Phase: d.Phase, Features: d.Features, Note: d.Note})
	}
	return g
}

// arenaRecord converts a datasets Game back into the arena Record r
// (reused) for the summaries, and returns r.
func arenaRecord(g *datasets.Game, r *arena.Record) *arena.Record {
	*r = arena.Record{Index: g.Index, Set: g.Set, Seed: g.Seed, Lineup: g.Lineup, Result: g.Result, Length: g.Length, Decisions: r.Decisions[:0]}
	for _, d := range g.Decisions {
		r.Decisions = append(r.Decisions, arena.Decision{Step: d.Step, Seat: d.Seat, Legal: d.Legal, Chosen: d.Chosen,
			ChosenIndex: d.ChosenIndex, Phase: d.Phase, Features: d.Features, Note: d.Note})
	}
	return r
}
