package datasets

import (
	"os/exec"
	"strings"
	"testing"
)

// datasets sits above sim and strategies and beside arena, never on it
// (docs/datasets.md): its rows are its own types, cmd/lab converts.
func TestImportsNoArena(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if p == "gamelab/arena" || p == "gamelab/reports" || strings.HasPrefix(p, "gamelab/protocol") || strings.HasPrefix(p, "gamelab/cmd") {
			t.Errorf("datasets depends on %s", p)
		}
	}
}
