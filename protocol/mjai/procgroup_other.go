//go:build !unix

package mjai

import (
	"errors"
	"os"
	"os/exec"
)

// inGroup does nothing where there are no Unix process groups: only the
// bot process itself is killed.
func inGroup(*exec.Cmd) {}

// killGroup kills p (without process groups, its children survive it).
func killGroup(p *os.Process) error {
	if err := p.Kill(); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return err
	}
	return nil
}

// killedByUs: a killed process's status says nothing portable, so any
// exit after a kill counts as ours.
func killedByUs(*os.ProcessState) bool { return true }
