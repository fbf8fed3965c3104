package browserserver

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
)

// newServer starts a built-in server for a test, or skips it (fails under
// CI) when the driver or browser is missing.
func newServer(t *testing.T, opts *Options) *Server {
	t.Helper()
	testenv.Need(t, nil)
	s, err := New(opts)
	if err != nil {
		testenv.Missing(t, "%v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func session(t *testing.T, s *Server) *mcpclient.Session {
	t.Helper()
	sess, err := s.Connect(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sess.Close() })
	return sess
}

// evalOK runs fn in the session's page (browser_evaluate) and returns its
// value; an error result fails the test.
func evalOK(t *testing.T, s *mcpclient.Session, fn string) string {
	t.Helper()
	res := testkit.Call(t, s, mcpclient.ToolEvaluate, map[string]any{"function": fn})
	if res.IsError {
		t.Fatalf("%s: %s", fn, res.Text)
	}
	return res.Value
}

// pages serves fixed pages for the tests: path -> HTML body.
func pages(t *testing.T, p map[string]string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := p[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if c := r.URL.Query().Get("set"); c != "" {
			http.SetCookie(w, &http.Cookie{Name: "who", Value: c})
		}
		if c, err := r.Cookie("who"); err == nil {
			body = strings.ReplaceAll(body, "COOKIE", c.Value)
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!doctype html><html><head><title>T</title></head><body>"+body+"</body></html>")
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// refOf returns the ref of the first node of role and name in a snapshot.
func refOf(t *testing.T, snapshot, role, name string) string {
	t.Helper()
	tree, err := dom.ParseARIA(snapshot)
	if err != nil {
		t.Fatal(err)
	}
	ref := ""
	tree.Walk(func(n *dom.Node) bool {
		if ref == "" && n.Role == role && n.Name == name {
			ref = n.Ref
		}
		return ref == ""
	})
	if ref == "" {
		t.Fatalf("no %s %q in:\n%s", role, name, snapshot)
	}
	return ref
}

const listPage = `<h1>Shop</h1>
<ul>
 <li data-testid="row-mug"><span>Blue Mug</span> <button onclick="document.getElementById('out').textContent='mug added'">Add</button></li>
 <li><span>Red Tea</span> <button onclick="document.getElementById('out').textContent='tea added'">Add</button></li>
</ul>
<button id="solo" onclick="document.getElementById('out').textContent='solo'">Solo</button>
<p id="out">nothing</p>
<a href="/next">Next page</a>`

func TestTargets(t *testing.T) {
	s := newServer(t, nil)
	base := pages(t, map[string]string{"/": listPage, "/next": "<h1>Next</h1>"})
	sess := session(t, s)
	res := testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
	if res.IsError {
		t.Fatal(res.Error)
	}
	solo := refOf(t, res.Snapshot, "button", "Solo")

	// A ref: the code names a stable locator, and the snapshot comes inline.
	res = testkit.Call(t, sess, mcpclient.ToolClick, map[string]any{"target": solo})
	if res.IsError {
		t.Fatal(res.Error)
	}
	if want := "await page.getByRole('button', { name: 'Solo' }).click();"; res.Code != want {
		t.Errorf("code %q, want %q", res.Code, want)
	}
	if !strings.Contains(res.Snapshot, `paragraph [ref=`) || !strings.Contains(res.Snapshot, ": solo") {
		t.Errorf("no new snapshot inline:\n%s", res.Text)
	}

	// Of two Add buttons, a ref gets a locator scoped to its row.
	tree, _ := dom.ParseARIA(res.Snapshot)
	var adds []string
	tree.Walk(func(n *dom.Node) bool {
		if n.Role == "button" && n.Name == "Add" {
			adds = append(adds, n.Ref)
		}
		return true
	})
	if len(adds) != 2 {
		t.Fatalf("want 2 Add buttons, got %v", adds)
	}
	res = testkit.Call(t, sess, mcpclient.ToolClick, map[string]any{"target": adds[1]})
	if res.IsError || !strings.Contains(res.Snapshot, "tea added") {
		t.Fatalf("click second Add: %s", res.Text)
	}
	loc, err := locator.ParseLocatorCode(res.Code)
	if err != nil {
		t.Fatalf("code %q: %v", res.Code, err)
	}
	if loc.Positional() || strings.Contains(res.Code, "aria-ref") {
		t.Errorf("code %q: want a stable, non-positional locator", res.Code)
	}
	// The locator in the code clicks the same button again.
	testkit.Call(t, sess, mcpclient.ToolClick, map[string]any{"target": solo}) // stale now: refs are per snapshot
	res = testkit.Call(t, sess, mcpclient.ToolClick, map[string]any{"target": loc.Selector()})
	if res.IsError || !strings.Contains(res.Snapshot, "tea added") {
		t.Fatalf("click by generated locator %s: %s", loc.Selector(), res.Text)
	}
	res = testkit.Call(t, sess, mcpclient.ToolGenLocator, map[string]any{"target": refOf(t, res.Snapshot, "button", "Solo")})
	if res.IsError || res.Value != "getByRole('button', { name: 'Solo' })" {
		t.Errorf("generate_locator: %s", res.Text)
	}

	for _, c := range []struct {
		target string
		check  func(*mcpclient.Result) bool
		what   string
	}{
		{"e999", func(r *mcpclient.Result) bool {
			return strings.Contains(r.Error, "Ref e999 not found in the current page snapshot")
		}, "unknown ref"},
		{"text=Nope", (*mcpclient.Result).NoMatch, "no match"},
		{"internal:role=button[name=\"Add\"s]", func(r *mcpclient.Result) bool { return r.SelectorProblem() && !r.NoMatch() }, "two matches"},
	} {
		res := testkit.Call(t, sess, mcpclient.ToolClick, map[string]any{"target": c.target})
		if !res.IsError || !c.check(res) {
			t.Errorf("%s (%s): %s", c.what, c.target, res.Text)
		}
	}
	// The JavaScript form, and any selector engine.
	for _, target := range []string{"getByTestId('row-mug').getByRole('button', { name: 'Add' })", "#solo", "li:has-text('Blue Mug') button"} {
		if res := testkit.Call(t, sess, mcpclient.ToolClick, map[string]any{"target": target}); res.IsError {
			t.Errorf("%s: %s", target, res.Error)
		}
	}
	// A click that navigates returns the next page.
	res = testkit.Call(t, sess, mcpclient.ToolClick, map[string]any{"target": "internal:role=link[name=\"Next page\"i]"})
	if res.IsError || !strings.HasSuffix(res.PageURL, "/next") || !strings.Contains(res.Snapshot, `heading "Next"`) {
		t.Errorf("click a link: %s", res.Text)
	}
}

const latePage = `<p style="display:none">Ready</p><div id="box"></div>
<script>setTimeout(() => { const p = document.createElement('p'); p.textContent = 'Ready'; document.getElementById('box').append(p) }, 400)</script>`

// TestWaitsRetry: a text wait passes on any visible match (the first match
// is hidden), waiting for it to show; verifications retry until they hold
// or time out with @playwright/mcp's words. The wait returns once the text
// shows (at 400 ms), not at its timeout: the bound between them is wide,
// as a loaded 2-core machine took 3.2 s to answer.
func TestWaitsRetry(t *testing.T) {
	const timeout = 10 * time.Second
	s := newServer(t, &Options{ActionTimeout: timeout})
	base := pages(t, map[string]string{"/": latePage})
	sess := session(t, s)
	testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
	start := time.Now()
	if res := testkit.Call(t, sess, mcpclient.ToolWaitFor, map[string]any{"text": "Ready"}); res.IsError {
		t.Fatalf("wait_for: %s", res.Error)
	}
	if d := time.Since(start); d > timeout*4/5 {
		t.Errorf("wait_for took %v: it waited out its timeout, %v", d, timeout)
	}
	if res := testkit.Call(t, sess, mcpclient.ToolVerifyTextVisible, map[string]any{"text": "ready"}); res.IsError {
		t.Errorf("verify_text_visible: %s", res.Error)
	}
	res := testkit.Call(t, sess, mcpclient.ToolWaitFor, map[string]any{"text": "Never shows"})
	if !res.TimedOut() {
		t.Errorf("wait_for a missing text: want a timeout, got %s", res.Text)
	}
	res = testkit.Call(t, sess, mcpclient.ToolVerifyTextVisible, map[string]any{"text": "Never shows"})
	if !res.IsError || res.ErrorLine() != "Text not found" {
		t.Errorf("verify_text_visible of a missing text: %s", res.Text)
	}
	if res := testkit.Call(t, sess, mcpclient.ToolWaitFor, map[string]any{"textGone": "Never shows"}); res.IsError {
		t.Errorf("textGone: %s", res.Error)
	}
}

const shadowFramePage = `<div id="host"></div>
<script>document.getElementById('host').attachShadow({mode: 'open'}).innerHTML = '<button onclick="this.textContent=\'Pressed\'">In shadow</button>'</script>
<iframe src="/inner"></iframe>`

// TestFramesAndShadow: open shadow roots and frames are in both formats,
// and a ref inside a frame can be clicked.
func TestFramesAndShadow(t *testing.T) {
	s := newServer(t, nil)
	base := pages(t, map[string]string{"/": shadowFramePage, "/inner": `<button onclick="this.textContent='Framed pressed'">In frame</button>`})
	sess := session(t, s)
	testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
	time.Sleep(200 * time.Millisecond) // the frame loads after the page
	res := testkit.Call(t, sess, mcpclient.ToolSnapshot, map[string]any{})
	ref := refOf(t, res.Snapshot, "button", "In frame")
	if !strings.HasPrefix(ref, "f1e") {
		t.Errorf("frame ref %q, want f1e…", ref)
	}
	refOf(t, res.Snapshot, "button", "In shadow")
	if res := testkit.Call(t, sess, mcpclient.ToolClick, map[string]any{"target": ref}); res.IsError || !strings.Contains(res.Snapshot, "Framed pressed") {
		t.Errorf("click in frame: %s", res.Text)
	}
	res = testkit.Call(t, sess, mcpclient.ToolSnapshot, map[string]any{"format": "html"})
	if res.IsError {
		t.Fatal(res.Error)
	}
	tree, err := dom.ParseHTML(strings.NewReader(res.Snapshot))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"In shadow", "Framed pressed"} {
		found := false
		tree.Walk(func(n *dom.Node) bool {
			found = found || n.Role == "button" && n.Name == name
			return !found
		})
		if !found {
			t.Errorf("html snapshot has no button %q:\n%s", name, res.Snapshot)
		}
	}
}

// TestSessionsIsolated: each MCP session has its own browser context.
func TestSessionsIsolated(t *testing.T) {
	s := newServer(t, nil)
	base := pages(t, map[string]string{"/": "<p>who: COOKIE</p>"})
	a, b := session(t, s), session(t, s)
	testkit.Call(t, a, mcpclient.ToolNavigate, map[string]any{"url": base + "/?set=alice"})
	res := testkit.Call(t, a, mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
	if !strings.Contains(res.Snapshot, "who: alice") {
		t.Fatalf("session a lost its cookie: %s", res.Snapshot)
	}
	res = testkit.Call(t, b, mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
	if !strings.Contains(res.Snapshot, "who: COOKIE") {
		t.Errorf("session b sees session a's cookie: %s", res.Snapshot)
	}
}

// TestSpareContexts: a server that serves one session (a command's) makes
// one context, the one New made ahead. Once it has served two, it makes
// the next session's context in its idle time, when a session ends, not
// beside a running one (there it slowed that session's page load and
// first action); when sessions come back to back (a suite's), beside the
// one that starts, since the next one would wait for it. Close leaves none
// in the browser.
func TestSpareContexts(t *testing.T) {
	s := newServer(t, &Options{NoActionSnapshots: true})
	base := pages(t, map[string]string{"/": listPage})
	// settles waits until the browser holds want contexts, and still does
	// half a second later (longer than backToBackGap: a session opened
	// after it does not come back to back), or fails.
	settles := func(when string, want int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		var since time.Time
		for {
			switch n := len(s.browser.Contexts()); {
			case n != want:
				since = time.Time{}
			case since.IsZero():
				since = time.Now()
			case time.Since(since) > 500*time.Millisecond:
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: %d contexts in the browser, want %d", when, len(s.browser.Contexts()), want)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	open := func(when string) *mcpclient.Session {
		t.Helper()
		sess, err := s.Connect(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if res := testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/"}); res.IsError {
			t.Fatalf("%s: %s", when, res.Text)
		}
		return sess
	}
	settles("New", 1)
	a := open("the first session")
	settles("the first session, on New's context", 1)
	a.Close()
	settles("after the first session", 0)
	b := open("the second session")
	settles("the second session, on its own context, none beside it", 1)
	b.Close()
	settles("after the second session: the next one's", 1)
	c := open("the third session")
	settles("the third session, on the context made ahead, none beside it", 1)
	// Right after: however long connecting takes on a loaded machine.
	s.gap.Store(int64(time.Hour))
	c.Close()
	d := open("a fourth right after the third")
	settles("back to back: the fourth session and the next one's beside it", 2)
	d.Close()
	settles("after the fourth session: the next one's", 1)
	browser := s.browser
	_ = s.Close()
	if n := len(browser.Contexts()); n != 0 {
		t.Errorf("after Close: %d contexts left", n)
	}
}

// TestEvaluateAndScreenshot: values come back as JSON.stringify writes
// them, and files stay in the workspace.
func TestEvaluateAndScreenshot(t *testing.T) {
	work := t.TempDir()
	s := newServer(t, &Options{WorkDir: work})
	base := pages(t, map[string]string{"/": listPage})
	sess := session(t, s)
	testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
	res := testkit.Call(t, sess, mcpclient.ToolEvaluate, map[string]any{"function": "() => ({b: 1, a: [document.title]})"})
	if want := "{\n  \"b\": 1,\n  \"a\": [\n    \"T\"\n  ]\n}"; res.Value != want {
		t.Errorf("evaluate: %q, want %q", res.Value, want)
	}
	res = testkit.Call(t, sess, mcpclient.ToolEvaluate, map[string]any{"function": "(el) => el.textContent", "target": "#out"})
	if res.Value != `"nothing"` {
		t.Errorf("evaluate on target: %s", res.Text)
	}
	res = testkit.Call(t, sess, mcpclient.ToolScreenshot, map[string]any{"scale": "css", "filename": "shot.png"})
	if res.IsError || len(res.Images) != 1 || res.Images[0].MIMEType != "image/png" {
		t.Fatalf("screenshot: %s", res.Text)
	}
	if _, err := os.Stat(filepath.Join(work, "shot.png")); err != nil {
		t.Error(err)
	}
	res = testkit.Call(t, sess, mcpclient.ToolScreenshot, map[string]any{"scale": "css", "filename": "../escape.png"})
	if !res.IsError || !strings.Contains(res.Error, "outside the server's workspace") {
		t.Errorf("screenshot outside the workspace: %s", res.Text)
	}
	res = testkit.Call(t, sess, mcpclient.ToolClick, map[string]any{"ref": "e1"})
	if !res.IsError {
		t.Errorf("an argument of an old schema (ref) was accepted: %s", res.Text)
	}
}

// TestFindDriverMissing: with no playwright-core anywhere, the error says
// what to run.
func TestFindDriverMissing(t *testing.T) {
	t.Setenv(mcpclient.EnvPlaywrightMCP, "")
	t.Chdir(t.TempDir())
	_, err := FindDriver()
	if err == nil {
		t.Skip("a playwright-core sits beside the test binary")
	}
	for _, want := range []string{"playwright-core " + DriverVersion + " not found", "make setup", "make install"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}

// TestFindDriverFromCheckout: a checkout's node_modules is found from a
// folder below it, and a playwright-core of another version is passed over.
func TestFindDriverFromCheckout(t *testing.T) {
	t.Setenv(mcpclient.EnvPlaywrightMCP, "")
	root := t.TempDir()
	write := func(dir, version string) {
		core := filepath.Join(dir, "node_modules", "playwright-core")
		if err := os.MkdirAll(core, 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(core, "package.json"), []byte(`{"name":"playwright-core","version":"`+version+`"}`), 0o644)
		os.WriteFile(filepath.Join(core, "cli.js"), nil, 0o644)
	}
	write(root, DriverVersion)
	sub := filepath.Join(root, "a", "b")
	write(filepath.Join(root, "a"), "1.64.0")
	os.MkdirAll(sub, 0o755)
	t.Chdir(sub)
	got, err := FindDriver()
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(root, "node_modules", "playwright-core"); got != want {
		t.Errorf("found %s, want %s", got, want)
	}
}

// TestDriverDirs: after make install, PREFIX/bin/plaintest looks in
// PREFIX/lib/plaintest; in a checkout, bin/plaintest looks in the checkout.
func TestDriverDirs(t *testing.T) {
	got := driverDirs("", filepath.Join("/opt", "pt", "bin", "plaintest"))
	want := []string{filepath.Join("/opt", "pt", "bin"), filepath.Join("/opt", "pt"), filepath.Join("/opt", "pt", "lib", "plaintest")}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("driverDirs = %v, want %v", got, want)
	}
	got = driverDirs(filepath.Join("/src", "a"), "")
	if strings.Join(got, ",") != strings.Join([]string{filepath.Join("/src", "a"), "/src", "/"}, ",") {
		t.Errorf("driverDirs from a working directory = %v", got)
	}
}

// TestNoActionSnapshots: for replay, action results carry the page's URL
// but no snapshot; browser_snapshot still gives one, with the title.
func TestNoActionSnapshots(t *testing.T) {
	s := newServer(t, &Options{NoActionSnapshots: true})
	base := pages(t, map[string]string{"/": listPage})
	sess := session(t, s)
	res := testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
	if res.IsError || res.Snapshot != "" || res.PageURL != base+"/" {
		t.Errorf("navigate: %s", res.Text)
	}
	res = testkit.Call(t, sess, mcpclient.ToolClick, map[string]any{"target": "#solo"})
	if res.IsError || res.Snapshot != "" || res.Code == "" {
		t.Errorf("click: %s", res.Text)
	}
	res = testkit.Call(t, sess, mcpclient.ToolSnapshot, nil)
	if !strings.Contains(res.Snapshot, ": solo") || res.PageTitle != "T" {
		t.Errorf("snapshot: %s", res.Text)
	}
}

// The focused element is [active] in the snapshot, as in @playwright/mcp's:
// the rules translator reads "the edit box" by it.
func TestSnapshotMarksFocus(t *testing.T) {
	s := newServer(t, nil)
	base := pages(t, map[string]string{"/": `<ul><li><input value="Tea"></li><li><input value="Tea" id="b" autofocus></li></ul>`})
	sess := session(t, s)
	res := testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
	if res.IsError {
		t.Fatal(res.Text)
	}
	res = testkit.Call(t, sess, mcpclient.ToolSnapshot, nil)
	tree, err := dom.ParseARIA(res.Text)
	if err != nil {
		t.Fatal(err)
	}
	var active []int
	i := 0
	tree.Walk(func(n *dom.Node) bool {
		if n.Role == "textbox" {
			if n.Active {
				active = append(active, i)
			}
			i++
		}
		return true
	})
	if len(active) != 1 || active[0] != 1 {
		t.Errorf("active textboxes %v, want [1] (the second):\n%s", active, res.Text)
	}
}

// A function that navigates (as compile's "reload the page" and "go
// forward" do) is waited for, and the next call runs in the new document.
func TestEvaluateWaitsForItsNavigation(t *testing.T) {
	s := newServer(t, &Options{NoActionSnapshots: true})
	slow := `<script>sessionStorage.n = (+sessionStorage.n || 0) + 1</script><img src="/slow">`
	base := pages(t, map[string]string{"/a": slow + "<h1>A</h1>", "/b": "<h1>B</h1>"})
	sess := session(t, s)
	testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/a"})
	evalOK(t, sess, "() => { setTimeout(() => location.reload(), 0); }")
	if got := evalOK(t, sess, "() => sessionStorage.n + ' ' + document.readyState"); got != `"2 complete"` {
		t.Errorf("after a reload: %s, want the reloaded page loaded", got)
	}
	testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/b"})
	testkit.Call(t, sess, "browser_navigate_back", nil)
	for i := 0; i < 5; i++ {
		evalOK(t, sess, "() => { setTimeout(() => history.forward(), 0); }")
		if got := evalOK(t, sess, "() => location.pathname"); got != `"/b"` {
			t.Fatalf("after going forward: %s, want /b", got)
		}
		testkit.Call(t, sess, "browser_navigate_back", nil)
	}
}

// A function whose document goes away again in each new document runs
// again in each, up to three more times: this one reloads the page from
// its first three runs and returns from its fourth. (With one run more, as
// before 8732ec9, it failed on the second reload.)
func TestEvaluateRunsAgainAfterEachNavigation(t *testing.T) {
	s := newServer(t, &Options{NoActionSnapshots: true})
	base := pages(t, map[string]string{"/a": "<h1>A</h1>"})
	sess := session(t, s)
	testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/a"})
	fn := "async () => { const n = +sessionStorage.n || 0; sessionStorage.n = n + 1; " +
		"if (n < 3) { setTimeout(() => location.reload(), 0); await new Promise(r => setTimeout(r, 10000)); } return n; }"
	res := testkit.Call(t, sess, mcpclient.ToolEvaluate, map[string]any{"function": fn})
	if res.IsError || res.Value != "3" {
		t.Fatalf("%s %s: want 3, the fourth run's", res.Value, res.Text)
	}
}

// The locator of a ref is Playwright's own generator's, as
// @playwright/mcp's: one that finds that element alone, where nothing but
// a neighbour's text singles it out (the value of an edit box is no text).
func TestGenerateLocatorIsPlaywrights(t *testing.T) {
	s := newServer(t, nil)
	base := pages(t, map[string]string{"/": `<ul><li><input placeholder="new"></li><li><span hidden>Tea</span><input value="Tea"></li></ul>`})
	sess := session(t, s)
	res := testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
	tree, err := dom.ParseARIA(res.Text)
	if err != nil {
		t.Fatal(err)
	}
	var refs []string
	tree.Walk(func(n *dom.Node) bool {
		if n.Role == "textbox" {
			refs = append(refs, n.Ref)
		}
		return true
	})
	if len(refs) != 2 {
		t.Fatalf("textboxes %v in:\n%s", refs, res.Text)
	}
	res = testkit.Call(t, sess, mcpclient.ToolGenLocator, map[string]any{"target": refs[1]})
	loc := strings.TrimSpace(res.Value)
	if res.IsError || strings.Contains(loc, "aria-ref") {
		t.Fatalf("locator %q (%s)", loc, res.Error)
	}
	got := testkit.Call(t, sess, mcpclient.ToolEvaluate, map[string]any{"target": loc, "function": "(el) => el.value"})
	if got.IsError || got.Value != `"Tea"` {
		t.Errorf("%s finds %s (%s), want the edit box holding Tea", loc, got.Value, got.Error)
	}
}

// Playwright numbers the main frame's refs f1e3 after a navigation: the
// element is marked as the main frame's, a frame's element as not.
func TestSnapRefsMainFrame(t *testing.T) {
	yaml := "- generic [ref=f1e1]:\n  - iframe [ref=f1e2]:\n    - button \"In\" [ref=f2e1]\n    - generic [ref=f2e2]:\n      - link \"Deep\" [ref=f2e3]\n  - button \"Out\" [ref=f1e4]"
	got := snapRefs(yaml)
	want := map[string]bool{"f1e1": true, "f1e2": true, "f2e1": false, "f2e2": false, "f2e3": false, "f1e4": true}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("snapRefs = %v, want %v", got, want)
	}
}

func TestGenerateLocatorAfterNavigation(t *testing.T) {
	s := newServer(t, nil)
	base := pages(t, map[string]string{"/": `<a href="/login">Log in</a>`, "/login": `<label>Username <input name=u></label>`})
	sess := session(t, s)
	res := testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
	res = testkit.Call(t, sess, mcpclient.ToolClick, map[string]any{"target": refOf(t, res.Text, "link", "Log in")})
	ref := refOf(t, res.Text, "textbox", "Username")
	res = testkit.Call(t, sess, mcpclient.ToolGenLocator, map[string]any{"target": ref})
	if got := strings.TrimSpace(res.Value); res.IsError || got != "getByRole('textbox', { name: 'Username' })" {
		t.Errorf("locator of %s: %q (%s)", ref, got, res.Error)
	}
}

// The page's network events are watched from an action until a
// navigation: not through browser_navigate's load, nor after a navigation
// an action started, nor for a compiled check; and the first action after
// such a load still waits for the navigation it starts.
func TestNetworkWatchedOnlyWhileActing(t *testing.T) {
	s := newServer(t, &Options{NoActionSnapshots: true})
	imgs := strings.Repeat(`<img src="/img.png">`, 5)
	base := pages(t, map[string]string{
		"/a": imgs + `<h1>A</h1><button>Stay</button><a href="/b">To B</a>`,
		"/b": imgs + `<h1>B</h1><a href="/a">To A</a>`,
	})
	sess := session(t, s)
	armed := func() bool {
		t.Helper()
		tb := onlyTab(t, s)
		tb.nav.armMu.Lock()
		defer tb.nav.armMu.Unlock()
		return tb.nav.armed
	}
	do := func(what string, tool string, args map[string]any, wantURL string, wantArmed bool) {
		t.Helper()
		res := testkit.Call(t, sess, tool, args)
		if res.IsError {
			t.Fatalf("%s: %s", what, res.Text)
		}
		if wantURL != "" && res.PageURL != base+wantURL {
			t.Errorf("%s: page %s, want %s", what, res.PageURL, base+wantURL)
		}
		if got := armed(); got != wantArmed {
			t.Errorf("%s: network events watched = %v, want %v", what, got, wantArmed)
		}
	}
	do("open /a", mcpclient.ToolNavigate, map[string]any{"url": base + "/a"}, "/a", false)
	do("click Stay", mcpclient.ToolClick, map[string]any{"target": `internal:role=button[name="Stay"s]`}, "/a", true)
	do("click To B", mcpclient.ToolClick, map[string]any{"target": `internal:role=link[name="To B"s]`}, "/b", false)
	check, err := commandgen.Call(step.Step{Kind: step.AssertText, Value: "B"}, "")
	if err != nil {
		t.Fatal(err)
	}
	do("check B", check.Tool, check.Args, "", false)
	do("click To A", mcpclient.ToolClick, map[string]any{"target": `internal:role=link[name="To A"s]`}, "/a", false)
}
