//go:build unix

package mcpclient

import (
	"os/exec"
	"syscall"
)

const (
	sigTerm = syscall.SIGTERM
	sigKill = syscall.SIGKILL
)

// setProcessGroup makes the child lead a new process group, so that one
// signal reaches it and every process it starts without leaving the group.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// signalGroup sends sig to the process group led by pid.
func signalGroup(pid int, sig syscall.Signal) {
	_ = syscall.Kill(-pid, sig)
}

// killGroup SIGKILLs whatever is left in the process group led by pid.
func killGroup(pid int) { signalGroup(pid, syscall.SIGKILL) }
