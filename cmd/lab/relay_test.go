package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

func TestRelayVerb(t *testing.T) {
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"relay", "--listen", "nohost"}, &stderr); code != 2 || !strings.Contains(stderr.String(), "--listen") {
		t.Fatalf("bad --listen: exit %d, stderr %q", code, stderr.String())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	stderr.Reset()
	if code := run(ctx, []string{"relay", "--listen", "127.0.0.1:0"}, &stderr); code != 0 {
		t.Fatalf("relay run: exit %d, stderr %q", code, stderr.String())
	}
}
