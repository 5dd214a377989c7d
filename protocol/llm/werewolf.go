package llm

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"gamelab/protocol/werewolf"
	"gamelab/sim"
	ww "gamelab/sim/werewolf"
	"gamelab/strategies"
	wwstrat "gamelab/strategies/werewolf"
)

func init() {
	wwstrat.Registry.AddText("llm", "an LLM behind an OpenAI-compatible chat-completions endpoint: llm?url=http://127.0.0.1:8080&model=NAME (talk, divine, kill, vote; unparsable answers fall back to a legal default)",
		[]strategies.Param{
			{Name: "timeout", Default: 60, Min: 1, Max: 600, Help: "seconds per model call"},
			{Name: "max_tokens", Default: 256, Min: 16, Max: 4096, Kind: strategies.Int, Help: "longest answer"},
		},
		[]strategies.TextParam{
			{Name: "url", Help: "base URL of the chat-completions server (http://127.0.0.1:8080, …/v1, or the full …/chat/completions)"},
			{Name: "model", Help: "model name sent with each request"},
		},
		func(v strategies.Values, t strategies.Text) (wwstrat.Strategy, error) {
			if !strings.HasPrefix(t["url"], "http://") && !strings.HasPrefix(t["url"], "https://") {
				return nil, fmt.Errorf("llm: url=%q: want http(s)://host:port", t["url"])
			}
			c := &Client{URL: t["url"], Model: t["model"], Timeout: time.Duration(v["timeout"] * float64(time.Second)), MaxTokens: int(v["max_tokens"])}
			return NewWerewolf(c), nil
		})
}

// Werewolf is the werewolf strategy "llm": each decision is one chat call
// that sees the rules (werewolf.RulesText, as get_rules gives an MCP
// player), what the seat knows, the messages heard (live play) and the
// offered choices by name. Answers are parsed strictly (Parse); a call
// that fails or an answer that names no legal choice falls back to a
// legal default (pass when it may, else a random non-message action) and
// is counted in Fallbacks.
type Werewolf struct {
	c     *Client
	names []string
	heard []werewolf.Message
	note  string

	calls, fallbacks atomic.Int64
}

// NewWerewolf returns the strategy playing through c.
func NewWerewolf(c *Client) *Werewolf { return &Werewolf{c: c} }

// Reset implements the strategy contract: a new game.
func (w *Werewolf) Reset() { w.names, w.heard, w.note = nil, nil, "" }

// SetNames and Hear implement werewolf.Listener (live play).
func (w *Werewolf) SetNames(names []string) { w.names = names }

// Hear takes the messages the seat may read.
func (w *Werewolf) Hear(msgs []werewolf.Message) { w.heard = msgs }

// Calls and Fallbacks count the model calls and the decisions that fell
// back to a legal default.
func (w *Werewolf) Calls() int64     { return w.calls.Load() }
func (w *Werewolf) Fallbacks() int64 { return w.fallbacks.Load() }

var totalCalls, totalFallbacks atomic.Int64

// Totals counts every model call of the werewolf strategy in this process
// and the decisions that fell back to a legal default (lab prints them).
func Totals() (calls, fallbacks int64) { return totalCalls.Load(), totalFallbacks.Load() }

// Note returns the transcript (prompt and answer) of the latest decision.
func (w *Werewolf) Note() string { return w.note }

// Decide implements the strategy contract.
func (w *Werewolf) Decide(v *ww.View, legal []ww.Action, rng *rand.Rand) ww.Action {
	names := w.names
	if len(names) < int(v.Players) {
		names = werewolf.AnimalNames(int(v.Players))
	}
	name := func(s sim.Seat) string { return nameOf(names, s) }
	var choices []Choice
	var acts []ww.Action
	for _, a := range legal {
		var text string
		switch a.Kind {
		case ww.ActTalk, ww.ActWhisper:
			if a.Content != ww.NoContent {
				continue // the model writes tags itself if it wants them
			}
			text = "Speak to everyone"
			if a.Kind == ww.ActWhisper {
				text = "Whisper to the other werewolves"
			}
			choices = append(choices, Choice{Text: text, Free: true})
			acts = append(acts, a)
			continue
		case ww.ActPass:
			text = "Pass: you have nothing more to say today"
			if v.Phase == ww.PhaseNight {
				text = "Pass: leave tonight's wolf chat"
			}
		case ww.ActDivine:
			text = "Divine " + name(a.Target)
		case ww.ActKill:
			text = "Kill " + name(a.Target)
		case ww.ActVote:
			text = "Vote to execute " + name(a.Target)
		default:
			continue
		}
		choices = append(choices, Choice{Text: text})
		acts = append(acts, a)
	}
	w.calls.Add(1)
	totalCalls.Add(1)
	d, transcript, err := Choose(context.Background(), w.c, w.system(v), w.situation(v, names), choices)
	w.note = transcript
	if err == nil {
		a := acts[d.Index]
		if a.Kind == ww.ActTalk || a.Kind == ww.ActWhisper {
			a.Text = clip(d.Text)
			if c, rest := werewolf.ParseTalk(a.Text, names); c != ww.NoContent {
				tagged := a
				tagged.Content, tagged.Text = c, rest
				if contains(legal, tagged) {
					a = tagged
				}
			}
		}
		return a
	}
	w.fallbacks.Add(1)
	totalFallbacks.Add(1)
	w.note += "\nFALLBACK: " + err.Error()
	return fallback(legal, rng)
}

