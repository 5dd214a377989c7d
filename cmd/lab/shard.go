package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"gamelab/datasets"
)

// Resumable shards (docs/cluster.md): a sharded run with --out writes a
// marker (datasets.MarkerFile) saying "started" before its first game and
// "complete" after its files are in place. Running the same shard again
// into a complete directory does nothing, so a whole job array can be
// resubmitted after a failure and only the lost shards play again.

// runArgs returns the lab arena arguments of a run without the per-shard
// flags (--shard, --out) and with the root seed explicit: what every shard
// of the run shares.
func runArgs(args []string, seed uint64) []string {
	drop := map[string]bool{"shard": true, "out": true, "seed": true}
	var keep []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && a != "-" && a != "--" && drop[name] {
			if !hasValue {
				i++ // the value is the next argument
			}
			continue
		}
		keep = append(keep, a)
	}
	return append(keep, "--seed", strconv.FormatUint(seed, 10))
}

// shardMarker is the marker of info's shard of the run made by args.
func shardMarker(info datasets.RunInfo, args []string, complete bool) datasets.Marker {
	return datasets.Marker{Complete: complete, Shard: info.Shard, First: info.First, End: info.End, Total: info.Total,
		Config: info.ConfigHash(), Args: runArgs(args, uint64(info.Seed)), Version: info.Version}
}

// shardComplete tells whether out already holds info's shard, finished.
// A directory holding any part of another run is refused rather than
// overwritten.
func shardComplete(out string, info datasets.RunInfo) (bool, error) {
	m, err := datasets.ReadMarker(out)
	if errors.Is(err, datasets.ErrNoMarker) {
		return false, nil
	}
	if err != nil {
		return false, arenaInputError(err)
	}
	if m.Config != info.ConfigHash() || m.First != info.First || m.End != info.End {
		return false, usagef("--out %s holds shard %s of another run (config %.12s, games %d..%d): remove it or choose another directory",
			out, m.Shard, m.Config, m.First, m.End-1)
	}
	return m.Complete, nil
}

// shardState is one directory given to lab merge, as its marker tells it.
type shardState struct {
	dir    string
	marker datasets.Marker
	err    error // no marker, or an unreadable one
}

// mergePlan sorts merge's directories by what their markers say: the run
// they belong to (the one most complete shards share), which of its n
// shards are complete, and which directories are incomplete or of another
// run. ok is false when the markers cannot tell (no complete shard).
type mergePlan struct {
	ref      datasets.Marker
	n        int
	have     map[int]string // shard index -> complete directory
	started  map[int]string // shard index -> interrupted directory
	foreign  []string       // directories of another run
	unmarked []string       // directories without a readable marker
}

func planMerge(dirs []string) (mergePlan, bool) {
	var states []shardState
	votes := map[string]int{}
	for _, d := range dirs {
		m, err := datasets.ReadMarker(d)
		states = append(states, shardState{d, m, err})
		if err == nil && m.Complete {
			votes[m.Config]++
		}
	}
	best := ""
	for c, v := range votes {
		if v > votes[best] || (v == votes[best] && c < best) {
			best = c
		}
	}
	p := mergePlan{have: map[int]string{}, started: map[int]string{}}
	if best == "" {
		return p, false
	}
	for _, s := range states {
		if s.err == nil && s.marker.Complete && s.marker.Config == best {
			p.ref = s.marker
			break
		}
	}
	_, n, err := parseShard(p.ref.Shard)
	if err != nil {
		return p, false
	}
	p.n = n
	for _, s := range states {
		switch {
		case s.err != nil:
			p.unmarked = append(p.unmarked, s.dir)
		case s.marker.Config != best:
			p.foreign = append(p.foreign, s.dir)
		default:
			i, _, err := parseShard(s.marker.Shard)
			if err != nil {
				p.unmarked = append(p.unmarked, s.dir)
			} else if s.marker.Complete {
				p.have[i] = s.dir
			} else if p.have[i] == "" {
				p.started[i] = s.dir
			}
		}
	}
	return p, true
}

// missing lists the shard indices without a complete directory.
func (p mergePlan) missing() []int {
	var out []int
	for i := range p.n {
		if p.have[i] == "" {
			out = append(out, i)
		}
	}
	return out
}

// problems describes, in one line, what keeps the directories from merging
// into the whole run ("" when nothing does).
func (p mergePlan) problems() string {
	var parts []string
	if miss := p.missing(); len(miss) > 0 {
		var s []string
		for _, i := range miss {
			t := fmt.Sprintf("%d/%d", i, p.n)
			if d := p.started[i]; d != "" {
				t += " (" + d + " incomplete)"
			}
			s = append(s, t)
		}
		parts = append(parts, "missing shards "+strings.Join(s, ", "))
	}
	if len(p.foreign) > 0 {
		parts = append(parts, "from another run: "+strings.Join(p.foreign, ", "))
	}
	if len(p.unmarked) > 0 {
		parts = append(parts, "no shard marker: "+strings.Join(p.unmarked, ", "))
	}
	return strings.Join(parts, "; ")
}

// commands returns the lab arena command lines that produce the missing
// shards, each into the directory its siblings' names suggest.
func (p mergePlan) commands() []string {
	var out []string
	for _, i := range p.missing() {
		dir := p.started[i]
		if dir == "" {
			dir = p.siblingDir(i)
		}
		args := append([]string{"lab", "arena"}, p.ref.Args...)
		args = append(args, "--shard", fmt.Sprintf("%d/%d", i, p.n), "--out", dir)
		out = append(out, shellJoin(args))
	}
	return out
}

var lastNumber = regexp.MustCompile(`\d+(\D*)$`)

// siblingDir names shard i's directory after a complete shard's: its last
// number replaced by i (runs/shard-3 -> runs/shard-1), or shard-i beside it.
func (p mergePlan) siblingDir(i int) string {
	for j := range p.n {
		d := p.have[j]
		if d == "" {
			continue
		}
		base := filepath.Base(d)
		if m := lastNumber.FindStringSubmatchIndex(base); m != nil && base[m[0]:m[2]] == strconv.Itoa(j) {
			return filepath.Join(filepath.Dir(d), base[:m[0]]+strconv.Itoa(i)+base[m[2]:])
		}
		return filepath.Join(filepath.Dir(d), "shard-"+strconv.Itoa(i))
	}
	return "shard-" + strconv.Itoa(i)
}

// shellJoin quotes arguments for a POSIX shell where needed.
func shellJoin(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a != "" && strings.IndexFunc(a, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=,:@+", r))
		}) < 0 {
			q[i] = a
		} else {
			q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(q, " ")
}

// startShard marks out as holding a started, unfinished shard.
func startShard(out string, m datasets.Marker) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	return datasets.WriteMarker(out, m)
}
