package mcpclient

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
)

// stderrTailSize is how much of a stdio server's stderr is kept for error
// messages.
const stderrTailSize = 8 << 10

// ring keeps the last len(buf) bytes written to it. Safe for concurrent use.
type ring struct {
	mu   sync.Mutex
	buf  []byte
	next int  // where the next byte goes
	full bool // buf has wrapped at least once
}

func newRing(size int) *ring { return &ring{buf: make([]byte, size)} }

func (r *ring) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := len(p)
	if len(p) >= len(r.buf) {
		copy(r.buf, p[len(p)-len(r.buf):])
		r.next, r.full = 0, true
		return n, nil
	}
	c := copy(r.buf[r.next:], p)
	if c < len(p) {
		copy(r.buf, p[c:])
		r.full = true
	}
	r.next = (r.next + len(p)) % len(r.buf)
	if r.next == 0 && len(p) > 0 {
		r.full = true
	}
	return n, nil
}

// String returns the kept bytes, oldest first. When the ring has wrapped,
// the partial first line is dropped.
func (r *ring) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.full {
		return string(r.buf[:r.next])
	}
	b := make([]byte, 0, len(r.buf))
	b = append(b, r.buf[r.next:]...)
	b = append(b, r.buf[:r.next]...)
	for i, c := range b {
		if c == '\n' {
			return string(b[i+1:])
		}
	}
	return string(b)
}

// process is a running stdio server: the child, its pipes and what it wrote
// to stderr. The child leads its own process group so that Close can end it
// together with anything it started.
type process struct {
	cmd    *exec.Cmd
	stdin  *os.File      // our end of the child's stdin
	stdout *eofFile      // our end of the child's stdout
	tail   *ring         // last stderrTailSize bytes of stderr
	exited chan struct{} // closed once the child has been reaped
	drain  chan struct{} // closed once stderr reached EOF
	err    error         // cmd.Wait's error, set before exited closes
	log    *slog.Logger

	// mark is an environment entry ("PLAINTEST_MCP_SESSION=...") unique to
	// this process; whatever it starts inherits it, so the leftovers of a
	// server that died can be found even after they were re-parented.
	mark string

	closing chan struct{} // closed when Close starts, so an exit is expected
	once    sync.Once
}

// envSession names the environment entry that marks a server's processes.
const envSession = "PLAINTEST_MCP_SESSION"

var sessionSeq atomic.Int64

func newMark() string {
	return fmt.Sprintf("%s=%d-%d-%d", envSession, os.Getpid(), sessionSeq.Add(1), time.Now().UnixNano())
}

// eofFile is a pipe's read end that reports when a read failed (EOF or
// closed), so that the exit watcher knows whether the transport has seen the
// end of the stream yet.
type eofFile struct {
	*os.File
	once sync.Once
	eof  chan struct{}
}

func (f *eofFile) Read(p []byte) (int, error) {
	n, err := f.File.Read(p)
	if err != nil {
		f.once.Do(func() { close(f.eof) })
	}
	return n, err
}

// startProcess starts sc's command with pipes on all three standard streams.
// Pipes are *os.File so that cmd.Wait returns when the child exits even if a
// grandchild (a browser) still holds a copy of them.
func startProcess(sc ServerConfig, stderr io.Writer, log *slog.Logger) (*process, error) {
	cmd := exec.Command(sc.Command, sc.Args...)
	cmd.Dir = sc.Dir
	cmd.Env = os.Environ()
	for k, v := range sc.Env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	mark := newMark()
	cmd.Env = append(cmd.Env, mark)
	setProcessGroup(cmd)

	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	if err := cmd.Start(); err != nil {
		closeAll(inR, inW, outR, outW, errR, errW)
		return nil, err
	}
	closeAll(inR, outW, errW) // the child has its copies

	p := &process{
		cmd:     cmd,
		stdin:   inW,
		stdout:  &eofFile{File: outR, eof: make(chan struct{})},
		tail:    newRing(stderrTailSize),
		exited:  make(chan struct{}),
		drain:   make(chan struct{}),
		closing: make(chan struct{}),
		log:     log,
		mark:    mark,
	}
	go p.copyStderr(errR, stderr)
	go p.wait()
	return p, nil
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		_ = f.Close()
	}
}

// copyStderr keeps the pipe drained (a full pipe would block the child) into
// the tail ring and, when set, w. Writes to w must not block for long.
func (p *process) copyStderr(r *os.File, w io.Writer) {
	defer close(p.drain)
	defer r.Close()
	buf := make([]byte, 4096)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			_, _ = p.tail.Write(buf[:n])
			if w != nil {
				_, _ = w.Write(buf[:n])
			}
		}
		if err != nil {
			return
		}
	}
}

func (p *process) wait() {
	p.err = p.cmd.Wait()
	close(p.exited)
	select {
	case <-p.closing:
	default:
		p.log.Warn("mcp server process exited", "pid", p.cmd.Process.Pid, "err", p.err)
		// Nothing can drive what the child left behind any more.
		killGroup(p.cmd.Process.Pid)
		reapOrphans(marked(p.mark), 0)
	}
	select {
	case <-p.stdout.eof:
	case <-time.After(defaults.EOFGrace):
		_ = p.stdout.Close()
	}
}

// dead reports whether the child has exited.
func (p *process) dead() bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

// exitErr describes how the child ended, waiting up to d for it to be
// reaped and for its stderr to be drained. It returns nil when the child
// is still running after d.
func (p *process) exitErr(d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-p.exited:
	case <-t.C:
		return nil
	}
	select {
	case <-p.drain:
	case <-t.C:
	}
	if p.err == nil {
		return errors.New("server process exited")
	}
	return fmt.Errorf("server process exited: %w", p.err)
}

// close ends the child: stdin closed first (the polite way to stop a stdio
// MCP server), then SIGTERM to its process group, then SIGKILL. Processes
// it started in process groups of their own (browsers) are found beforehand
// (by parentage and by the inherited mark) and killed if they outlive it.
func (p *process) close() error {
	var err error
	p.once.Do(func() {
		close(p.closing)
		kids := append(descendants(p.cmd.Process.Pid), marked(p.mark)...)
		_ = p.stdin.Close()
		if !waitClosed(p.exited, defaults.GracefulExit) {
			p.log.Debug("mcp server ignored stdin close, terminating", "pid", p.cmd.Process.Pid)
			signalGroup(p.cmd.Process.Pid, sigTerm)
			if !waitClosed(p.exited, defaults.TermExit) {
				signalGroup(p.cmd.Process.Pid, sigKill)
				if !waitClosed(p.exited, defaults.TermExit) {
					err = fmt.Errorf("server process %d did not exit after SIGKILL", p.cmd.Process.Pid)
				}
			}
		}
		killGroup(p.cmd.Process.Pid)
		reapOrphans(kids, defaults.OrphanGrace)
		_ = p.stdout.Close()
		// Let Options.Stderr see the server's last words; a process that
		// still holds the pipe open must not hold up Close for long.
		waitClosed(p.drain, defaults.DrainGrace)
	})
	return err
}

func waitClosed(ch <-chan struct{}, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ch:
		return true
	case <-t.C:
		return false
	}
}
