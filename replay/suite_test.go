package replay_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plaintest/plaintest/mcpclient/mcptest"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/report"
)

// writeFiles writes name -> content below dir and returns dir.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestFiles(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"suite/b.json": "", "suite/a.JSON": "", "suite/deep/c.json": "", "suite/notes.txt": "", "suite/b.replay.json": "",
		"one.json": "", "empty/readme.md": "",
	})
	suite, one := filepath.Join(dir, "suite"), filepath.Join(dir, "one.json")
	got, err := replay.Files([]string{one, suite, filepath.Join(suite, "b.json"), dir + string(filepath.Separator) + "." + string(filepath.Separator) + "one.json"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{one, filepath.Join(suite, "a.JSON"), filepath.Join(suite, "b.json"), filepath.Join(suite, "deep", "c.json")}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Files = %q, want %q (files as given, directories sorted and recursive, each file once, no NanoClaw bundle)", got, want)
	}
	if _, err := replay.Files([]string{filepath.Join(dir, "nope.json")}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v, want an os.ErrNotExist error", err)
	}
	if _, err := replay.Files([]string{filepath.Join(dir, "empty")}); err == nil || !strings.HasSuffix(err.Error(), "empty: no .json scenario files") {
		t.Errorf("a folder without scenarios: %v", err)
	}
}

func TestShard(t *testing.T) {
	for _, bad := range []string{"", "1", "0/2", "3/2", "1/0", "a/b", "1/2/3", "-1/2"} {
		if _, err := replay.ParseShard(bad); err == nil || !strings.Contains(err.Error(), "want I/N with 1 <= I <= N") {
			t.Errorf("ParseShard(%q) = %v, want an error", bad, err)
		}
	}
	files := []string{"a", "b", "c", "d", "e"}
	tests := []struct {
		shard string
		want  []string
	}{
		{"1/1", files},
		{"1/2", []string{"a", "c", "e"}},
		{"2/2", []string{"b", "d"}},
		{"3/3", []string{"c"}},
		{"5/7", []string{"e"}},
		{"6/7", nil},
	}
	for _, tt := range tests {
		s, err := replay.ParseShard(tt.shard)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Select(files); !reflect.DeepEqual(got, tt.want) || s.String() != tt.shard {
			t.Errorf("shard %s (%v) selects %v, want %v", tt.shard, s, got, tt.want)
		}
	}
	// Every file is in exactly one shard.
	for n := 1; n <= 6; n++ {
		seen := map[string]int{}
		for i := 1; i <= n; i++ {
			for _, f := range (replay.Shard{I: i, N: n}).Select(files) {
				seen[f]++
			}
		}
		for _, f := range files {
			if seen[f] != 1 {
				t.Errorf("with %d shards %s runs %d times", n, f, seen[f])
			}
		}
	}
}

// scenarioJSON is a scenario whose steps call the hold tool of server
// "fake" for ms milliseconds each.
func scenarioJSON(name string, ms ...int) string {
	var steps []string
	for i, d := range ms {
		steps = append(steps, fmt.Sprintf(`{"step": %d, "tool": "mcp__fake__hold", "params": {"ms": %d}}`, i+1, d))
	}
	return fmt.Sprintf(`{"version": "2.1", "metadata": {"name": %q}, "steps": [%s]}`, name, strings.Join(steps, ","))
}

