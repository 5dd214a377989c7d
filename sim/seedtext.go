package sim

import (
	"fmt"
	"strconv"
)

// SeedText is a seed as JSON outputs carry it: a decimal string, because
// JSON readers that decode numbers as float64 (jq, JavaScript) round
// integers above 2^53 and would replay other games. It reads either a
// string or a plain number (files written before seeds were strings).
type SeedText uint64

// MarshalJSON writes the seed as a decimal string.
func (s SeedText) MarshalJSON() ([]byte, error) {
	return []byte(`"` + strconv.FormatUint(uint64(s), 10) + `"`), nil
}

// UnmarshalJSON reads a decimal string or a number.
func (s *SeedText) UnmarshalJSON(b []byte) error {
	t := string(b)
	if len(t) >= 2 && t[0] == '"' && t[len(t)-1] == '"' {
		t = t[1 : len(t)-1]
	}
	v, err := strconv.ParseUint(t, 10, 64)
	if err != nil {
		return fmt.Errorf("seed %s: not a decimal number from 0 to 18446744073709551615", b)
	}
	*s = SeedText(v)
	return nil
}
