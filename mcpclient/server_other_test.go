//go:build !unix

package mcpclient

import "os/exec"

// detach does nothing: there are no sessions or process groups to leave
// here (the orphan tests need /proc, and skip).
func detach(*exec.Cmd) {}