func TestLoadReportsEveryProblemAtOnce(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"good.json":      scenarioJSON("good", 0),
		"partial.json":   `{"version": "2.1", "metadata": {"name": "p", "status": "partial", "status_detail": "compile stopped at action 2 of 3"}, "steps": [{"step": 1, "tool": "sandy__log", "params": {"message": "x"}}]}`,
		"vars.json":      `{"version": "2.1", "metadata": {"name": "v"}, "variables": {"PASSWORD": ""}, "steps": [{"step": 1, "tool": "sandy__log", "params": {"message": "{{PASSWORD}}"}}]}`,
		"ghost.json":     `{"version": "2.1", "metadata": {"name": "g"}, "steps": [{"step": 1, "tool": "sandy__log", "params": {"message": "{{GHOST}}"}}]}`,
		"unsafe.json":    `{"version": "2.1", "metadata": {"name": "u"}, "steps": [{"step": 1, "tool": "mcp__playwright__browser_run_code_unsafe", "params": {"code": "1"}}]}`,
		"malformed.json": `{"version": "2.1",`,
	})
	files, err := replay.Files([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	_, err = replay.Load(files, &replay.Options{Files: dir})
	var le *replay.LoadError
	if !errors.As(err, &le) || len(le.Errs) != 5 {
		t.Fatalf("Load = %v, want a *LoadError with 5 problems", err)
	}
	for _, want := range []string{
		filepath.Join(dir, "malformed.json") + ":1:18: unexpected end of JSON input",
		filepath.Join(dir, "partial.json") + ": metadata.status: partial (compile stopped at action 2 of 3): refused; replay it anyway with --allow-partial",
		filepath.Join(dir, "unsafe.json") + ": steps[0].tool: browser_run_code_unsafe runs any code on this machine",
		filepath.Join(dir, "ghost.json") + ": steps[0].params.message: {{GHOST}} is not defined",
		filepath.Join(dir, "vars.json") + ": missing required variable PASSWORD",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Load error lacks %q:\n%v", want, err)
		}
	}

	suite, err := replay.Load([]string{filepath.Join(dir, "partial.json"), filepath.Join(dir, "good.json")}, &replay.Options{AllowPartial: true})
	if err != nil {
		t.Fatalf("Load with AllowPartial: %v", err)
	}
	if len(suite.Scenarios) != 2 || !suite.Scenarios[0].Partial() || suite.Scenarios[1].Metadata.Name != "good" {
		t.Errorf("suite %+v: want the partial and the good scenario, in order", suite)
	}
}

// holdServers opens, for every run, a session to an in-process server
// whose hold tool waits its ms argument; it records how many holds ran at
// once at most.
type holdServers struct {
	mu        sync.Mutex
	now, most int
}

func (h *holdServers) open(ctx context.Context, _ string, _ replay.Needs) (replay.ToolCaller, error) {
	srv := mcptest.NewServer("fake")
	srv.Handle("hold", func(c mcptest.Call) mcptest.Result {
		h.mu.Lock()
		h.now++
		h.most = max(h.most, h.now)
		h.mu.Unlock()
		defer func() { h.mu.Lock(); h.now--; h.mu.Unlock() }()
		ms, _ := c.Args["ms"].(float64)
		time.Sleep(time.Duration(ms) * time.Millisecond)
		return mcptest.Text("held")
	})
	return srv.Connect(ctx)
}

