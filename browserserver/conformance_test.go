package browserserver

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/demoshop"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
)

// conformanceStep is one call sent to both servers. A target "ref:ROLE:NAME"
// is the ref of that element in each server's own latest snapshot.
type conformanceStep struct {
	tool string
	args map[string]any
	// locator: the result's code names a locator; both servers' must find
	// the same element (checked on the built-in server's page).
	locator bool
}

// pageState is what the page shows after a call: its path, title and text,
// without the shop's offer, which shows 1.5 s after each load of the
// products page (so its presence says when the page loaded, not what a call
// did).
const pageState = `() => [location.pathname + location.search, document.title,
	document.body.innerText.replace(/\s+/g, ' ').replace('Today only: 10% off all mugs. Claim discount ', '').trim()].join(' | ')`

// TestConformance sends the same calls to the built-in server and to the
// pinned @playwright/mcp on the demo shop and checks that they agree on
// each: success or tool error (and which: no match, several matches, a
// missing text), the page state after it, and locators that find the same
// element.
func TestConformance(t *testing.T) {
	pwc, err := mcpclient.Playwright(&mcpclient.PlaywrightOptions{Caps: []string{"testing"}, SettleTimeout: mcpclient.BundledOptions(0, 0).SettleTimeout})
	testenv.Need(t, err)
	builtin := session(t, newServer(t, nil))
	ctx := context.Background()
	pw, err := mcpclient.Connect(ctx, pwc, nil)
	if err != nil {
		testenv.Missing(t, "@playwright/mcp: %v", err)
	}
	defer pw.Close()
	shop := httptest.NewServer(demoshop.Handler(nil))
	defer shop.Close()

	steps := []conformanceStep{
		{tool: mcpclient.ToolNavigate, args: map[string]any{"url": shop.URL + "/login"}},
		{tool: mcpclient.ToolType, args: map[string]any{"target": "internal:label=\"Username\"i", "text": "demo"}, locator: true},
		{tool: mcpclient.ToolType, args: map[string]any{"target": "ref:textbox:Password", "text": "demo123"}, locator: true},
		{tool: mcpclient.ToolClick, args: map[string]any{"target": "ref:button:Log in"}, locator: true},
		{tool: mcpclient.ToolClick, args: map[string]any{"target": "internal:role=button[name=\"Add to cart\"i]"}},
		{tool: mcpclient.ToolClick, args: map[string]any{"target": "text=Nope"}},
		{tool: mcpclient.ToolClick, args: map[string]any{"target": "e9999"}},
		{tool: mcpclient.ToolClick, args: map[string]any{"target": "getByTestId('product-blue-mug').getByRole('button', { name: 'Add to cart' })"}, locator: true},
		{tool: mcpclient.ToolWaitFor, args: map[string]any{"text": "1 item"}},
		{tool: mcpclient.ToolWaitFor, args: map[string]any{"text": "Today only"}},
		{tool: mcpclient.ToolVerifyTextVisible, args: map[string]any{"text": "Blue Mug"}},
		{tool: mcpclient.ToolVerifyElementVisible, args: map[string]any{"role": "link", "accessibleName": "Cart 1 item"}},
		{tool: mcpclient.ToolGenLocator, args: map[string]any{"target": "ref:link:Cart 1 item"}, locator: true},
		{tool: mcpclient.ToolHover, args: map[string]any{"target": "ref:link:Products"}, locator: true},
		{tool: mcpclient.ToolClick, args: map[string]any{"target": "ref:link:Cart 1 item"}, locator: true},
		{tool: mcpclient.ToolNavigateBack, args: map[string]any{}},
		{tool: mcpclient.ToolNavigate, args: map[string]any{"url": shop.URL + "/checkout"}},
		{tool: mcpclient.ToolSelectOption, args: map[string]any{"target": "ref:combobox:Country", "values": []any{"Japan"}}, locator: true},
		{tool: mcpclient.ToolVerifyValue, args: map[string]any{"type": "combobox", "element": "Country", "target": "internal:label=\"Country\"i", "value": "JP"}},
		{tool: mcpclient.ToolFillForm, args: map[string]any{"fields": []any{
			map[string]any{"name": "Full name", "type": "textbox", "target": "internal:label=\"Full name\"i", "value": "Ada"},
			map[string]any{"name": "terms", "type": "checkbox", "target": "internal:role=checkbox", "value": "true"},
		}}},
		{tool: mcpclient.ToolVerifyValue, args: map[string]any{"type": "checkbox", "element": "terms", "target": "internal:role=checkbox", "value": "true"}},
		{tool: mcpclient.ToolPressKey, args: map[string]any{"key": "Tab"}},
		{tool: mcpclient.ToolEvaluate, args: map[string]any{"function": "() => document.title"}},
		{tool: mcpclient.ToolVerifyTextVisible, args: map[string]any{"text": "Never on the page"}},
	}
	servers := []struct {
		name string
		s    *mcpclient.Session
		last string // the latest snapshot
	}{{name: "builtin", s: builtin}, {name: "playwright-mcp", s: pw}}
	for i, st := range steps {
		var results [2]*mcpclient.Result
		var states [2]string
		for j := range servers {
			sv := &servers[j]
			args := map[string]any{}
			for k, v := range st.args {
				args[k] = v
			}
			if target, ok := args["target"].(string); ok && strings.HasPrefix(target, "ref:") {
				if sv.last == "" || j == 1 {
					// @playwright/mcp returns no inline snapshot after actions.
					snap := testkit.Call(t, sv.s, mcpclient.ToolSnapshot, map[string]any{})
					sv.last = snap.Snapshot
				}
				parts := strings.SplitN(target, ":", 3)
				args["target"] = refOf(t, sv.last, parts[1], parts[2])
			}
			res := testkit.Call(t, sv.s, st.tool, args)
			results[j] = res
			if res.Snapshot != "" {
				sv.last = res.Snapshot
			}
			states[j] = testkit.Call(t, sv.s, mcpclient.ToolEvaluate, map[string]any{"function": pageState}).Value
		}
		what := fmt.Sprintf("step %d %s %v", i+1, st.tool, st.args)
		b, p := results[0], results[1]
		if b.IsError != p.IsError || b.NoMatch() != p.NoMatch() || b.SelectorProblem() != p.SelectorProblem() || b.TimedOut() != p.TimedOut() {
			t.Errorf("%s: outcomes differ:\nbuiltin: %s\nplaywright-mcp: %s", what, b.Text, p.Text)
			continue
		}
		if b.IsError && b.ErrorLine() != p.ErrorLine() && !b.SelectorProblem() {
			t.Errorf("%s: errors differ:\nbuiltin: %s\nplaywright-mcp: %s", what, b.ErrorLine(), p.ErrorLine())
		}
		if states[0] != states[1] {
			t.Errorf("%s: page states differ:\nbuiltin: %s\nplaywright-mcp: %s", what, states[0], states[1])
		}
		if st.tool == mcpclient.ToolEvaluate && b.Value != p.Value {
			t.Errorf("%s: values differ: %q, %q", what, b.Value, p.Value)
		}
		if st.locator && !b.IsError {
			same(t, builtin, what, locatorOf(t, what, b), locatorOf(t, what, p))
		}
	}
}

