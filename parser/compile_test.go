package parser

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/mcpclient/mcptest"
	"github.com/plaintest/plaintest/parser/pagefind"
	"github.com/plaintest/plaintest/sandy"
)

func compile(t *testing.T, f *fakeBrowser, sc Scenario, opts *Options) (*ParserResult, error) {
	t.Helper()
	if opts == nil {
		opts = &Options{}
	}
	if opts.Poll == 0 {
		opts.Poll = 5 * time.Millisecond
	}
	return New(f.session(t), opts).Run(context.Background(), sc)
}

var loginScenario = Scenario{
	Name: "login",
	URL:  "http://shop.test",
	Actions: []string{
		"go to the login page", "type demo into Username", "type demo123 into Password",
		"click Log in", "click Add to cart for Blue Mug",
	},
	Secrets: map[string]string{"PASSWORD": "demo123"},
}

func TestCompileLogin(t *testing.T) {
	f := newFake()
	res, err := compile(t, f, loginScenario, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Success || len(res.Errors) != 0 {
		t.Fatalf("status %s, errors %+v", res.Status, res.Errors)
	}
	if got, want := len(res.Steps), 6; got != want {
		t.Fatalf("got %d steps, want %d", got, want)
	}
	wantTargets := []string{"", "", `internal:role=textbox[name="Username"s]`, `internal:role=textbox[name="Password"s]`,
		`internal:role=button[name="Log in"s]`}
	for i, want := range wantTargets {
		if got := res.Steps[i].Target; got != want {
			t.Errorf("step %d target = %q, want %q", i, got, want)
		}
	}
	if got := res.Steps[1].Calls[0].Args["url"]; got != "{{BASE_URL}}/login" {
		t.Errorf("navigate url = %v, want {{BASE_URL}}/login", got)
	}
	if got := res.Steps[0].Calls[0].Args["url"]; got != "{{BASE_URL}}" {
		t.Errorf("open url = %v, want {{BASE_URL}}", got)
	}
	// The password was typed for real but is exported as a variable only.
	typed := f.toolCalls("browser_type")
	if got := typed[1].Args["text"]; got != "demo123" {
		t.Errorf("typed %v, want the secret's value", got)
	}
	if got := res.Steps[3].Calls[0].Args["text"]; got != "{{PASSWORD}}" {
		t.Errorf("exported text %v, want {{PASSWORD}}", got)
	}
	for _, s := range res.Steps {
		if strings.Contains(fmt.Sprint(s), "demo123") {
			t.Errorf("secret value in step %+v", s)
		}
	}
	if got := res.Actions[2]; got != "type {{PASSWORD}} into Password" {
		t.Errorf("masked action = %q", got)
	}
	// Blue Mug's button is not unique by role and name: the target is scoped.
	if got := res.Steps[5].Target; !strings.Contains(got, "Blue Mug") || strings.HasPrefix(got, "e") {
		t.Errorf("scoped target = %q", got)
	}
}

// TestCompileReadsInlineSnapshots: a server whose actions return the new
// snapshot inline is not asked for one after each action; the compile is
// the same.
func TestCompileReadsInlineSnapshots(t *testing.T) {
	plain, inline := newFake(), newFake()
	inline.inline = true
	a, err := compile(t, plain, loginScenario, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := compile(t, inline, loginScenario, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != Success || b.Status != Success || len(a.Steps) != len(b.Steps) {
		t.Fatalf("plain %s %d steps, inline %s %d steps", a.Status, len(a.Steps), b.Status, len(b.Steps))
	}
	for i := range a.Steps {
		if a.Steps[i].Target != b.Steps[i].Target {
			t.Errorf("step %d: target %q with snapshot calls, %q inline", i, a.Steps[i].Target, b.Steps[i].Target)
		}
	}
	pa, pb := len(plain.toolCalls(mcpclient.ToolSnapshot)), len(inline.toolCalls(mcpclient.ToolSnapshot))
	if pb >= pa {
		t.Errorf("browser_snapshot called %d times with inline snapshots, %d without", pb, pa)
	}
}

func TestCompileKeepsStepsBeforeAFailure(t *testing.T) {
	f := newFake()
	sc := loginScenario
	sc.Actions = append(append([]string{}, sc.Actions[:4]...), "click Checkout now", "click Log in")
	dir := t.TempDir()
	res, err := compile(t, f, sc, &Options{EvidenceDir: dir, Timeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatalf("a step failure is not a Go error: %v", err)
	}
	if res.Status != Partial {
		t.Errorf("status = %s, want partial", res.Status)
	}
	if got := len(res.Steps); got != 5 {
		t.Errorf("kept %d steps, want 5 (open + 4 actions)", got)
	}
	if len(res.Errors) != 1 {
		t.Fatalf("errors = %+v", res.Errors)
	}
	e := res.Errors[0]
	if e.Index != 5 || e.Action != "click Checkout now" || !strings.Contains(e.Message, `no button or link matching "Checkout now"`) {
		t.Errorf("error = %+v", e)
	}
	if !strings.Contains(e.Message, "waited 50ms") {
		t.Errorf("message does not say it waited: %q", e.Message)
	}
	if e.Screenshot == "" || e.SnapshotFile == "" {
		t.Fatalf("no evidence saved: %+v", e)
	}
	if data, _ := os.ReadFile(e.SnapshotFile); !strings.Contains(string(data), "Add to cart") {
		t.Errorf("snapshot evidence = %q", data)
	}
}

// TestCompileInterrupted: a context cancelled between two actions stops the
// run there, keeps what ran and marks the result interrupted.
func TestCompileInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts := &Options{Poll: 5 * time.Millisecond, Progress: func(ev Event) {
		if ev.Index == 2 && ev.Step != nil {
			cancel()
		}
	}}
	res, err := New(newFake().session(t), opts).Run(ctx, loginScenario)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if res == nil {
		t.Fatal("no result")
	}
	if !res.Interrupted || res.Status != Partial || len(res.Steps) != 3 {
		t.Errorf("interrupted %v, status %s, %d steps: want interrupted, partial, 3 steps (open + 2 actions)", res.Interrupted, res.Status, len(res.Steps))
	}

	res, err = compile(t, newFake(), loginScenario, nil)
	if err != nil || res.Interrupted || res.Status != Success {
		t.Errorf("uninterrupted run: err %v, interrupted %v, status %s", err, res.Interrupted, res.Status)
	}
}

// TestCompileEvidenceReplacesOldFiles: evidence of an earlier compile is
// replaced atomically (safefile), not rewritten in place: a hard link to
// an old file keeps the old content.
func TestCompileEvidenceReplacesOldFiles(t *testing.T) {
	dir := t.TempDir()
	sc := loginScenario
	sc.Actions = []string{"click Checkout now"}
	base := filepath.Join(dir, sandy.Slug(sc.Name)+"-step1")
	for _, ext := range []string{".png", ".snapshot.txt"} {
		if err := os.WriteFile(base+ext, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Link(base+ext, base+".old"+ext); err != nil {
			t.Fatal(err)
		}
	}
	res, err := compile(t, newFake(), sc, &Options{EvidenceDir: dir, Timeout: 20 * time.Millisecond})
	if err != nil || len(res.Errors) != 1 || res.Errors[0].Screenshot != base+".png" || res.Errors[0].SnapshotFile != base+".snapshot.txt" {
		t.Fatalf("err %v, errors %+v: want one failure with evidence at %s.*", err, res.Errors, base)
	}
	for _, ext := range []string{".png", ".snapshot.txt"} {
		if b, _ := os.ReadFile(base + ext); string(b) == "old" {
			t.Errorf("%s%s was not replaced", base, ext)
		}
		if b, _ := os.ReadFile(base + ".old" + ext); string(b) != "old" {
			t.Errorf("%s%s was rewritten in place, not replaced: its old link holds %q", base, ext, b)
		}
	}
	if es, _ := os.ReadDir(dir); len(es) != 4 {
		t.Errorf("evidence dir holds %d files, want 4 (no temporary file left)", len(es))
	}
}

// TestCompileWaitsForLateElement: an element that shows after a few
// snapshots is waited for, and the export waits for its name first, unless
// the name is not visible text (an aria-label), where such a wait could only
// time out.
func TestCompileWaitsForLateElement(t *testing.T) {
	for _, tt := range []struct {
		name      string
		hidden    bool
		wantTools string
	}{
		{"name is text", false, "browser_wait_for browser_click"},
		{"name is a label", true, "browser_click"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake()
			f.late = map[string]struct {
				after int
				page  string
			}{"/products": {after: 3, page: "products-offer"}}
			if tt.hidden {
				f.hidden = map[string]bool{"claim discount": true}
			}
			sc := Scenario{Name: "offer", URL: "http://shop.test/products", Actions: []string{"click Claim discount"}}
			res, err := compile(t, f, sc, nil)
			if err != nil || res.Status != Success {
				t.Fatalf("status %v, err %v, errors %+v", res.Status, err, res.Errors)
			}
			s := res.Steps[1]
			if s.Waited == 0 {
				t.Error("Waited = 0, want the time the element took")
			}
			var tools []string
			for _, c := range s.Calls {
				tools = append(tools, c.Tool)
			}
			if got := strings.Join(tools, " "); got != tt.wantTools {
				t.Fatalf("calls = %+v, want %s", s.Calls, tt.wantTools)
			}
			if !tt.hidden && s.Calls[0].Args["text"] != "Claim discount" {
				t.Errorf("wait = %+v, want the button's name", s.Calls[0])
			}
			if tt.hidden && len(f.toolCalls("browser_wait_for")) != 0 {
				t.Error("a browser_wait_for ran for a name that is not text")
			}
			asked, finds := 0, 0
			for _, c := range f.toolCalls("browser_evaluate") {
				switch fn, _ := c.Args["function"].(string); {
				case fn == pagefind.Fn:
					finds++
				case !strings.Contains(fn, "aria-busy") && fn != hasFeedFn && fn != unseenFn: // not the settle after loading, nor the text a person cannot see before the click
					asked++
				}
			}
			if asked != 1 {
				t.Errorf("%d browser_evaluate calls, want the one that asked whether the name shows", asked)
			}
			if finds != 1 {
				t.Errorf("the page was read for elements the snapshot does not name %d times, want once, at the first miss (the button came before the timeout)", finds)
			}
		})
	}
}

// TestCompileTakesAPageFoundElementAtOnce: an element the snapshot does not
// name, which the page shows (a span clicked through script, pagefind.js),
// is taken when the page is read at the first miss: the page's one
// snapshot, not a wait to the timeout before it (through the CLI, "click
// Paid" on such a span took 5.10 s, its whole --timeout, and 0.08 s since).
func TestCompileTakesAPageFoundElementAtOnce(t *testing.T) {
	f := newFake()
	target := locator.Locator{Parts: []locator.LocatorPart{{Kind: locator.PartText, Text: "Paid", Exact: true}}}.Selector()
	f.pageFound = map[string]string{"/products": `[{"kind":"script","text":"Paid","tag":"span","path":"path of paid"}]`}
	f.elements = map[string]string{target: "paid"}
	sc := Scenario{Name: "paid", URL: "http://shop.test/products", Actions: []string{"click Paid"}}
	res, err := compile(t, f, sc, &Options{Timeout: 2 * time.Second})
	if err != nil || res.Status != Success {
		t.Fatalf("status %v, err %v, errors %+v", res.Status, err, res.Errors)
	}
	s := res.Steps[1]
	if len(s.Calls) != 1 || s.Calls[0].Tool != mcpclient.ToolClick || s.Calls[0].Args["target"] != target {
		t.Fatalf("calls = %+v, want one click on %s", s.Calls, target)
	}
	if s.Waited != 0 {
		t.Errorf("Waited = %s, want 0: the span was there all along", s.Waited)
	}
	finds := 0
	for _, c := range f.toolCalls(mcpclient.ToolEvaluate) {
		if c.Args["function"] == pagefind.Fn {
			finds++
		}
	}
	if n := f.snaps["/products"]; n != 1 || finds != 1 {
		t.Errorf("%d snapshots and %d reads of the page for what they do not name, want 1 of each: the span taken at the first miss", n, finds)
	}
}

// TestCompilePrefersScopeToPosition: when Playwright's generated locator
// picks the element by position, compile exports the locator scoped by its
// container instead; otherwise it keeps Playwright's.
func TestCompilePrefersScopeToPosition(t *testing.T) {
	for _, tt := range []struct {
		generated, want string
	}{
		{"getByRole('button', { name: 'Add to cart' }).nth(1)", `internal:role=article[name="Blue Mug"i] >> internal:role=button[name="Add to cart"s]`},
		{"getByTestId('product-blue-mug').getByRole('button', { name: 'Add to cart' })", `internal:testid=[data-testid="product-blue-mug"s] >> internal:role=button[name="Add to cart"i]`},
	} {
		f := newFake()
		f.locators = map[string]string{"f2e16": tt.generated}
		sc := Scenario{Name: "mug", URL: "http://shop.test/products", Actions: []string{"click Add to cart for Blue Mug"}}
		res, err := compile(t, f, sc, nil)
		if err != nil || res.Status != Success {
			t.Fatalf("status %v, err %v, errors %+v", res.Status, err, res.Errors)
		}
		if got := res.Steps[1].Target; got != tt.want {
			t.Errorf("generated %s: target %s, want %s", tt.generated, got, tt.want)
		}
	}
}

// TestCompileScopedAssertion: "the Blue Mug card shows $12.00" is checked
// inside that card, and exported as that check; a text the card does not
// show fails after the timeout, naming the card.
func TestCompileScopedAssertion(t *testing.T) {
	f := newFake()
	sc := Scenario{Name: "price", URL: "http://shop.test/products", Actions: []string{
		"verify the Blue Mug card shows $12.00", "verify the Green Tea card no longer shows $12.00"}}
	res, err := compile(t, f, sc, nil)
	if err != nil || res.Status != Success {
		t.Fatalf("status %v, err %v, errors %+v", res.Status, err, res.Errors)
	}
	want := []struct{ target, element string }{
		{`internal:role=article[name="Blue Mug"s]`, `article "Blue Mug" showing "$12.00"`},
		{`internal:role=article[name="Green Tea"s]`, `article "Green Tea" not showing "$12.00"`},
	}
	for i, w := range want {
		calls := res.Steps[i+1].Calls
		if len(calls) != 1 || calls[0].Tool != mcpclient.ToolEvaluate || calls[0].Args["target"] != w.target || calls[0].Args["element"] != w.element {
			t.Errorf("step %d: calls %+v, want browser_evaluate on %s", i+1, calls, w.target)
		}
	}

	// The check waits in the page; compile keeps its words.
	f = newFake()
	sc.Actions = []string{"verify the Blue Mug card shows $99.00"}
	res, err = compile(t, f, sc, &Options{Timeout: 100 * time.Millisecond, Poll: 10 * time.Millisecond})
	if err != nil || res.Status != Failed || len(res.Errors) != 1 {
		t.Fatalf("status %v, err %v, errors %+v: want one failure", res.Status, err, res.Errors)
	}
	if msg := res.Errors[0].Message; !strings.Contains(msg, `expected text "$99.00" is not shown in article "Blue Mug"`) {
		t.Errorf("message %q", msg)
	}

	// A check the page's navigation ends is asked again, of the new page:
	// of an element, of the page's text (a submit's page on its way as it
	// waited: compile failed it at once, and a press of Enter on a login
	// form then a check of its message failed one compile in 30), of the
	// page's URL.
	for _, tc := range []struct{ action, reads string }{
		{"verify the Blue Mug card shows $12.00", `article "Blue Mug" showing "$12.00"`},
		{"verify the page shows Green Tea", `text "Green Tea" is shown`},
		{"verify the URL contains shop.test", `the URL contains "shop.test"`},
	} {
		f = newFake()
		f.navigating = 2
		sc.Actions = []string{tc.action}
		res, err = compile(t, f, sc, &Options{Timeout: time.Second, Poll: 10 * time.Millisecond})
		if err != nil || res.Status != Success {
			t.Errorf("%s: status %v, err %v: want a pass once the page has navigated", tc.action, res.Status, err)
			continue
		}
		checks := 0
		for _, c := range f.toolCalls(mcpclient.ToolEvaluate) {
			if el, _ := c.Args["element"].(string); el == tc.reads {
				checks++
			}
		}
		if checks != 3 {
			t.Errorf("%s: the check ran %d times, want 3 (two ended by the navigation)", tc.action, checks)
		}
	}
	// Asked again, such a check still fails on a new page whose fact is
	// broken, saying what it found.
	for _, tc := range []struct{ action, says string }{
		{"verify the page shows Purple Teapot", `expected text "Purple Teapot" is not shown`},
		{"verify the URL contains nowhere.test", `the URL is http://shop.test`},
	} {
		f = newFake()
		f.navigating = 2
		sc.Actions = []string{tc.action}
		res, err = compile(t, f, sc, &Options{Timeout: time.Second, Poll: 10 * time.Millisecond})
		if err != nil || res.Status != Failed || len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Message, tc.says) {
			t.Errorf("%s: status %v, err %v, errors %+v: want a failure saying %q", tc.action, res.Status, err, res.Errors, tc.says)
		}
	}
	// So is the question whether the page has shadow roots, which the
	// check then reads through.
	f = newFake()
	f.shadowRoots, f.probeNavigating = true, 1
	sc.Actions = []string{"verify the page shows Green Tea"}
	res, err = compile(t, f, sc, &Options{Timeout: time.Second, Poll: 10 * time.Millisecond})
	if err != nil || res.Status != Success {
		t.Fatalf("status %v, err %v: want a pass", res.Status, err)
	}
	if fn, _ := res.Steps[1].Calls[0].Args["function"].(string); !strings.Contains(fn, "norm(deepText(") {
		t.Errorf("the check does not read through shadow roots, on a page with some:\n%s", fn)
	}

	// A card that never comes is retried until the timeout, then named.
	f = newFake()
	sc.Actions = []string{"verify the Blue Mug card shows $12.00"}
	f.badTargets = map[string]mcptest.Result{`internal:role=article[name="Blue Mug"s]`: mcptest.NoMatch(`internal:role=article[name="Blue Mug"s]`)}
	res, err = compile(t, f, sc, &Options{Timeout: time.Second, Poll: 10 * time.Millisecond})
	if err != nil || len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Message, `article "Blue Mug" is not on the page (waited`) {
		t.Fatalf("err %v, errors %+v: want the card named as missing", err, res.Errors)
	}
	if n := len(f.toolCalls(mcpclient.ToolEvaluate)); n < 2 {
		t.Errorf("the check ran %d times, want it repeated until the timeout", n)
	}
}

func TestCompileElementThatNeverComes(t *testing.T) {
	f := newFake()
	sc := Scenario{Name: "offer", URL: "http://shop.test/products", Actions: []string{"click Claim discount"}}
	start := time.Now()
	// Poll far under the timeout: a loaded CI machine (where one snapshot
	// once took most of 300 ms) still fits several snapshots in it.
	res, err := compile(t, f, sc, &Options{Timeout: 2 * time.Second, Poll: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Failed || len(res.Errors) != 1 {
		t.Fatalf("status %s errors %+v", res.Status, res.Errors)
	}
	// Spaced out (clock.Backoff): 10, 25, 50 ms, then every 100 ms, about
	// 22 looks in 2 s; at every 10 ms, as before, about ten times as many.
	if n := f.snaps["/products"]; n < 3 || n > 30 {
		t.Errorf("snapshotted %d times, want 3 to 30: polling, spaced out", n)
	}
	if took := time.Since(start); took < 2*time.Second {
		t.Errorf("gave up after %s, before its 2s timeout", took)
	}
	if time.Since(start) > 20*time.Second {
		t.Error("the wait is not bounded by the timeout")
	}
}

func TestCompileFallsBackToRefWhenSelectorFails(t *testing.T) {
	f := newFake()
	f.badTargets[`internal:role=button[name="Log in"s]`] = mcptest.Strict(`internal:role=button[name="Log in"s]`, 2)
	sc := Scenario{Name: "x", URL: "http://shop.test/login", Actions: []string{"click Log in"}}
	res, err := compile(t, f, sc, nil)
	if err != nil || res.Status != Success {
		t.Fatalf("status %v err %v errors %+v", res.Status, err, res.Errors)
	}
	got := res.Steps[1].Target
	if want := `internal:role=button[name="Add to cart"i] >> nth=0`; got != want {
		t.Errorf("target = %q, want the locator of the code that ran (%q)", got, want)
	}
}

func TestCompileAssertionFails(t *testing.T) {
	f := newFake()
	sc := Scenario{Name: "x", URL: "http://shop.test/cart", Actions: []string{"verify the cart shows 2 items", "verify the cart shows 7 items"}}
	res, err := compile(t, f, sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Partial || len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Message, `expected text "7 items" is not shown (waited 5s)`) {
		t.Fatalf("status %s errors %+v", res.Status, res.Errors)
	}
	if c := res.Errors[0].Call; c == nil || c.Tool != mcpclient.ToolEvaluate || c.Args["element"] != `text "7 items" is shown` {
		t.Errorf("failing call = %+v", c)
	}
}

func TestCompileUnreachableSite(t *testing.T) {
	f := newFake()
	res, err := compile(t, f, Scenario{Name: "x", URL: "http://127.0.0.1:1/", Actions: []string{"click Log in"}}, nil)
	if !errors.Is(err, ErrUnreachable) {
		t.Fatalf("err = %v, want ErrUnreachable", err)
	}
	if res == nil || res.Status != Failed || len(res.Steps) != 0 || !strings.Contains(res.Errors[0].Message, "ERR_CONNECTION_REFUSED") {
		t.Fatalf("res = %+v", res)
	}
}

// TestCompileServerDiesMidRun: a browser lost mid-run (it crashed under the
// server) stops the compile with ErrUnavailable and keeps what ran.
func TestCompileServerDiesMidRun(t *testing.T) {
	f := newFake()
	f.dieOn = mcpclient.ToolClick
	res, err := compile(t, f, loginScenario, nil)
	if !errors.Is(err, mcpclient.ErrUnavailable) {
		t.Fatalf("err = %v, want ErrUnavailable", err)
	}
	if res.Status != Partial || len(res.Steps) != 4 {
		t.Fatalf("status %s, %d steps kept, want partial with 4", res.Status, len(res.Steps))
	}
	if e := res.Errors[0]; e.Index != 4 || e.Action != "click Log in" {
		t.Errorf("error = %+v", e)
	}
}

func TestCompileVariablesExported(t *testing.T) {
	f := newFake()
	sc := Scenario{Name: "x", URL: "http://shop.test/login", Actions: []string{"type demo into Username"}, Variables: map[string]string{"USER": "demo"}}
	res, err := compile(t, f, sc, nil)
	if err != nil || res.Status != Success {
		t.Fatal(err, res.Errors)
	}
	if got := res.Steps[1].Calls[0].Args["text"]; got != "{{USER}}" {
		t.Errorf("exported text = %v, want {{USER}}", got)
	}
	if got := f.toolCalls("browser_type")[0].Args["text"]; got != "demo" {
		t.Errorf("typed %v, want demo", got)
	}
}

func TestCompileProgress(t *testing.T) {
	var events []Event
	_, err := compile(t, newFake(), loginScenario, &Options{Progress: func(e Event) { events = append(events, e) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 6 {
		t.Fatalf("got %d events, want 6", len(events))
	}
	if e := events[2]; e.Index != 2 || e.Total != 5 || e.Step == nil || e.Step.Element != `textbox "Username"` {
		t.Errorf("event 2 = %+v", e)
	}
}

// TestMaskSecrets: the rules of internal/secret, with {{NAME}} for the mask.
func TestMaskSecrets(t *testing.T) {
	s := map[string]string{"PASSWORD": "demo123", "PIN": "12", "TOKEN": "s3cr3t tok", "ALSO": "demo123"}
	tests := map[string]string{
		"type demo123 into Password":       "type {{ALSO}} into Password",
		"type demo1234 into Password":      "type {{ALSO}}4 into Password",
		`type "12" into PIN`:               `type "{{PIN}}" into PIN`,
		"wait 120 seconds":                 "wait 120 seconds",
		"go to /login?token=s3cr3t%20tok":  "go to /login?token={{TOKEN}}",
		`expect {"t":"s3cr3t\u0020tok"}`:   `expect {"t":"{{TOKEN}}"}`,
		"verify s3cr3t&#32;tok is shown":   "verify {{TOKEN}} is shown",
		"go to /pin?n=12&m=%2012%20, x120": "go to /pin?n={{PIN}}&m=%20{{PIN}}%20, x120",
	}
	for in, want := range tests {
		if got := MaskSecrets(in, s); got != want {
			t.Errorf("MaskSecrets(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCompileNeverKeepsSecretValues(t *testing.T) {
	f := newFake()
	f.next = map[string]string{} // stay on the login page
	f.badTargets[`internal:role=button[name="Log in"s]`] = mcptest.Failure("cannot submit with password demo123")
	f.badTargets["f1e16"] = mcptest.Failure("cannot submit with password demo123")
	sc := loginScenario
	sc.Actions = sc.Actions[:4]
	res, err := compile(t, f, sc, &Options{EvidenceDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 1 || res.Errors[0].Index != 4 {
		t.Fatalf("errors = %+v", res.Errors)
	}
	e := res.Errors[0]
	if got := f.typed[`textbox "Password"`]; got != "demo123" {
		t.Fatalf("the fake did not get the password typed (%q)", got)
	}
	if strings.Contains(fmt.Sprintf("%+v", res), "demo123") {
		t.Errorf("the secret's value is in the result: %+v", e)
	}
	if !strings.Contains(e.Message, "password {{PASSWORD}}") {
		t.Errorf("message = %q, want the value masked as {{PASSWORD}}", e.Message)
	}
	data, err := os.ReadFile(e.SnapshotFile)
	if err != nil || strings.Contains(string(data), "demo123") || !strings.Contains(string(data), `textbox "Password"`) {
		t.Errorf("saved snapshot (%v):\n%s", err, data)
	}
}

// TestCompileSecretThatIsPageText: a secret value that is also page text is
// read against the page as written ("--secret X=Blue" still finds the Blue
// Mug card), is masked in everything the result shows, and reaches the
// exported scenario only as {{X}}, which replay expands back. A typed text
// holding a secret is exported with {{NAME}} in its place.
func TestCompileSecretThatIsPageText(t *testing.T) {
	f := newFake()
	var events []Event
	sc := Scenario{Name: "mug", URL: "http://shop.test/products", Actions: []string{"click Add to cart for Blue Mug"},
		Secrets: map[string]string{"X": "Blue"}}
	res, err := compile(t, f, sc, &Options{Progress: func(e Event) { events = append(events, e) }})
	if err != nil || res.Status != Success {
		t.Fatalf("status %v, err %v, errors %+v", res.Status, err, res.Errors)
	}
	clicks := f.toolCalls("browser_click")
	if len(clicks) != 1 || clicks[0].Args["target"] != `internal:role=article[name="Blue Mug"i] >> internal:role=button[name="Add to cart"s]` {
		t.Fatalf("clicks = %+v, want the Blue Mug card's button", clicks)
	}
	step := res.Steps[1]
	if got, want := step.Calls[0].Args["target"], `internal:role=article[name="{{X}} Mug"i] >> internal:role=button[name="Add to cart"s]`; got != want {
		t.Errorf("exported target = %v, want %v", got, want)
	}
	if got, want := res.Actions[0], "click Add to cart for {{X}} Mug"; got != want {
		t.Errorf("masked action = %q, want %q", got, want)
	}
	if got, want := step.Element, `button "Add to cart" in article "{{X}} Mug"`; got != want {
		t.Errorf("element = %q, want %q", got, want)
	}
	if strings.Contains(fmt.Sprintf("%+v", res), "Blue") || strings.Contains(fmt.Sprintf("%+v", events), "Blue") {
		t.Errorf("the secret's value is in the result or the progress events:\n%+v\n%+v", res, events)
	}

	f = newFake()
	sc = Scenario{Name: "typed", URL: "http://shop.test/login", Actions: []string{"type my Blue Mug into Username", "type Blue into Password"},
		Secrets: map[string]string{"X": "Blue"}}
	res, err = compile(t, f, sc, nil)
	if err != nil || res.Status != Success {
		t.Fatalf("status %v, err %v, errors %+v", res.Status, err, res.Errors)
	}
	for i, want := range []struct{ typed, exported string }{{"my Blue Mug", "my {{X}} Mug"}, {"Blue", "{{X}}"}} {
		if got := f.toolCalls("browser_type")[i].Args["text"]; got != want.typed {
			t.Errorf("typed %v, want %q", got, want.typed)
		}
		if got := res.Steps[i+1].Calls[0].Args["text"]; got != want.exported {
			t.Errorf("exported text %v, want %q", got, want.exported)
		}
	}
}

// TestCompileSecretInURL: a secret in the scenario's URL is opened as
// written, shown masked and exported as {{NAME}}; a secret named like part
// of a placeholder leaves the placeholder whole.
func TestCompileSecretInURL(t *testing.T) {
	f := newFake()
	sc := Scenario{Name: "token", URL: "http://shop.test/login?token=s3cr3t", Actions: []string{"type demo into Username"},
		Secrets: map[string]string{"TOKEN": "s3cr3t", "WORD": "BASE"}}
	res, err := compile(t, f, sc, nil)
	if err != nil || res.Status != Success {
		t.Fatalf("status %v, err %v, errors %+v", res.Status, err, res.Errors)
	}
	if got := f.toolCalls("browser_navigate")[0].Args["url"]; got != "http://shop.test/login?token=s3cr3t" {
		t.Errorf("opened %v", got)
	}
	if got, want := res.Steps[0].Calls[0].Args["url"], "{{BASE_URL}}/login?token={{TOKEN}}"; got != want {
		t.Errorf("exported url = %v, want %v", got, want)
	}
	if res.URL != "http://shop.test/login?token={{TOKEN}}" || res.Steps[0].Action != "open http://shop.test/login?token={{TOKEN}}" {
		t.Errorf("URL %q, open action %q: want the token masked", res.URL, res.Steps[0].Action)
	}
}

// TestCompileFailedCallKeepsNoSecret: the call recorded with a failure is
// the exported one, secret values as {{NAME}}.
func TestCompileFailedCallKeepsNoSecret(t *testing.T) {
	f := newFake()
	f.late = map[string]struct {
		after int
		page  string
	}{"/products": {after: 2, page: "products-offer"}}
	f.dieOn = mcpclient.ToolWaitFor
	sc := Scenario{Name: "offer", URL: "http://shop.test/products", Actions: []string{"click Claim discount"}, Secrets: map[string]string{"X": "Claim"}}
	res, err := compile(t, f, sc, nil)
	if !errors.Is(err, mcpclient.ErrUnavailable) || len(res.Errors) != 1 {
		t.Fatalf("err %v, errors %+v: want the lost connection", err, res.Errors)
	}
	if c := res.Errors[0].Call; c == nil || c.Tool != "browser_wait_for" || c.Args["text"] != "{{X}} discount" {
		t.Errorf("failed call = %+v, want the wait with the secret as {{X}}", c)
	}
}

// TestCompileSettlesAfterLoading: after the page loads, and after each
// navigation, compile waits in the page for parts marked aria-busy before it
// reads the page; the wait is compile's own and is not exported.
func TestCompileSettlesAfterLoading(t *testing.T) {
	f := newFake()
	res, err := New(f.session(t), nil).Run(context.Background(), Scenario{URL: "http://shop.test/", Actions: []string{"go to the login page"}})
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, c := range f.srv.Calls() {
		fn, _ := c.Args["function"].(string)
		switch {
		case c.Tool == "browser_evaluate" && strings.Contains(fn, `aria-busy`):
			order = append(order, "settle")
		case c.Tool == "browser_navigate", c.Tool == "browser_snapshot":
			order = append(order, strings.TrimPrefix(c.Tool, "browser_"))
		}
	}
	if got := strings.Join(order, " "); !strings.HasPrefix(got, "navigate settle snapshot navigate settle") {
		t.Errorf("calls %s, want each navigate followed by a settle before the page is read", got)
	}
	for _, st := range res.Steps {
		for _, c := range st.Calls {
			if fn, _ := c.Args["function"].(string); strings.Contains(fn, "aria-busy") {
				t.Errorf("step %d exports the settle: %+v", st.Index, c)
			}
		}
	}
}

// TestCompileExportsBusyWaitOnFeedPages: a page with a feed gets the wait
// for aria-busy exported after it opens even when it was not loading when
// compile looked (a replay faster than the compile can meet its articles
// still rendering); a page without one does not. The feed is read from the
// snapshot the navigation returned (the built-in server's), else asked of
// the page.
func TestCompileExportsBusyWaitOnFeedPages(t *testing.T) {
	for _, tt := range []struct {
		page   string
		inline bool
		want   int
	}{
		{"- feed \"Restaurants\" [ref=e2]:\n  - article \"Sakura Sushi\" [ref=e3]\n- button \"Load more\" [ref=e4]", false, 1},
		{"- feed \"Restaurants\" [ref=e2]:\n  - article \"Sakura Sushi\" [ref=e3]\n- button \"Load more\" [ref=e4]", true, 1},
		{"- list \"Restaurants\" [ref=e2]:\n  - listitem [ref=e3]: Sakura Sushi\n- button \"Load more\" [ref=e4]", false, 0},
		{"- list \"Restaurants\" [ref=e2]:\n  - listitem [ref=e3]: Sakura Sushi\n- button \"Load more\" [ref=e4]", true, 0},
	} {
		f := newFake()
		f.inline = tt.inline
		f.pages["/feed"] = "feed"
		f.own = map[string]string{"feed": tt.page}
		res, err := compile(t, f, Scenario{Name: "feed", URL: "http://shop.test/feed", Actions: []string{"click Load more"}}, nil)
		if err != nil || res.Status != Success {
			t.Fatalf("status %v, err %v, errors %+v", res.Status, err, res.Errors)
		}
		waits := 0
		for _, c := range res.Steps[0].Calls {
			if fn, _ := c.Args["function"].(string); strings.Contains(fn, "aria-busy") {
				waits++
			}
		}
		if waits != tt.want {
			t.Errorf("%.10s page (inline %v): the open step exports %d waits for aria-busy, want %d: %+v", tt.page, tt.inline, waits, tt.want, res.Steps[0].Calls)
		}
		asked := 0
		for _, c := range f.toolCalls("browser_evaluate") {
			if c.Args["function"] == hasFeedFn {
				asked++
			}
		}
		if tt.inline && asked != 0 || !tt.inline && asked != 1 {
			t.Errorf("%.10s page (inline %v): the page was asked for a feed %d times", tt.page, tt.inline, asked)
		}
	}
}

// TestCompileListsPageFoundElementsOnce: when the first miss is also the
// last try (no time left to wait, as on a loaded machine), the page is read
// for what its snapshot does not name once, and an ambiguous name lists
// each element once: "matches 2 elements", not 4.
func TestCompileListsPageFoundElementsOnce(t *testing.T) {
	f := newFake()
	f.pageFound = map[string]string{"/products": `[` +
		`{"kind":"email","text":"email","tag":"input","type":"email","hint":"name=work","path":"work"},` +
		`{"kind":"email","text":"email","tag":"input","type":"email","hint":"name=home","path":"home"}]`}
	sc := Scenario{Name: "email", URL: "http://shop.test/products", Actions: []string{"type a@b.c into the email box"}}
	res, err := compile(t, f, sc, &Options{Timeout: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status == Success || len(res.Errors) == 0 {
		t.Fatalf("status %v: want the step refused as ambiguous", res.Status)
	}
	msg := res.Errors[0].Message
	if !strings.Contains(msg, "matches 2 elements") || strings.Count(msg, `in group "field name=work"`) != 1 {
		t.Errorf("error %q: want the two fields, each once", msg)
	}
	finds := 0
	for _, c := range f.toolCalls(mcpclient.ToolEvaluate) {
		if c.Args["function"] == pagefind.Fn {
			finds++
		}
	}
	if finds != 1 {
		t.Errorf("the page was read for what its snapshot does not name %d times, want once", finds)
	}
}

// TestCompileProvesEachCheck: Options.ProveCheck is asked of each check the
// compile keeps, with its record and a Fill that puts in the values of
// the placeholders an export writes, and of nothing else; an error it returns fails
// the check's action with its words, and the check is not kept.
func TestCompileProvesEachCheck(t *testing.T) {
	f := newFake()
	sc := Scenario{Name: "price", URL: "http://shop.test/products", Variables: map[string]string{"PRICE": "$12.00"}, Actions: []string{
		"verify the Blue Mug card shows $12.00", "click Add to cart for Blue Mug", "verify the Green Tea card no longer shows $12.00"}}
	var runs []CheckRun
	refuse := ""
	prove := func(ctx context.Context, c CheckRun) error {
		runs = append(runs, c)
		if c.Action == refuse {
			return errors.New("SURVIVED text changed")
		}
		return nil
	}
	res, err := compile(t, f, sc, &Options{ProveCheck: prove})
	if err != nil || res.Status != Success {
		t.Fatalf("status %v, err %v, errors %+v", res.Status, err, res.Errors)
	}
	if len(runs) != 2 || runs[0].Index != 1 || runs[1].Index != 3 {
		t.Fatalf("asked of %+v, want the checks of actions 1 and 3", runs)
	}
	c := runs[0]
	if c.Record == nil || c.Record.Kind != "text" || c.Record.Value != "$12.00" || c.Browser == nil {
		t.Errorf("record %+v: want the text check as exported", c.Record)
	}
	if fn, _ := c.Args["function"].(string); fn == "" || fn != c.Call.Args["function"] || c.Args["target"] != c.Call.Args["target"] {
		t.Errorf("args %v: want the check's call, as exported and sent", c.Args)
	}
	if v, err := c.Fill(map[string]any{"value": "{{PRICE}}"}); err != nil || v.(map[string]any)["value"] != "$12.00" {
		t.Errorf("Fill = %v, %v: want the variable's value", v, err)
	}

	f, runs, refuse = newFake(), nil, sc.Actions[2]
	res, err = compile(t, f, sc, &Options{ProveCheck: prove})
	if err != nil || res.Status == Success || len(res.Errors) != 1 || res.Errors[0].Index != 3 || !strings.Contains(res.Errors[0].Message, "SURVIVED text changed") {
		t.Fatalf("status %v, err %v, errors %+v: want action 3 refused with the proof's words", res.Status, err, res.Errors)
	}
	for _, s := range res.Steps {
		if s.Index == 3 {
			t.Errorf("the refused check is kept: %+v", s)
		}
	}
}

// TestFillRemembered: CheckRun.Fill puts a remembered value in for each of
// the placeholders an export writes for it, and a variable's value for
// {{NAME}}, as replay fills them from its outputs and variables.
func TestFillRemembered(t *testing.T) {
	r := &run{remembered: map[string]rememberedValue{"code": {Value: "A'1 B", JS: `A\'1 B`, Norm: "a'1 b"}},
		replacer: strings.NewReplacer("{{USER}}", "demo")}
	got, err := r.fill(map[string]any{"function": "() => x('{{code.js}}', {{code.norm}})", "value": "{{code.value}} {{USER}}"})
	want := map[string]any{"function": `() => x('A\'1 B', a'1 b)`, "value": "A'1 B demo"}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("fill = %v, %v; want %v", got, err, want)
	}
}
