package main

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"

	"gamelab/arena"
	"gamelab/datasets"
)

func init() {
	register(&command{name: "merge", summary: "combine shard directories of one run into one run directory", run: runMerge})
}

const mergeAbout = `Combines the output directories of lab arena --shard i/n runs into OUT:
the Parquet files (decisions too, when the shards have them) concatenated
in game order and the summary recomputed, which gives exactly the files
and summary of the unsharded run. The shards
must come from one run (game, rules, players, schedule, seed) and together
cover every game.`

func runMerge(ctx context.Context, args []string) error {
	fs := flagSet("lab merge --out OUT SHARD_DIR...", mergeAbout)
	out := fs.String("out", "", "directory to write the merged run into")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	dirs, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *out == "" || len(dirs) == 0 {
		return usagef("merge: want --out OUT and at least one shard directory")
	}
	infos := make([]datasets.RunInfo, len(dirs))
	for i, d := range dirs {
		if infos[i], err = datasets.Info(d); err != nil {
			return arenaInputError(err)
		}
	}
	idx := make([]int, len(dirs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return int(infos[a].First - infos[b].First) })
	ref := infos[idx[0]]
	next := int64(0)
	for _, i := range idx {
		in := infos[i]
		if in.Game != ref.Game || in.RulesJSON != ref.RulesJSON || !slices.Equal(in.Players, ref.Players) ||
			in.Schedule != ref.Schedule || in.Seed != ref.Seed || in.Total != ref.Total || in.Decisions != ref.Decisions {
			return usagef("merge: %s is from another run than %s", dirs[i], dirs[idx[0]])
		}
		if in.First != next {
			return usagef("merge: games %d..%d are missing or overlap (next shard %s starts at %d)", next, in.First-1, dirs[i], in.First)
		}
		next = in.End
	}
	if next != ref.Total {
		return usagef("merge: shards end at game %d of %d", next, ref.Total)
	}
	m, err := runMatch(ref)
	if err != nil {
		return arenaInputError(err)
	}
	info := ref
	info.First, info.End, info.Shard = 0, ref.Total, ""
	w, err := datasets.Create(*out, info, 0)
	if err != nil {
		return err
	}
	sum := arena.NewSummary(m)
	for _, i := range idx {
		if _, err := datasets.ReadRun(dirs[i], func(r *arena.Record) error {
			sum.Add(r)
			return w.Add(r)
		}); err != nil {
			w.Abort()
			return arenaInputError(err)
		}
	}
	rep := finishReport(sum, info)
	if err := w.Close(); err != nil {
		return err
	}
	if err := writeJSONFile(filepath.Join(*out, "summary.json"), rep); err != nil {
		return err
	}
	if !*asJSON {
		fmt.Fprintf(arenaStdout, "merged %d shards, games 0..%d\n", len(dirs), ref.Total-1)
	}
	return printReport(rep, *asJSON)
}
