package main

import (
	"fmt"
	"sync"
	"testing"
)

// errorLog is where a helper says what went wrong: the test, or the
// caseLog of a case run by alongside.
type errorLog interface {
	Errorf(format string, args ...any)
}

// caseLog collects what went wrong in one case run by alongside, on a
// goroutine of its own (where t.Fatal may not be called).
type caseLog struct {
	mu   sync.Mutex
	errs []string
}

// Errorf records a failure of the case.
func (c *caseLog) Errorf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.errs = append(c.errs, fmt.Sprintf(format, args...))
}

// alongside runs f for every case at once, workers at a time, outside the
// count of -parallel, then fails a subtest of each case's name with what
// it recorded. It is for cases whose time is mostly a wait (an element
// that comes late, a check that must fail after its timeout): make test
// runs two tests of this package at a time, and such cases as parallel
// subtests waited one or two at a time, at the end of the run, with the
// machine's cores idle (a late-element test took 305 s so, 77 s at 12 at
// a time, for the same processor time).
func alongside(t *testing.T, names []string, workers int, f func(i int, c *caseLog)) {
	t.Helper()
	logs := make([]caseLog, len(names))
	var wg sync.WaitGroup
	sem := make(chan struct{}, workers)
	for i := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			f(i, &logs[i])
		}()
	}
	wg.Wait()
	for i, name := range names {
		t.Run(name, func(t *testing.T) {
			for _, e := range logs[i].errs {
				t.Error(e)
			}
		})
	}
}
