package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/golden"
)

// healedRun is a run that went to its end thanks to one heal.
func healedRun() *RunResult {
	ms := time.Millisecond
	return &RunResult{Scenario: "remove-mug", File: "scenarios/remove.json", Duration: 3300 * ms,
		Steps: []StepResult{
			{Step: 1, Tool: "mcp__playwright__browser_navigate", Description: "open the cart", Status: StatusPassed,
				Params: map[string]any{"url": "http://127.0.0.1:8080/cart"}, Duration: 900 * ms, Screenshot: "remove-step1.png"},
			{Step: 2, Tool: "mcp__playwright__browser_click", Description: "click Remove for Blue Mug", Status: StatusHealed,
				Params: map[string]any{"target": `internal:testid=[data-testid="row-blue-mug"s] >> internal:role=button[name="Remove"i]`}, Duration: 1200 * ms,
				Screenshot: "remove-step2.png"},
		},
		Heals: []Heal{{Step: 2, Description: "click Remove for Blue Mug", Element: `button "Remove" in row "Blue Mug"`,
			OldTarget: `internal:testid=[data-testid="cart-blue-mug"s] >> internal:role=button[name="Remove"i]`,
			NewTarget: `internal:testid=[data-testid="row-blue-mug"s] >> internal:role=button[name="Remove"i]`,
			Why:       "the old target matched nothing", Before: "remove-step2-before.png", After: "remove-step2.png"}},
	}
}

// htmlSuite is runs() and healedRun(), with the failed run's evidence
// written under dir/reports.
func htmlSuite(t *testing.T, dir string) *Summary {
	t.Helper()
	rs := append(runs(), healedRun())
	ev := filepath.Join(dir, "reports")
	if err := os.MkdirAll(ev, 0o755); err != nil {
		t.Fatal(err)
	}
	snap := "- banner:\n  - link \"Cart (0)\" [ref=e3]\n- article \"Blue Mug <b>\":\n  - button \"Add to basket\" [ref=e9]\n"
	if err := os.WriteFile(filepath.Join(ev, "mug-step5.snapshot.md"), []byte(snap), 0o644); err != nil {
		t.Fatal(err)
	}
	failed := rs[1]
	failed.Evidence = []string{filepath.Join(ev, "mug-step5.png"), filepath.Join(ev, "mug-step5.snapshot.md")}
	failed.Steps[2].Screenshot = "mug-step5.png"
	failed.Trace = filepath.Join(ev, "mug.trace.zip")
	rs[0].Trace = filepath.Join(ev, "claim.trace.zip") // replay --trace on keeps a passed run's
	return NewSummary(rs, 12*time.Second)
}

