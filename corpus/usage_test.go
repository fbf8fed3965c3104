package corpus

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/testkit"
)

// usage is what one run of a command cost: its wall time and, on Linux
// with python3, the processor time of all its processes (the kernel's
// count, orphans included: scripts/cpu-by-process.py is their
// subreaper), the peak of their resident memory summed (read every 0.2 s),
// and the processor time by kind of process (Go, the Playwright driver,
// the browser, its renderers, the test runner's workers).
type usage struct {
	Wall   time.Duration      `json:"-"`
	CPU    float64            `json:"cpu_s"` // 0: not measured
	PeakMB float64            `json:"peak_rss_mb"`
	ByKind map[string]float64 `json:"by_kind"`
}

// measureCommand runs cmd as runCommand does, under cpu-by-process.py
// where it can run, and returns its usage and output.
func measureCommand(b *testing.B, cmd *exec.Cmd) (usage, string) {
	b.Helper()
	python, err := exec.LookPath("python3")
	if runtime.GOOS != "linux" || err != nil {
		d, out := runCommand(b, cmd)
		return usage{Wall: d}, out
	}
	script, err := filepath.Abs(filepath.Join("..", "scripts", "cpu-by-process.py"))
	if err != nil {
		b.Fatal(err)
	}
	file := filepath.Join(b.TempDir(), "usage.json")
	wrapped := exec.Command(python, append([]string{script, file, "--", cmd.Path}, cmd.Args[1:]...)...)
	wrapped.Dir, wrapped.Env = cmd.Dir, cmd.Env
	d, out := runCommand(b, wrapped)
	u := usage{Wall: d}
	data, err := os.ReadFile(file)
	if err != nil {
		b.Fatalf("cpu-by-process.py wrote no figures: %v\n%s", err, out)
	}
	if err := json.Unmarshal(data, &u); err != nil {
		b.Fatalf("cpu-by-process.py: %v", err)
	}
	return u, out
}

// usageOf sums runs: the median wall and processor time, the highest peak,
// and the mean processor time of each kind of process.
type usageOf []usage

func (us usageOf) wall() float64 {
	var ds []time.Duration
	for _, u := range us {
		ds = append(ds, u.Wall)
	}
	return testkit.Median(ds).Seconds()
}

func (us usageOf) cpu() float64 {
	var ds []time.Duration
	for _, u := range us {
		ds = append(ds, time.Duration(u.CPU*float64(time.Second)))
	}
	return testkit.Median(ds).Seconds()
}

func (us usageOf) peak() float64 {
	p := 0.0
	for _, u := range us {
		p = max(p, u.PeakMB)
	}
	return p
}

// kinds is the mean processor time of each kind of process, largest
// first, as "Chromium renderer 61.2 s, ...".
func (us usageOf) kinds() string {
	sum := map[string]float64{}
	for _, u := range us {
		for k, v := range u.ByKind {
			sum[k] += v / float64(len(us))
		}
	}
	names := slices.Collect(maps.Keys(sum))
	sort.Slice(names, func(i, j int) bool { return sum[names[i]] > sum[names[j]] })
	var parts []string
	for _, k := range names {
		if sum[k] >= 0.05 {
			parts = append(parts, fmt.Sprintf("%s %.1f s", k, sum[k]))
		}
	}
	return strings.Join(parts, ", ")
}

// stepTimes sums plaintest replay --json's steps by tool: their wall time,
// how many there were, and how many were asked again (a late target, a
// check not holding yet), as "browser_click 31.2 s (412 steps, 9 asked
// again)", the most time first; and the scenarios' own time beside.
func stepTimes(b *testing.B, out string) string {
	b.Helper()
	var sum struct {
		Scenarios []struct {
			Ms    float64 `json:"duration_ms"`
			Steps []struct {
				Tool    string  `json:"tool"`
				Ms      float64 `json:"duration_ms"`
				Retries int     `json:"retries"`
			} `json:"steps"`
		} `json:"scenarios"`
	}
	if err := json.NewDecoder(strings.NewReader(out)).Decode(&sum); err != nil {
		b.Fatalf("plaintest replay --json: %v", err)
	}
	type tally struct {
		ms             float64
		steps, retried int
	}
	by := map[string]*tally{}
	total, stepped := 0.0, 0.0
	for _, sc := range sum.Scenarios {
		total += sc.Ms
		for _, st := range sc.Steps {
			name := strings.TrimPrefix(st.Tool, "mcp__playwright__")
			t := by[name]
			if t == nil {
				t = &tally{}
				by[name] = t
			}
			t.ms += st.Ms
			t.steps++
			stepped += st.Ms
			if st.Retries > 0 {
				t.retried++
			}
		}
	}
	names := slices.Collect(maps.Keys(by))
	sort.Slice(names, func(i, j int) bool { return by[names[i]].ms > by[names[j]].ms })
	parts := []string{fmt.Sprintf("scenarios %.1f s, of which steps %.1f s", total/1000, stepped/1000)}
	for _, n := range names {
		t := by[n]
		parts = append(parts, fmt.Sprintf("%s %.1f s (%d steps, %d asked again)", n, t.ms/1000, t.steps, t.retried))
	}
	return strings.Join(parts, "; ")
}
