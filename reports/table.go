package reports

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
)

// Tables prints the run configuration and the run's tables: one line per
// strategy (games, mean score, placements, win rate with its 95 %
// interval, rating ± interval), the game's extras (mahjong: Tenhou-style
// rates), the head-to-head crosstable and, when seats carry roles, win
// rates per team and per role.
func Tables(w io.Writer, rep Summary) error {
	Config(w, rep)
	t := newTable(w)
	head := []string{"strategy", "games", "mean score", "placements", "avg place", "win rate (95% CI)", "rating ± 95%"}
	rank := len(rep.Players) > 0 && rep.Players[0].RankPoints != nil
	if rank {
		head = append(head, "rank pt ± 95%")
	}
	t.Header(toAny(head)...)
	for _, p := range rep.Players {
		pl := make([]string, len(p.Placements))
		for i, c := range p.Placements {
			pl[i] = fmt.Sprint(c)
		}
		row := []any{
			p.Name, fmt.Sprint(p.Games),
			fmt.Sprintf("%.3f ± %.3f", p.MeanScore, p.ScoreCI),
			strings.Join(pl, "/"),
			fmt.Sprintf("%.3f", p.AvgPlace),
			fmt.Sprintf("%.1f%% (%.1f–%.1f)", 100*p.WinRate, 100*p.WinCI[0], 100*p.WinCI[1]),
			fmt.Sprintf("%+.0f ± %.0f", p.Elo, p.EloCI),
		}
		if rank {
			cell := ""
			if p.RankPoints != nil {
				cell = fmt.Sprintf("%+.1f ± %.1f", *p.RankPoints, p.RankCI)
			}
			row = append(row, cell)
		}
		if err := t.Append(row...); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	if err := extrasTable(w, rep); err != nil {
		return err
	}
	if err := Crosstable(w, rep); err != nil {
		return err
	}
	return rolesTable(w, rep)
}

// Config prints the run configuration: the lab build (version with its
// VCS revision), game and rules, players, schedule and seed, so a reader
// can tell what was played and replay it.
func Config(w io.Writer, rep Summary) {
	v := rep.Version
	if v == "" {
		v = "unknown"
	}
	names := make([]string, len(rep.Players))
	for i, p := range rep.Players {
		names[i] = p.Name
	}
	sched := fmt.Sprintf("%s, %d games", rep.Schedule, rep.Games)
	if rep.Schedule == "duplicate" {
		sched += fmt.Sprintf(" in %d duplicate sets", rep.Sets)
	}
	fmt.Fprintf(w, "lab:      %s\ngame:     %s, rules %s, %d seats\nplayers:  %s\nschedule: %s\nseed:     %d\n",
		v, rep.Game, rep.Rules, rep.Seats, strings.Join(names, ", "), sched, uint64(rep.Seed))
}

// Crosstable prints the head-to-head table: row A, column B holds how
// often A placed above B where they met (ties half) with its 95 %
// interval, and the number of seat pairs. Nothing when no pair met.
func Crosstable(w io.Writer, rep Summary) error {
	if len(rep.HeadToHead) == 0 {
		return nil
	}
	var names []string
	for _, h := range rep.HeadToHead {
		for _, n := range []string{h.A, h.B} {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	t := newTable(w)
	t.Header(toAny(append([]string{"above ↓ vs →"}, names...))...)
	for _, a := range names {
		row := []any{a}
		for _, b := range names {
			cell := ""
			for _, h := range rep.HeadToHead {
				if h.A == a && h.B == b {
					cell = fmt.Sprintf("%.1f%% (%.1f–%.1f) n=%d", 100*h.Score, 100*h.CI[0], 100*h.CI[1], h.Pairs)
				}
			}
			row = append(row, cell)
		}
		if err := t.Append(row...); err != nil {
			return err
		}
	}
	return t.Render()
}

func toAny(s []string) []any {
	a := make([]any, len(s))
	for i, x := range s {
		a[i] = x
	}
	return a
}

func extrasTable(w io.Writer, rep Summary) error {
	var cols []string
	for _, p := range rep.Players {
		for _, e := range p.Extras {
			if !slices.Contains(cols, e.Name) {
				cols = append(cols, e.Name)
			}
		}
	}
	if len(cols) == 0 {
		return nil
	}
	t := newTable(w)
	t.Header(toAny(append([]string{"strategy"}, cols...))...)
	for _, p := range rep.Players {
		row := []any{p.Name}
		for _, c := range cols {
			cell := ""
			for _, e := range p.Extras {
				if e.Name == c {
					cell = formatExtra(c, e.Value)
				}
			}
			row = append(row, cell)
		}
		if err := t.Append(row...); err != nil {
			return err
		}
	}
	return t.Render()
}

// formatExtra prints rates as percentages and other figures plainly.
func formatExtra(name string, v float64) string {
	if strings.HasSuffix(name, "rate") {
		return fmt.Sprintf("%.1f%%", 100*v)
	}
	return fmt.Sprintf("%.3f", v)
}

func rolesTable(w io.Writer, rep Summary) error {
	if len(rep.Teams) > 0 {
		t := newTable(w)
		t.Header("team", "seats", "win rate (95% CI)")
		for _, k := range sortedKeys(rep.Teams) {
			r := rep.Teams[k]
			t.Append(k, fmt.Sprint(r.Games), fmt.Sprintf("%.1f%% (%.1f–%.1f)", 100*r.WinRate, 100*r.CI[0], 100*r.CI[1]))
		}
		if err := t.Render(); err != nil {
			return err
		}
	}
	has := false
	for _, p := range rep.Players {
		has = has || len(p.Roles) > 0
	}
	if !has {
		return nil
	}
	t := newTable(w)
	t.Header("strategy", "role", "seats", "win rate (95% CI)")
	for _, p := range rep.Players {
		for _, k := range sortedKeys(p.Roles) {
			r := p.Roles[k]
			t.Append(p.Name, k, fmt.Sprint(r.Games), fmt.Sprintf("%.1f%% (%.1f–%.1f)", 100*r.WinRate, 100*r.CI[0], 100*r.CI[1]))
		}
	}
	return t.Render()
}

func sortedKeys[V any](m map[string]V) []string {
	k := make([]string, 0, len(m))
	for s := range m {
		k = append(k, s)
	}
	slices.Sort(k)
	return k
}

// newTable is a table with headers as written (no upper-casing).
func newTable(w io.Writer) *tablewriter.Table {
	return tablewriter.NewTable(w, tablewriter.WithHeaderAutoFormat(tw.Off))
}
