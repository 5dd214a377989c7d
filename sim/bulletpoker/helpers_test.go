package bulletpoker

import "gamelab/sim/simtest"

// mustPreset returns the rules of preset name, failing the test (or the
// rapid check) t on an error.
func mustPreset(t simtest.Fataler, name string) Rules {
	t.Helper()
	return simtest.Preset(t, Preset, name)
}
