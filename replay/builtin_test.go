package replay

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/mcpclient/mcptest"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

func TestBuiltinWaitAndLog(t *testing.T) {
	f := &fake{}
	src := scenario(`{"TOKEN":""}`, `[
		{"step":1,"tool":"mcp__a__echo","params":{}},
		{"step":2,"tool":"sandy__wait","params":{"duration":0.15}},
		{"step":3,"id":"l","tool":"sandy__log","params":{"message":"token is {{TOKEN}}"},"output":{"m":"$.logged"}},
		{"step":4,"tool":"mcp__a__echo","params":{}}]`)
	_, res, err := play(t, f, &Options{Vars: []map[string]string{{"TOKEN": "tok-123"}}}, src)
	if err != nil || !res.Success {
		t.Fatalf("Run: %v %q", err, res.Error)
	}
	c := f.callsTo("echo")
	if gap := c[1].At.Sub(c[0].At); gap < 150*time.Millisecond {
		t.Errorf("sandy__wait 0.15 s let the next step run after %v", gap)
	}
	if got := res.Steps[2].Output["m"]; got != "token is ***" {
		t.Errorf("log output = %q, want the message with the secret masked", got)
	}
	if got := res.Steps[2].Message; got != "token is ***" {
		t.Errorf("log message = %q, want it on the step for the console, masked", got)
	}
}

// sandy__wait reads {seconds} as {duration}, and with neither waits no
// time, as Sandy's examples and player expect.
func TestBuiltinWaitSecondsAndNothing(t *testing.T) {
	f := &fake{}
	src := scenario("", `[
		{"step":1,"tool":"mcp__a__echo","params":{}},
		{"step":2,"tool":"sandy__wait","params":{"seconds":0.15}},
		{"step":3,"tool":"mcp__a__echo","params":{}},
		{"step":4,"tool":"sandy__wait","params":{}}]`)
	_, res, err := play(t, f, nil, src)
	if err != nil || !res.Success {
		t.Fatalf("Run: %v %q", err, res.Error)
	}
	c := f.callsTo("echo")
	if gap := c[1].At.Sub(c[0].At); gap < 150*time.Millisecond {
		t.Errorf("sandy__wait {seconds: 0.15} let the next step run after %v", gap)
	}
}

func TestBuiltinWaitRejectsBadDuration(t *testing.T) {
	_, res, err := play(t, &fake{}, nil, scenario("", `[{"step":1,"tool":"sandy__wait","params":{"duration":"soon"}}]`))
	if err != nil || res.Success || !strings.Contains(res.Steps[0].Error, "duration") {
		t.Errorf("err %v, success %v, error %q: want a failed step about duration", err, res.Success, res.Steps[0].Error)
	}
}

func TestBuiltinAppendFile(t *testing.T) {
	tests := []struct {
		format string
		want   string
	}{
		{"jsonl", "{\"id\":1,\"name\":\"Blue Mug\"}\n{\"id\":2,\"name\":\"Red, Mug\"}\n{\"id\":3,\"name\":\"Tea\"}\n"},
		{"csv", "id,name\n1,Blue Mug\n2,\"Red, Mug\"\n3,Tea\n"},
		{"json", "[\n  {\n    \"id\": 1,\n    \"name\": \"Blue Mug\"\n  },\n  {\n    \"id\": 2,\n    \"name\": \"Red, Mug\"\n  },\n  {\n    \"id\": 3,\n    \"name\": \"Tea\"\n  }\n]\n"},
	}
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			dir := t.TempDir()
			src := scenario("", `[
				{"step":1,"id":"s","tool":"mcp__a__json","params":{"body":"{\"items\":[{\"id\":1,\"name\":\"Blue Mug\"},{\"id\":2,\"name\":\"Red, Mug\"}]}"},"output":{"items":"$.items"}},
				{"step":2,"tool":"sandy__append_file","params":{"path":"out/data.`+tt.format+`","format":"`+tt.format+`","data":"{{s.items}}"}},
				{"step":3,"tool":"sandy__append_file","params":{"path":"out/data.`+tt.format+`","format":"`+tt.format+`","data":{"id":3,"name":"Tea"}}}]`)
			_, res, err := play(t, &fake{}, &Options{Files: dir}, src)
			if err != nil || !res.Success {
				t.Fatalf("Run: %v %q", err, res.Error)
			}
			b, err := os.ReadFile(filepath.Join(dir, "out", "data."+tt.format))
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.want {
				t.Errorf("file =\n%s\nwant\n%s", b, tt.want)
			}
		})
	}
}

