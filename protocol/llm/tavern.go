package llm

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gamelab/protocol/tavern"
	"gamelab/strategies"
)

// TavernPolicy is a tavern.ChoicePolicy that asks the model: the system
// message is the decision's rules text, the user message its ask and
// prompt, and the offered choices are the choices' say texts. An answer
// that names no offered choice, or a failed call, falls back to Fallback
// (default tavern.SayPolicy); the fallback is counted, its cause logged
// to Log and kept for Err. Choose returns an error only when the fallback
// fails too (then both causes).
type TavernPolicy struct {
	Client   *Client
	Fallback tavern.ChoicePolicy
	// Log receives a warning with the cause of each fallback; nil
	// discards it.
	Log *slog.Logger

	calls, fallbacks atomic.Int64
	mu               sync.Mutex
	err              error
}

// Counts gives the model calls and the fallbacks so far.
func (p *TavernPolicy) Counts() (calls, fallbacks int64) { return p.calls.Load(), p.fallbacks.Load() }

// Err gives the cause of the latest fallback (a failed call or an
// unparsed answer), nil when none fell back yet.
func (p *TavernPolicy) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// Choose implements tavern.ChoicePolicy. The model's call ends by the
// decision's deadline less a second when that is sooner than the client's
// timeout; the fallback gets ctx itself, so that second is its to answer
// in.
func (p *TavernPolicy) Choose(ctx context.Context, d *tavern.Decision) (string, error) {
	callCtx := ctx
	if d.DeadlineMS > 1000 {
		var cancel context.CancelFunc
		callCtx, cancel = context.WithTimeout(ctx, time.Duration(d.DeadlineMS-1000)*time.Millisecond)
		defer cancel()
	}
	choices := make([]Choice, len(d.Choices))
	for i, c := range d.Choices {
		choices[i] = Choice{Text: c.Say}
		if c.Say == "" {
			choices[i].Text = c.ID
		}
	}
	p.calls.Add(1)
	situation := strings.TrimSpace(d.Ask + "\n\n" + d.Prompt)
	dec, _, err := Choose(callCtx, p.Client, "You are playing a game. Play to win.\n\n"+d.Rules, situation, choices)
	if err == nil {
		return d.Choices[dec.Index].ID, nil
	}
	p.fallbacks.Add(1)
	p.mu.Lock()
	p.err = err
	p.mu.Unlock()
	if p.Log != nil {
		p.Log.Warn("llm: no choice from the model; the fallback policy answers", "game", d.Game, "match", d.MatchID, "err", err)
	}
	fb := p.Fallback
	if fb == nil {
		fb = tavern.SayPolicy{}
	}
	id, fbErr := fb.Choose(ctx, d)
	if fbErr != nil {
		return id, errors.Join(err, fmt.Errorf("fallback: %w", fbErr))
	}
	return id, nil
}

// NewTavernPolicy builds the policy from a spec "llm?url=…&model=…"
// (options timeout seconds, max_tokens), as lab live tavern --generic
// takes it.
func NewTavernPolicy(spec string) (*TavernPolicy, error) {
	sp, err := strategies.ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	if sp.Name != "llm" {
		return nil, fmt.Errorf("%w %q: the generic policy is llm?url=…&model=…", strategies.ErrSpec, spec)
	}
	c := &Client{URL: sp.Text["url"], Model: sp.Text["model"], Timeout: 60 * time.Second}
	for k, v := range sp.Params {
		switch k {
		case "timeout":
			c.Timeout = time.Duration(v * float64(time.Second))
		case "max_tokens":
			c.MaxTokens = int(v)
		case "model":
			c.Model = strconv.FormatFloat(v, 'g', -1, 64)
		default:
			return nil, fmt.Errorf("%w %q: unknown option %q (have url, model, timeout, max_tokens)", strategies.ErrSpec, spec, k)
		}
	}
	for k := range sp.Text {
		if k != "url" && k != "model" {
			return nil, fmt.Errorf("%w %q: unknown option %q (have url, model, timeout, max_tokens)", strategies.ErrSpec, spec, k)
		}
	}
	if !strings.HasPrefix(c.URL, "http://") && !strings.HasPrefix(c.URL, "https://") {
		return nil, fmt.Errorf("%w %q: url=%q: want http(s)://host:port", strategies.ErrSpec, spec, c.URL)
	}
	if c.Timeout <= 0 {
		return nil, fmt.Errorf("%w %q: timeout must be positive", strategies.ErrSpec, spec)
	}
	return &TavernPolicy{Client: c}, nil
}
