//go:build !unix

package mahjong

// cpuSeconds is not measured off unix; the games/cpu-s metric is omitted.
func cpuSeconds() float64 { return 0 }
