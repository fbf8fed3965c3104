package commandgen

import (
	"github.com/plaintest/plaintest/step"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestFor(t *testing.T) {
	const sel = `internal:role=button[name="Log in"s]`
	tests := []struct {
		step   step.Step
		target string
		want   step.ToolCall
	}{
		{step.Step{Kind: step.Navigate, Value: "http://x/login"}, "", step.ToolCall{Tool: "browser_navigate", Args: map[string]any{"url": "http://x/login"}}},
		{step.Step{Kind: step.Click, Element: `button "Log in"`}, sel, step.ToolCall{Tool: "browser_click", Args: map[string]any{"target": sel, "element": `button "Log in"`}}},
		{step.Step{Kind: step.Type, Value: "demo"}, "e7", step.ToolCall{Tool: "browser_type", Args: map[string]any{"target": "e7", "text": "demo"}}},
		{step.Step{Kind: step.Select, Value: "Japan", Element: `combobox "Country"`}, "e3", step.ToolCall{Tool: "browser_select_option", Args: map[string]any{"target": "e3", "values": []any{"Japan"}, "element": `combobox "Country"`}}},
		// Playwright's setChecked: the box ends as asked whatever its state.
		{step.Step{Kind: step.Check, Role: "checkbox", Element: `checkbox "Terms"`}, "e4", step.ToolCall{Tool: "browser_fill_form", Args: map[string]any{"fields": []any{map[string]any{"name": `checkbox "Terms"`, "type": "checkbox", "target": "e4", "value": "true"}}}}},
		{step.Step{Kind: step.Uncheck, Role: "switch"}, "e4", step.ToolCall{Tool: "browser_fill_form", Args: map[string]any{"fields": []any{map[string]any{"name": "", "type": "checkbox", "target": "e4", "value": "false"}}}}},
		{step.Step{Kind: step.Check, Role: "radio", Element: `radio "Card"`}, "e4", step.ToolCall{Tool: "browser_fill_form", Args: map[string]any{"fields": []any{map[string]any{"name": `radio "Card"`, "type": "radio", "target": "e4", "value": "true"}}}}},
		{step.Step{Kind: step.Press, Value: "Enter"}, "", step.ToolCall{Tool: "browser_press_key", Args: map[string]any{"key": "Enter"}}},
		{step.Step{Kind: step.Hover}, "e9", step.ToolCall{Tool: "browser_hover", Args: map[string]any{"target": "e9"}}},
		{step.Step{Kind: step.DoubleClick}, "e9", step.ToolCall{Tool: "browser_click", Args: map[string]any{"target": "e9", "doubleClick": true}}},
		{step.Step{Kind: step.Clear}, "e7", step.ToolCall{Tool: "browser_type", Args: map[string]any{"target": "e7", "text": ""}}},
		{step.Step{Kind: step.Back}, "", step.ToolCall{Tool: "browser_navigate_back", Args: map[string]any{}}},
		{step.Step{Kind: step.Reload}, "", step.ToolCall{Tool: "browser_evaluate", Args: map[string]any{"function": "() => { setTimeout(() => location.reload(), 0); }"}}},
		{step.Step{Kind: step.Forward}, "", step.ToolCall{Tool: "browser_evaluate", Args: map[string]any{"function": "() => { setTimeout(() => history.forward(), 0); }"}}},
		{step.Step{Kind: step.Wait, Value: "1.5"}, "", step.ToolCall{Tool: "browser_wait_for", Args: map[string]any{"time": 1.5}}},
		{step.Step{Kind: step.Select, Values: []string{"Cheese", "Basil"}}, "e3", step.ToolCall{Tool: "browser_select_option", Args: map[string]any{"target": "e3", "values": []any{"Cheese", "Basil"}}}},
		{step.Step{Kind: step.AcceptDialog}, "", step.ToolCall{Tool: "browser_handle_dialog", Args: map[string]any{"accept": true}}},
		{step.Step{Kind: step.AcceptDialog, Value: "Drafts"}, "", step.ToolCall{Tool: "browser_handle_dialog", Args: map[string]any{"accept": true, "promptText": "Drafts"}}},
		{step.Step{Kind: step.DismissDialog}, "", step.ToolCall{Tool: "browser_handle_dialog", Args: map[string]any{"accept": false}}},
		{step.Step{Kind: step.Upload, Value: "notes.txt"}, "e5", step.ToolCall{Tool: "browser_click", Args: map[string]any{"target": "e5"}}},
		{step.Step{Kind: step.Drag, Element: `listitem "A"`, Drop: &step.Step{Ref: "e8", Element: `region "Done"`}}, "e7",
			step.ToolCall{Tool: "browser_drag", Args: map[string]any{"startTarget": "e7", "startElement": `listitem "A"`, "endTarget": "e8", "endElement": `region "Done"`}}},
	}
	for _, tt := range tests {
		got, err := Call(tt.step, tt.target)
		if err != nil {
			t.Errorf("%s: %v", tt.step.Kind, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: got %#v, want %#v", tt.step.Kind, got, tt.want)
		}
	}
}

func TestModalCalls(t *testing.T) {
	if got, want := UploadFiles("notes.txt"), (step.ToolCall{Tool: "browser_file_upload", Args: map[string]any{"paths": []any{"notes.txt"}}}); !reflect.DeepEqual(got, want) {
		t.Errorf("UploadFiles = %#v", got)
	}
	if got, want := SelectTab(1), (step.ToolCall{Tool: "browser_tabs", Args: map[string]any{"action": "select", "index": 1}}); !reflect.DeepEqual(got, want) {
		t.Errorf("SelectTab = %#v", got)
	}
	if got, want := ListTabs(), (step.ToolCall{Tool: "browser_tabs", Args: map[string]any{"action": "list"}}); !reflect.DeepEqual(got, want) {
		t.Errorf("ListTabs = %#v", got)
	}
}

// Checks are browser_evaluate calls whose function polls in the page; what
// they do is tested in Chromium (e2e_test.go). Here: their shape.
func TestForChecks(t *testing.T) {
	o := &CallOptions{CheckTimeout: 1500 * time.Millisecond}
	for _, tt := range []struct {
		step    step.Step
		target  string
		element string
		has     []string
	}{
		{step.Step{Kind: step.AssertText, Value: "1 Item"}, "", `text "1 Item" is shown`, []string{`shows(document.body, "1 item") ? '' : says(norm(document.body.innerText ?? document.body.textContent), "1 item")`, "const says = ", "const vis = ", "const shows = ", "+ 1500;", "(waited 1.5s)"}},
		{step.Step{Kind: step.AssertGone, Value: "Loading"}, "", `text "Loading" is not shown`, []string{`shows(document.body, "loading") ? "text \"Loading\" is still shown"`}},
		{step.Step{Kind: step.AssertState, Value: step.StateChecked, Element: `checkbox in listitem "Buy milk"`}, "e4", `checkbox in listitem "Buy milk" is checked`, []string{"async (el) =>", "el.checked", "=== true ?"}},
		{step.Step{Kind: step.AssertState, Value: step.StateExpanded, Negated: true, Element: `button "FAQ"`}, "e4", `button "FAQ" is not expanded`, []string{"=== false ?", `"button \"FAQ\" is expanded"`}},
		{step.Step{Kind: step.AssertValue, Value: "", Match: step.MatchEquals, Element: `textbox "Email"`}, "e5", `textbox "Email" shows ""`, []string{`bare(norm(v)) === ""`}},
		{step.Step{Kind: step.AssertCount, Value: "3", Values: []string{"listitem"}, Element: "list"}, "e8", "list shows 3 items", []string{`n === 3`, `items(el, ["listitem"])`, "const role =", "const vis ="}},
		{step.Step{Kind: step.AssertCount, Value: "2", Values: []string{"row"}}, "", "the page shows 2 items", []string{"const el = document.body;", `items(el, ["row"])`}},
		{step.Step{Kind: step.AssertURL, Value: "/active", Match: step.MatchEnds}, "", `the URL ends with "/active"`, []string{`norm(location.href).endsWith("/active")`}},
		{step.Step{Kind: step.AssertURL, Value: "/cart", Match: step.MatchPath}, "", `the URL ends, before its query, with "/cart"`, []string{`norm(location.href).replace(/[?#].*$/, '').endsWith("/cart")`}},
		{step.Step{Kind: step.AssertTitle, Value: "Todos", Match: step.MatchEquals}, "", `the title is "Todos"`, []string{`bare(norm(document.title)) === "todos"`}},
		{step.Step{Kind: step.AssertURL, Value: "/admin", Match: step.MatchContains, Negated: true}, "", `the URL does not contain "/admin"`, []string{`!(norm(location.href).includes("/admin"))`}},
		{step.Step{Kind: step.AssertTitle, Value: "Error", Match: step.MatchEquals, Negated: true}, "", `the title is not "Error"`, []string{`!(bare(norm(document.title)) === "error")`}},
		{step.Step{Kind: step.AssertOrder, Values: []string{"Walk the dog"}, Match: step.MatchLast, Element: "list"}, "e8", `list shows "Walk the dog" last`, []string{"t[t.length - 1]"}},
		{step.Step{Kind: step.AssertOrder, Values: []string{"A", "B"}, Match: step.MatchSequence}, "", "the page shows A, B in that order", []string{`for (const w of ["a","b"])`}},
		{step.Step{Kind: step.AssertVisible, Element: `button "Clear completed"`}, "e9", `button "Clear completed" is visible`, []string{"vis(el)"}},
		// Negated, on its target: it holds while the element is hidden.
		{step.Step{Kind: step.AssertVisible, Element: `button "Clear completed"`, Negated: true}, "e9", `button "Clear completed" is not visible`, []string{`vis(el) ? "button \"Clear completed\" is still visible" : ''`}},
	} {
		got, err := o.Call(tt.step, tt.target)
		if err != nil {
			t.Errorf("%s: %v", tt.step.Kind, err)
			continue
		}
		fn, _ := got.Args["function"].(string)
		if got.Tool != "browser_evaluate" || got.Args["element"] != tt.element || (tt.target != "") != (got.Args["target"] != nil) {
			t.Errorf("%s: got %s %v", tt.step.Kind, got.Tool, got.Args)
		}
		for _, h := range tt.has {
			if !strings.Contains(fn, h) {
				t.Errorf("%s: function lacks %s:\n%s", tt.step.Kind, h, fn)
			}
		}
		if strings.Contains(fn, "\n") {
			t.Errorf("%s: the function is not one line", tt.step.Kind)
		}
	}
}

func TestForErrors(t *testing.T) {
	if _, err := Call(step.Step{Kind: step.Click, Action: "click x"}, ""); err == nil {
		t.Error("a click without a target was accepted")
	}
	if _, err := Call(step.Step{Kind: "teleport"}, "e1"); err == nil {
		t.Error("an unknown kind was accepted")
	}
}

// The wait for a page still loading reads its timeout back, and nothing
// else reads as it.
func TestBusyWait(t *testing.T) {
	fn, _ := BusyWait(30 * time.Second).Args["function"].(string)
	if d, ok := BusyWaitTimeout(fn); !ok || d != 30*time.Second {
		t.Errorf("BusyWaitTimeout(BusyWait(30s)) = %v, %v", d, ok)
	}
	for _, other := range []string{"", "() => 1", strings.Replace(fn, "aria-busy", "aria-live", 1), fn + " "} {
		if _, ok := BusyWaitTimeout(other); ok {
			t.Errorf("BusyWaitTimeout(%q) reads as the wait", other)
		}
	}
}
