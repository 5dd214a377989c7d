package strategies

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
)

// Spec names a strategy and its numeric parameters. Its text form is
// "name" or "name?param=value&param=value" (e.g. "bayes?bluff=0.2"); a
// strategy may also come from a JSON file (see File), which is what the
// tuner writes and what the arena and live adapters accept.
type Spec struct {
	Name   string             `json:"strategy"`
	Params map[string]float64 `json:"params,omitempty"`
	// Text holds the values that are not numbers (a command line, a
	// path): only strategies registered with text parameters (AddText)
	// accept them; the tuner never moves them.
	Text map[string]string `json:"text,omitempty"`
}

// File is the JSON form of a strategy:
//
//	{"game": "liarsbar", "strategy": "bayes", "params": {"bluff": 0.2}}
//
// Game is optional; when set it must match the registry that reads it.
type File struct {
	Game string `json:"game,omitempty"`
	Spec
	// Note is free text (the tuner records its run here).
	Note string `json:"note,omitempty"`
	// Rules are the game's rules the strategy was tuned on (the engine's
	// Rules as JSON) and RulesName their preset name, as lab tune records
	// them; live adapters warn when a match is played under other rules.
	Rules     json.RawMessage `json:"rules,omitempty"`
	RulesName string          `json:"rules_name,omitempty"`
}

// ErrSpec reports a malformed or unknown strategy spec.
var ErrSpec = errors.New("bad strategy spec")

// ParseSpec parses "name?k=v&k=v". A string ending in ".json" is read as a
// File.
func ParseSpec(s string) (Spec, error) {
	if strings.HasSuffix(s, ".json") {
		f, err := ReadFile(s)
		return f.Spec, err
	}
	name, query, _ := strings.Cut(s, "?")
	if name == "" {
		return Spec{}, fmt.Errorf("%w %q: empty name", ErrSpec, s)
	}
	sp := Spec{Name: name}
	if query == "" {
		return sp, nil
	}
	vals, err := url.ParseQuery(query)
	if err != nil {
		return Spec{}, fmt.Errorf("%w %q: %v", ErrSpec, s, err)
	}
	sp.Params = make(map[string]float64, len(vals))
	for k, vs := range vals {
		if len(vs) != 1 {
			return Spec{}, fmt.Errorf("%w %q: parameter %q given %d times", ErrSpec, s, k, len(vs))
		}
		v, err := strconv.ParseFloat(vs[0], 64)
		if err != nil {
			// Not a number: a text value; Bind refuses it unless the
			// strategy has a text parameter of that name.
			if sp.Text == nil {
				sp.Text = map[string]string{}
			}
			sp.Text[k] = vs[0]
			continue
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return Spec{}, fmt.Errorf("%w %q: parameter %s=%q is not a number", ErrSpec, s, k, vs[0])
		}
		sp.Params[k] = v
	}
	return sp, nil
}

// String gives the canonical text form, parameters sorted by name; text
// values are query-escaped so ParseSpec reads them back.
func (s Spec) String() string {
	if len(s.Params) == 0 && len(s.Text) == 0 {
		return s.Name
	}
	keys := make([]string, 0, len(s.Params)+len(s.Text))
	for k := range s.Params {
		keys = append(keys, k)
	}
	for k := range s.Text {
		if _, dup := s.Params[k]; !dup {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var b strings.Builder
	b.WriteString(s.Name)
	for i, k := range keys {
		if i == 0 {
			b.WriteByte('?')
		} else {
			b.WriteByte('&')
		}
		b.WriteString(k)
		b.WriteByte('=')
		if v, ok := s.Params[k]; ok {
			b.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
		} else {
			b.WriteString(url.QueryEscape(s.Text[k]))
		}
	}
	return b.String()
}

// ReadFile reads a strategy JSON file.
func ReadFile(path string) (File, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return File{}, fmt.Errorf("%w: %v", ErrSpec, err)
	}
	var f File
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return File{}, fmt.Errorf("%w: %s: %v", ErrSpec, path, err)
	}
	if f.Name == "" {
		return File{}, fmt.Errorf("%w: %s: no \"strategy\" name", ErrSpec, path)
	}
	return f, nil
}

