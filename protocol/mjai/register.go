package mjai

import (
	"time"

	"gamelab/strategies"
	sm "gamelab/strategies/mahjong"
)

// The "mjai" strategy: an external mjai bot (see External), e.g.
// "mjai?cmd=/path/to/bot+--flag&timeout=2". Linking this package (the lab
// CLI does) adds it to strategies/mahjong's registry.
func init() {
	sm.Registry.AddText("mjai", "an external mjai bot run as a subprocess (stdin/stdout JSON lines)",
		[]strategies.Param{
			{Name: "timeout", Default: 5, Min: 0.001, Max: 600, Help: "seconds per decision before the fallback plays"},
			{Name: "boot", Default: 10, Min: 0, Max: 600, Help: "extra seconds for a process's first answer (start-up)"},
		},
		[]strategies.TextParam{
			{Name: "cmd", Help: "the bot's command line (split on spaces, no shell)"},
			{Name: "dialect", Default: Lines, Help: "lines (one event a line, answer when asked) or batch (mjai.app: one array a line, one answer a line)"},
			{Name: "stderr", Help: "file the bot's stderr is appended to (default: kept in memory, last 16 KB)"},
			{Name: "name", Default: "mjai", Help: "player name sent in start_game"},
		},
		func(v strategies.Values, t strategies.Text) (sm.Strategy, error) {
			x, err := NewExternal(t["cmd"], t["dialect"], time.Duration(v["timeout"]*float64(time.Second)))
			if err != nil {
				return nil, err
			}
			x.Boot = time.Duration(v["boot"] * float64(time.Second))
			x.StderrFile, x.Name = t["stderr"], t["name"]
			return x, nil
		})
}
