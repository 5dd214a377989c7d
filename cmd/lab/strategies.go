package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"gamelab/arena"
)

func init() {
	register(&command{name: "strategies", summary: "list every strategy with its parameters, types, defaults and ranges", run: runStrategies})
}

const strategiesAbout = `Lists the strategies of every game (or of --game) as the arena, sprt and
tune take them: name?param=value&param=value. Each parameter shows its type
(real, int or bool), default and range; values outside the range, and
fractions for int and bool parameters, are refused.`

// strategyListing is one strategy in lab strategies --json.
type strategyListing struct {
	Game   string         `json:"game"`
	Name   string         `json:"name"`
	Help   string         `json:"help"`
	Params []paramListing `json:"params"`
}

type paramListing struct {
	Name    string  `json:"name"`
	Type    string  `json:"type"`
	Default float64 `json:"default"`
	Min     float64 `json:"min"`
	Max     float64 `json:"max"`
	Help    string  `json:"help"`
}

func runStrategies(ctx context.Context, args []string) error {
	return strategiesMain(args, stdout)
}

func strategiesMain(args []string, w io.Writer) error {
	fs := flagSet("lab strategies [--game G] [--json]", strategiesAbout)
	game := fs.String("game", "", "only this game: "+strings.Join(arena.Games(), ", "))
	asJSON := fs.Bool("json", false, "print JSON instead of text")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("lab strategies: unexpected argument %q", pos[0])
	}
	games := arena.Games()
	if *game != "" {
		r, err := arena.Lookup(*game)
		if err != nil {
			return usagef("--game: %v", err)
		}
		games = []string{r.Name()}
	}
	list := []strategyListing{}
	for _, g := range games {
		r, _ := arena.Lookup(g)
		for _, name := range r.Strategies() {
			ps, err := r.Params(name)
			if err != nil {
				return err
			}
			s := strategyListing{Game: g, Name: name, Help: r.Help(name), Params: []paramListing{}}
			for _, p := range ps {
				s.Params = append(s.Params, paramListing{Name: p.Name, Type: p.Kind.String(), Default: p.Default, Min: p.Min, Max: p.Max, Help: p.Help})
			}
			list = append(list, s)
		}
	}
	if *asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(list)
	}
	last := ""
	for _, s := range list {
		if s.Game != last {
			if last != "" {
				fmt.Fprintln(w)
			}
			fmt.Fprintf(w, "%s\n", s.Game)
			last = s.Game
		}
		fmt.Fprintf(w, "  %s: %s\n", s.Name, s.Help)
		for _, p := range s.Params {
			fmt.Fprintf(w, "      %-12s %-4s default %-6g in [%g, %g]  %s\n", p.Name, p.Type, p.Default, p.Min, p.Max, p.Help)
		}
	}
	return nil
}
