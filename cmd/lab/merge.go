package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

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
cover every game. Shards written by this version carry a marker
(shard.json): merge then names exactly the shards that are missing,
interrupted or from another run, and --plan prints the lab arena commands
that make the missing ones (a complete shard is never played again).`

// expandDirs expands shell patterns (shard-*) that name no directory
// themselves, for runners without a shell (a distroless container).
func expandDirs(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		if _, err := os.Stat(a); err == nil || !strings.ContainsAny(a, "*?[") {
			out = append(out, a)
			continue
		}
		m, err := filepath.Glob(a)
		if err != nil || len(m) == 0 {
			return nil, usagef("merge: no directory matches %q", a)
		}
		out = append(out, m...)
	}
	return out, nil
}

func runMerge(ctx context.Context, args []string) error {
	fs := flagSet("lab merge --out OUT SHARD_DIR...", mergeAbout)
	out := fs.String("out", "", "directory to write the merged run into")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	plan := fs.Bool("plan", false, "print the lab arena commands that would produce the missing shards, and exit")
	dirs, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if (*out == "" && !*plan) || len(dirs) == 0 {
		return usagef("merge: want --out OUT (or --plan) and at least one shard directory")
	}
	if dirs, err = expandDirs(dirs); err != nil {
		return err
	}
	p, marked := planMerge(dirs)
	if *plan {
		return printMergePlan(p, marked)
	}
	if marked {
		if why := p.problems(); why != "" {
			return usagef("merge: %s (lab merge --plan prints the commands that make them)", why)
		}
		dirs = dirs[:0]
		for i := range p.n {
			dirs = append(dirs, p.have[i])
		}
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
	var rec arena.Record
	for _, i := range idx {
		if _, err := datasets.ReadRun(dirs[i], func(g *datasets.Game) error {
			sum.Add(arenaRecord(g, &rec))
			return w.Add(g)
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
		fmt.Fprintf(stdout, "merged %d shards, games 0..%d\n", len(dirs), ref.Total-1)
	}
	return printReport(rep, *asJSON)
}

// printMergePlan prints the commands that complete the run, and what
// cannot be part of it.
func printMergePlan(p mergePlan, marked bool) error {
	if !marked {
		return usagef("merge --plan: no complete shard with a marker among the directories, so nothing tells the run's flags")
	}
	cmds := p.commands()
	if len(cmds) == 0 {
		fmt.Fprintf(stdout, "# all %d shards complete: nothing to run\n", p.n)
	}
	for _, c := range cmds {
		fmt.Fprintln(stdout, c)
	}
	if len(p.foreign) > 0 {
		fmt.Fprintf(stdout, "# not part of this run (other configuration): %s\n", strings.Join(p.foreign, " "))
	}
	if len(p.unmarked) > 0 {
		fmt.Fprintf(stdout, "# no shard marker: %s\n", strings.Join(p.unmarked, " "))
	}
	return nil
}
