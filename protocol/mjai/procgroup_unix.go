//go:build unix

package mjai

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// inGroup makes the bot the leader of a new process group, so that
// killGroup reaches every process it spawned (a Python bot's workers, a
// shell's children), not only the bot itself.
func inGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the process group p leads (SIGKILL). A group with no
// process left is not an error.
func killGroup(p *os.Process) error {
	err := syscall.Kill(-p.Pid, syscall.SIGKILL)
	if err == nil || errors.Is(err, syscall.ESRCH) {
		return nil
	}
	return err
}

// killedByUs tells whether a wait status is the SIGKILL killGroup sends.
func killedByUs(ps *os.ProcessState) bool {
	ws, ok := ps.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL
}