func TestRunAll(t *testing.T) {
	// The first scenario is the slowest: with 2 at a time, the others end
	// before it, and the results still come in file order.
	files := map[string]string{}
	var names []string
	for i, ms := range []int{400, 50, 50, 50, 50} {
		name := "s" + strconv.Itoa(i) + ".json"
		files[name] = scenarioJSON(name, ms)
		names = append(names, name)
	}
	dir := writeFiles(t, files)
	var paths []string
	for _, n := range names {
		paths = append(paths, filepath.Join(dir, n))
	}
	suite, err := replay.Load(paths, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := &holdServers{}
	var mu sync.Mutex
	var finished []string
	p := replay.New(replay.ServersFunc(h.open), &replay.Options{Parallel: 2, Finished: func(r *report.RunResult) {
		mu.Lock()
		defer mu.Unlock()
		finished = append(finished, filepath.Base(r.File))
	}})
	results, errs := p.RunAll(t.Context(), suite)
	if len(results) != len(paths) || len(errs) != len(paths) {
		t.Fatalf("%d results, %d errors, want %d of each", len(results), len(errs), len(paths))
	}
	for i, r := range results {
		if r.File != paths[i] || !r.Success || errs[i] != nil {
			t.Errorf("result %d: %s success %v err %v, want %s passed", i, r.File, r.Success, errs[i], paths[i])
		}
	}
	if h.most != 2 {
		t.Errorf("at most %d scenarios ran at once, want 2", h.most)
	}
	if len(finished) != len(paths) || finished[0] == names[0] {
		t.Errorf("Finished saw %v: want every run, as it ended (s0 not first)", finished)
	}
}

// TestRunAllInterrupted: once the context ends, no scenario starts; the
// results of those that ran are kept.
func TestRunAllInterrupted(t *testing.T) {
	dir := writeFiles(t, map[string]string{"a.json": scenarioJSON("a", 0), "b.json": scenarioJSON("b", 0), "c.json": scenarioJSON("c", 0)})
	files, err := replay.Files([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	suite, err := replay.Load(files, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	h := &holdServers{}
	p := replay.New(replay.ServersFunc(h.open), &replay.Options{Finished: func(*report.RunResult) { cancel() }})
	results, errs := p.RunAll(ctx, suite)
	if len(results) != 1 || len(errs) != 1 || results[0].File != files[0] || !results[0].Success {
		t.Fatalf("interrupted after the first run: %d results (%v), want the first one, passed", len(results), errs)
	}
}

// TestFilesLinks: a directory's scenario that is a symbolic link out of it
// is refused, naming the link and where it leads, every one at once; a
// link inside the directory, and a link named as a file, are replayed; a
// directory given through a link is its target.
func TestFilesLinks(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"suite/a.json": "", "suite/sub/b.json": "", "secret/key.json": "", "passwd": "root:x:0:0",
	})
	suite := filepath.Join(dir, "suite")
	link := func(target, name string) string {
		t.Helper()
		p := filepath.Join(suite, name)
		if err := os.Symlink(target, p); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
		return p
	}
	inside := link(filepath.Join("sub", "b.json"), "inside.json")
	got, err := replay.Files([]string{suite})
	if want := []string{filepath.Join(suite, "a.json"), inside, filepath.Join(suite, "sub", "b.json")}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("a link inside: Files = %q, %v; want %q", got, err, want)
	}
	viaLink := filepath.Join(dir, "suite-link")
	if err := os.Symlink("suite", viaLink); err != nil {
		t.Fatal(err)
	}
	if got, err := replay.Files([]string{viaLink}); err != nil || len(got) != 3 {
		t.Errorf("the directory through a link: Files = %q, %v", got, err)
	}

	out := link(filepath.Join(dir, "passwd"), "passwd.json")
	up := link(filepath.Join("..", "secret", "key.json"), "key.json")
	chain := link("inside-out.json", "chain.json") // through another link that leads out
	link(filepath.Join("..", "secret", "key.json"), "inside-out.json")
	dangling := link("nowhere.json", "dangling.json")
	_, err = replay.Files([]string{suite})
	if !errors.Is(err, replay.ErrLinkOutside) {
		t.Fatalf("links out: Files: %v, want ErrLinkOutside", err)
	}
	var le *replay.LinkError
	if !errors.As(err, &le) {
		t.Fatalf("%T is not a *LinkError", err)
	}
	msg := err.Error()
	for _, want := range []string{
		out + ": a symbolic link to " + filepath.Join(dir, "passwd") + ", outside " + suite + ": refused",
		up + ": a symbolic link to " + filepath.Join(dir, "secret", "key.json"),
		chain + ": a symbolic link to " + filepath.Join(dir, "secret", "key.json"),
		dangling + ": a symbolic link that leads nowhere",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("the error lacks %q:\n%s", want, msg)
		}
	}
	if got, err := replay.Files([]string{out}); err != nil || !reflect.DeepEqual(got, []string{out}) {
		t.Errorf("the link named as a file: Files = %q, %v", got, err)
	}
}

// A folder run passes over what plaintest writes beside scenarios (heal
// proposals, partial scenarios, replay bundles) and says so; named, such a
// file is taken.
func TestScanPassesOverProposals(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a.json":             scenarioJSON("a", 0),
		"a.json.healed.json": scenarioJSON("a healed", 0),
		"b.partial.json":     `{"version": "2.1", "metadata": {"name": "p", "status": "partial"}, "steps": []}`,
		"c.replay.json":      `{"script": []}`,
		"sub/d.JSON":         scenarioJSON("d", 0),
	})
	files, skipped, err := replay.Scan([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	rel := func(ps []string) []string {
		var out []string
		for _, p := range ps {
			r, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(r))
		}
		return out
	}
	if got, want := rel(files), []string{"a.json", "sub/d.JSON"}; !slices.Equal(got, want) {
		t.Errorf("files = %v, want %v", got, want)
	}
	if got, want := rel(skipped), []string{"a.json.healed.json", "b.partial.json", "c.replay.json"}; !slices.Equal(got, want) {
		t.Errorf("skipped = %v, want %v", got, want)
	}
	named := filepath.Join(dir, "b.partial.json")
	if files, _, err := replay.Scan([]string{named}); err != nil || !slices.Equal(files, []string{named}) {
		t.Errorf("Scan(%s) = %v, %v: a file named is taken", named, files, err)
	}
	only := writeFiles(t, map[string]string{"x.json.healed.json": scenarioJSON("x", 0)})
	if _, _, err := replay.Scan([]string{only}); err == nil || !strings.Contains(err.Error(), "only heal proposals") {
		t.Errorf("a folder of proposals only: %v", err)
	}
}
