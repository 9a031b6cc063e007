//go:build !unix

package conformance

import "os/exec"

func ownGroup(*exec.Cmd) {}

// killGroup kills the command; without process groups its children may
// outlive it.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
