package commandgen_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
)

// checkPage has what the checks must read right: a hidden panel that
// repeats a visible text, a hidden list item, states, values, a slider,
// a custom element with an open shadow root (a slot, a hidden part, a
// list) and a text that comes late.
const checkPage = `<!doctype html><title>Todos</title>
<div hidden><p>Invoice 42</p><p>Only hidden</p></div>
<p>Invoice 42</p>
<ul id="l"><li>Buy milk</li><li>Walk the dog</li><li style="display:none">Ghost</li></ul>
<table id="t"><thead><tr><th>Name</th></tr></thead><tbody><tr><td>Ada</td></tr><tr><td>Grace</td></tr></tbody></table>
<div id="dt" role="table" aria-label="Students"><div role="row"><span role="columnheader">First Name</span> <span role="columnheader">Last Name</span></div><div role="row"><span role="cell">Fred</span> <span role="cell">Jackson</span></div><div role="row"><span role="rowheader">Sara</span> <span role="cell">James</span></div></div>
<input type="checkbox" id="c" checked aria-label="Done">
<button id="b" aria-expanded="false">FAQ</button>
<a id="a" href="#/" aria-current="page">All</a>
<input id="e" aria-label="Email" value="">
<select id="s"><option>Germany</option><option selected>Japan</option></select>
<div id="r" role="slider" aria-label="Temp" aria-valuenow="20" tabindex="0"></div>
<p>Foyle’s War Revisited</p>
<div id="card"><h3>Card</h3><p>Shown here</p><p hidden>Hidden here</p></div>
<div id="temp" role="slider" aria-label="Temperature" aria-valuenow="30" aria-valuetext="30.0 degrees Celsius" tabindex="0">30.0°C</div>
<div role="dialog" aria-label="Address Added" hidden><p>Done</p></div>
<textarea id="d" aria-label="Details">Airplane content goes here.
   </textarea>
<svg width="50" height="50"><g id="svgs" role="slider" aria-label="Heat" aria-valuenow="25" aria-valuetext="25 degrees"><text x="0" y="15">25°C</text><rect width="5" height="5"></rect><text x="0" y="40">25°C</text></g></svg>
<input id="full" aria-label="Name" value="Ada"><textarea id="kept" aria-label="Notes">kept text</textarea>
<select id="ms" multiple><option selected>Red</option><option>Green</option><option selected>Blue</option></select>
<input type="checkbox" id="off" aria-label="News"><div id="sw" role="switch" aria-checked="true" aria-label="Wifi" tabindex="0">Wifi</div>
<input type="range" id="rg" aria-label="Volume" min="0" max="100" value="30">
<div id="cb" role="combobox" aria-label="Fruit" tabindex="0">Apple<span class="icon"></span></div>
<x-box id="xb"><b slot="t">Slotted words</b><i>Unslotted</i></x-box>
<script>customElements.define('x-box', class extends HTMLElement { connectedCallback() { this.attachShadow({mode: 'open'}).innerHTML =
  '<h4><slot name="t">Fallback title</slot></h4><p>Shadow text</p><p hidden>Shadow hidden</p><ul><li>One</li><li>Two</li><li hidden>Three</li></ul>' +
  '<span id="ql">Quiet mode</span><button aria-labelledby="ql">Q</button>'; } });
customElements.define('x-btn', class extends HTMLElement { connectedCallback() { this.attachShadow({mode: 'open'}).innerHTML = '<button id="xbtn">Pay</button>'; } });</script>
<div aria-disabled="true"><x-btn></x-btn></div>
<ul role="tree" aria-label="Files"><li role="treeitem" aria-expanded="false">Projects<ul role="group" hidden><li role="treeitem">project-1.docx</li></ul></li></ul>
<x-tree></x-tree>
<script>customElements.define('x-tree', class extends HTMLElement { connectedCallback() { this.attachShadow({mode: 'open'}).innerHTML =
  '<ul role="tree" aria-label="Reports"><li role="treeitem" aria-expanded="false">Reports<ul role="group" hidden><li role="treeitem">report-1.pdf</li></ul></li></ul>'; } });</script>
<p>Order: Unpaid</p><p>Coupon not applied</p><p>Basket: 11 items</p>
<p id="late"></p><script>setTimeout(() => { document.getElementById('late').textContent = 'Saved'; }, 300)</script>
<div style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)"><button id="sr">Skip to content</button></div>
<span id="srself" style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">Visually hidden</span>
<button id="left" style="position:absolute;left:-9999px">Offscreen menu</button>
<div style="overflow:hidden;height:40px"><div style="height:40px">Clip box</div><button id="clipped">Clipped away</button></div>
<header style="position:fixed;top:0;transform:translateY(-200%)"><button id="up">Hidden header</button></header>
<ul id="car" style="overflow:hidden;width:100px;white-space:nowrap;padding:0"><li style="display:inline-block;width:100px">Slide 1</li><li style="display:inline-block;width:100px">Slide 2</li></ul>
<div style="overflow:auto;height:40px"><div style="height:200px"></div><button id="inner">Scrolled away</button></div>
<div style="overflow:hidden;height:100px"><a id="imglink" href="#x"><img style="display:block;width:50px;height:150px" alt="Tall" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></a></div>
<ul id="panel" style="overflow:auto;height:60px"><li>First</li><li style="margin-top:8000px">Deep inside</li></ul>
<button id="sheet" style="position:fixed;top:10px;right:10px">Under a sheet</button><div style="position:fixed;top:0;right:0;width:200px;height:60px;background:#fff"></div>
<button id="dim" style="position:fixed;top:100px;right:10px">Dimmed</button><div style="position:fixed;top:90px;right:0;width:200px;height:60px;background:rgba(0,0,0,.4)"></div>
<button id="half" style="position:fixed;top:200px;right:10px;height:40px">Half under</button><div style="position:fixed;top:190px;right:0;width:200px;height:25px;background:#fff"></div>
<input type="checkbox" id="glyphbox" style="position:fixed;top:300px;right:20px"><label for="glyphbox" style="position:fixed;top:290px;right:5px;width:50px;height:40px;background:#eee">✔ Select all</label>
<ul id="rows" style="position:fixed;top:400px;right:0;width:200px;margin:0;padding:0;list-style:none"><li style="height:20px">Row A</li><li style="height:20px">Row B</li></ul><div style="position:fixed;top:400px;right:0;width:200px;height:20px;background:#fff"></div>
<div style="height:3000px"></div><button id="far">Far below</button>`