func TestHTML(t *testing.T) {
	dir := t.TempDir()
	s := htmlSuite(t, dir)
	var b bytes.Buffer
	if err := WriteHTML(&b, s, &HTMLOptions{Dir: filepath.Join(dir, "reports")}); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/report.html", b.Bytes())
	html := b.String()
	for _, want := range []string{
		`<button type="button" data-f="passed" aria-pressed="false">Passed 1</button>`,
		`<button type="button" data-f="failed" aria-pressed="false">Failed 1</button>`,
		`<button type="button" data-f="healed" aria-pressed="false">Healed 1</button>`,
		// The failed scenario is expanded, the others are not.
		`<details class="failed" open>`,
		`<details class="passed">`,
		`<details class="healed">`,
		// The failing step's screenshot, by a relative URL, loaded at once.
		`<img src="mug-step5.png" alt="the page at step 5">`,
		// Evidence paths relative to the working directory become relative to the report.
		`<a href="mug-step5.snapshot.md">mug-step5.snapshot.md</a>`,
		// The snapshot, escaped.
		`article &#34;Blue Mug &lt;b&gt;&#34;`,
		// The heal: both locators, why, both screenshots.
		`internal:testid=[data-testid=&#34;cart-blue-mug&#34;s]`,
		`internal:testid=[data-testid=&#34;row-blue-mug&#34;s]`,
		`the old target matched nothing`,
		`<img src="remove-step2-before.png" alt="before the healed step" loading="lazy">`,
		// Retries and durations.
		"1.53s, 14 retries",
		// The Playwright trace, failed or passed, by a URL relative to the report.
		`Playwright trace: <a href="mug.trace.zip" download>mug.trace.zip</a> (open it with <code>npx playwright show-trace</code>)`,
		`<a href="claim.trace.zip" download>claim.trace.zip</a>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
}

// TestHTMLEscapesOutsideText: names, errors, params and paths that carry
// markup come out as text, never as elements, attributes or scripts.
func TestHTMLEscapesOutsideText(t *testing.T) {
	evil := `<script>alert(1)</script><img src=x onerror=alert(2)>`
	r := &RunResult{Scenario: evil, File: evil, FailedStep: 1, Error: evil, Steps: []StepResult{{
		Step: 1, Tool: evil, Description: evil, Status: StatusFailed, Error: evil,
		Params: map[string]any{"target": evil}, Screenshot: `javascript:alert(3)`,
	}}, Heals: []Heal{{Step: 1, Element: evil, OldTarget: evil, NewTarget: evil, Why: evil, Before: `"><script>alert(4)</script>.png`}}}
	var b bytes.Buffer
	if err := WriteHTML(&b, NewSummary([]*RunResult{r}, time.Second), nil); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	if n := strings.Count(html, "<script"); n != 1 {
		t.Errorf("%d <script elements, want the report's own one", n)
	}
	for _, bad := range []string{"<img src=x", `src="javascript:`} {
		if strings.Contains(html, bad) {
			t.Errorf("outside text reached the page as markup: %q", bad)
		}
	}
	if !strings.Contains(html, `src="./javascript:alert%283%29"`) && !strings.Contains(html, `src="./javascript:alert(3)"`) {
		t.Errorf("a screenshot path that looks like a URL scheme is not kept a relative path:\n%s", html)
	}
}

// reExternal finds anything that would make the report fetch from a
// server: a URL with a scheme or a protocol-relative one, in src, href or
// CSS url(), or @import.
var reExternal = regexp.MustCompile(`(?i)(?:src|href)\s*=\s*"?(?:[a-z][a-z0-9+.-]*:|//)|url\(|@import`)

// TestHTMLSize100Scenarios: a report of 100 scenarios of 7 steps each
// (shaped like the demo shop's: a navigation, typing, clicks, a check with
// its generated function), 10 of them failed with a snapshot of the page
// and 10 healed, stays under 200 KB of HTML and script, and asks no
// server for anything.
func TestHTMLSize100Scenarios(t *testing.T) {
	dir := t.TempDir()
	s := hundredScenarios(t, dir)
	var b bytes.Buffer
	if err := WriteHTML(&b, s, &HTMLOptions{Dir: dir, Generated: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	const limit = 200 << 10
	t.Logf("100 scenarios (80 passed, 10 failed, 10 healed; 700 steps): %d bytes (%.1f KB) of HTML, CSS and script", b.Len(), float64(b.Len())/1024)
	if b.Len() >= limit {
		t.Errorf("the report of 100 scenarios is %d bytes, want under %d", b.Len(), limit)
	}
	if m := reExternal.FindString(b.String()); m != "" {
		t.Errorf("the report refers to something outside its folder: %q", m)
	}
	if n := strings.Count(b.String(), `<details class="`); n != 100 {
		t.Errorf("%d scenarios in the report, want 100", n)
	}
}

// hundredScenarios builds the suite of TestHTMLSize100Scenarios, with the
// failures' snapshots written in dir.
func hundredScenarios(t testing.TB, dir string) *Summary {
	check := `async () => { const norm = s => (s || '').replace(/\s+/g, ' ').trim(); const items = (el, roles) => [...el.querySelectorAll('li, [role=listitem], tr')].filter(e => e.offsetParent !== null); const why = () => { const el = document.querySelector('[data-testid="cart-count"]'); if (!el) return 'no cart count on the page'; return norm(el.innerText).includes('1 item') ? '' : 'the cart shows ' + JSON.stringify(norm(el.innerText)) + ', expected "1 item"'; }; for (const until = Date.now() + 5000; ;) { const w = why(); if (!w) return 'ok'; if (Date.now() > until) throw new Error(w + ' (waited 5s)'); await new Promise(r => setTimeout(r, 100)); } }`
	snapshot := strings.Repeat("- article \"Blue Mug\" [ref=e12]:\n  - heading \"Blue Mug\" [level=2] [ref=e13]\n  - paragraph [ref=e14]: $12.00\n  - button \"Add to cart\" [ref=e15]\n", 8)
	ms := time.Millisecond
	var rs []*RunResult
	for i := range 100 {
		name := fmt.Sprintf("shop-scenario-%03d", i)
		product := fmt.Sprintf("product-%d", i)
		steps := []StepResult{
			{Step: 1, ID: "open", Tool: "mcp__playwright__browser_navigate", Description: "open http://127.0.0.1:8080", Params: map[string]any{"url": "http://127.0.0.1:8080"}},
			{Step: 2, Tool: "mcp__playwright__browser_navigate", Description: "go to the login page", Params: map[string]any{"url": "http://127.0.0.1:8080/login"}},
			{Step: 3, Tool: "mcp__playwright__browser_type", Description: "type demo into Username", Params: map[string]any{"element": `textbox "Username"`, "target": `internal:role=textbox[name="Username"i]`, "text": "demo"}},
			{Step: 4, Tool: "mcp__playwright__browser_type", Description: "type {{PASSWORD}} into Password", Params: map[string]any{"element": `textbox "Password"`, "target": `internal:role=textbox[name="Password"i]`, "text": Mask}},
			{Step: 5, Tool: "mcp__playwright__browser_click", Description: "click Log in", Params: map[string]any{"element": `button "Log in"`, "target": `internal:role=button[name="Log in"i]`}},
			{Step: 6, Tool: "mcp__playwright__browser_click", Description: "click Add to cart for " + product, Params: map[string]any{"element": `button "Add to cart" in article "` + product + `"`, "target": `internal:testid=[data-testid="` + product + `"s] >> internal:role=button[name="Add to cart"i]`}},
			{Step: 7, Tool: "mcp__playwright__browser_evaluate", Description: "verify the cart shows 1 item", Params: map[string]any{"function": check}},
		}
		for j := range steps {
			steps[j].Status = StatusPassed
			steps[j].Duration = time.Duration(100+j*37) * ms
		}
		r := &RunResult{Scenario: name, File: ".sandy/scenarios/" + name + ".json", Success: true, Duration: 2100 * ms, Steps: steps}
		switch {
		case i%10 == 3:
			r.Success = false
			last := &r.Steps[6]
			last.Status = StatusFailed
			last.Error = `Error: the cart shows "0 items", expected "1 item" (waited 5s)`
			last.Screenshot = name + "-step7.png"
			r.FailedStep = 7
			r.Error = "step 7 (verify the cart shows 1 item) failed: mcp__playwright__browser_evaluate: " + last.Error
			snap := filepath.Join(dir, name+"-step7.snapshot.md")
			if err := os.WriteFile(snap, []byte(snapshot), 0o644); err != nil {
				t.Fatal(err)
			}
			r.Evidence = []string{filepath.Join(dir, name+"-step7.png"), snap}
		case i%10 == 7:
			r.Success = false
			r.Steps[5].Status = StatusHealed
			old := r.Steps[5].Params["target"].(string)
			r.Steps[5].Params["target"] = strings.Replace(old, "testid=[data-testid=", "role=listitem[name=", 1)
			r.Heals = []Heal{{Step: 6, Description: r.Steps[5].Description, Element: r.Steps[5].Params["element"].(string),
				OldTarget: old, NewTarget: r.Steps[5].Params["target"].(string), Why: "the old target matched nothing",
				Before: name + "-step6-before.png", After: name + "-step6.png"}}
		}
		rs = append(rs, r)
	}
	return NewSummary(rs, 210*time.Second)
}

func TestExpectation(t *testing.T) {
	tests := []struct{ msg, expected, found string }{
		{`Error: the cart shows "0 items", expected "1 item" (waited 5s)`, `expected "1 item"`, `the cart shows "0 items"`},
		{"it shows 2 items, expected 3", "expected 3", "it shows 2 items"},
		{`Error: expected text "7 items" is not shown (waited 5s)` + "\nCall log: …", `expected text "7 items" is not shown`, ""},
		{`the URL is http://x/a, expected it to end with "/cart"`, `expected it to end with "/cart"`, "the URL is http://x/a"},
		{`"text=Nope" does not match any elements.`, "", ""},
		{"", "", ""},
	}
	for _, tt := range tests {
		expected, found := Expectation(tt.msg)
		if expected != tt.expected || found != tt.found {
			t.Errorf("Expectation(%q) = %q, %q; want %q, %q", tt.msg, expected, found, tt.expected, tt.found)
		}
	}
}

func TestWriteHTMLFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "reports")
	path, err := WriteHTMLFile(dir, NewSummary(runs(), time.Second), nil)
	if err != nil {
		t.Fatal(err)
	}
	if path != filepath.Join(dir, "index.html") {
		t.Errorf("path %q", path)
	}
	b, err := os.ReadFile(path)
	if err != nil || !bytes.Contains(b, []byte("login-and-add-mug")) {
		t.Errorf("index.html: %v\n%s", err, b)
	}
}

// TestJUnitAttachesScreenshots: each test case's system-out lists its
// screenshots (steps, heals, failure evidence) and its Playwright trace
// (replay --trace) as [[ATTACHMENT|path]]
// lines, each alone on its line, each once, relative to the working
// directory.
func TestJUnitAttachesScreenshots(t *testing.T) {
	dir := t.TempDir()
	s := htmlSuite(t, dir)
	var b bytes.Buffer
	reports := filepath.Join(dir, "reports")
	if err := WriteJUnit(&b, s, &JUnitOptions{ReportDir: reports}); err != nil {
		t.Fatal(err)
	}
	var doc junitSuites
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, c := range doc.Suites[0].Cases {
		if c.SystemOut == nil {
			continue
		}
		for line := range strings.Lines(c.SystemOut.Text) {
			if line = strings.TrimSuffix(line, "\n"); strings.Contains(line, "[[ATTACHMENT|") {
				got[c.Name] = append(got[c.Name], line)
			}
		}
	}
	at := func(name string) string {
		return "[[ATTACHMENT|" + filepath.ToSlash(filepath.Join(reports, name)) + "]]"
	}
	want := map[string][]string{
		"claim-discount":    {at("claim.trace.zip")},
		"login-and-add-mug": {at("mug-step5.png"), at("mug.trace.zip")}, // the step's screenshot is its evidence: once
		"remove-mug":        {at("remove-step2-before.png"), at("remove-step2.png"), at("remove-step1.png")},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("attachments:\n got %q\nwant %q", got, want)
	}
}
