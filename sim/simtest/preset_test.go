package simtest

import (
	"errors"
	"testing"
)

// fakeT records Fatal instead of stopping the test.
type fakeT struct{ fatal []any }

func (*fakeT) Helper()             {}
func (f *fakeT) Fatal(args ...any) { f.fatal = args }

func TestPreset(t *testing.T) {
	preset := func(name string) (int, error) {
		if name == "two" {
			return 2, nil
		}
		return 0, errors.New("unknown preset " + name)
	}
	var ok fakeT
	if got := Preset(&ok, preset, "two"); got != 2 || ok.fatal != nil {
		t.Errorf("Preset(two) = %d, fatal %v; want 2 and no failure", got, ok.fatal)
	}
	var bad fakeT
	Preset(&bad, preset, "tow")
	if len(bad.fatal) != 1 || bad.fatal[0].(error).Error() != "unknown preset tow" {
		t.Errorf("Preset(tow) failed with %v; want the preset's error", bad.fatal)
	}
}
