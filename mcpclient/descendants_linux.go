package mcpclient

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
)

// procID names a process across PID reuse: its PID and its start time in
// clock ticks since boot.
type procID struct {
	pid   int
	start uint64
}

// descendants lists every process below pid in the process tree, read from
// /proc. Browsers started by a server may leave its process group (Playwright
// starts them detached), but they stay its descendants until it dies.
func descendants(pid int) []procID {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	children := map[int][]procID{}
	for _, e := range entries {
		id, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		ppid, start, ok := readStat(id)
		if !ok {
			continue
		}
		children[ppid] = append(children[ppid], procID{id, start})
	}
	var out []procID
	queue := []int{pid}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, c := range children[p] {
			out = append(out, c)
			queue = append(queue, c.pid)
		}
	}
	return out
}

// browsers lists the direct children of pid that are browsers driven over
// the DevTools protocol, as Playwright launches them: their command line
// holds --remote-debugging-pipe or --remote-debugging-port.
func browsers(pid int) []procID {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []procID
	for _, e := range entries {
		id, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		ppid, start, ok := readStat(id)
		if !ok || ppid != pid {
			continue
		}
		cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err != nil {
			continue
		}
		for _, arg := range bytes.Split(cmdline, []byte{0}) {
			if bytes.HasPrefix(arg, []byte("--remote-debugging-pipe")) || bytes.HasPrefix(arg, []byte("--remote-debugging-port")) {
				out = append(out, procID{id, start})
				break
			}
		}
	}
	return out
}

// marked lists the processes whose environment holds the entry env
// ("NAME=value"); processes of other users are unreadable and skipped.
func marked(env string) []procID {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	needle := []byte(env + "\x00")
	var out []procID
	for _, e := range entries {
		id, err := strconv.Atoi(e.Name())
		if err != nil || id == os.Getpid() {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err != nil || !(bytes.HasPrefix(b, needle) || bytes.Contains(b, append([]byte{0}, needle...))) {
			continue
		}
		if _, start, ok := readStat(id); ok {
			out = append(out, procID{id, start})
		}
	}
	return out
}

// readStat returns the parent PID and start time of pid.
func readStat(pid int) (ppid int, start uint64, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	// "pid (comm) state ppid ..."; comm may hold spaces and parentheses.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, 0, false
	}
	f := bytes.Fields(b[i+1:])
	// f[0] is state (field 3), so field n is f[n-3].
	if len(f) < 20 {
		return 0, 0, false
	}
	ppid, err1 := strconv.Atoi(string(f[1]))
	start, err2 := strconv.ParseUint(string(f[19]), 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return ppid, start, true
}

// alive reports whether p still runs (and is not a zombie).
func (p procID) alive() bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(p.pid) + "/stat")
	if err != nil {
		return false
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 || i+2 >= len(b) || b[i+2] == 'Z' {
		return false
	}
	_, start, ok := readStat(p.pid)
	return ok && start == p.start
}

// reapOrphans gives the processes in kids up to d to exit on their own,
// then SIGKILLs the ones still running.
func reapOrphans(kids []procID, d time.Duration) {
	deadline := time.Now().Add(d)
	for {
		var left []procID
		for _, k := range kids {
			if k.alive() {
				left = append(left, k)
			}
		}
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			for _, k := range left {
				_ = syscall.Kill(k.pid, syscall.SIGKILL)
			}
			return
		}
		time.Sleep(defaults.OrphanPoll)
		kids = left
	}
}
