package strategies

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

type bot struct{ bluff, risk float64 }

func testRegistry() *Registry[*bot] {
	r := NewRegistry[*bot]("testgame")
	r.Add("random", "uniform", nil, func(Values) *bot { return &bot{} })
	r.Add("bayes", "bayesian", []Param{
		{Name: "bluff", Default: 0.1, Min: 0, Max: 1},
		{Name: "risk", Default: 0.5, Min: 0, Max: 2},
	}, func(v Values) *bot { return &bot{v["bluff"], v["risk"]} })
	return r
}

func TestRegistryNew(t *testing.T) {
	r := testRegistry()
	cases := []struct {
		spec        string
		bluff, risk float64
		err         string
	}{
		{"bayes", 0.1, 0.5, ""},
		{"bayes?bluff=0.3", 0.3, 0.5, ""},
		{"bayes?risk=2&bluff=0", 0, 2, ""},
		{"random", 0, 0, ""},
		{"nope", 0, 0, `unknown testgame strategy "nope" (have random, bayes)`},
		{"bayes?colour=1", 0, 0, `no parameter "colour"`},
		{"bayes?bluff=x", 0, 0, "not a number"},
		{"bayes?bluff=NaN", 0, 0, "not a number"},
		{"bayes?bluff=3", 0, 0, "outside [0, 1]"},
		{"bayes?bluff=1&bluff=2", 0, 0, "given 2 times"},
		{"", 0, 0, "empty name"},
		{"missing.json", 0, 0, "missing.json"},
	}
	for _, c := range cases {
		b, err := r.New(c.spec)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) || !errors.Is(err, ErrSpec) {
				t.Errorf("New(%q) error %v, want one containing %q", c.spec, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("New(%q): %v", c.spec, err)
			continue
		}
		if b.bluff != c.bluff || b.risk != c.risk {
			t.Errorf("New(%q) = %+v", c.spec, b)
		}
	}
}

func TestSpecRoundTrip(t *testing.T) {
	for _, s := range []string{"random", "bayes?bluff=0.25&risk=1"} {
		sp, err := ParseSpec(s)
		if err != nil || sp.String() != s {
			t.Errorf("ParseSpec(%q) = %v, %v; String %q", s, sp, err, sp.String())
		}
	}
}

func TestFileRoundTrip(t *testing.T) {
	r := testRegistry()
	path := filepath.Join(t.TempDir(), "tuned.json")
	f := File{Game: "testgame", Spec: Spec{Name: "bayes", Params: map[string]float64{"bluff": 0.7}}, Note: "tuned"}
	if err := WriteFile(path, f); err != nil {
		t.Fatal(err)
	}
	b, err := r.New(path)
	if err != nil || b.bluff != 0.7 || b.risk != 0.5 {
		t.Fatalf("New(file) = %+v, %v", b, err)
	}
	other := NewRegistry[*bot]("othergame")
	other.Add("bayes", "", nil, func(Values) *bot { return &bot{} })
	if _, err := other.New(path); err == nil || !strings.Contains(err.Error(), "is a testgame strategy") {
		t.Errorf("foreign strategy file accepted: %v", err)
	}
}

func TestTextParams(t *testing.T) {
	type ext struct{ cmd, mode string }
	r := NewRegistry[*ext]("testgame")
	r.Add("random", "uniform", nil, func(Values) *ext { return &ext{} })
	r.AddText("ext", "external", nil, []TextParam{{Name: "cmd"}, {Name: "mode", Default: "lines"}},
		func(_ Values, tx Text) (*ext, error) {
			if tx["cmd"] == "" {
				return nil, errors.New("no cmd")
			}
			return &ext{tx["cmd"], tx["mode"]}, nil
		})
	cases := []struct {
		spec, cmd, mode, err string
	}{
		{"ext?cmd=python3+bot.py", "python3 bot.py", "lines", ""},
		{"ext?cmd=%2Fbin%2Fbot%20--fast&mode=batch", "/bin/bot --fast", "batch", ""},
		{"ext?cmd=7", "7", "lines", ""},
		{"ext?colour=red", "", "", `is not a number`},
		{"ext?mode=batch", "", "", `testgame/ext: no cmd`},
		{"random?cmd=x", "", "", `is not a number`},
	}
	for _, c := range cases {
		b, err := r.New(c.spec)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) || !errors.Is(err, ErrSpec) {
				t.Errorf("New(%q) error %v, want one containing %q", c.spec, err, c.err)
			}
			continue
		}
		if err != nil || b.cmd != c.cmd || b.mode != c.mode {
			t.Errorf("New(%q) = %+v, %v", c.spec, b, err)
			continue
		}
		// The canonical form reads back to the same values.
		sp, _ := ParseSpec(c.spec)
		b2, err := r.New(sp.String())
		if err != nil || *b2 != *b {
			t.Errorf("New(%q) (canonical of %q) = %+v, %v; want %+v", sp.String(), c.spec, b2, err, b)
		}
	}
}