// checkBrowser serves checkPage and connects a bundled @playwright/mcp,
// both closed when tb ends; it gives the session and the page's base URL.
func checkBrowser(ctx context.Context, tb testing.TB) (*mcpclient.Session, string) {
	tb.Helper()
	sc, err := mcpclient.Playwright(mcpclient.BundledOptions(0, 0))
	testenv.Need(tb, err)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, checkPage)
	}))
	tb.Cleanup(srv.Close)
	s, err := mcpclient.Connect(ctx, sc, nil)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s, srv.URL
}

// TestChecksInChromium runs every kind of check in a real page: each that
// should hold passes, each that should not fails within its timeout,
// saying what it found.
func TestChecksInChromium(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	s, base := checkBrowser(ctx, t)
	if r, err := s.CallTool(ctx, mcpclient.ToolNavigate, map[string]any{"url": base + "/todo"}); err != nil || r.IsError {
		t.Fatalf("navigate: %v %+v", err, r)
	}

	const timeout = time.Second
	o := &commandgen.CallOptions{CheckTimeout: timeout}
	st := func(k step.Kind, value string, f func(*step.Step)) step.Step {
		s := step.Step{Kind: k, Value: value, Match: step.MatchEquals, Element: "it"}
		if f != nil {
			f(&s)
		}
		return s
	}
	not := func(s *step.Step) { s.Negated = true }
	shadow := func(s *step.Step) { s.Shadow = true }
	match := func(m string) func(*step.Step) { return func(s *step.Step) { s.Match = m } }
	items := func(roles ...string) func(*step.Step) { return func(s *step.Step) { s.Values = roles } }
	order := func(m string, v ...string) func(*step.Step) {
		return func(s *step.Step) { s.Match, s.Values = m, v }
	}
	for _, tt := range []struct {
		name   string
		step   step.Step
		target string
		fails  string // "" when the check must pass; else words of its message
	}{
		{"visible text with a hidden copy first", st(step.AssertText, "invoice  42", nil), "", ""},
		{"text only in a hidden panel", st(step.AssertText, "Only hidden", nil), "", `expected text "Only hidden" is not shown`},
		{"text that comes late", st(step.AssertText, "Saved", nil), "", ""},
		{"hidden text is gone", st(step.AssertGone, "Ghost", nil), "", ""},
		{"visible text is not gone", st(step.AssertGone, "Buy milk", nil), "", `text "Buy milk" is still shown`},
		// Words as a person reads them: not inside a longer word, not
		// negated ("Paid" is not shown where the page says "Unpaid").
		{"a word inside a longer word is not shown", st(step.AssertText, "Paid", nil), "", `expected text "Paid" is not shown`},
		{"the longer word is shown", st(step.AssertText, "unpaid", nil), "", ""},
		{"a count inside a longer number is not shown", st(step.AssertText, "1 item", nil), "", `expected text "1 item" is not shown`},
		{"negated words are not shown", st(step.AssertText, "applied", nil), "", `expected text "applied" is not shown`},
		{"the negation is shown", st(step.AssertText, "not applied", nil), "", ""},
		{"a word inside a longer word is gone", st(step.AssertGone, "Paid", nil), "", ""},
		{"checked", st(step.AssertState, step.StateChecked, nil), "#c", ""},
		{"not checked", st(step.AssertState, step.StateChecked, not), "#c", "it is checked"},
		{"collapsed", st(step.AssertState, step.StateExpanded, not), "#b", ""},
		{"expanded", st(step.AssertState, step.StateExpanded, nil), "#b", "it is not expanded"},
		{"current link", st(step.AssertState, step.StateCurrent, nil), "#a", ""},
		{"empty field", st(step.AssertValue, "", nil), "#e", ""},
		{"field value", st(step.AssertValue, "x@y", nil), "#e", `it shows "", expected it to be "x@y"`},
		{"select value", st(step.AssertValue, "japan", nil), "#s", ""},
		{"slider value", st(step.AssertValue, "20", nil), "#r", ""},
		// Each value check fails where its fact is broken: the value a
		// person sees, never an input's empty text content nor the labels
		// of options not chosen.
		{"a field that holds text is not empty", st(step.AssertValue, "", nil), "#full", `it shows "Ada", expected it to be ""`},
		{"a text area that holds text is not empty", st(step.AssertValue, "", nil), "#kept", `it shows "kept text", expected it to be ""`},
		{"a field's other value", st(step.AssertValue, "Grace", nil), "#full", `it shows "Ada", expected it to be "Grace"`},
		{"an option not chosen is not the select's value", st(step.AssertValue, "Germany", nil), "#s", `it shows "Japan", expected it to be "Germany"`},
		{"a select is not empty", st(step.AssertValue, "", nil), "#s", `it shows "Japan"`},
		{"a multiple select's choices", st(step.AssertValue, "Red, Blue", nil), "#ms", ""},
		{"one of a multiple select's choices", st(step.AssertValue, "Blue", nil), "#ms", ""},
		{"a multiple select's option not chosen", st(step.AssertValue, "Green", nil), "#ms", `it shows "Red, Blue", expected it to be "Green"`},
		{"a checked checkbox's value", st(step.AssertValue, "checked", nil), "#c", ""},
		{"an unchecked checkbox is not checked", st(step.AssertValue, "checked", nil), "#off", `it shows "unchecked", expected it to be "checked"`},
		{"a switch's state", st(step.AssertValue, "off", nil), "#sw", `it shows "checked", expected it to be "off"`},
		{"a range input's value", st(step.AssertValue, "30", nil), "#rg", ""},
		{"a range input's other value", st(step.AssertValue, "40", nil), "#rg", `it shows "30", expected it to be "40"`},
		{"a slider's other value", st(step.AssertValue, "21", nil), "#r", `it shows "20", expected it to be "21"`},
		{"a slider's other number", st(step.AssertValue, "31", match(step.MatchNow)), "#temp", `it shows "30", expected it to be "31"`},
		{"count of visible items", st(step.AssertCount, "2", items("listitem")), "#l", ""},
		{"wrong count", st(step.AssertCount, "3", items("listitem")), "#l", "it shows 2 items, expected 3"},
		{"rows without the header", st(step.AssertCount, "2", items("row")), "#t", ""},
		// A table drawn with <div>s and roles (the APG table, data grids):
		// its row of column headers is no row of data either.
		{"rows of a div table without its header row", st(step.AssertCount, "2", items("row")), "#dt", ""},
		{"a div table's header row is not counted", st(step.AssertCount, "3", items("row")), "#dt", "it shows 2 items, expected 3"},
		{"a div table's first row is its first row of data", st(step.AssertOrder, "", order(step.MatchFirst, "Fred Jackson")), "#dt", ""},
		{"last item", st(step.AssertOrder, "", order(step.MatchLast, "walk the dog")), "#l", ""},
		{"wrong first item", st(step.AssertOrder, "", order(step.MatchFirst, "Walk the dog")), "#l", `the first item of it is "buy milk"`},
		{"sequence", st(step.AssertOrder, "", order(step.MatchSequence, "Buy milk", "Walk the dog")), "#l", ""},
		{"wrong sequence", st(step.AssertOrder, "", order(step.MatchSequence, "Walk the dog", "Buy milk")), "#l", "in that order"},
		{"URL", st(step.AssertURL, "/todo", match(step.MatchEnds)), "", ""},
		{"wrong URL", st(step.AssertURL, "/active", match(step.MatchEnds)), "", `expected it to end with "/active"`},
		{"title", st(step.AssertTitle, "todos", nil), "", ""},
		{"URL not", st(step.AssertURL, "/admin", func(s *step.Step) { s.Match, s.Negated = step.MatchContains, true }), "", ""},
		{"URL that is not to", st(step.AssertURL, "/todo", func(s *step.Step) { s.Match, s.Negated = step.MatchEnds, true }), "", `expected it not to end with "/todo"`},
		{"title not", st(step.AssertTitle, "Error", not), "", ""},
		{"title that is not to be", st(step.AssertTitle, "todos", not), "", `expected it not to be "todos"`},
		{"visible element", st(step.AssertVisible, "", nil), "#b", ""},
		{"straight quote for a curly one", st(step.AssertText, "Foyle's War Revisited", nil), "", ""},
		{"text in an element", st(step.AssertText, "shown here", nil), "#card", ""},
		// Through open shadow roots (Step.Shadow): text, slotted content
		// where its slot shows it, never hidden or unslotted parts; items.
		{"shadow text", st(step.AssertText, "Shadow text", shadow), "", ""},
		{"shadow text unread without Shadow", st(step.AssertText, "Shadow text", nil), "", `expected text "Shadow text" is not shown`},
		{"hidden shadow text", st(step.AssertText, "Shadow hidden", shadow), "", `expected text "Shadow hidden" is not shown`},
		{"slotted text", st(step.AssertText, "Slotted words Shadow text", shadow), "#xb", ""},
		{"a slot's fallback when filled", st(step.AssertText, "Fallback title", shadow), "", `is not shown`},
		{"unslotted light text", st(step.AssertText, "Unslotted", shadow), "", `is not shown`},
		{"shadow text gone", st(step.AssertGone, "Shadow text", shadow), "", `text "Shadow text" is still shown`},
		{"shadow items", st(step.AssertCount, "2", func(s *step.Step) { s.Shadow, s.Values = true, []string{"listitem"} }), "#xb", ""},
		{"shadow items unread without Shadow", st(step.AssertCount, "2", items("listitem")), "#xb", "it shows 0 items, expected 2"},
		{"disabled by an ancestor outside its shadow root", st(step.AssertState, step.StateDisabled, shadow), "#xbtn", ""},
		{"that ancestor unread without Shadow", st(step.AssertState, step.StateDisabled, nil), "#xbtn", "it is not disabled"},
		{"a name from aria-labelledby in a shadow root", st(step.AssertVisible, "Quiet mode", func(s *step.Step) { s.Shadow, s.Values = true, []string{"button"} }), "", ""},
		{"shadow order", st(step.AssertOrder, "", func(s *step.Step) { s.Shadow, s.Match, s.Values = true, step.MatchLast, []string{"Two"} }), "#xb", ""},
		{"hidden text in an element", st(step.AssertText, "Hidden here", nil), "#card", `expected text "Hidden here" is not shown in it`},
		{"hidden text is gone from an element", st(step.AssertGone, "Hidden here", nil), "#card", ""},
		{"slider text", st(step.AssertValue, "30.0°C", nil), "#temp", ""},
		{"slider value text", st(step.AssertValue, "30.0 degrees Celsius", nil), "#temp", ""},
		{"slider number", st(step.AssertValue, "30", match(step.MatchNow)), "#temp", ""},
		{"a full stop is not part of the value", st(step.AssertValue, "Airplane content goes here", nil), "#d", ""},
		{"the words are", st(step.AssertValue, "Airplane content", nil), "#d", `expected it to be "Airplane content"`},
		{"an SVG slider's text", st(step.AssertValue, "25°C", nil), "#svgs", ""},
		{"an empty part does not make a combo box empty", st(step.AssertValue, "", nil), "#cb", `it shows "Apple", expected it to be ""`},
		{"a hidden dialog is gone", st(step.AssertVisible, "Address Added", func(s *step.Step) { s.Negated, s.Values = true, []string{"dialog"} }), "", ""},
		{"a button is not gone", st(step.AssertVisible, "FAQ", func(s *step.Step) { s.Negated, s.Values = true, []string{"button"} }), "", "it is still shown"},
		{"a labelled field is shown", st(step.AssertVisible, "Email", func(s *step.Step) { s.Values = []string{"textbox"} }), "", ""},
		// Any element of the roles (Value ""): "the dialog is gone".
		{"no dialog is shown", st(step.AssertVisible, "", func(s *step.Step) { s.Negated, s.Values = true, []string{"dialog"} }), "", ""},
		{"a button is shown", st(step.AssertVisible, "", func(s *step.Step) { s.Values = []string{"button"} }), "", ""},
		{"no button is shown", st(step.AssertVisible, "", func(s *step.Step) { s.Negated, s.Values = true, []string{"button"} }), "", "it is still shown"},
		{"no dialog is not shown", st(step.AssertVisible, "", func(s *step.Step) { s.Values = []string{"dialog"} }), "", "it is not shown"},
		// A tree item in a collapsed branch: its name is in its parent's
		// text, not in what a person sees of the parent (the parent's name).
		{"an item of a collapsed tree branch is not shown", st(step.AssertVisible, "project-1.docx", func(s *step.Step) { s.Values = []string{"treeitem"} }), "", "it is not shown"},
		{"an item of a collapsed tree branch is gone", st(step.AssertVisible, "project-1.docx", func(s *step.Step) { s.Negated, s.Values = true, []string{"treeitem"} }), "", ""},
		{"its branch is shown", st(step.AssertVisible, "Projects", func(s *step.Step) { s.Values = []string{"treeitem"} }), "", ""},
		{"an item of a collapsed branch in a shadow root is not shown", st(step.AssertVisible, "report-1.pdf", func(s *step.Step) { s.Shadow, s.Values = true, []string{"treeitem"} }), "", "it is not shown"},
		{"an item of a collapsed branch in a shadow root is gone", st(step.AssertVisible, "report-1.pdf", func(s *step.Step) { s.Shadow, s.Negated, s.Values = true, true, []string{"treeitem"} }), "", ""},
		// What a person cannot see, though rendered with a box: visually
		// hidden text, a box left of the page, one clipped away by its
		// parent, a fixed header moved off the viewport, the slide a
		// carousel clips; and what a person scrolls to, which counts.
		{"a visually hidden button", st(step.AssertVisible, "Skip to content", func(s *step.Step) { s.Values = []string{"button"} }), "", "it is not shown"},
		{"a visually hidden button is gone", st(step.AssertVisible, "Skip to content", func(s *step.Step) { s.Negated, s.Values = true, []string{"button"} }), "", ""},
		{"visually hidden itself", st(step.AssertVisible, "", nil), "#srself", "it is not visible"},
		{"left of the page", st(step.AssertVisible, "", nil), "#left", "it is not visible"},
		{"clipped by its parent", st(step.AssertVisible, "", nil), "#clipped", "it is not visible"},
		{"a fixed header off the viewport", st(step.AssertVisible, "", nil), "#up", "it is not visible"},
		{"the slide a carousel clips is not counted", st(step.AssertCount, "1", items("listitem")), "#car", ""},
		{"both slides are not shown", st(step.AssertCount, "2", items("listitem")), "#car", "it shows 1 item, expected 2"},
		{"below the fold", st(step.AssertVisible, "", nil), "#far", ""},
		{"scrolled away in a scrolling box", st(step.AssertVisible, "", nil), "#inner", ""},
		{"a link around a block image its box clips", st(step.AssertVisible, "", nil), "#imglink", ""},
		{"past the page's end in a scrolling box", st(step.AssertCount, "2", items("listitem")), "#panel", ""},
		// Covered: wholly under an opaque layer is hidden; under a
		// translucent one (a dialog's backdrop), half under a banner, or
		// under its own label's glyph, shown.
		{"under an opaque sheet", st(step.AssertVisible, "", nil), "#sheet", "it is not visible"},
		{"under an opaque sheet is gone", st(step.AssertVisible, "Under a sheet", func(s *step.Step) { s.Negated, s.Values = true, []string{"button"} }), "", ""},
		{"under a translucent backdrop", st(step.AssertVisible, "", nil), "#dim", ""},
		{"half under a banner", st(step.AssertVisible, "", nil), "#half", ""},
		{"a box under its label's glyph", st(step.AssertVisible, "", nil), "#glyphbox", ""},
		{"a row under an opaque layer is not counted", st(step.AssertCount, "1", items("listitem")), "#rows", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			call, err := o.Call(tt.step, tt.target)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			res, err := s.CallTool(ctx, call.Tool, call.Args)
			took := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tt.fails == "" && res.IsError:
				t.Errorf("failed: %s", res.ErrorLine())
			case tt.fails != "" && !res.IsError:
				t.Errorf("passed, want it to fail with %q", tt.fails)
			case tt.fails != "" && !strings.Contains(res.ErrorLine(), tt.fails):
				t.Errorf("failed with %q, want %q", res.ErrorLine(), tt.fails)
			case tt.fails != "" && took < timeout:
				t.Errorf("failed after %v, before its timeout of %v", took, timeout)
			}
		})
	}
}

