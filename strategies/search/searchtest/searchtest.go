// Package searchtest holds test helpers shared by the games' search
// registrations (strategies/*/search_test.go).
package searchtest

import (
	"errors"
	"strings"
	"testing"

	"gamelab/strategies"
)

// BadSpecs checks that newStrategy refuses every spec of cases with a
// one-line error wrapping strategies.ErrSpec that contains the case's
// text.
func BadSpecs[S any](t testing.TB, newStrategy func(spec string) (S, error), cases map[string]string) {
	t.Helper()
	for spec, want := range cases {
		_, err := newStrategy(spec)
		if err == nil || !strings.Contains(err.Error(), want) || !errors.Is(err, strategies.ErrSpec) || strings.Contains(err.Error(), "\n") {
			t.Errorf("New(%q) = %v, want one line containing %q", spec, err, want)
		}
	}
}
