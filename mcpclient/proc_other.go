//go:build !unix

package mcpclient

import (
	"os"
	"os/exec"
)

type signal int

const (
	sigTerm signal = iota
	sigKill
)

func setProcessGroup(*exec.Cmd) {}

// signalGroup kills the process itself: there are no process groups here.
func signalGroup(pid int, _ signal) {
	if p, err := os.FindProcess(pid); err == nil {
		_ = p.Kill()
	}
}

func killGroup(pid int) { signalGroup(pid, sigKill) }
