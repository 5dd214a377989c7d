package search_test

// mustPreset returns the rules preset (a game's Preset function) gives for
// name, failing the test (or the rapid check) t on an error.
func mustPreset[R any](t interface {
	Helper()
	Fatal(...any)
}, preset func(string) (R, error), name string) R {
	t.Helper()
	r, err := preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
