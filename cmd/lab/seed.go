package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
)

// seedFlag is the one --seed of every verb: a decimal string up to
// 2^64-1 (quotes, as JSON tools print it, are accepted), random when
// absent. resolve prints the seed in use, so any run can be replayed.
// JSON outputs carry seeds as decimal strings (seedText) because JSON
// readers that decode numbers as float64 (jq, JavaScript, Python's json
// with defaults in some tools) round integers above 2^53.
type seedFlag struct {
	v   uint64
	set bool
}

// addSeedFlag registers --seed on fs; what says what the seed drives.
func addSeedFlag(fs *flag.FlagSet, s *seedFlag, what string) {
	fs.Var(s, "seed", what+": a decimal number up to 18446744073709551615 (default: random, always printed)")
}

func (s *seedFlag) String() string {
	if s == nil || !s.set {
		return ""
	}
	return strconv.FormatUint(s.v, 10)
}

// Set implements flag.Value.
func (s *seedFlag) Set(text string) error {
	v, err := parseSeedText(text)
	if err != nil {
		return err
	}
	s.v, s.set = v, true
	return nil
}

// parseSeedText reads a seed: decimal digits, optionally in double quotes.
func parseSeedText(text string) (uint64, error) {
	t := strings.TrimSpace(text)
	if len(t) >= 2 && t[0] == '"' && t[len(t)-1] == '"' {
		t = t[1 : len(t)-1]
	}
	v, err := strconv.ParseUint(t, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("--seed %q: not a decimal number from 0 to 18446744073709551615", text)
	}
	return v, nil
}

// resolve returns the seed given, or draws a random one; with stderr it
// prints "lab VERB: seed N (replay with --seed N)" when the seed was drawn.
func (s *seedFlag) resolve(stderr io.Writer, verb string) uint64 {
	if !s.set {
		s.v, s.set = rand.Uint64(), true
		if stderr != nil {
			fmt.Fprintf(stderr, "lab %s: seed %d (replay with --seed %d)\n", verb, s.v, s.v)
		}
	}
	return s.v
}

// seedText is a seed as JSON outputs carry it: a decimal string.
func seedText(v uint64) string { return strconv.FormatUint(v, 10) }

// addSeed registers --seed on fs for verbs that read it after parsing with
// value.
func addSeed(fs *flag.FlagSet, what string) *seedFlag {
	s := new(seedFlag)
	addSeedFlag(fs, s, what)
	return s
}

// value resolves the seed (printing a drawn one on stderr as "lab VERB:
// seed N …") and returns a pointer to it.
func (s *seedFlag) value(stderr io.Writer, verb string) *uint64 {
	s.resolve(stderr, verb)
	return &s.v
}
