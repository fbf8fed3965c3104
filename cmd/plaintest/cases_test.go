package main

import (
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/plaintest/plaintest/internal/testkit"
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

// alongside is together for cases written against a caseLog (helpers
// that report to an errorLog, for a test or a case alike): each case is
// a subtest of its name, failed with what it recorded.
func alongside(t *testing.T, names []string, workers int, f func(i int, c *caseLog)) {
	t.Helper()
	together(t, names, workers, func(t *testing.T, i int) {
		var c caseLog
		f(i, &c)
		for _, e := range c.errs {
			t.Error(e)
		}
	})
}

// together runs f as a subtest of t for each name, workers at a time,
// all inside t's own turn of -parallel: a subtest that calls t.Parallel
// waits for a turn of its own behind every other test of the package
// (make test runs two at a time), so a test whose cases are mostly waits
// (compiles through two servers, checks that must fail) took 300 s so, at
// the end of the run, with the cores idle. Each subtest may call t.Fatal
// (testing.T.Run may be called from several goroutines at once).
func together(t *testing.T, names []string, workers int, f func(t *testing.T, i int)) {
	t.Helper()
	var wg sync.WaitGroup
	sem := make(chan struct{}, workers)
	for i, name := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			t.Run(name, func(t *testing.T) { f(t, i) })
		}()
	}
	wg.Wait()
}

// bothServers are the browser servers a compile or replay goes through:
// the built-in one and the bundled @playwright/mcp.
var bothServers = []string{"builtin", "playwright-mcp"}

// compilerOf is the browser server the i-th case of a *BothServers test
// compiles through: the two take turns, so that each compiles half of
// every such test's cases, and each export replays through the other
// (otherServer), on its page and on its broken page: every case still
// goes through both servers. Every case compiled through both, each
// export replayed through the other, was about a fifth of make test's
// processor time and kept it over 8 minutes on 2 cores (issue 20).
func compilerOf(i int) string { return bothServers[i%len(bothServers)] }

// switchedPage serves page(false), or page(true) once the switch it
// returns is set: a page and its broken (or changed) copy.
func switchedPage(t *testing.T, page func(on bool) string) (string, *atomic.Bool) {
	t.Helper()
	var on atomic.Bool
	return testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page(on.Load()))
	})), &on
}

// otherServer is the browser server that is not server.
func otherServer(server string) string {
	if server == bothServers[0] {
		return bothServers[1]
	}
	return bothServers[0]
}

// casesOf are the indexes, of n cases, of those that compile through
// server (compilerOf).
func casesOf(server string, n int) []int {
	var out []int
	for i := range n {
		if compilerOf(i) == server {
			out = append(out, i)
		}
	}
	return out
}

// namesOf is the name of each of cases, for together and alongside.
func namesOf[T any](cases []T, name func(T) string) []string {
	out := make([]string, len(cases))
	for i, c := range cases {
		out[i] = name(c)
	}
	return out
}
