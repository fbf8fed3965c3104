package replay

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/tracezip"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/mcpclient/mcptest"
	"github.com/plaintest/plaintest/replay/tracing"
	"github.com/plaintest/plaintest/report"
)

// tracer is a browser server with the tracing tools: its stop writes a
// zip, trace-N.zip, in its folder and links it as both servers do. start
// and stop, when set, answer those tools instead.
func tracer(t *testing.T, start, stop mcptest.Handler) *mcptest.Server {
	t.Helper()
	dir := t.TempDir()
	s := mcptest.NewServer("tracer")
	s.Handle(mcpclient.ToolNavigate, func(c mcptest.Call) mcptest.Result { return mcptest.Navigated("http://shop/") })
	s.Handle("fail", func(mcptest.Call) mcptest.Result { return mcptest.Failure("the cart shows 0 items") })
	s.Handle(mcpclient.ToolScreenshot, func(mcptest.Call) mcptest.Result { return mcptest.Screenshot([]byte("\x89PNG")) })
	s.Handle(mcpclient.ToolSnapshot, func(mcptest.Call) mcptest.Result {
		return mcptest.Playwright{Snapshot: `- button "Buy" [ref=e1]`}.Result()
	})
	if start == nil {
		start = func(mcptest.Call) mcptest.Result {
			return mcptest.Playwright{Value: "Trace recording started"}.Result()
		}
	}
	if stop == nil {
		stop = func(c mcptest.Call) mcptest.Result {
			path := filepath.Join(dir, "trace-"+strings.Repeat("1", c.N)+".zip")
			if err := os.WriteFile(path, []byte("zip of the run"), 0o644); err != nil {
				return mcptest.Failure(err.Error())
			}
			return mcptest.Playwright{Value: "Trace recording stopped.\n- [Trace](" + path + ")"}.Result()
		}
	}
	s.Handle(mcpclient.ToolStartTracing, start)
	s.Handle(mcpclient.ToolStopTracing, stop)
	return s
}

// playTraced replays one scenario of steps on srv with --trace mode,
// evidence in dir.
func playTraced(t *testing.T, srv *mcptest.Server, mode tracing.Mode, dir, steps string) (*report.RunResult, error) {
	t.Helper()
	servers := ServersFunc(func(ctx context.Context, _ string, _ Needs) (ToolCaller, error) { return srv.Connect(ctx) })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return New(servers, &Options{EvidenceDir: dir, Trace: mode}).Run(ctx, "mug.json", parse(t, scenario("", steps)))
}

const (
	passingSteps = `[{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"http://shop/"}}]`
	failingSteps = `[{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"http://shop/"}},
		{"step":2,"tool":"mcp__playwright__fail","params":{}}]`
)

// TestTraceModes: --trace on keeps every run's trace as NAME.trace.zip in
// the evidence folder, moved from where the server wrote it;
// retain-on-failure records every run and keeps a failed one's only; off
// makes no tracing call. A failed run's trace is stopped after its
// evidence, so that it holds the failure's screenshot and snapshot.
func TestTraceModes(t *testing.T) {
	for _, tt := range []struct {
		name  string
		mode  tracing.Mode
		steps string
		kept  bool
	}{
		{"on, passed", tracing.On, passingSteps, true},
		{"on, failed", tracing.On, failingSteps, true},
		{"retain-on-failure, passed", tracing.RetainOnFailure, passingSteps, false},
		{"retain-on-failure, failed", tracing.RetainOnFailure, failingSteps, true},
		{"off, failed", tracing.Off, failingSteps, false},
		{"unset, failed", "", failingSteps, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srv := tracer(t, nil, nil)
			dir := t.TempDir()
			res, err := playTraced(t, srv, tt.mode, dir, tt.steps)
			if err != nil {
				t.Fatal(err)
			}
			want := ""
			if tt.kept {
				want = filepath.Join(dir, "mug"+tracing.Suffix)
			}
			if res.Trace != want {
				t.Errorf("Trace: got %q, want %q", res.Trace, want)
			}
			traces, _ := filepath.Glob(filepath.Join(dir, "*.zip"))
			if tt.kept != (len(traces) == 1) || len(traces) > 1 {
				t.Errorf("zips in the evidence folder: %q, want one: %v", traces, tt.kept)
			}
			if tt.kept {
				if b, err := os.ReadFile(want); err != nil || string(b) != "zip of the run" {
					t.Errorf("the trace: %q, %v", b, err)
				}
			}
			tools := srv.Tools()
			traced := slices.Contains(tools, mcpclient.ToolStartTracing)
			if traced != tt.mode.Records() {
				t.Errorf("tools called %q: tracing %v, want %v", tools, traced, tt.mode.Records())
			}
			if traced {
				first, last := tools[0], tools[len(tools)-1]
				if first != mcpclient.ToolStartTracing || last != mcpclient.ToolStopTracing {
					t.Errorf("tools called %q: want the trace started first and stopped last, after the evidence", tools)
				}
			}
		})
	}
}

