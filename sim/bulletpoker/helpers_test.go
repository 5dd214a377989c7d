package bulletpoker

// mustPreset returns the rules of preset name, failing the test (or the
// rapid check) t on an error.
func mustPreset(t interface {
	Helper()
	Fatal(...any)
}, name string) Rules {
	t.Helper()
	r, err := Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
