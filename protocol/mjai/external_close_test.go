//go:build linux

package mjai

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// botScript writes a shell bot to a temporary directory: it starts a
// grandchild (sleep 60) that writes its pid to pidFile, then runs body.
// It returns the command line and the pid file.
func botScript(t *testing.T, body string) (cmd, pidFile string) {
	t.Helper()
	dir := t.TempDir()
	pidFile = filepath.Join(dir, "grandchild.pid")
	script := filepath.Join(dir, "bot.sh")
	text := "sleep 60 &\necho $! > " + pidFile + ".tmp && mv " + pidFile + ".tmp " + pidFile + "\n" + body + "\n"
	if err := os.WriteFile(script, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	return "sh " + script, pidFile
}

// gone waits up to 5 s for process pid to end: no such process, or a
// zombie nobody reaped yet.
func gone(pid int) bool {
	for range 100 {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return true
		}
		// pid (comm) STATE …; comm may hold spaces, the state follows the last ')'.
		s := string(b)
		if i := strings.LastIndexByte(s, ')'); i >= 0 && strings.HasPrefix(s[i+1:], " Z") {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}

// TestExternalCloseKillsGroup: Close ends what the bot spawned (its
// process group), whether the bot exits on the end of its stdin or has to
// be killed; an exit status of its own is reported, our kill is not.
func TestExternalCloseKillsGroup(t *testing.T) {
	for _, c := range []struct {
		name, body string
		wantErr    string // "" = Close returns nil
	}{
		{"exits on EOF", "cat > /dev/null", ""},
		{"ignores EOF, killed", "exec sleep 60", ""},
		{"exits 3 on EOF", "cat > /dev/null; exit 3", "exit status 3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd, pidFile := botScript(t, c.body)
			x, err := NewExternal(cmd, Lines, time.Second)
			if err != nil {
				t.Fatal(err)
			}
			if !x.start() {
				t.Fatalf("the bot did not start: %s", x.Stderr())
			}
			var pid int
			for range 100 {
				if b, err := os.ReadFile(pidFile); err == nil {
					pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
					break
				}
				time.Sleep(50 * time.Millisecond)
			}
			if pid <= 0 {
				x.Close()
				t.Fatal("the bot did not report its grandchild's pid")
			}
			err = x.Close()
			switch {
			case c.wantErr == "" && err != nil:
				t.Errorf("Close: %v, want nil", err)
			case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
				t.Errorf("Close: %v, want an error with %q", err, c.wantErr)
			}
			want := 0
			if c.wantErr != "" {
				want = 1
			}
			if got := x.Stats().Failed; got != want {
				t.Errorf("Failed = %d, want %d", got, want)
			}
			if !gone(pid) {
				t.Errorf("the bot's grandchild (pid %d) still runs after Close", pid)
			}
		})
	}
}

// TestCloseAllReportsFailedBots: CloseAll (what lab runs after a command)
// returns the error of a bot that exited in error, and counts it.
func TestCloseAllReportsFailedBots(t *testing.T) {
	cmd, _ := botScript(t, "cat > /dev/null; exit 3")
	x, err := NewExternal(cmd, Lines, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !x.start() {
		t.Fatalf("the bot did not start: %s", x.Stderr())
	}
	stats, err := CloseAll()
	if err == nil || !strings.Contains(err.Error(), "exit status 3") {
		t.Errorf("CloseAll: %v, want the bot's exit status 3", err)
	}
	if got := stats[cmd].Failed; got != 1 {
		t.Errorf("stats[%q].Failed = %d, want 1", cmd, got)
	}
}

// TestExternalStderrFileFails: when StderrFile refuses writes (/dev/full),
// Close reports it and the bot's stderr is still drained, so a bot that
// writes more than a pipe holds does not block.
func TestExternalStderrFileFails(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	done := filepath.Join(t.TempDir(), "done")
	cmd, _ := botScript(t, "head -c 300000 /dev/zero >&2 && touch "+done+"\ncat > /dev/null")
	x, err := NewExternal(cmd, Lines, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	x.StderrFile = "/dev/full"
	if !x.start() {
		t.Fatalf("the bot did not start: %s", x.Stderr())
	}
	wrote := false
	for range 100 {
		if _, err := os.Stat(done); err == nil {
			wrote = true
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := x.Close(); err == nil || !strings.Contains(err.Error(), "bot stderr to file") {
		t.Errorf("Close: %v, want the failed stderr file", err)
	}
	if !wrote {
		t.Error("the bot blocked writing its stderr once the file failed")
	}
}