// nameOf gives seat s's name ("?" for a seat without one).
func nameOf(names []string, s sim.Seat) string {
	if s >= 0 && int(s) < len(names) {
		return names[s]
	}
	return "?"
}

// fallback is the legal default: pass when it may, else a random
// non-message action, else a message without text.
func fallback(legal []ww.Action, rng *rand.Rand) ww.Action {
	var other []ww.Action
	for _, a := range legal {
		switch a.Kind {
		case ww.ActPass:
			return a
		case ww.ActDivine, ww.ActKill, ww.ActVote:
			other = append(other, a)
		}
	}
	if len(other) > 0 {
		return other[rng.IntN(len(other))]
	}
	return legal[0]
}

func contains(legal []ww.Action, a ww.Action) bool {
	a.Text = ""
	for _, l := range legal {
		if l == a {
			return true
		}
	}
	return false
}

// clip keeps text within the message limit, on a rune boundary.
func clip(s string) string {
	if len(s) <= ww.MaxTextBytes {
		return s
	}
	s = s[:ww.MaxTextBytes]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}

// system is the rules text of the table the view shows (default limits;
// no clock, the server keeps time).
func (w *Werewolf) system(v *ww.View) string {
	c := v.RoleCount
	r := ww.Default(int(c[ww.RoleVillager]), int(c[ww.RoleSeer]), int(c[ww.RoleMedium]), int(c[ww.RoleWerewolf]), int(c[ww.RoleMadman]))
	return "You are a player in a game of werewolf. Play to make your team win.\n\n" + werewolf.RulesText(r, 0)
}

// situation says in words what the seat knows now.
func (w *Werewolf) situation(v *ww.View, names []string) string {
	name := func(s sim.Seat) string { return nameOf(names, s) }
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...); b.WriteByte('\n') }
	phase := map[ww.Phase]string{ww.PhaseNight: "night", ww.PhaseDiscussion: "day discussion", ww.PhaseVote: "day vote", ww.PhaseRunoff: "runoff vote"}[v.Phase]
	p("You are %s, the %s. It is %s, day %d.", name(v.Seat), v.Role.SpecName(), phase, v.Day)
	var alive, dead []string
	for i := range sim.Seat(v.Players) {
		switch {
		case v.IsAlive(i):
			alive = append(alive, name(i))
		case v.Killed&(1<<uint(i)) != 0:
			dead = append(dead, name(i)+" (killed at night)")
		default:
			dead = append(dead, name(i)+" (executed)")
		}
	}
	p("Alive: %s.", strings.Join(alive, ", "))
	if len(dead) > 0 {
		p("Dead: %s.", strings.Join(dead, ", "))
	}
	for i := range sim.Seat(v.Players) {
		if i != v.Seat && v.Known[i] != ww.RoleNone {
			p("You know %s is a %s.", name(i), v.Known[i].SpecName())
		}
		if r := v.Results[i]; r != ww.RoleNone {
			p("Your result: %s is %s.", name(i), r)
		}
	}
	for i := range sim.Seat(v.Players) {
		if v.CameOut[i] != ww.RoleNone {
			p("%s claims to be the %s.", name(i), v.CameOut[i].SpecName())
		}
		if t := v.Votes[i]; t != sim.NoSeat {
			p("In the last vote %s voted for %s.", name(i), name(t))
		}
	}
	if len(w.heard) > 0 {
		p("\nMessages so far (oldest first):")
		from := max(0, len(w.heard)-40)
		for _, m := range w.heard[from:] {
			to := ""
			if m.Target == "werewolf" {
				to = " (wolf chat)"
			}
			p("[day %d %s] %s%s: %s", m.Day, m.Phase, m.Speaker, to, m.Message)
		}
	}
	switch v.Phase {
	case ww.PhaseDiscussion:
		p("You may send %d more messages today.", v.SpeaksLeft)
	case ww.PhaseNight:
		if v.Role == ww.RoleWerewolf {
			p("The pack may send %d more wolf-chat messages tonight.", v.WhispersLeft)
		}
	}
	return b.String()
}
