package browserserver

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
)

// TestTracing: browser_start_tracing and browser_stop_tracing answer as
// @playwright/mcp's do, the stop linking the trace ("- [Trace](PATH)"): a
// zip in the server's own folder that Playwright's trace loader reads, one
// group per MCP call around its Playwright calls; a stop with no trace, a
// second start, and a stop after browser_close (the context traced is gone)
// fail saying so; Close removes the folder.
func TestTracing(t *testing.T) {
	s := newServer(t, &Options{NoActionSnapshots: true})
	sess := session(t, s)
	base := pages(t, map[string]string{"/": listPage})
	call := func(tool string, args map[string]any) *mcpclient.Result {
		t.Helper()
		if args == nil {
			args = map[string]any{}
		}
		return testkit.Call(t, sess, tool, args)
	}
	if res := call(mcpclient.ToolStopTracing, nil); !res.IsError || !strings.Contains(res.Error, "Tracing is not started") {
		t.Errorf("stop before start: got %q, want Tracing is not started", res.Text)
	}
	if res := call(mcpclient.ToolStartTracing, nil); res.IsError || res.Value != "Trace recording started" {
		t.Fatalf("start: %q", res.Text)
	}
	if res := call(mcpclient.ToolStartTracing, nil); !res.IsError || !strings.Contains(res.Error, "already started") {
		t.Errorf("second start: got %q, want already started", res.Text)
	}
	call(mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
	call(mcpclient.ToolClick, map[string]any{"target": "#solo"})
	res := call(mcpclient.ToolStopTracing, nil)
	file := res.TraceFile()
	if res.IsError || !strings.HasSuffix(file, ".zip") || !filepath.IsAbs(file) {
		t.Fatalf("stop: got %q, want a link to the trace's zip", res.Text)
	}
	info, actions := testkit.LoadTrace(t, file)
	if want := []string{mcpclient.ToolNavigate, mcpclient.ToolClick}; !slices.Equal(info.Groups, want) {
		t.Errorf("groups: got %q, want %q", info.Groups, want)
	}
	for _, c := range []string{"Frame.goto", "Frame.click"} {
		if !slices.Contains(info.Calls, c) {
			t.Errorf("calls %q lack %s", info.Calls, c)
		}
	}
	if !strings.Contains(actions, mcpclient.ToolClick) || !strings.Contains(actions, "Click") {
		t.Errorf("Playwright's trace actions lack the click:\n%s", actions)
	}

	call(mcpclient.ToolStartTracing, nil)
	call(mcpclient.ToolClose, nil)
	if res := call(mcpclient.ToolStopTracing, nil); !res.IsError || !strings.Contains(res.Error, "context it recorded was closed") {
		t.Errorf("stop after browser_close: got %q, want the context named as closed", res.Text)
	}
	_ = s.Close()
	if _, err := os.Stat(filepath.Dir(file)); !os.IsNotExist(err) {
		t.Errorf("the traces folder after Close: %v, want it removed", err)
	}
}
