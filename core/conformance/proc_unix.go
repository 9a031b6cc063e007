//go:build unix

package conformance

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the command in a process group of its own, so that a
// timeout kills whatever it started too (a shell's children).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the command's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
