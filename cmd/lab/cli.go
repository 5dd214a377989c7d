package main

// The CLI's shared vocabulary: one output writer, one error prefix, the
// interrupt exit code, game-name spellings, flag aliases, and checks every
// verb applies the same way.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
)

// stdout is where every verb prints its results (tables, JSON, logs of a
// match). Diagnostics and progress go to stderr. Tests swap it.
var stdout io.Writer = os.Stdout

// exitInterrupted is the exit code after Ctrl-C (128 + SIGINT), as shells use.
const exitInterrupted = 130

// errorLine formats an error for stderr with the single "lab" prefix:
// messages that already name their verb ("lab arena: …") keep it,
// others get "lab: ".
func errorLine(msg string) string {
	msg = strings.TrimPrefix(msg, "lab: ")
	if strings.HasPrefix(msg, "lab ") {
		return msg
	}
	return "lab: " + msg
}

// verbName is the verb part of a usage line: "lab mahjong score HAND
// [flags]" → "lab mahjong score".
func verbName(usage string) string {
	words := strings.Fields(usage)
	n := 0
	for n < len(words) && isVerbWord(words[n]) {
		n++
	}
	return strings.Join(words[:max(n, 1)], " ")
}

func isVerbWord(w string) bool {
	if w == "" || w[0] < 'a' || w[0] > 'z' {
		return false
	}
	for _, r := range w {
		if (r < 'a' || r > 'z') && r != '-' {
			return false
		}
	}
	return true
}

// parseNoArgs parses a verb's flags and refuses any positional argument:
// a stray word such as "lab arena liarsbar" is an error, not ignored.
func parseNoArgs(fs *flag.FlagSet, args []string) error {
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	return noArgs(fs, pos)
}

// noArgs returns a usage error naming the first of pos, if any.
func noArgs(fs *flag.FlagSet, pos []string) error {
	if len(pos) == 0 {
		return nil
	}
	hint := ""
	if fs.Lookup("game") != nil && gameKey(pos[0]) != "" {
		for _, g := range knownGames {
			if gameKey(g) == gameKey(pos[0]) {
				hint = fmt.Sprintf(" (did you mean --game %s?)", pos[0])
			}
		}
	}
	return usagef("%s: unexpected argument %q%s", verbName(fs.Name()), pos[0], hint)
}

// knownGames lists the game names every verb accepts, in their plain
// spelling; gameKey makes "liars_bar" and "liarsbar" the same game.
var knownGames = []string{"mahjong", "liarsbar", "bulletpoker", "werewolf"}

// gameKey is a game name without case, underscores or hyphens.
func gameKey(name string) string {
	return strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(name))
}

// matchGame returns the member of names spelled like name up to case,
// underscores and hyphens ("liars_bar" for "liarsbar" among the tavern's
// names), or name itself when none matches, so the caller's own error
// names what the user typed.
func matchGame(name string, names []string) string {
	for _, n := range names {
		if gameKey(n) == gameKey(name) {
			return n
		}
	}
	return name
}

// hidden holds flags kept for old command lines but not listed in --help.
var hidden = map[*flag.Flag]bool{}

// aliasFlag makes alias another name of the flag name (which must exist),
// accepted but not listed in --help (e.g. --preset for --rules).
func aliasFlag(fs *flag.FlagSet, alias, name string) {
	f := fs.Lookup(name)
	fs.Var(f.Value, alias, "the former name of --"+name)
	hidden[fs.Lookup(alias)] = true
}

// printDefaults prints fs's flags to w as flag.PrintDefaults does, without
// the hidden aliases.
func printDefaults(fs *flag.FlagSet, w io.Writer) {
	shown := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	fs.VisitAll(func(f *flag.Flag) {
		if !hidden[f] {
			shown.Var(f.Value, f.Name, f.Usage)
			shown.Lookup(f.Name).DefValue = f.DefValue
		}
	})
	shown.SetOutput(w)
	shown.PrintDefaults()
}

// notifyInterrupt returns a context cancelled by the first Ctrl-C (or
// SIGTERM): verbs stop at the next game, remove unfinished outputs and
// return. A second Ctrl-C exits at once with exitInterrupted.
func notifyInterrupt(sig <-chan os.Signal) (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		if _, ok := <-sig; !ok {
			return
		}
		cancel()
		if _, ok := <-sig; ok {
			fmt.Fprintln(os.Stderr, "lab: interrupted twice, exiting")
			os.Exit(exitInterrupted)
		}
	}()
	return ctx, cancel
}

// interrupted reports whether err or ctx says the run was cut short by
// the user (the context was cancelled, not timed out).
func interrupted(ctx context.Context, err error) bool {
	return errors.Is(ctx.Err(), context.Canceled) || errors.Is(err, context.Canceled)
}

// version returns the module version and VCS revision of this build, e.g.
// "(devel) 8410ef5c1a2b+dirty go1.26.8". The revision comes from
// debug.ReadBuildInfo; builds that carry none (go run, -buildvcs=false, a
// git worktree) ask git about the source directory this file was compiled
// from, when it is still there.
var version = sync.OnceValue(func() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	rev, dirty := "", ""
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev == "" {
		rev, dirty = sourceRevision()
	}
	if rev == "" {
		rev = "unknown-revision"
	}
	return v + " " + rev[:min(12, len(rev))] + dirty + " " + bi.GoVersion
})

// sourceRevision asks git for the commit of the directory this file was
// compiled from and whether the tree has uncommitted changes.
func sourceRevision() (rev, dirty string) {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return "", ""
	}
	dir := filepath.Dir(file)
	if _, err := os.Stat(dir); err != nil {
		return "", ""
	}
	out, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output()
	if err != nil {
		return "", ""
	}
	rev = strings.TrimSpace(string(out))
	st, err := exec.Command("git", "-C", dir, "status", "--porcelain", "--untracked-files=no").Output()
	if err == nil && len(strings.TrimSpace(string(st))) > 0 {
		dirty = "+dirty"
	}
	return rev, dirty
}
