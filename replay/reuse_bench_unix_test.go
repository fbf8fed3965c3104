//go:build unix

package replay

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/mcpclient"
)

// BenchmarkKeptServer replays the README scenario (log in, add the Blue
// Mug, check the cart) five times in a row through the bundled
// @playwright/mcp, a new server for each run against one server kept
// (Reuse), alternating, and prints wall and processor time per scenario
// (the servers' node and Chromium, reaped when stopped) and their ratios:
//
//	go test ./replay -run '^$' -bench KeptServer -benchtime 3x
func BenchmarkKeptServer(b *testing.B) {
	srv, sc := benchShop(b)
	const runs = 5
	batch := func(reuse bool) (wall, cpu time.Duration) {
		cs := &ConfigServers{Config: &mcpclient.Config{}, Playwright: mcpclient.BundledOptions(defaults.Step, 0), Reuse: reuse}
		p := New(cs, &Options{Vars: demoVars(srv.URL)})
		cpu0, start := childCPU(b), time.Now()
		for range runs {
			if res, err := p.Run(context.Background(), "login-add-mug.json", sc); err != nil || !res.Success {
				b.Fatalf("replay (reuse %v): %v %s", reuse, err, res.Error)
			}
		}
		if err := cs.Close(); err != nil {
			b.Fatal(err)
		}
		return time.Since(start) / runs, (childCPU(b) - cpu0) / runs
	}
	batch(true) // warm-up, untimed
	var wall, cpu [2]time.Duration
	for i := 0; i < b.N; i++ {
		for j, reuse := range []bool{false, true} {
			w, c := batch(reuse)
			wall[j] += w
			cpu[j] += c
		}
	}
	n := time.Duration(b.N)
	fmt.Printf("a server per scenario: %v wall, %v of processor time a scenario\n", (wall[0] / n).Round(time.Millisecond), (cpu[0] / n).Round(time.Millisecond))
	fmt.Printf("one server kept:       %v wall, %v of processor time a scenario\n", (wall[1] / n).Round(time.Millisecond), (cpu[1] / n).Round(time.Millisecond))
	fmt.Printf("kept / new: wall %.2fx, processor %.2fx\n", float64(wall[1])/float64(wall[0]), float64(cpu[1])/float64(cpu[0]))
}

// childCPU is the processor time of this process's children that have
// ended (and of theirs that they waited for).
func childCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
