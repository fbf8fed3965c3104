package suite

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"time"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/parser/scenario"
)

// Test is one test of a suite and what became of it.
type Test struct {
	File     File
	Scenario *scenario.Scenario // nil when its file was refused
	// Out is the path of its scenario (below PlanOptions.Out); Digest
	// what it is compiled from (metadata.compiled_from).
	Out, Digest string
	// Status is one of the Status constants ("" until decided); Err the
	// first problem.
	Status   string
	Err      error
	Duration time.Duration
	// Unavailable: its browser server did not start, nor would the
	// next test's.
	Unavailable bool
	log         bytes.Buffer
}

// PlanOptions are what a suite's tests are read with.
type PlanOptions struct {
	// Out is the output folder; Contract the compiler's part of each
	// test's digest (Digest).
	Out, Contract string
	// Read is what each test file is read with.
	Read scenario.ReadOptions
	// Prepare, when set, completes each test read (the command line's
	// variables); an error refuses its file's tests.
	Prepare func(File, *scenario.Scenario) error
}

// Plan reads the tests of files and names each one's scenario; a file
// that cannot be read is one refused test.
func Plan(files []File, o PlanOptions) []*Test {
	var names Names
	var tests []*Test
	for _, file := range files {
		scs, err := Read(file.Path, o.Read)
		for _, sc := range scs {
			if err == nil && o.Prepare != nil {
				err = o.Prepare(file, sc)
			}
		}
		if err != nil {
			tests = append(tests, &Test{File: file, Status: StatusRefused, Err: err})
			continue
		}
		for _, sc := range scs {
			out := filepath.Join(o.Out, filepath.FromSlash(names.Name(file.Rel, sc.Name, len(scs) > 1 || IsFeature(file.Path))))
			tests = append(tests, &Test{File: file, Scenario: sc, Out: out, Digest: Digest(sc, o.Contract)})
		}
	}
	return tests
}

// Pending marks the tests whose scenario was compiled, whole, from the
// same digest as unchanged (unless force), and returns the rest that can
// be compiled.
func Pending(tests []*Test, force bool) []*Test {
	var todo []*Test
	for _, t := range tests {
		switch {
		case t.Scenario == nil:
		case !force && Unchanged(t.Out, t.Digest):
			t.Status = StatusUnchanged
		default:
			todo = append(todo, t)
		}
	}
	return todo
}

// Count counts the tests of a status.
func Count(tests []*Test, status string) int {
	n := 0
	for _, t := range tests {
		if t.Status == status {
			n++
		}
	}
	return n
}

// Run compiles todo with compile, parallel at a time. One at a time, a
// test's progress goes to progress as it is written; several at a time,
// a line when each starts, and its progress when it ends, after its
// heading. A test whose browser
// server did not start (Unavailable) stops the tests not yet started;
// its error is returned. A test left undecided (interrupted, or not
// started) is failed, saying why.
func Run(ctx context.Context, todo []*Test, parallel int, progress io.Writer, compile func(context.Context, *Test, io.Writer)) error {
	var mu sync.Mutex     // progress, unavailable
	var unavailable error // a browser server that did not start: the rest would not either
	sem := make(chan struct{}, max(parallel, 1))
	var wg sync.WaitGroup
	for i, t := range todo {
		sem <- struct{}{} // a turn first: the test before may stop the rest
		mu.Lock()
		stop := unavailable != nil
		mu.Unlock()
		if ctx.Err() != nil || stop {
			<-sem
			break
		}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			head := fmt.Sprintf("[%d/%d] %s: %s", i+1, len(todo), printable.String(t.File.Path), printable.String(t.Scenario.Name))
			w := io.Writer(&t.log)
			mu.Lock()
			if parallel <= 1 {
				fmt.Fprintln(progress, head)
				w = progress
			} else {
				fmt.Fprintln(progress, head+" … started") // its steps follow when it ends
			}
			mu.Unlock()
			start := time.Now()
			compile(ctx, t, w)
			t.Duration = time.Since(start)
			mu.Lock()
			defer mu.Unlock()
			if t.Unavailable && unavailable == nil {
				unavailable = t.Err
			}
			if parallel > 1 {
				fmt.Fprintln(progress, head)
				progress.Write(t.log.Bytes())
			}
		}()
	}
	wg.Wait()
	for _, t := range todo {
		switch {
		case t.Status != "":
		case unavailable != nil:
			t.Status, t.Err = StatusFailed, fmt.Errorf("not compiled: the browser server did not start (%v)", unavailable)
		default:
			t.Status, t.Err = StatusFailed, fmt.Errorf("not compiled: %w", context.Cause(ctx))
		}
	}
	return unavailable
}
