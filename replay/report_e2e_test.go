package replay

import (
	"context"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/demoshop"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// artifactsDir is where end-to-end tests keep what CI should archive:
// $PLAINTEST_ARTIFACTS, else .sandy/artifacts at the repository's root
// (ignored by git).
func artifactsDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("PLAINTEST_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join("..", ".sandy", "artifacts")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestHTMLReportInBrowser replays a passing and a failing demo scenario
// for real, adds a healed run (built here, with real screenshots), writes
// the HTML report, and opens it from disk (file://) in headless Chromium:
// the failing scenario is expanded with its error and its screenshot
// loaded, the others are collapsed, and the status buttons and the search
// box hide what does not match. A screenshot of the report is kept in
// artifactsDir as report-screenshot.png, beside a copy of the report.
func TestHTMLReportInBrowser(t *testing.T) {
	needBrowser(t)
	good := httptest.NewServer(demoshop.Handler(nil))
	defer good.Close()
	changed := httptest.NewServer(demoshop.Handler(&demoshop.Options{CartText: func(n int) string {
		return map[bool]string{true: "1 in basket", false: "basket"}[n == 1]
	}}))
	defer changed.Close()

	dir := filepath.Join(artifactsDir(t), "report")
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	servers := &ConfigServers{Config: &mcpclient.Config{}, Playwright: mcpclient.BundledOptions(3*time.Second, 0)}
	replayOne := func(file, base string) *report.RunResult {
		sc, err := sandy.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		res, err := New(servers, &Options{Vars: demoVars(base), EvidenceDir: dir, Timeout: 3 * time.Second}).Run(ctx, file, sc)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	passed := replayOne("testdata/claim-discount.json", good.URL)
	failed := replayOne("testdata/login-add-mug.json", changed.URL)
	if !passed.Success || failed.Success || failed.Failed() == nil || failed.Failed().Screenshot == "" {
		t.Fatalf("passed %v (%s), failed %v with step %+v: want one pass and one failure with a screenshot", passed.Success, passed.Error, failed.Success, failed.Failed())
	}
	// The heal's screenshots are real ones: copies of the failure's.
	shot, err := os.ReadFile(filepath.Join(dir, failed.Failed().Screenshot))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"remove-step2-before.png", "remove-step2.png"} {
		if err := os.WriteFile(filepath.Join(dir, name), shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	healed := &report.RunResult{Scenario: "remove-from-cart", File: "testdata/remove.json", Duration: 2 * time.Second,
		Steps: []report.StepResult{
			{Step: 1, Tool: "mcp__playwright__browser_navigate", Description: "open the cart", Status: report.StatusPassed,
				Params: map[string]any{"url": good.URL + "/cart"}, Duration: 800 * time.Millisecond},
			{Step: 2, Tool: "mcp__playwright__browser_click", Description: "click Remove for Blue Mug", Status: report.StatusHealed,
				Params: map[string]any{"target": `internal:role=listitem[name="Blue Mug"i] >> internal:role=button[name="Remove"i]`}, Duration: 1200 * time.Millisecond},
		},
		Heals: []report.Heal{{Step: 2, Description: "click Remove for Blue Mug", Element: `button "Remove" in article "Blue Mug"`,
			OldTarget: `internal:testid=[data-testid="cart-blue-mug"s] >> internal:role=button[name="Remove"i]`,
			NewTarget: `internal:role=listitem[name="Blue Mug"i] >> internal:role=button[name="Remove"i]`,
			Why:       "the old target matched nothing", Before: "remove-step2-before.png", After: "remove-step2.png"}}}
	summary := report.NewSummary([]*report.RunResult{passed, failed, healed}, passed.Duration+failed.Duration+healed.Duration)
	index, err := report.WriteHTMLFile(dir, summary, &report.HTMLOptions{Generated: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(index)
	if err != nil {
		t.Fatal(err)
	}

	opts := mcpclient.BundledOptions(5*time.Second, 0)
	opts.FileRoots = []string{dir}
	cfg, err := mcpclient.Playwright(opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	s, err := mcpclient.Connect(ctx, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	call := func(tool string, args map[string]any) *mcpclient.Result {
		t.Helper()
		res, err := s.CallTool(ctx, tool, args)
		if err != nil {
			t.Fatalf("%s: %v", tool, err)
		}
		if res.IsError {
			t.Fatalf("%s: %s", tool, res.Text)
		}
		return res
	}
	snapshot := func() string { return call(mcpclient.ToolSnapshot, map[string]any{}).Text }
	eval := func(fn string) string {
		return strings.TrimSpace(call("browser_evaluate", map[string]any{"function": fn}).Value)
	}
	call(mcpclient.ToolNavigate, map[string]any{"url": (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()})

	// What a person sees first: the summary, the failing scenario open
	// with its error, the others closed.
	page := snapshot()
	for _, want := range []string{"Passed 1", "Failed 1", "Healed 1", "login-and-add-mug", "claim-discount", "remove-from-cart",
		"check the cart shows 1 item", "The run stopped here"} {
		if !strings.Contains(page, want) {
			t.Errorf("the report does not show %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "click Claim discount") || strings.Contains(page, "Old locator") {
		t.Errorf("the passed and healed scenarios are expanded:\n%s", page)
	}
	open := eval(`() => [...document.querySelectorAll('main>details')].filter(d => d.open).map(d => d.querySelector('summary b:nth-child(2)').textContent).join(',')`)
	if open != `"login-and-add-mug"` {
		t.Errorf("expanded scenarios = %s, want only login-and-add-mug", open)
	}
	width := eval(`async () => { const img = document.querySelector('details.failed img'); img.scrollIntoView(); await img.decode(); return img.naturalWidth; }`)
	if width == "" || width == "0" {
		t.Errorf("the failing step's screenshot did not load: naturalWidth %q", width)
	}

	// Filtering by status, then by text.
	shown := func() string {
		return eval(`() => [...document.querySelectorAll('main>details')].filter(d => !d.hidden).map(d => d.querySelector('summary b:nth-child(2)').textContent).join(',')`)
	}
	click := func(name string) {
		call("browser_click", map[string]any{"element": name + " button", "target": fmt.Sprintf(`internal:role=button[name=%q i]`, name)})
	}
	click("Failed 1")
	if got := shown(); got != `"login-and-add-mug"` {
		t.Errorf("after Failed: shown %s", got)
	}
	if p := snapshot(); strings.Contains(p, "claim-discount") || strings.Contains(p, "remove-from-cart") {
		t.Errorf("after Failed, other scenarios are still visible:\n%s", p)
	}
	click("Healed 1")
	if got := shown(); got != `"remove-from-cart"` {
		t.Errorf("after Healed: shown %s", got)
	}
	click("All 3")
	call("browser_type", map[string]any{"element": "Search box", "target": `internal:role=searchbox[name="Search"i]`, "text": "claim discount"})
	if got := shown(); got != `"claim-discount"` {
		t.Errorf("after searching \"claim discount\": shown %s", got)
	}
	if p := snapshot(); !strings.Contains(p, "1 of 3 shown") || strings.Contains(p, "login-and-add-mug") {
		t.Errorf("after the search, the page shows:\n%s", p)
	}
	call("browser_type", map[string]any{"element": "Search box", "target": `internal:role=searchbox[name="Search"i]`, "text": ""})

	// The report as a person sees it, kept for CI.
	res := call(mcpclient.ToolScreenshot, map[string]any{"type": "png", "fullPage": true})
	if len(res.Images) == 0 {
		t.Fatal("no screenshot of the report")
	}
	out := filepath.Join(artifactsDir(t), "report-screenshot.png")
	if err := os.WriteFile(out, res.Images[0].Data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("report in %s, its screenshot in %s", dir, out)
}