// WriteFile writes f as indented JSON to path, through a temporary file
// renamed into place so a failed write leaves nothing half-written.
func WriteFile(path string, f File) error {
	raw, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(raw, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// Param describes one tunable parameter of a strategy.
type Param struct {
	Name     string
	Default  float64
	Min, Max float64
	Help     string
	// Kind says which values are meaningful: reals (the zero value),
	// integers or booleans (0 or 1). Bind rejects a fraction for an
	// integer or boolean parameter; the tuner moves such parameters on
	// their grid.
	Kind ParamKind
}

// ParamKind is the type of a parameter's values.
type ParamKind uint8

// The parameter kinds.
const (
	Real ParamKind = iota
	Int
	Bool
)

func (k ParamKind) String() string {
	switch k {
	case Int:
		return "int"
	case Bool:
		return "bool"
	}
	return "real"
}

// Values are a strategy's parameters after defaults and checks.
type Values map[string]float64

// TextParam describes a text parameter (a command line, a path) of a
// strategy registered with AddText. Text parameters are not tuned.
type TextParam struct {
	Name    string
	Default string
	Help    string
}

// Text are a strategy's text parameters after defaults.
type Text map[string]string

// Registry holds the named strategies of one game. S is the game's
// Strategy interface.
type Registry[S any] struct {
	game    string
	entries []entry[S]
}

type entry[S any] struct {
	name, help string
	params     []Param
	text       []TextParam
	make       func(Values) S
	makeText   func(Values, Text) (S, error)
}

// NewRegistry returns an empty registry for game (e.g. "liarsbar").
func NewRegistry[S any](game string) *Registry[S] { return &Registry[S]{game: game} }

// Add registers a strategy: its name, a one-line description, its
// parameters with defaults and ranges, and a constructor that receives every
// parameter (defaults filled in). It panics on a duplicate name (a
// programmer error).
func (r *Registry[S]) Add(name, help string, params []Param, make func(Values) S) {
	if _, ok := r.find(name); ok {
		panic("strategies: duplicate strategy " + r.game + "/" + name)
	}
	r.entries = append(r.entries, entry[S]{name: name, help: help, params: params, make: make})
}

// AddText registers a strategy that also takes text parameters (such as
// the command of an external bot): its constructor receives the numeric
// values and the text values, defaults filled in, and may refuse them (New
// returns its error as an ErrSpec). It panics on a duplicate name.
func (r *Registry[S]) AddText(name, help string, params []Param, text []TextParam, make func(Values, Text) (S, error)) {
	if _, ok := r.find(name); ok {
		panic("strategies: duplicate strategy " + r.game + "/" + name)
	}
	r.entries = append(r.entries, entry[S]{name: name, help: help, params: params, text: text, makeText: make})
}

// TextParams returns the text parameters of a strategy (none for most).
func (r *Registry[S]) TextParams(name string) ([]TextParam, error) {
	e, ok := r.find(name)
	if !ok {
		return nil, r.unknown(name)
	}
	return slices.Clone(e.text), nil
}

func (r *Registry[S]) find(name string) (entry[S], bool) {
	for _, e := range r.entries {
		if e.name == name {
			return e, true
		}
	}
	return entry[S]{}, false
}

// Names lists the registered strategies that play from their name alone,
// in the order they were added: the built-in lineup (a strategy with text
// parameters, such as an external bot, needs them and is left out).
func (r *Registry[S]) Names() []string {
	var n []string
	for _, e := range r.entries {
		if e.makeText == nil {
			n = append(n, e.name)
		}
	}
	return n
}

// AllNames lists every registered strategy, those with text parameters
// included.
func (r *Registry[S]) AllNames() []string {
	n := make([]string, len(r.entries))
	for i, e := range r.entries {
		n[i] = e.name
	}
	return n
}

// Help returns the one-line description of a strategy.
func (r *Registry[S]) Help(name string) string {
	e, _ := r.find(name)
	return e.help
}

// Params returns the tunable parameters of a strategy.
func (r *Registry[S]) Params(name string) ([]Param, error) {
	e, ok := r.find(name)
	if !ok {
		return nil, r.unknown(name)
	}
	return slices.Clone(e.params), nil
}

func (r *Registry[S]) unknown(name string) error {
	return fmt.Errorf("%w: unknown %s strategy %q (have %s)", ErrSpec, r.game, name, strings.Join(r.AllNames(), ", "))
}

// Bind checks a spec against the registry and returns its full parameter
// values (defaults filled in). Unknown names, unknown parameters and values
// outside [Min, Max] are errors.
func (r *Registry[S]) Bind(sp Spec) (Values, error) {
	e, ok := r.find(sp.Name)
	if !ok {
		return nil, r.unknown(sp.Name)
	}
	v := make(Values, len(e.params))
	for _, p := range e.params {
		v[p.Name] = p.Default
	}
	for k, x := range sp.Params {
		i := slices.IndexFunc(e.params, func(p Param) bool { return p.Name == k })
		if i < 0 && slices.ContainsFunc(e.text, func(p TextParam) bool { return p.Name == k }) {
			continue // a text value that reads as a number ("cmd=7")
		}
		if i < 0 {
			var have []string
			for _, p := range e.params {
				have = append(have, p.Name)
			}
			for _, p := range e.text {
				have = append(have, p.Name)
			}
			return nil, fmt.Errorf("%w: %s/%s has no parameter %q (has %s)", ErrSpec, r.game, sp.Name, k, strings.Join(have, ", "))
		}
		if p := e.params[i]; x < p.Min || x > p.Max {
			return nil, fmt.Errorf("%w: %s/%s parameter %s=%g outside [%g, %g]", ErrSpec, r.game, sp.Name, k, x, p.Min, p.Max)
		} else if p.Kind != Real && x != math.Trunc(x) {
			return nil, fmt.Errorf("%w: %s/%s parameter %s=%g: want an integer (%s)", ErrSpec, r.game, sp.Name, k, x, p.Kind)
		}
		v[k] = x
	}
	for k, x := range sp.Text {
		if !slices.ContainsFunc(e.text, func(p TextParam) bool { return p.Name == k }) {
			return nil, fmt.Errorf("%w: %s/%s parameter %s=%q is not a number", ErrSpec, r.game, sp.Name, k, x)
		}
	}
	return v, nil
}

// bindText returns the text values of sp (defaults filled in); Bind has
// checked their names.
func (e entry[S]) bindText(sp Spec) Text {
	t := make(Text, len(e.text))
	for _, p := range e.text {
		t[p.Name] = p.Default
		if x, ok := sp.Text[p.Name]; ok {
			t[p.Name] = x
		} else if x, ok := sp.Params[p.Name]; ok {
			t[p.Name] = strconv.FormatFloat(x, 'g', -1, 64)
		}
	}
	return t
}

// New builds a strategy from its text form or a JSON file path.
func (r *Registry[S]) New(spec string) (S, error) {
	var zero S
	if strings.HasSuffix(spec, ".json") {
		f, err := ReadFile(spec)
		if err != nil {
			return zero, err
		}
		if f.Game != "" && f.Game != r.game {
			return zero, fmt.Errorf("%w: %s is a %s strategy, not %s", ErrSpec, spec, f.Game, r.game)
		}
		return r.FromSpec(f.Spec)
	}
	sp, err := ParseSpec(spec)
	if err != nil {
		return zero, err
	}
	return r.FromSpec(sp)
}

// FromSpec builds a strategy from a parsed spec.
func (r *Registry[S]) FromSpec(sp Spec) (S, error) {
	var zero S
	v, err := r.Bind(sp)
	if err != nil {
		return zero, err
	}
	e, _ := r.find(sp.Name)
	if e.makeText != nil {
		st, err := e.makeText(v, e.bindText(sp))
		if err != nil {
			return zero, fmt.Errorf("%w: %s/%s: %v", ErrSpec, r.game, sp.Name, err)
		}
		return st, nil
	}
	return e.make(v), nil
}