// TestTraceOfPlaywrightMCP: a trace @playwright/mcp leaves as files (its
// stop links trace-N.trace) is packed into NAME.trace.zip.
func TestTraceOfPlaywrightMCP(t *testing.T) {
	live := filepath.Join(t.TempDir(), "traces")
	files := map[string]string{
		"trace-7.trace":     `{"type":"context-options"}` + "\n" + `{"type":"before","callId":"c1","class":"Frame","method":"goto","params":{}}` + "\n" + `{"type":"frame-snapshot","snapshot":{"resourceOverrides":[{"sha1":"a1.css"}]}}` + "\n" + `{"type":"after","callId":"c1"}` + "\n",
		"trace-7.network":   "",
		"resources/a1.css":  "p{}",
		"resources/zz.html": "another trace's",
	}
	for name, body := range files {
		p := filepath.Join(live, name)
		_ = os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := tracer(t, nil, func(mcptest.Call) mcptest.Result {
		return mcptest.Playwright{Value: "Trace recording stopped.\n- [Trace](" + filepath.Join(live, "trace-7.trace") + ")\n- [Network log](" + filepath.Join(live, "trace-7.network") + ")\n- [Resources](" + filepath.Join(live, "resources") + ")"}.Result()
	})
	res, err := playTraced(t, srv, tracing.On, t.TempDir(), passingSteps)
	if err != nil {
		t.Fatal(err)
	}
	info, err := tracezip.Check(res.Trace)
	if err != nil {
		t.Fatal(err)
	}
	if info.Files["resources"] != 1 || !slices.Equal(info.Calls, []string{"Frame.goto"}) {
		t.Errorf("the packed trace: %+v", info)
	}
}

// TestTraceRefused: a browser server with no tracing tool (one of the MCP
// config started without --caps devtools) ends the run before step 1,
// saying what to do (exit 2 in the command); a stop that fails or links a
// file that is no trace leaves no trace and the run's verdict alone.
func TestTraceRefused(t *testing.T) {
	for _, start := range []mcptest.Handler{
		func(mcptest.Call) mcptest.Result { return mcptest.UnknownTool(mcpclient.ToolStartTracing) },
		nil, // the request refused: the server has no such tool
	} {
		srv := tracer(t, start, nil)
		if start == nil {
			srv = mcptest.NewServer("bare")
			srv.Handle(mcpclient.ToolNavigate, func(mcptest.Call) mcptest.Result { return mcptest.Navigated("http://shop/") })
		}
		res, err := playTraced(t, srv, tracing.RetainOnFailure, t.TempDir(), passingSteps)
		if !errors.Is(err, tracing.ErrUnsupported) || !strings.Contains(err.Error(), "--caps devtools") || !strings.Contains(err.Error(), "mug.json") {
			t.Errorf("got %v, want ErrUnsupported naming the file and --caps devtools", err)
		}
		if len(res.Steps) != 0 || slices.Contains(srv.Tools(), mcpclient.ToolNavigate) {
			t.Errorf("steps ran: %q", srv.Tools())
		}
	}
	for name, stop := range map[string]mcptest.Handler{
		"failed": func(mcptest.Call) mcptest.Result { return mcptest.Failure("Tracing is not started") },
		"no link": func(mcptest.Call) mcptest.Result {
			return mcptest.Playwright{Value: "Trace recording stopped."}.Result()
		},
		"not a trace": func(mcptest.Call) mcptest.Result { return mcptest.Playwright{Value: "- [Trace](/etc/passwd)"}.Result() },
	} {
		dir := t.TempDir()
		res, err := playTraced(t, tracer(t, nil, stop), tracing.On, dir, passingSteps)
		if err != nil || !res.Success || res.Trace != "" {
			t.Errorf("%s: got success %v, trace %q, err %v; want a pass with no trace", name, res.Success, res.Trace, err)
		}
		if left, _ := os.ReadDir(dir); len(left) > 0 {
			t.Errorf("%s: the evidence folder holds %v", name, left)
		}
	}
}

// TestTraceMasked: a run with a secret keeps its trace with the secret
// masked in every text entry; a trace that cannot be masked (the server
// wrote no zip) is removed rather than kept with the secret in it, and
// the run's verdict stays its steps'.
func TestTraceMasked(t *testing.T) {
	const pw = "s3cret-Trace-pw"
	for _, tt := range []struct {
		name string
		body func(path string) error
		kept bool
	}{
		{"a zip: masked", func(path string) error {
			var b bytes.Buffer
			zw := zip.NewWriter(&b)
			w, _ := zw.Create(tracezip.TraceEntry)
			w.Write([]byte(`{"type":"before","params":{"value":"` + pw + `"}}`))
			if err := zw.Close(); err != nil {
				return err
			}
			return os.WriteFile(path, b.Bytes(), 0o644)
		}, true},
		{"no zip: removed", func(path string) error { return os.WriteFile(path, []byte("value "+pw), 0o644) }, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			srv := tracer(t, nil, func(c mcptest.Call) mcptest.Result {
				path := filepath.Join(dir, "trace-1.zip")
				if err := tt.body(path); err != nil {
					return mcptest.Failure(err.Error())
				}
				return mcptest.Playwright{Value: "Trace recording stopped.\n- [Trace](" + path + ")"}.Result()
			})
			servers := ServersFunc(func(ctx context.Context, _ string, _ Needs) (ToolCaller, error) { return srv.Connect(ctx) })
			evidence := t.TempDir()
			opts := &Options{EvidenceDir: evidence, Trace: tracing.On, Vars: []map[string]string{{"PASSWORD": pw}}}
			res, err := New(servers, opts).Run(context.Background(), "mug.json", parse(t, scenario(`{"PASSWORD": ""}`, passingSteps)))
			if err != nil || !res.Success {
				t.Fatalf("run: %v %+v", err, res)
			}
			want := filepath.Join(evidence, "mug"+tracing.Suffix)
			if !tt.kept {
				want = ""
			}
			if res.Trace != want {
				t.Fatalf("Trace: got %q, want %q", res.Trace, want)
			}
			files, _ := filepath.Glob(filepath.Join(evidence, "*"))
			if !tt.kept {
				if len(files) != 0 {
					t.Errorf("left in the evidence folder: %q", files)
				}
				return
			}
			zr, err := zip.OpenReader(want)
			if err != nil {
				t.Fatal(err)
			}
			defer zr.Close()
			rc, _ := zr.File[0].Open()
			b, _ := io.ReadAll(rc)
			rc.Close()
			if strings.Contains(string(b), pw) || !strings.Contains(string(b), report.Mask) {
				t.Errorf("the trace's action log: %s", b)
			}
		})
	}
}
