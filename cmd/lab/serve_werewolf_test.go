package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServeWerewolfRejectsOddTimeScale: --time-scale values that are no
// factor in (0, 100] — NaN and infinities among them — are a usage error,
// before anything listens.
func TestServeWerewolfRejectsOddTimeScale(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	for _, v := range []string{"NaN", "-Inf", "+Inf", "1e-400x", "-0", "101"} {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		var stderr bytes.Buffer
		code := run(ctx, []string{"serve", "werewolf", "--listen", "127.0.0.1:0", "--db", db, "--time-scale", v}, &stderr)
		cancel()
		if code != 2 || !strings.Contains(stderr.String(), "time-scale") {
			t.Errorf("--time-scale %s: exit %d, stderr %q; want exit 2 naming --time-scale", v, code, stderr.String())
		}
	}
}