// CSV rows flatten nested objects as Sandy's player does: user_name,
// user_age; a list is one cell of JSON.
func TestBuiltinAppendFileCSVFlattens(t *testing.T) {
	dir := t.TempDir()
	src := scenario("", `[{"step":1,"tool":"sandy__append_file","params":{"path":"u.csv","format":"csv",
		"data":[{"user":{"name":"John","age":30},"tags":["a","b"]},{"user":{"name":"Ann","age":4},"tags":[]}]}}]`)
	_, res, err := play(t, &fake{}, &Options{Files: dir}, src)
	if err != nil || !res.Success {
		t.Fatalf("Run: %v %q", err, res.Error)
	}
	b, err := os.ReadFile(filepath.Join(dir, "u.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "tags,user_age,user_name\n\"[\"\"a\"\",\"\"b\"\"]\",30,John\n[],4,Ann\n"; string(b) != want {
		t.Errorf("file =\n%s\nwant\n%s", b, want)
	}
}

// TestBuiltinAppendFileJSONReplaces: the json format rewrites the whole
// array, so it replaces the file atomically: a hard link to the old file
// keeps the old array.
func TestBuiltinAppendFileJSONReplaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "data.json")
	if err := os.WriteFile(path, []byte("[1]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(path, filepath.Join(dir, "old")); err != nil {
		t.Fatal(err)
	}
	src := scenario("", `[{"step":1,"tool":"sandy__append_file","params":{"path":"data.json","format":"json","data":2}}]`)
	if _, res, err := play(t, &fake{}, &Options{Files: dir}, src); err != nil || !res.Success {
		t.Fatalf("Run: %v %q", err, res.Error)
	}
	if b, _ := os.ReadFile(path); string(b) != "[\n  1,\n  2\n]\n" {
		t.Errorf("file = %q, want [1, 2]", b)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "old")); string(b) != "[1]\n" {
		t.Errorf("the file was rewritten in place: its old link holds %q", b)
	}
	if es, _ := os.ReadDir(dir); len(es) != 2 {
		t.Errorf("dir holds %d files, want 2 (no temporary file left)", len(es))
	}
}

func TestBuiltinAppendFileStaysInsideDir(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "work")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(parent, filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	// A path that leaves the folder as written is refused before anything
	// runs; one that leaves it through a link fails its step (os.Root).
	for _, tt := range []struct {
		path    string
		preflit bool
	}{{"../escape.jsonl", true}, {"/tmp/escape.jsonl", true}, {"a/../../escape.jsonl", true}, {"link/escape.jsonl", false}} {
		t.Run(tt.path, func(t *testing.T) {
			src := scenario("", `[{"step":1,"tool":"sandy__append_file","params":{"path":"`+tt.path+`","data":{"a":1}}}]`)
			_, res, err := play(t, &fake{}, &Options{Files: dir}, src)
			switch {
			case tt.preflit && (!errors.Is(err, sandy.ErrInvalid) || !strings.Contains(fmt.Sprint(err), "the files folder") || len(res.Steps) != 0):
				t.Errorf("append to %q: err %v, %d steps run; want it refused as bad input before step 1", tt.path, err, len(res.Steps))
			case !tt.preflit && err != nil:
				t.Fatal(err)
			case res.Success:
				t.Errorf("append to %q succeeded, want it refused", tt.path)
			}
			if _, err := os.Stat(filepath.Join(parent, "escape.jsonl")); err == nil {
				t.Errorf("a file was written outside the working directory")
			}
		})
	}
}

func TestBuiltinBrowserWaits(t *testing.T) {
	tests := []struct {
		name       string
		step       string
		readyAfter int
		wantOK     bool
		wantJS     string
	}{
		{"wait_for_element appears", `{"step":1,"tool":"sandy__wait_for_element","params":{"selector":"#claim","interval":0.01,"timeout":5}}`, 3, true, `document.querySelector("#claim")`},
		{"wait_for_element times out", `{"step":1,"tool":"sandy__wait_for_element","params":{"selector":"#claim","interval":0.01,"timeout":0.1}}`, 1000, false, ""},
		{"wait_until true", `{"step":1,"tool":"sandy__wait_until","params":{"expression":"window.ready === true","interval":0.01}}`, 2, true, "Boolean(window.ready === true"},
		{"wait_until times out", `{"step":1,"tool":"sandy__wait_until","params":{"expression":"false","interval":0.01,"timeout":0.1}}`, 1000, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{readyAfter: tt.readyAfter}
			fs, res, err := play(t, f, nil, scenario("", "["+tt.step+"]"))
			if err != nil {
				t.Fatal(err)
			}
			if res.Success != tt.wantOK {
				t.Fatalf("success %v (error %q), want %v", res.Success, res.Steps[0].Error, tt.wantOK)
			}
			calls := f.callsTo("browser_evaluate")
			if tt.wantOK && (len(calls) != tt.readyAfter || res.Steps[0].Retries != tt.readyAfter-1) {
				t.Errorf("%d evaluate calls, %d retries; want %d, %d", len(calls), res.Steps[0].Retries, tt.readyAfter, tt.readyAfter-1)
			}
			if tt.wantJS != "" && !strings.Contains(calls[0].Args["function"].(string), tt.wantJS) {
				t.Errorf("function = %q, want it to contain %q", calls[0].Args["function"], tt.wantJS)
			}
			if !reflect.DeepEqual(fs.opened, []string{"playwright"}) {
				t.Errorf("opened %v, want [playwright]", fs.opened)
			}
		})
	}
}

// The browser built-ins use chrome-devtools' evaluate_script when the
// scenario drives chrome-devtools (Sandy's default), an explicit
// mcp_server's tool otherwise, and return Sandy's result objects.
func TestBuiltinBrowserWaitServers(t *testing.T) {
	tests := []struct {
		name       string
		steps      string
		wantTool   string
		wantServer string
	}{
		{"chrome-devtools scenario", `[{"step":1,"tool":"mcp__chrome-devtools__echo","params":{}},
			{"step":2,"id":"w","tool":"sandy__wait_until","params":{"expression":"window.ready","interval":0.01},"output":{"met":"$.condition_met"}}]`,
			"evaluate_script", "chrome-devtools"},
		{"explicit mcp_server", `[{"step":1,"tool":"mcp__chrome-devtools__echo","params":{}},
			{"step":2,"id":"w","tool":"sandy__wait_until","params":{"expression":"window.ready","interval":0.01,"mcp_server":"playwright"},"output":{"met":"$.condition_met"}}]`,
			mcpclient.ToolEvaluate, "playwright"},
		{"playwright scenario", `[{"step":1,"tool":"mcp__playwright__echo","params":{}},
			{"step":2,"id":"w","tool":"sandy__wait_for_element","params":{"selector":"#x","interval":0.01},"output":{"met":"$.found"}}]`,
			mcpclient.ToolEvaluate, "playwright"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{readyAfter: 2}
			fs, res, err := play(t, f, nil, scenario("", tt.steps))
			if err != nil || !res.Success {
				t.Fatalf("Run: %v, %q", err, res.Error)
			}
			if n := len(f.callsTo(tt.wantTool)); n != 2 {
				t.Errorf("%d calls to %s, want 2", n, tt.wantTool)
			}
			if !slices.Contains(fs.opened, tt.wantServer) {
				t.Errorf("opened %v, want %s among them", fs.opened, tt.wantServer)
			}
			if got := res.Outputs["w"]["met"]; got != true {
				t.Errorf("output met = %#v, want true (Sandy's result object)", got)
			}
		})
	}
}

// An evaluation that fails during a wait (the page between two documents)
// counts as "not yet", as in Sandy's player; the wait goes on.
func TestBuiltinBrowserWaitToleratesToolErrors(t *testing.T) {
	f := &fake{readyAfter: 1, evalErrors: 2}
	_, res, err := play(t, f, nil, scenario("", `[{"step":1,"tool":"sandy__wait_until","params":{"expression":"true","interval":0.01}}]`))
	if err != nil || !res.Success {
		t.Fatalf("Run: %v, %q: want a pass after two failed evaluations", err, res.Error)
	}
	if n := len(f.callsTo(mcpclient.ToolEvaluate)); n != 3 {
		t.Errorf("%d evaluations, want 3", n)
	}
	f = &fake{readyAfter: 1, evalErrors: 1000}
	_, res, _ = play(t, f, nil, scenario("", `[{"step":1,"tool":"sandy__wait_until","params":{"expression":"true","interval":0.01,"timeout":0.1}}]`))
	if res.Success || !strings.Contains(res.Steps[0].Error, "not met") || !strings.Contains(res.Steps[0].Error, "Execution context was destroyed") {
		t.Errorf("success %v, error %q: want a timeout quoting the last evaluation error", res.Success, res.Steps[0].Error)
	}
}

// TestMain lets the test binary serve the fake tools over stdio, so that a
// test can watch a real server process die.
func TestMain(m *testing.M) {
	if mcptest.Serving() {
		serveStdio()
		return
	}
	// The bundled @playwright/mcp servers the tests start connect to one
	// shared browser, a fresh context each.
	unshare := mcptest.ShareBrowser()
	code := m.Run()
	unshare()
	os.Exit(code)
}

func TestServerDyingMidRun(t *testing.T) {
	sc, err := mcptest.Command("fake", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath(sc.Command); err != nil {
		t.Skip("test binary not runnable:", err)
	}
	servers := ServersFunc(func(ctx context.Context, name string, _ Needs) (ToolCaller, error) {
		return mcpclient.Connect(ctx, sc, &mcpclient.Options{CallTimeout: 20 * time.Second})
	})
	src := scenario("", `[
		{"step":1,"tool":"mcp__fake__echo","params":{"n":1}},
		{"step":2,"tool":"mcp__fake__die","params":{}},
		{"step":3,"tool":"mcp__fake__echo","params":{"n":3}}]`)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := New(servers, nil).Run(ctx, "die.json", parse(t, src))
	if ctx.Err() != nil {
		t.Fatalf("the run hung until the test's deadline")
	}
	if !errors.Is(err, mcpclient.ErrUnavailable) {
		t.Fatalf("err = %v, want ErrUnavailable", err)
	}
	if got, want := statuses(res), []string{report.StatusPassed, report.StatusFailed}; !reflect.DeepEqual(got, want) {
		t.Errorf("statuses = %v, want %v (earlier results kept, nothing after)", got, want)
	}
	if !res.Unavailable || res.FailedStep != 2 || !strings.Contains(err.Error(), "step 2") {
		t.Errorf("unavailable %v, failed step %d, err %v: want step 2 named as lost", res.Unavailable, res.FailedStep, err)
	}
}
