//go:build unix

package mcpclient

import (
	"os/exec"
	"syscall"
)

// detach starts cmd in a session of its own, out of its parent's process
// group, as Playwright starts browsers.
func detach(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }
