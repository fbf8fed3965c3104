//go:build !unix

package mcpclient

import (
	"os"
	"os/exec"
	"time"
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

type procID struct{ pid int }

func descendants(int) []procID            { return nil }
func marked(string) []procID              { return nil }
func browsers(int) []procID               { return nil }
func (procID) alive() bool                { return true }
func reapOrphans([]procID, time.Duration) {}
