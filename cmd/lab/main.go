package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
)

// command is one verb of the CLI.
type command struct {
	name    string
	summary string // one line for the verb list
	run     func(ctx context.Context, args []string) error
}

var commands []*command

// register adds a verb; called from init functions of the verb files.
func register(c *command) {
	commands = append(commands, c)
}

// groups holds the sub-verbs of verbs such as "mahjong", "live", "serve".
var groups = map[string][]*command{}

// groupSummary is the one-line summary of each group verb.
var groupSummary = map[string]string{
	"mahjong":     "mahjong hand tools and log replay (analyze, score, replay)",
	"live":        "play live with a strategy (mahjong on Nostr, tavern bot, werewolf client)",
	"serve":       "run a game server (werewolf)",
	"demo":        "run a whole live path offline on 127.0.0.1",
	"referee":     "run our engine as the server side of a live protocol",
	"tavern":      "tavern protocol tools (dealer)",
	"mcp":         "MCP tool servers for LLM players",
	"bulletpoker": "bullet poker tools (play a match, rank showdown hands)",
	"liarsbar":    "liar's bar tools",
	"werewolf":    "werewolf tools",
}

// registerSub adds a sub-verb under a group verb ("lab live mahjong"),
// creating the group on first use. Call it from init functions.
func registerSub(group string, c *command) {
	if _, ok := groups[group]; !ok {
		summary := groupSummary[group]
		if summary == "" {
			summary = group + " commands"
		}
		register(&command{name: group, summary: summary, run: func(ctx context.Context, args []string) error {
			return dispatch(ctx, group, groups[group], args)
		}})
	}
	groups[group] = append(groups[group], c)
}

// usageError marks bad input from the user: one line, exit code 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// usagef returns a usageError; use it for unknown names and bad values.
func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// exitError carries a specific exit code with a message (e.g. 1 for "the
// hand cannot win" or "replay mismatch").
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// errHelpShown means --help printed usage: exit 0.
var errHelpShown = errors.New("help shown")

// flagSet returns a FlagSet for a verb whose usage line is usage (e.g.
// "lab arena [flags]") and whose description is about.
func flagSet(usage, about string) *flag.FlagSet {
	fs := flag.NewFlagSet(usage, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		w := stdout
		fmt.Fprintf(w, "usage: %s\n", usage)
		if about != "" {
			fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(about))
		}
		has := false
		fs.VisitAll(func(*flag.Flag) { has = true })
		if has {
			fmt.Fprintln(w, "\nflags:")
			printDefaults(fs, w)
		}
	}
	return fs
}

// parseFlags parses args allowing flags after positional arguments
// ("lab mahjong score 123m --win 3m"); "--" ends flag parsing. It returns
// the positional arguments. --help prints usage and returns errHelpShown;
// a bad flag returns a usageError naming it.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	usage := fs.Usage
	fs.Usage = func() {} // the flag package calls it on every error
	defer func() { fs.Usage = usage }()
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				usage()
				return nil, errHelpShown
			}
			return nil, &usageError{verbName(fs.Name()) + ": " + err.Error()}
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// dispatch runs a sub-verb from subs ("lab mahjong analyze …").
func dispatch(ctx context.Context, parent string, subs []*command, args []string) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		printVerbs(stdout, "lab "+parent, subs)
		if len(args) == 0 {
			return usagef("lab %s: missing sub-command", parent)
		}
		return errHelpShown
	}
	for _, c := range subs {
		if c.name == args[0] {
			return c.run(ctx, args[1:])
		}
	}
	if parent == "" {
		return usagef("unknown command %q (want one of %s)", args[0], names(subs))
	}
	return usagef("lab %s: unknown sub-command %q (want one of %s)", parent, args[0], names(subs))
}

func names(cs []*command) string {
	var n []string
	for _, c := range cs {
		n = append(n, c.name)
	}
	return strings.Join(n, ", ")
}

func printVerbs(w io.Writer, prog string, cs []*command) {
	fmt.Fprintf(w, "usage: %s <command> [flags] [args]\n\ncommands:\n", prog)
	cs = slices.Clone(cs)
	slices.SortFunc(cs, func(a, b *command) int { return strings.Compare(a.name, b.name) })
	width := 0
	for _, c := range cs {
		width = max(width, len(c.name))
	}
	for _, c := range cs {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprintf(w, "\nRun '%s <command> --help' for a command's flags.\n", prog)
}

func main() {
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	ctx, cancel := notifyInterrupt(sig)
	code := run(ctx, os.Args[1:], os.Stderr)
	signal.Stop(sig)
	close(sig)
	cancel()
	os.Exit(code)
}

// atExit are run after every command with the CLI's stderr (e.g. to close
// external bots and report on them).
var atExit []func(stderr io.Writer)

// run executes the CLI and returns the process exit code: 0, 1 (a
// failure, or a verdict such as "H0 accepted"), 2 (bad input) or
// exitInterrupted (Ctrl-C; the verb has removed what it had not finished).
func run(ctx context.Context, args []string, stderr io.Writer) int {
	err := dispatchTop(ctx, args)
	for _, f := range atExit {
		f(stderr)
	}
	var ue *usageError
	var ee *exitError
	switch {
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, errorLine(ue.msg))
		return 2
	case interrupted(ctx, err):
		fmt.Fprintln(stderr, "lab: interrupted")
		return exitInterrupted
	case err == nil, errors.Is(err, errHelpShown):
		return 0
	case errors.As(err, &ee):
		if ee.msg != "" {
			fmt.Fprintln(stderr, errorLine(ee.msg))
		}
		return ee.code
	default:
		fmt.Fprintln(stderr, errorLine(err.Error()))
		return 1
	}
}

func dispatchTop(ctx context.Context, args []string) error {
	if len(args) > 0 && args[0] == "help" {
		if len(args) == 1 {
			printVerbs(stdout, "lab", commands)
			return nil
		}
		args = []string{args[1], "--help"}
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		printVerbs(stdout, "lab", commands)
		if len(args) == 0 {
			return usagef("missing command")
		}
		return errHelpShown
	}
	return dispatch(ctx, "", commands, args)
}