// BenchmarkCheckTimings measures, in a real page, how long a check takes
// to answer, beside a call that checks nothing: one that holds returns at
// once, one about a text that comes 300 ms late returns when it comes, and
// one that does not hold fails when its timeout (1 s here) runs out, not
// later. The page is reloaded before each run so the late text is late
// again.
func BenchmarkCheckTimings(b *testing.B) {
	ctx := context.Background()
	s, base := checkBrowser(ctx, b)
	const timeout = time.Second
	o := &commandgen.CallOptions{CheckTimeout: timeout}
	for _, bc := range []struct {
		name  string
		step  step.Step
		fails bool
	}{
		// baseline: an evaluate that checks nothing, the cost of any call
		// through the MCP server (its settling and its page report).
		{"baseline", step.Step{Kind: step.AssertText, Value: "x"}, false},
		{"holds", step.Step{Kind: step.AssertText, Value: "Invoice 42"}, false},
		{"late-300ms", step.Step{Kind: step.AssertText, Value: "Saved"}, false},
		{"fails-timeout-1s", step.Step{Kind: step.AssertText, Value: "Only hidden"}, true},
	} {
		call, err := o.Call(bc.step, "")
		if err != nil {
			b.Fatal(err)
		}
		if bc.name == "baseline" {
			call = step.ToolCall{Tool: mcpclient.ToolEvaluate, Args: map[string]any{"function": "() => 'ok'"}}
		}
		b.Run(bc.name, func(b *testing.B) {
			var total time.Duration
			for b.Loop() {
				b.StopTimer()
				if r, err := s.CallTool(ctx, mcpclient.ToolNavigate, map[string]any{"url": base + "/"}); err != nil || r.IsError {
					b.Fatalf("navigate: %v %+v", err, r)
				}
				b.StartTimer()
				start := time.Now()
				r, err := s.CallTool(ctx, call.Tool, call.Args)
				total += time.Since(start)
				if err != nil || r.IsError != bc.fails {
					b.Fatalf("check: %v, failed=%v, want failed=%v", err, r != nil && r.IsError, bc.fails)
				}
			}
			b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/check")
		})
	}
}
