package browserserver

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
)

// onlyTab is the tab of the server's one session.
func onlyTab(t *testing.T, s *Server) *tab {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.tabs) != 1 {
		t.Fatalf("%d tabs, want 1", len(s.tabs))
	}
	for _, tb := range s.tabs {
		return tb
	}
	return nil
}

// navstart.js says a function started a navigation when it went to
// another document, at once or from a timer of no delay (a reload step's,
// a step forward's); not for a navigation within the document, nor for a
// step forward with nowhere to go.
func TestEvaluateSaysItStartedANavigation(t *testing.T) {
	s := newServer(t, &Options{NoActionSnapshots: true})
	// /v: a page with a global of its own named navigation.
	base := pages(t, map[string]string{"/a": "<h1>A</h1>", "/v": "<script>var navigation = {menu: 1};</script><h1>V</h1>"})
	sess := session(t, s)
	testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/a"})
	tb := onlyTab(t, s)
	fn := func(k step.Kind) string {
		c, err := commandgen.Call(step.Step{Kind: k}, "")
		if err != nil {
			t.Fatalf("%s: %v %v", k, c, err)
		}
		return c.Args["function"].(string)
	}
	reload, forward := fn(step.Reload), fn(step.Forward)
	for _, tc := range []struct {
		fn      string
		started bool
	}{
		{"() => 1", false},
		{"() => { history.pushState({}, '', '#x'); }", false},
		{"() => { location.hash = 'y'; }", false},
		{forward, false}, // nothing ahead in the history
		{reload, true},
	} {
		v, err := tb.page.Evaluate(evalGlue(tc.fn, "", false))
		if err != nil && !(tc.started && destroyed(err)) {
			t.Fatalf("%s: %v", tc.fn, err)
		}
		m, _ := v.(map[string]any)
		if started, _ := m["started"].(bool); err == nil && started != tc.started {
			t.Errorf("%s: started %v, want %v (%v)", tc.fn, started, tc.started, v)
		}
		if tc.started {
			testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/a"})
		}
	}
	// A page's global named navigation replaces window.navigation: its
	// functions still run, and a reload is still seen (beforeunload).
	testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/v"})
	if res := testkit.Call(t, sess, mcpclient.ToolEvaluate, map[string]any{"function": "() => navigation.menu"}); res.IsError || res.Value != "1" {
		t.Errorf("on a page with a global named navigation: %s %s, want 1", res.Value, res.Text)
	}
	v, err := tb.page.Evaluate(evalGlue(reload, "", false))
	if m, _ := v.(map[string]any); err != nil && !destroyed(err) || err == nil && m["started"] != true {
		t.Errorf("a reload on a page with a global named navigation: %v %v, want it started", v, err)
	}
	testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/a"}) // not closed mid-navigation
}

// destroyed reports whether err is Playwright's answer to an evaluate
// whose document went away before its answer came back: on a loaded
// machine, a reload started from a timer of no delay may replace the
// document first (the server reads that answer too: commandgen.Navigates).
func destroyed(err error) bool {
	return strings.Contains(err.Error(), "Execution context was destroyed")
}

// After a function that said it started a navigation, the new document is
// waited for even when the network has not reported the navigation yet:
// here it starts 300 ms after settleStarted is called (on a loaded
// machine, a reload's request was reported after the answer of the
// function that started it, and the next step's check read the page the
// reload was to replace).
func TestSettleWaitsForANavigationNotYetReported(t *testing.T) {
	s := newServer(t, &Options{NoActionSnapshots: true})
	base := pages(t, map[string]string{"/a": `<script>sessionStorage.n = (+sessionStorage.n || 0) + 1</script><h1>A</h1>`})
	sess := session(t, s)
	testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/a"})
	tb := onlyTab(t, s)
	before := tb.navCounts()
	go func() {
		time.Sleep(300 * time.Millisecond)
		_, _ = tb.page.Evaluate("() => { setTimeout(() => location.reload(), 0); }")
	}()
	if _, err := tb.settleStarted(before, true); err != nil {
		t.Fatal(err)
	}
	if v, err := tb.page.Evaluate("() => sessionStorage.n + ' ' + document.readyState"); err != nil || v != "2 complete" {
		t.Errorf("after settling: %v %v, want the reloaded page loaded (2 complete)", v, err)
	}
}

// A reload or step forward runs once: run again (as a function whose
// context a navigation destroyed is), a reload would load the page twice
// and a step forward go two pages on. Under six busy loops it failed 3
// runs in 12 without commandgen.Navigates's case in evaluate.
func TestNavigatingStepRunsOnce(t *testing.T) {
	s := newServer(t, &Options{NoActionSnapshots: true})
	count := `<script>sessionStorage.n = (+sessionStorage.n || 0) + 1</script>`
	base := pages(t, map[string]string{"/a": count + "<h1>A</h1>", "/b": "<h1>B</h1>", "/c": "<h1>C</h1>"})
	sess := session(t, s)
	reload, _ := commandgen.Call(step.Step{Kind: step.Reload}, "")
	forward, _ := commandgen.Call(step.Step{Kind: step.Forward}, "")
	testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/a"})
	for i := 2; i <= 7; i++ {
		evalOK(t, sess, reload.Args["function"].(string))
		if got, want := evalOK(t, sess, "() => sessionStorage.n"), fmt.Sprintf(`"%d"`, i); got != want {
			t.Fatalf("after reload %d: the page loaded %s times, want %s", i-1, got, want)
		}
	}
	testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/b"})
	testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/c"})
	for i := 0; i < 4; i++ {
		testkit.Call(t, sess, "browser_navigate_back", nil)
		testkit.Call(t, sess, "browser_navigate_back", nil)
		evalOK(t, sess, forward.Args["function"].(string))
		if got := evalOK(t, sess, "() => location.pathname"); got != `"/b"` {
			t.Fatalf("a step forward from /a with /b and /c ahead: %s, want /b", got)
		}
		evalOK(t, sess, forward.Args["function"].(string))
	}
}
