package safefile

import (
	"os"
	"syscall"
)

// Executable writes data to a new file at path (mode 0755 less the umask)
// that the process may run as soon as it returns.
//
// A process another goroutine forks while the file is open for writing
// inherits the descriptor until it execs, and running the file meanwhile
// fails with "text file busy" (ETXTBSY, golang.org/issue/22315): the
// built-in server's first compile failed so, its driver script written
// while @playwright/mcp servers were being started beside it. Forks take
// syscall.ForkLock for writing; holding it for reading while the file is
// open keeps them out for that moment.
func Executable(path string, data []byte) error {
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	return os.WriteFile(path, data, 0o755)
}
