package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/demoshop"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/mcpclient"
)

// BenchmarkSuiteCompile times a suite compile of examples/shop-suite (its
// tests in every format plaintest reads) against the demo shop: every test
// compiled at --parallel 1 and at --parallel 2 (--force), and a compile
// again with nothing changed, which compiles nothing:
//
//	CI=true go test ./cmd/plaintest -run '^$' -bench SuiteCompile -benchtime 1x
//
// Each compile must end with every test compiled (or unchanged): a compile
// that fails proves no speed.
func BenchmarkSuiteCompile(b *testing.B) {
	_, err := mcpclient.Playwright(nil)
	testenv.Need(b, err)
	srv := httptest.NewServer(demoshop.Handler(nil))
	defer srv.Close()
	suiteDir := filepath.Join("..", "..", "examples", "shop-suite")
	out := b.TempDir()
	compile := func(extra ...string) (time.Duration, string) {
		args := append([]string{"compile", suiteDir, "--url", srv.URL, "--out", out, "--evidence", b.TempDir(),
			"--translator", "rules", "--secret", "PASSWORD=demo123"}, extra...)
		var stdout, stderr bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, getenv: testGetenv(nil)}
		start := time.Now()
		if code := run(context.Background(), e, args); code != 0 {
			b.Fatalf("compile %v: exit %d\n%s\n%s", extra, code, stdout.String(), stderr.String())
		}
		return time.Since(start), stdout.String()
	}
	compile() // untimed: the driver and browser started once, files read
	var p1, p2, again time.Duration
	var tests string
	for b.Loop() {
		d, _ := compile("--force", "--parallel", "1")
		p1 += d
		d, _ = compile("--force", "--parallel", "2")
		p2 += d
		d, log := compile()
		again += d
		if !strings.Contains(log, "nothing compiled") {
			b.Fatalf("a compile with nothing changed compiled something:\n%s", log)
		}
		tests = log[strings.LastIndex(log, "suite: "):]
	}
	n := float64(b.N)
	b.ReportMetric(p1.Seconds()/n, "s/parallel-1")
	b.ReportMetric(p2.Seconds()/n, "s/parallel-2")
	b.ReportMetric(again.Seconds()/n, "s/unchanged")
	b.ReportMetric(p1.Seconds()/p2.Seconds(), "speedup-2")
	fmt.Printf("suite compile of examples/shop-suite: %s", tests)
}