// locatorOf is the locator a result names: generate_locator's value, else
// the code's.
func locatorOf(t *testing.T, what string, r *mcpclient.Result) locator.Locator {
	t.Helper()
	code := r.Code
	if r.Value != "" && code == "" {
		code = "await page." + r.Value + ".click();"
	}
	if i := strings.LastIndex(code, "\n"); i >= 0 && !strings.Contains(code[i:], "page.") {
		code = code[:i]
	}
	loc, err := locator.ParseLocatorCode(code)
	if err != nil {
		t.Fatalf("%s: no locator in %q: %v", what, code, err)
	}
	return loc
}

// same checks on the page of s that locators a and b find one element, the
// same one.
func same(t *testing.T, s *mcpclient.Session, what string, a, b locator.Locator) {
	t.Helper()
	index := func(l locator.Locator) string {
		r := testkit.Call(t, s, mcpclient.ToolEvaluate, map[string]any{"target": l.Selector(), "function": "(el) => [...document.querySelectorAll('*')].indexOf(el)"})
		if r.IsError {
			return "error: " + r.ErrorLine()
		}
		return r.Value
	}
	// Both name the element before the call; a click that navigated
	// leaves another page, where neither need match: compare where both do.
	// The page may still be changing after the call (the shop's late
	// banner), moving every element's index between the two reads: a
	// difference counts only when a's index reads the same after b's.
	var ia, ib string
	for try := 0; try < 10; try++ {
		ia, ib = index(a), index(b)
		if strings.HasPrefix(ia, "error") && strings.HasPrefix(ib, "error") || ia == ib {
			return
		}
		if index(a) == ia {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Errorf("%s: locators differ: builtin %s (element %s), playwright-mcp %s (element %s)", what, a.JS(), ia, b.JS(), ib)
}
