//go:build unix

package safefile

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
)

// TestExecutableRunsAtOnce writes and runs 400 scripts while three
// goroutines start processes without pause: each script runs. With a plain
// os.WriteFile, about one run in a hundred failed with "text file busy".
func TestExecutableRunsAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("starts about 2,000 processes")
	}
	dir := t.TempDir()
	var stop atomic.Bool
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				_ = exec.Command("true").Run()
			}
		}()
	}
	defer func() { stop.Store(true); wg.Wait() }()
	for i := range 400 {
		p := filepath.Join(dir, fmt.Sprint("script", i))
		if err := Executable(p, []byte("#!/bin/sh\nexit 0\n")); err != nil {
			t.Fatal(err)
		}
		if err := exec.Command(p).Run(); err != nil {
			t.Fatalf("run %d of the script just written: %v", i+1, err)
		}
	}
}
