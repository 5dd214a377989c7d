package simtest

// Fataler is what Preset needs of a test: *testing.T, *testing.B and
// *rapid.T all have it.
type Fataler interface {
	Helper()
	Fatal(args ...any)
}

// Preset returns the rules a game's Preset function gives for name and
// fails t on an error, so a test never runs on the zero rules of a
// misspelt preset: rules := simtest.Preset(t, mahjong.Preset, "tenhou").
func Preset[R any](t Fataler, preset func(string) (R, error), name string) R {
	t.Helper()
	r, err := preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
