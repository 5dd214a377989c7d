//go:build !unix

package simtest

import "time"

// CPUTime is not measured off unix: it returns 0, and ReportGames then
// omits games/cpu-s.
func CPUTime() time.Duration { return 0 }
